"""``hexref demo``: a whole Justice League Hexors Beginner game with no hardware.

The reader hub is the real firmware (hub loop, link, protocol) running under CPython in its
own process with scripted sensors (firmware/sim.py); it is joined to the host by a
pseudo-terminal pair, the same seam the USB cable will be. The host is the real referee:
link, journal, rules, screens. Every frame is saved as PNG under ``out/demo/`` and said as
text in the transcript; on a terminal the panel is also drawn live.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import serial

from host import screens, tags
from host.hexors_view import HexorsView
from host.link import HubLink
from host.panel import emulated_panel
from host.referee import Referee, TileBook

STEP_MS = 120  # between two scripted actions: a brisk but human pace

# The demo table's tiles. The catalogue prints only what the rulebook prints (Superman's
# yellow 6, Doomsday's red 8, Atlantis' blue 6, Mars' red 3); the rest of each tile was
# read off the demo set and entered as corrections, exactly as a table corrects an
# unverified entry from its own physical tiles (catalogue.apply_correction).
DEMO_TILES = [
    # tag UID, catalogue entry, owner
    ("04A1B2C3D4E501", "jl/atlantis", 0),
    ("04A1B2C3D4E502", "jl/superman", 0),
    ("04A1B2C3D4E511", "jl/mars", 1),
    ("04A1B2C3D4E512", "jl/doomsday", 1),
]
#                      green blue yellow red purple white
DEMO_CORRECTIONS = {
    "jl/atlantis": (5, 6, 4, 3, 5, 4),
    "jl/superman": (7, 5, 6, 5, 4, 8),
    "jl/mars": (4, 5, 2, 3, 6, 5),
    "jl/doomsday": (6, 4, 5, 8, 7, 3),
}


def demo_entries() -> list[dict]:
    from shared_rules import catalogue
    from shared_rules.decisions import COLOURS

    out = []
    for entry_id, values in DEMO_CORRECTIONS.items():
        entry = catalogue.get(entry_id)
        printed = {c: v for c, v in entry["strike"].items() if v is not None}
        corrected = dict(zip(COLOURS, values, strict=True))
        # The rulebook's own numbers must survive the correction: the demo set agrees.
        assert all(corrected[c] == v for c, v in printed.items()), entry_id
        out.append(catalogue.apply_correction(entry, strike=corrected))
    return out


def demo_script() -> list[dict]:
    uid = {entry_id: u for u, entry_id, _ in DEMO_TILES}

    def tap(entry_id: str) -> list[dict]:
        return [{"after": STEP_MS, "do": "place", "uid": uid[entry_id],
                 "record": tags.record_for(entry_id)},
                {"after": STEP_MS, "do": "lift"}]

    def roll(face: int) -> list[dict]:
        return [{"after": STEP_MS, "do": "roll", "face": face}]

    def press(button: str) -> list[dict]:
        return [{"after": STEP_MS, "do": "press", "button": button}]

    steps: list[dict] = []
    # Setup: each player taps their tiles, then presses their button.
    for owner, button in ((0, "A"), (1, "B")):
        for _uid, entry_id, who in DEMO_TILES:
            if who == owner:
                steps += tap(entry_id)
        steps += press(button)
    # P2 picked the last Character, so P2 moves first (JL-B2): Doomsday moves, no contact.
    steps += tap("jl/doomsday") + press("B")
    # P1: Superman moves into contact with Doomsday and Mars: a multiple attack (JL-B7).
    steps += tap("jl/superman") + tap("jl/doomsday")
    steps += roll(3) + roll(1)  # Superman yellow 6, Doomsday green 6: a tie (JL-B5)
    steps += roll(6) + roll(3)  # re-roll, attacker first: white 8 against yellow 5
    steps += tap("jl/mars")
    steps += roll(3) + roll(4)  # Superman yellow 6, Mars red 3: P2 has nothing left
    return steps


def run_demo(out_dir: Path = Path("out/demo"), live: bool | None = None,
             timeout_s: float = 60.0, script: list[dict] | None = None) -> int:
    """Play the demo game; returns the process exit code (0: a winner was declared)."""
    from shared_rules.hexors import HexorsGame

    steps = script if script is not None else demo_script()
    panel = emulated_panel(out_dir, live=live)
    book = TileBook(demo_entries())
    referee = Referee(lambda: HexorsGame(variant="jl-beginner", players=2), book,
                      HexorsView("jl-beginner"))
    transcript: list[str] = []
    is_live = len(panel.devices) > 1

    def show() -> None:
        view = referee.view()
        if panel.show(view):
            block = ["--- frame %04d ---" % panel.frames] + screens.text(view)
            transcript.extend(block)
            if not is_live:
                print("\n".join(block), flush=True)

    master, slave = os.openpty()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(steps, f)
        script_path = f.name
    hub = subprocess.Popen([sys.executable, "-m", "firmware.sim", "--fd", str(master),
                            "--script", script_path], pass_fds=(master,))
    os.close(master)  # the hub process owns the master side now
    port = serial.Serial(os.ttyname(slave), timeout=0.05)
    link = HubLink(port)
    winner = False
    try:
        link.open()
        show()
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            for rcv in link.read():
                reaction = referee.on_event(rcv)
                link.ack(rcv.seq)  # only now: the input is in the journal
                show()
                winner = winner or reaction.won
            if winner:
                break
            if hub.poll() is not None:
                print("reader hub stopped unexpectedly", file=sys.stderr)
                break
    finally:
        port.close()
        os.close(slave)
        hub.terminate()
        hub.wait(timeout=5)
        os.unlink(script_path)
    (out_dir / "transcript.txt").write_text("\n".join(transcript) + "\n")
    if is_live:
        print("\n".join(transcript))
    print("%d frames saved under %s; transcript in %s" % (
        panel.frames, out_dir, out_dir / "transcript.txt"))
    if not winner:
        print("demo ended without a winner", file=sys.stderr)
        return 1
    return 0
