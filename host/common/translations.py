"""The catalogues made from the code: extract, update, compile (``make messages``).

Babel reads every text marked with ``_``, ``N_`` or ``n_`` (host/common/i18n.py and
shared_rules/core/words.py) in host/ and shared_rules/, and the page's texts marked ``t(...)``
(``nt(...)`` for a count) in host/readers/web_page/. Each language's catalogue (host/common/locale/<lang>/LC_MESSAGES/hexref.po)
is brought up to date with them: new texts come in untranslated, texts gone from the code
are dropped, and the compiled .mo beside it is written again. English's catalogue says
each text as the code does (the code's English is the source).

``python -m host.common.translations`` updates them all; ``python -m host.common.translations --check``
only says which texts a catalogue lacks (tests/host/common/test_catalogues.py runs the same check).
"""
from __future__ import annotations

import argparse
import io
import sys
from datetime import datetime, timezone
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from host.common.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "t": None, "nt": (1, 2),
            "pgettext": ((1, "c"), 2)}
SOURCES = (
    ("host", [("**.py", "python"), ("readers/web_page/**.js", "javascript"),
              ("readers/web_page/**.html", "host.common.translations:extract_html")]),
    ("shared_rules", [("**.py", "python"),
                      ("games/**.json", "host.common.translations:extract_names")]),
)
# A fixed date in the headers: a catalogue changes only when its texts do.
STAMP = datetime(2026, 1, 1, tzinfo=timezone.utc)


def template() -> Catalog:
    """Every marked text in the code, with where it is said."""
    catalog = Catalog(project="hexref", domain=DOMAIN, creation_date=STAMP,
                      revision_date=STAMP, fuzzy=False)
    for folder, method_map in SOURCES:
        base = ROOT / folder
        for filename, lineno, message, comments, context in extract_from_dir(
                str(base), method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True):
            if folder == "host" and filename.startswith(("common/locale/", "common/translations.py")):
                continue
            catalog.add(message, None, [(folder + "/" + filename, lineno)],
                        auto_comments=comments, context=context)
    return catalog


class _PageTexts(HTMLParser):
    """The texts of a page's elements marked ``data-t`` (their whole text is the msgid)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[int, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if any(name == "data-t" for name, _value in attrs):
            self._open.append((self.getpos()[0], []))

    def handle_data(self, data: str) -> None:
        for _line, parts in self._open:
            parts.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and tag in ("span", "h1", "h2", "div", "title", "th", "label", "a", "p",
                                  "button", "summary"):
            line, parts = self._open.pop()
            text = " ".join("".join(parts).split())
            if text:
                self.found.append((line, text))


def extract_names(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for the data files: each entry's printed name, in the
    context of its game (``words.name`` looks it up so), with its id for the translator."""
    import json

    for entry in json.loads(fileobj.read().decode("utf-8")):
        if isinstance(entry, dict) and entry.get("name"):
            yield 0, "pgettext", (entry.get("game") or "", entry["name"]), [entry.get("id", "")]


def extract_html(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for the web page: elements marked ``data-t``."""
    parser = _PageTexts()
    parser.feed(fileobj.read().decode("utf-8"))
    for line, text in parser.found:
        yield line, "t", text, []


def path(lang: str, ext: str = "po") -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / ("%s.%s" % (DOMAIN, ext))


def read(lang: str) -> Catalog:
    """The catalogue of ``lang`` as saved (an empty one for a new language)."""
    file = path(lang)
    if not file.exists():
        return Catalog(locale=lang, project="hexref", domain=DOMAIN, creation_date=STAMP,
                       revision_date=STAMP, fuzzy=False)
    with file.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def missing(catalog: Catalog, wanted: Catalog) -> list[str]:
    """The texts of ``wanted`` that ``catalog`` does not translate (absent, empty, fuzzy,
    or a plural with a form left empty)."""
    out = []
    for msg in wanted:
        if not msg.id:
            continue
        have = catalog.get(msg.id, context=msg.context)
        if have is None or have.fuzzy:
            out.append(_key(msg.id))
            continue
        forms = have.string if isinstance(have.string, (list, tuple)) else (have.string,)
        if not all(forms):
            out.append(_key(msg.id))
    return out


def _key(msgid: str | tuple | list) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def compiled(lang: str) -> dict:
    """What the shipped .mo of ``lang`` says: {msgid: msgstr}, the header left out."""
    with path(lang, "mo").open("rb") as f:
        catalog = read_mo(f)
    return {_hashable(m.id): _hashable(m.string) for m in catalog if m.id}


def _hashable(value):
    return tuple(value) if isinstance(value, (list, tuple)) else value


def translations(catalog: Catalog) -> dict:
    """What compiling ``catalog`` gives: {msgid: msgstr} of the translated texts."""
    return {_hashable(m.id): _hashable(m.string) for m in catalog
            if m.id and not m.fuzzy and _filled(m.string)}


def mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def po_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False, sort_output=False)
    return buf.getvalue()


def update(langs: tuple[str, ...] = LANGUAGES) -> dict[str, list[str]]:
    """Bring each catalogue up to date with the code and compile it; returns what each
    still lacks."""
    lacking = {}
    for lang in langs:
        pot = template()  # update() takes the template's messages in: one each
        catalog = read(lang)
        catalog.update(pot, no_fuzzy_matching=True)
        catalog.last_translator = catalog.language_team = "hexref"
        catalog.copyright_holder = "the hexref authors"
        catalog.msgid_bugs_address = ""
        catalog.creation_date = catalog.revision_date = STAMP
        catalog.obsolete.clear()
        if lang == "en":
            for msg in catalog:
                if msg.id:
                    msg.string = msg.id  # English says it as the code does
                    msg.flags.discard("fuzzy")
        file = path(lang)
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(po_bytes(catalog))
        path(lang, "mo").write_bytes(mo_bytes(catalog))
        lacking[lang] = missing(catalog, template())
    return lacking


def _filled(string) -> bool:
    return all(string) if isinstance(string, (list, tuple)) else bool(string)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m host.common.translations", description=__doc__)
    parser.add_argument("--check", action="store_true",
                        help="change nothing; list the texts each catalogue lacks")
    args = parser.parse_args(argv)
    if args.check:
        pot = template()
        lacking = {lang: missing(read(lang), pot) for lang in LANGUAGES}
    else:
        lacking = update()
    bad = 0
    for lang, texts in lacking.items():
        for text in texts:
            print("%s: untranslated: %r" % (lang, text))
        bad += len(texts)
    print("%d texts; %d untranslated" % (len(template()), bad))
    return 1 if bad and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
