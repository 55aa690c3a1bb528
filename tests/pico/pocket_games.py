"""The games beyond Hexors on the pocket build (issue 25, item 1), each played to its winner
on the official MicroPython v1.22 rp2 firmware on the emulated RP2040 (tests/pico/rig.py
with ``pocket``), entry for entry with the Pi's session.

Run by ``make soak`` (a whole game on the emulated board takes 2-4 minutes of wall time,
too long for ``make test``'s budget beside the JL Collector's game of test-pico); ``make
bench`` plays the same game for its heap figures (tests/pico/bench_pocket.py).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))  # tests/, for rigs

from pocket_invocations import play  # noqa: E402
from pocket_rig import IMAGE, OUT, save_png  # noqa: E402

from firmware.emulated_pico.rig import AssetsMissing, find_assets  # noqa: E402

pytestmark = pytest.mark.system  # the emulated board


@pytest.fixture(scope="module")
def image() -> Path:
    try:
        find_assets()
    except AssetsMissing as exc:
        pytest.fail(str(exc), pytrace=False)
    subprocess.run(["make", "-s", "-C", str(ROOT), "pocket-image"], check=True,
                   stdout=subprocess.DEVNULL)
    return IMAGE


def test_an_invocations_game_on_the_pocket_with_its_timers_and_a_power_cut(image: Path):
    """Invocations refereed on the pocket alone: chosen in its menu, the Master's choices
    made on the pocket's buttons as ``hexref demo --board pocket`` makes them (OK, DOWN to
    the line, OK: tests/pico/pocket_invocations.py), the cards read by the PN532
    twin and trusted by their signatures, the Master's timers (IN-4) running on the
    board's clock all the while and never running out at this table's pace (one that did
    would be an entry the Pi's session has not), a reset once Stage 3's second card is
    read; the board comes back with every input it acknowledged and plays on to the Pi's
    winner, Green (IN-10), each input the one the Pi's session journals for the same
    table."""
    played = play(image)
    text = "\n".join(played.lines)
    assert "Traceback" not in text and "POCKET NOTE" not in text, text
    assert "POCKET PLAY invocations 3" in played.lines, text + "\n".join(played.logs[-30:])
    assert len(played.restored) == 1, "the board did not come back from the cut:\n" + text
    assert played.held in (played.before, played.before + 1), text
    assert played.got == played.expected, text
    assert "POCKET WIN Green" in played.lines, text
    assert [boot for boot, _ms in played.rig.boots] == ["power", "reset"]
    save_png(played.rig.panel.image(), OUT / "pocket-invocations-win.png")
    with (OUT / "summary.txt").open("a") as f:
        f.write("pocket: Invocations (3 players, timers on) played to its winner on the "
                "emulated board with a power cut; %s\n" % played.figures())
