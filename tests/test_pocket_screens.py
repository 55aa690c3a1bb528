"""The same screens on both sides (issue 25, item 2): every screen of the Hexors demo games,
as the Pi lays it out (host/display/layout.py) and draws it with Pillow, against the same
laid-out screen drawn on the pocket board's side by firmware/pocket/glyphs.py with
MicroPython's framebuf (the WebAssembly port, tests/mpy/pocket_screens.mjs) from the fonts
packed for the board (host/display/fontpack.py): pixel for pixel, in English, French and
Spanish."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from rigs.panel_ram import page_bytes

from host.app.demo import rehearse
from host.common import i18n
from host.devices.panel import render
from host.display.fontpack import write_all
from host.display.layout import lay_out

pytestmark = pytest.mark.system  # real processes, browsers or brokers

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ("jl-beginner", "jl-collector", "ygo-beginner")


def views(variant: str) -> list:
    seen: list = []
    rehearse(variant, on_view=seen.append)
    return seen


def board_frames(fonts: Path, screens: list[dict], tmp_path: Path) -> list[bytes]:
    path = tmp_path / "screens.json"
    path.write_text(json.dumps(screens))
    run = subprocess.run(["node", str(ROOT / "tests" / "mpy" / "pocket_screens.mjs"),
                          str(fonts), str(path)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.split()
    assert len(lines) == len(screens), run.stdout[-2000:]
    return [bytes.fromhex(line) for line in lines]


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_board_draws_every_hexors_demo_screen_as_the_pi_does(lang, tmp_path):
    fonts = tmp_path / "fonts"
    write_all(fonts)
    i18n.use(lang)
    try:
        shown = [view for variant in VARIANTS for view in views(variant)]
        screens = [{"placed": [[p.part, p.text, p.font, p.x, p.y, p.selected, p.inverted]
                               for p in lay_out(view)], "mark": view.mark} for view in shown]
        pi = [page_bytes(render(view)) for view in shown]
    finally:
        i18n.use("en")
    assert len(shown) > 30
    board = board_frames(fonts, screens, tmp_path)
    for n, (view, ours, theirs) in enumerate(zip(shown, pi, board, strict=True)):
        if ours != theirs:
            diff = sum(bin(a ^ b).count("1") for a, b in zip(ours, theirs, strict=True))
            raise AssertionError("screen %d (%s): %d pixels differ: %r" % (
                n, lang, diff, view))
