"""The words the engines say to players, marked so the host can say them in the table's
language.

Every player-facing text an engine makes (a refusal and what to do instead, a prompt, a
menu label, a breakdown's parts) is written in English inside one of these calls, whole
sentences with ``%`` placeholders, never joined from fragments, so a translator sees the
sentence and may reorder it::

    Refusal("HS-7", _("%s has no figures left") % name)
    n_("%d figure left", "%d figures left", n) % n

Babel extracts the English from these calls into the catalogues (host/common/locale/). Here they
are the identity: the engines run the same under MicroPython, where there is no gettext.
The host calls ``install`` with the chosen language's gettext functions, and from then on
the engines speak that language. ``N_`` only marks a text kept in a table, translated
where it is shown (``_(TITLES[key])``).
"""


def _english(message):
    return message


def _english_plural(singular, plural, n):
    return singular if n == 1 else plural


_gettext = _english
_ngettext = _english_plural
_pgettext = None
_numbers = None
_installs = 0  # languages installed so far: a text said before the next is still good


def _(message):
    """``message`` in the table's language (English until the host installs one)."""
    return _gettext(message)


def n_(singular, plural, n):
    """The form of a countable text that fits ``n`` in the table's language."""
    return _ngettext(singular, plural, n)


def N_(message):
    """Marks ``message`` for the catalogues without translating it (a table's text)."""
    return message


# The seats' own names a game gives besides P1..P6 (which every language says alike,
# docs/GLOSSARY.md): Invocations' boards' colours (IN-1), the colours a Hexo table sits
# at. The journal and the games table keep them in the code's English; ``seat`` says them
# in the table's language where they are shown, so a game stored at an English table
# reads in French at a French one.
SEATS = (N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"), N_("Black"), N_("White"))


def seat(own):
    """A seat's own name as the table says it: "Red" is "Rouge" at a French table; P1,
    and a name no game gives, stay as they are (a name a player was given is never
    passed here: it is shown as given)."""
    return _gettext(own) if own in SEATS else own


def name(entry):
    """The name of a tile or card (a catalogue entry) as the table's rulebook prints it:
    the data files hold the English name, the catalogue its French or Spanish one, told
    apart by the entry's game (``pgettext(game, name)``), so "Last Stand" is "Dernière
    bataille" at a French JL table and a name no rulebook translates stays as printed."""
    printed = entry.get("name")
    if not printed or _pgettext is None:
        return printed
    return _pgettext(entry.get("game") or "", printed)


def share(fraction, decimals=1):
    """An exact probability (shared_rules.core.fraction.Fraction) as a percentage the table's
    way, rounded as the engines round it (half up, in integers): ``66.7%`` in English,
    ``66,7 %`` in French and Spanish."""
    decimal, percent = _numbers() if _numbers is not None else (".", "%s%%")
    return percent % fraction.percent(decimals)[:-1].replace(".", decimal)


def spoken():
    """How many times a language was installed: a text said when this was ``n`` is in
    the table's language while it still is ``n`` (a session keeps its seats so)."""
    return _installs


def install(gettext=None, ngettext=None, pgettext=None, numbers=None):
    """Speak through these functions from now on; none given: English again. ``numbers()``
    says how the language writes a share: its decimal sign and where the digits go beside
    its percent sign (``(",", "%s %%")``), asked when a share is written."""
    global _gettext, _ngettext, _pgettext, _numbers, _installs
    _installs += 1
    _gettext = gettext if gettext is not None else _english
    _ngettext = ngettext if ngettext is not None else _english_plural
    _pgettext = pgettext
    _numbers = numbers
