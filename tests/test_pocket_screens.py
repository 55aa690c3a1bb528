"""The same screens on both sides (issue 25, item 2): every screen of the Hexors demo games
(Justice League Beginner and Collector's, Yu-Gi-Oh! Beginner, with the referee's menu open
on each of its choices) as the Pi lays it out and draws it with Pillow, against the same
view laid out on the pocket board's side by the shared layout (shared_rules/display/
layout.py) and drawn by firmware/pocket/glyphs.py with MicroPython's framebuf (the
WebAssembly port, tests/mpy/pocket_screens.mjs) from the fonts packed for the board
(host/display/fontpack.py): pixel for pixel, in English, French and Spanish."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from rigs.panel_ram import page_bytes

from host.app.demo import rehearse
from host.app.pocket_screens import fields
from host.common.i18n import LANGUAGES, speaking
from host.devices.panel import render
from host.display.fontpack import write_all
from host.display.screens import View

pytestmark = pytest.mark.system  # real processes, browsers or brokers

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ("jl-beginner", "jl-collector", "ygo-beginner")


def views(variant: str) -> list[View]:
    seen: list[View] = []
    rehearse(variant, on_view=seen.append, every_menu=True)
    return seen


def board_frames(fonts: Path, shown: list[View], tmp_path: Path) -> list[bytes]:
    path = tmp_path / "views.json"
    path.write_text(json.dumps([fields(view) for view in shown]))
    run = subprocess.run(["node", str(ROOT / "tests" / "mpy" / "pocket_screens.mjs"),
                          str(fonts), str(path)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.split()
    assert len(lines) == len(shown), run.stdout[-2000:]
    return [bytes.fromhex(line) for line in lines]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_lays_out_and_draws_every_hexors_demo_screen_as_the_pi_does(lang, tmp_path):
    fonts = tmp_path / "fonts"
    write_all(fonts)
    with speaking(lang):
        shown = list(dict.fromkeys(view for variant in VARIANTS for view in views(variant)))
        pi = [page_bytes(render(view)) for view in shown]
    assert len(shown) > 90
    board = board_frames(fonts, shown, tmp_path)
    for n, (view, ours, theirs) in enumerate(zip(shown, pi, board, strict=True)):
        if ours != theirs:
            diff = sum(bin(a ^ b).count("1") for a, b in zip(ours, theirs, strict=True))
            raise AssertionError("screen %d (%s): %d pixels differ: %r" % (
                n, lang, diff, view))
