"""What the pocket board's game menu lists, written by the build for the board.

The board makes its menu itself (shared_rules/display/menu.Menu), lays it out with the
layout the Pi uses and draws it with ``framebuf`` (firmware/pocket/main.py), in the
table's language read from the catalogues packed for it (firmware/pocket/words.py). What
it cannot know is which games the Pi's registrations hold: this writes the pocket's
(``pocket_variants``, the games it referees, and the package of each) as ``games.json``, their words in the code's
English (the board says them in its language), with the languages, each named in itself.

    python -m host.app.pocket_screens OUT_DIR     # OUT_DIR/games.json
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from host.common import i18n
from host.games import descriptor
from shared_rules.display.menu import PocketMenu


def pocket_variants() -> tuple[str, ...]:
    """The games the pocket referees: every variant whose descriptor does not keep it off
    the pocket's menu (``pocket``: False, with the reason there), each demo played to its
    winner on the emulated board (tests/pico/pocket_games.py; their peak heap of the 150 KB
    budget in docs/DESIGN.md, The pocket build)."""
    return tuple(key for key, kind in descriptor.GAMES.items()
                 if kind.kind.options.get("pocket", True))


def games() -> list:
    """[[family, [[label, variant, players, counts], ...]], ...] (host/games/descriptor.menu)."""
    return [[family, [[label, variant, n, list(counts)] for label, variant, n, counts in kinds]]
            for family, kinds in descriptor.menu(pocket_variants())]


def packages() -> dict[str, str]:
    """{variant: its game package}: the board imports only the package of the game it
    plays (shared_rules/games/__init__.py, ``find``)."""
    return {key: kind.descriptor.package for key, kind in descriptor.GAMES.items()
            if key in pocket_variants()}


def languages() -> list:
    return [[lang, i18n.NAMES[lang]] for lang in i18n.LANGUAGES]


def menu(lang: str = "en") -> PocketMenu:
    """The board's menu as it boots, with ``lang`` spoken (the Pi says its screens with
    i18n.speaking(lang) to compare them)."""
    return PocketMenu(tuple((family, tuple((label, variant, n, tuple(counts))
                                     for label, variant, n, counts in kinds))
                      for family, kinds in games()),
                tuple((code, name) for code, name in languages()), lang)


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "games.json"
    path.write_text(json.dumps({"games": games(), "languages": languages(),
                                "packages": packages()},
                               ensure_ascii=False, separators=(",", ":")))
    return [path]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m host.app.pocket_screens OUT_DIR")
    for written in write_all(Path(sys.argv[1])):
        print(written)
