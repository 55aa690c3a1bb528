"""``hexref demo --board pocket`` from the outside (issue 25): the installed command builds
the pocket's image, boots it on the emulated Pico (the official MicroPython v1.22 rp2 port
on rp2040js), chooses the language and the game in the board's own menu with its buttons,
and plays the demo table to the winner on the board alone. What it saved is what the
pocket's panel showed; its last frame must be the Pi's rendering of the same game's last
screen, and the pocket must name the winner the Pi's referee names. What it prints is the
panel's transcript, as ``make demo``'s (each frame's texts, in the table's language), and
the board's own words are in its log."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from rigs.transcripts import back_before_the_roll, frames
from rigs.tree import ROOT

from host.app.demo import rehearse
from host.common.i18n import _, speaking
from host.devices.panel import render
from host.display.layout import shown

HEXREF = Path(sys.executable).with_name("hexref")  # the venv's command, as pip installed it


@pytest.mark.system
def test_hexref_demo_board_pocket_ends_on_the_pis_winner_screen(tmp_path: Path) -> None:
    out = tmp_path / "out"
    env = dict(os.environ, HEXREF_DATA=str(tmp_path / "data"))
    done = subprocess.run([str(HEXREF), "demo", "--board", "pocket", "--live", "no",
                           "--lang", "fr", "--variant", "ygo-beginner", "--out", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    board = (out / "board.log").read_text().splitlines()
    # The game was chosen in the board's menu (no Pi started it) and refereed there.
    assert "POCKET PLAY ygo-beginner 2" in board, board
    with speaking("fr"):
        views: list = []
        referee, _said = rehearse("ygo-beginner", on_view=views.append)
        want = render(views[-1])
        winner_said = [line.rstrip(" ") for line in shown(views[-1])]
        rolling = _("Rolling...")
    winners = [referee.players[p] for p in referee.game.winners]
    assert "POCKET WIN %s" % " ".join(winners) in board, board[-5:]
    pngs = sorted(out.glob("frame_*.png"))
    assert len(pngs) > 10, pngs
    got = Image.open(pngs[-1]).convert("L")
    differ = ImageChops.difference(got, want.convert("L")).getbbox()
    assert differ is None, "the pocket's last frame (%s) differs from the Pi's winner screen " \
                           "in %s" % (pngs[-1], differ)
    # The transcript: every frame said, read off the glass, the winner's as the Pi says it;
    # printed as it is written, with none of the board's own lines.
    said = frames(out / "transcript.txt")
    assert len(said) == len(pngs)
    assert not [i for i, lines in enumerate(said, 1) if lines[0].startswith("(")
                and i > 1], said  # only the first, the panel before the board draws, is dark
    assert said[-1] == winner_said, said[-1]
    assert said[-2][-1] == "> " + rolling  # the last roll, said in French
    assert "POCKET" not in done.stdout
    assert done.stdout.startswith((out / "transcript.txt").read_text())
    assert not back_before_the_roll(said, rolling), "the panel asked again for a roll " \
                                                    "under way"
