"""The pocket board's menu screen, as the Pi's run loop makes it.

The board lays its screens out itself with the layout the Pi uses
(shared_rules/display/layout.py) and draws them with ``framebuf``
(firmware/pocket/glyphs.py), pixel for pixel as Pillow draws them here
(tests/test_pocket_screens.py, tests/pico/pocket_suite.py). This writes the game menu's
view (``View`` fields: header, lines, footer...) as a small JSON file the board reads.

    python -m host.app.pocket_screens OUT_DIR     # OUT_DIR/menu.json: the game menu
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from host.app.run import GameMenu
from host.display.screens import View

FIELDS = ("header", "footer", "header_right", "big", "lines", "kind", "inverted_footer",
          "selected", "mark", "wrap")


def fields(view: View) -> dict:
    """A view as the board reads it: its fields (``View(**fields)`` there)."""
    return {name: getattr(view, name) for name in FIELDS}


def menu_view() -> View:
    """The game menu's first screen, as the Pi shows it with its hub answering."""
    return GameMenu().view()


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "menu.json"
    path.write_text(json.dumps(fields(menu_view()), separators=(",", ":")))
    return [path]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m host.app.pocket_screens OUT_DIR")
    for written in write_all(Path(sys.argv[1])):
        print(written)
