"""The pocket board's screens, laid out here until the layout moves to code both sides import.

Issue 25 wants one layout written once and imported by the Pi and the Pico; until then the
pocket build carries its screens already placed by the Pi's own ``layout.lay_out``: each a
small JSON file, ``{"placed": [[part, text, font, x, y, selected, inverted], ...], "mark":
-1}``, which firmware/pocket/glyphs.py draws with ``framebuf`` pixel for pixel as Pillow
draws them here (tests/test_pocket_screens.py, tests/pico/pocket_suite.py).

    python -m host.app.pocket_screens OUT_DIR     # OUT_DIR/menu.json: the game menu
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from host.app.run import GameMenu
from host.display.layout import lay_out
from host.display.screens import View


def placed(view: View) -> dict:
    """A laid-out screen as the board reads it."""
    return {"placed": [[p.part, p.text, p.font, p.x, p.y, p.selected, p.inverted]
                       for p in lay_out(view)], "mark": view.mark}


def menu_view() -> View:
    """The game menu's first screen, as the Pi shows it with its hub answering."""
    return GameMenu().view()


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "menu.json"
    path.write_text(json.dumps(placed(menu_view()), separators=(",", ":")))
    return [path]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m host.app.pocket_screens OUT_DIR")
    for written in write_all(Path(sys.argv[1])):
        print(written)
