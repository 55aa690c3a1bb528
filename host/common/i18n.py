"""The table's language: which catalogue speaks, and numbers written its way.

Every player-facing text goes through gettext with the ``hexref`` domain; the catalogues
are in host/common/locale/<lang>/LC_MESSAGES/hexref.po (with the compiled .mo beside, shipped as
package data) and are made from the code by host/common/translations.py (``make messages``).
The engines in shared_rules mark their texts with shared_rules.core.words, which ``use``
points at the same catalogue, so a refusal made by an engine and a screen made here speak
the same language.

The language is, first found: ``--lang``, the config's ``[players] language``, the
referee's menu (for the rest of the session), the locale (LANGUAGE, LC_ALL, LC_MESSAGES,
LANG), English.

>>> use("fr"); _("Choose a game")
'Choisir un jeu'
>>> number(0.5), percent(2 / 3)
('0,5', '66,7 %')
>>> use("en"); _("Choose a game")
'Choose a game'
"""
from __future__ import annotations

import functools
import gettext
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from shared_rules.core import words

if TYPE_CHECKING:  # Babel is imported when a number is written, not to print the help
    from babel import Locale

DOMAIN = "hexref"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "fr", "es")  # the catalogues hexref ships, English first
# Each language named in itself, as the referee's menu offers it.
NAMES = {"en": "English", "fr": "Français", "es": "Español"}

_current = "en"
_translations: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` in the table's language."""
    return _translations.gettext(message)


def n_(singular: str, plural: str, n: int) -> str:
    """The form of a countable text that fits ``n`` (the language's plural rule)."""
    return _translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a text kept in a table for the catalogues; ``_`` translates it where shown."""
    return message


def language() -> str:
    """The language the table is spoken to in now (``en``, ``fr``, ``es``)."""
    return _current


def known(lang: str) -> str | None:
    """The shipped language ``lang`` names (``fr_FR.UTF-8`` -> ``fr``), or None."""
    code = lang.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def from_locale(environ: dict[str, str] | None = None) -> str:
    """The first shipped language the locale variables ask for, as gettext reads them
    (LANGUAGE may list several, ``fr:en``); English when none fits."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for part in value.split(":"):
            found = known(part) if part not in ("C", "POSIX") else None
            if found:
                return found
        if var != "LANGUAGE":
            break  # the first set of LC_ALL, LC_MESSAGES, LANG decides, as in C
    return "en"


def choose(flag: str | None = None, configured: str = "",
           environ: dict[str, str] | None = None) -> str:
    """The language to speak: ``--lang``, then the config, then the locale."""
    for wanted in (flag, configured):
        if wanted:
            found = known(wanted)
            if found is None:
                raise ValueError("language %r: hexref speaks %s" % (wanted, ", ".join(LANGUAGES)))
            return found
    return from_locale(environ)


def use(lang: str) -> None:
    """Speak ``lang`` from now on, here and in the engines."""
    global _current, _translations
    found = known(lang)
    if found is None:
        raise ValueError("language %r: hexref speaks %s" % (lang, ", ".join(LANGUAGES)))
    _translations = gettext.translation(DOMAIN, LOCALE_DIR, languages=[found],
                                        fallback=found == "en")
    _current = found
    words.install(_translations.gettext, _translations.ngettext, _translations.pgettext,
                  lambda: number_format(found))


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the block, then the table's language again (a demo script,
    written in English, finds its menu lines by their English words)."""
    before = _current
    use(lang)
    try:
        yield
    finally:
        use(before)


def key_for(word: str, keys: tuple[str, ...]) -> str | None:
    """The key (a text the code names in English, ``red``) that ``word`` names in any
    shipped language, case aside: ``rouge`` and ``rojo`` are ``red``, so a player types
    the word of the table, or of the rulebook in hand. None when it names none."""
    wanted = word.strip().lower()
    for lang in LANGUAGES:
        said = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
        for key in keys:
            if said.gettext(key).lower() == wanted or key == wanted:
                return key
    return None


def number(value: float | int, digits: int = 1, exact: bool = False) -> str:
    """A number written the table's way (``2.5`` / ``2,5``), at most ``digits`` decimals
    (``exact``: always ``digits``, as in ``0.638889``)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + ("0" if exact else "#") * digits if digits else "")
    return _plain(format_decimal(value, format=pattern, locale=_current))


def share(fraction, decimals: int = 1) -> str:
    """An exact probability (shared_rules.core.fraction.Fraction) as a percentage the table's
    way, rounded as the engines round it (half up, in integers): shared_rules.core.words.share,
    which the pocket board says the same way (host/common/wordpack.py packs the format)."""
    return words.share(fraction, decimals)


@functools.cache
def number_format(lang: str) -> tuple[str, str]:
    """How ``lang`` writes a share: its decimal sign, and its percent pattern around the
    digits (``"%s %%"`` in French: CLDR's, with a plain space)."""
    from babel import Locale

    cldr = Locale.parse(lang)
    pattern = cldr.percent_formats[None]
    around = _plain(pattern.prefix[0]).replace("%", "%%") + "%s" + \
        _plain(pattern.suffix[0]).replace("%", "%%")
    return cldr.number_symbols["latn"]["decimal"], around


def percent(value: float | Decimal, decimals: int = 1) -> str:
    """A share written the table's way: ``66.7%`` in English, ``66,7 %`` in French (a
    plain space: the panel's fonts have no narrow no-break space)."""
    from babel.numbers import format_percent

    # The locale's own pattern (where the sign goes, with or without a space), with
    # ``decimals`` digits after the decimal sign.
    pattern = locale().percent_formats[None].pattern.split(";")[0]
    if decimals:
        pattern = re.sub(r"0(?=[^0#]*$)", "0." + "0" * decimals, pattern, count=1)
    return _plain(format_percent(value, format=pattern, locale=_current))


def _plain(text: str) -> str:
    """Plain spaces for the no-break ones CLDR puts in numbers (the panel's fonts are
    Latin-1: no narrow no-break space)."""
    return text.replace("\u202f", " ").replace("\u00a0", " ")


def locale() -> Locale:
    from babel import Locale

    return Locale.parse(_current)
