"""The pocket board booted on the emulated Pico and read back: the board of
firmware/sim/emulated_pico/rig.py with ``pocket`` (the OLED twin on the reader's bus, the
pocket's buttons), served in a thread of this process so the caller reads the twins as the
board left them. For
tests/pico/pocket_suite.py and tests/pico/bench_pocket.py.
"""
from __future__ import annotations

import json
import os
import subprocess
import threading
import time
import tty
from pathlib import Path

import pytest

from firmware.pocket.book import Book
from firmware.sim.emulated_pico.rig import AssetsMissing, Rig, find_assets
from host.app.pocket_demo import PLAYER_BUTTON, POCKET, listed, pocket_steps, table_steps
from shared_rules.core.session import Session
from shared_rules.games.hexors.engine import HexorsGame
from shared_rules.protocol.events import TableEvent

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "pico"
IMAGE = OUT / "pocket.img"  # make pocket-image
HEAP_IMAGE = OUT / "pocket-heap.img"  # the same, booted by tests/pico/pocket_heap_main.py


def pocket_image() -> Path:
    """The pocket build in the emulated Pico's flash, made afresh (make pocket-image); a
    checkout without the official UF2 and boot ROM fails here, saying where they go, rather
    than skipping."""
    try:
        find_assets()
    except AssetsMissing as exc:
        pytest.fail(str(exc), pytrace=False)
    subprocess.run(["make", "-s", "-C", str(ROOT), "pocket-image"], check=True,
                   stdout=subprocess.DEVNULL)
    return IMAGE


def boot(image: Path, until: str, seconds: float, then=None, steps: list[dict] | None = None,
         start_ms: int = 8000, times: int = 1, started=None, watcher=None,
         seed: int | None = None) -> tuple[Rig, list[str], list[str]]:
    """The pocket board booted from ``image`` until it says ``until`` on its USB line (or
    ``seconds`` of wall time), and ``then(port)`` called with its serial port's path while
    it still runs: the rig (its twins as the board left them), the board's lines and the
    rig's log. ``steps``: the rig's script (buttons pressed...), begun ``start_ms`` of the
    board's time after boot; ``times``: how many lines must say ``until``; ``started(rig=)``
    is told the rig as it starts (for ``then``, to look at its twins meanwhile); ``watcher``
    and ``seed``: the rig's (tests/pico/power_cuts.py)."""
    master, slave = os.openpty()
    tty.setraw(slave)
    logs: list[str] = []
    rig = Rig(steps or [], fd=master, image=image, pocket=True, log=logs.append,
              start_ms=start_ms, watcher=watcher, seed=seed)
    if started is not None:
        started(rig=rig)
    failed: list[BaseException] = []

    def serve() -> None:
        try:
            rig.run()
        except BaseException as exc:  # said by the caller: a watcher's check, a rig fault
            failed.append(exc)

    serving = threading.Thread(target=serve, daemon=True)
    serving.start()
    lines: list[str] = []
    buf = b""
    deadline = time.monotonic() + seconds
    os.set_blocking(slave, False)
    try:
        while time.monotonic() < deadline and sum(until in x for x in lines) < times \
                and not failed:
            try:
                buf += os.read(slave, 4096)
            except BlockingIOError:
                time.sleep(0.05)
                continue
            *done, buf = buf.split(b"\n")
            lines += [d.decode("latin1").rstrip("\r") for d in done]
        if then is not None and sum(until in x for x in lines) >= times:
            then(os.ttyname(slave))
    finally:
        if rig.node is not None:
            rig.node.kill()
        serving.join(30)
        rig.close()
        os.close(slave)
        os.close(master)
    if failed:
        raise failed[0]
    return rig, lines, logs


def read_port(port: str, until: str, times: int, seconds: float) -> list[str]:
    """The board's lines on ``port`` until ``times`` of them say ``until`` (or ``seconds``)."""
    import serial

    lines: list[str] = []
    buf = b""
    deadline = time.monotonic() + seconds
    with serial.Serial(port, timeout=0.2) as line:
        while time.monotonic() < deadline and sum(until in x for x in lines) < times:
            buf += line.read(4096)
            *done, buf = buf.split(b"\n")
            lines += [d.decode("latin1").rstrip("\r") for d in done]
    return lines


def save_png(rows: list[list[bool]], path: Path) -> None:
    """What the glass shows, 4x, as PNG."""
    from PIL import Image

    image = Image.new("1", (128, 64), 0)
    for y, row in enumerate(rows):
        for x, lit in enumerate(row):
            if lit:
                image.putpixel((x, y), 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    image.resize((512, 256), Image.Resampling.NEAREST).save(path)


# A quick tap: each tile lifted 250 ms after it came, quicker than the demo's 300 ms
# (host/games/scripting.REST_MS, which `hexref demo --board pocket` keeps). The pocket
# tends its reader between the stages of an input (firmware/pocket/main.Table), so a tile
# is read within ~210 ms of coming even while an input is journalled and drawn (the
# journal's flash write, 50-150 ms, the longest stretch it cannot break). A loop that read
# it only between inputs left a tile placed just after one unread 274-304 ms: at the
# demo's 300 ms a coin toss, at 250 ms missed every time, so this game fails if the pocket
# goes back to that.
POCKET_TAP_MS = 250


def pocket_script(key: bytes, cut_after: int | None, fault: str = "reset") -> list[dict]:
    """The JL Collector's demo (host/games/hexors/demo.py) on the pocket as ``hexref demo
    --board pocket`` plays it (host/app/pocket_demo.py), each tile tapped ``POCKET_TAP_MS``:
    the game chosen in its menu with its buttons, every tag signed with the pocket's
    collection key, the players' buttons on UP and DOWN; the power cut (a reset), or
    ``fault`` (the rig's ``hang``...), after ``cut_after`` of the game's steps (None:
    neither)."""
    steps = pocket_steps("jl-collector", key, listed(POCKET), tap_ms=POCKET_TAP_MS)
    menu = len(steps) - len(table_steps("jl-collector", key))
    game = steps[menu:]
    if cut_after is None:
        return steps
    return steps[:menu] + game[:cut_after] + [{"do": fault, "after": 200}] + game[cut_after:]


def expected_entries(book: Book, script: list[dict]) -> list[tuple]:
    """What the Pi's session (shared_rules/core/session.py) journals for the same table, run
    here: every input that is no mere event (target, accepted, the input up to its first
    catalogue entry, as the board's POCKET ENTRY line gives it)."""

    class Journal:
        def __init__(self) -> None:
            self.entries: list = []

        def append(self, entry) -> None:
            self.entries.append(entry)

    session = Session(lambda: HexorsGame(variant="jl-collector", players=2), book, Journal())
    for step in script[3:]:
        if step["do"] == "place":
            session.on_event(TableEvent("TAP", uid=step["uid"], record=step["record"]))
        elif step["do"] == "roll":
            session.on_event(TableEvent("DIE", die="FACE", faces=(step["face"],)))
        elif step["do"] == "press":
            button = {v: k for k, v in PLAYER_BUTTON.items()}[step["button"]]
            session.on_event(TableEvent("BTN", button=button, action="press"))
    assert session.game.winners == [0], "the demo game itself has no winner"
    return [(e.target, e.accepted, json.dumps(list(e.input))[:60].split("{")[0])
            for e in session.journal.entries if e.target != "none"]
