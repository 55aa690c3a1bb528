"""Kill the host with SIGKILL in the middle of a Collector's game and start it again: the
same game, no input lost, none doubled (DESIGN.md principles 2 and 3; issue 5).

The table is real processes over a real pseudo-terminal: the hub is the firmware
(firmware/sim.py: hub loop, link, the NFC stack on the PN532 twin) playing the demo's
Collector's script at a human pace; the host is ``hexref run`` with the panel emulated. The
hub keeps playing while the host is dead: its events wait in its ring buffer and are
resent when the new host says PING.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from host.demo import DEMO_CORRECTIONS, UIDS, collector_script
from host.registry import Registry
from host.store import Store
from shared_rules.decisions import COLOURS

ROOT = Path(__file__).resolve().parent.parent


def _wait(what, seconds: float, every: float = 0.05):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = what()
        if got:
            return got
        time.sleep(every)
    return what()


def _enroll_demo_tiles(data: Path) -> None:
    registry = Registry.open(data)
    for entry_id, uid in UIDS.items():
        fix = DEMO_CORRECTIONS.get(entry_id)
        if fix is None:
            registry.enroll(uid, entry_id)
        else:
            extra = {"bonus": fix["bonus"]} if "bonus" in fix else {}
            registry.enroll(uid, entry_id, strike=dict(zip(COLOURS, fix["strike"], strict=True)),
                            **extra)
    registry.store.close()


def _host(config: Path, frames: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "host.cli", "run", "--config", str(config),
                             "--emulate", str(frames), "--no-gpio"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _journal(data: Path, game_id: int):
    store = Store(data)
    try:
        return store.journal(game_id).entries
    finally:
        store.close()


def _finished(data: Path, game_id: int):
    store = Store(data)
    try:
        return store.game(game_id).finished and store.game(game_id)
    finally:
        store.close()


def test_host_killed_mid_game_restores_it_and_loses_nothing(tmp_path: Path):
    data = tmp_path / "data"
    _enroll_demo_tiles(data)
    store = Store(data)
    game_id = store.new_game("jl-collector", ["P1", "P2"])  # restored at start: no menu
    store.close()

    master, slave = os.openpty()  # the test holds the slave open: the "cable" stays
    config = tmp_path / "hexref.toml"
    config.write_text('[hub]\nport = "%s"\n[data]\ndir = "%s"\n' % (os.ttyname(slave), data))
    script = tmp_path / "script.json"
    script.write_text(json.dumps(collector_script()))
    hub = subprocess.Popen([sys.executable, "-m", "firmware.sim", "--fd", str(master),
                            "--script", str(script)], pass_fds=(master,), cwd=ROOT)
    os.close(master)
    host = _host(config, tmp_path / "frames1")
    second = None
    try:
        # Mid-game: the rosters are in and the first battle is under way.
        assert _wait(lambda: len(_journal(data, game_id)) >= 14, 30), "host took nothing"
        host.send_signal(signal.SIGKILL)
        host.wait(timeout=10)
        taken_before = len(_journal(data, game_id))
        time.sleep(0.8)  # the table plays on: a tap or two wait in the hub's ring buffer
        second = _host(config, tmp_path / "frames2")
        row = _wait(lambda: _finished(data, game_id), 45)
        assert row, "the restarted host never saw the end of the game"
    finally:
        for proc in (second, host, hub):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                proc.wait(timeout=10)
        os.close(slave)

    assert row.winner == "P1"
    entries = _journal(data, game_id)
    assert len(entries) > taken_before
    boots = {e.boot for e in entries if e.boot is not None}
    assert len(boots) == 1  # one hub boot all along
    seqs = [e.seq for e in entries if e.boot is not None]
    assert seqs == list(range(1, len(seqs) + 1))  # every event once, in order, none lost

    # The same game as the whole script makes with no kill at all.
    assert _accepted(entries) == _accepted(_clean_run())


def _accepted(entries) -> list[tuple]:
    """Accepted inputs, a tile's catalogue entry named by its id."""
    out = []
    for e in entries:
        if e.accepted:
            inp = tuple(e.input)
            if inp[0] == "add":
                inp = inp[:3] + (inp[3]["id"],)
            out.append((e.target,) + inp)
    return out


def _clean_run():
    from table_rig import events_of

    from host.demo import demo_entries
    from host.hexors_view import HexorsView
    from host.journal import MemoryJournal
    from host.link import Received
    from host.referee import Referee, TileBook
    from shared_rules.hexors import HexorsGame
    from shared_rules.protocol import message

    journal = MemoryJournal()
    referee = Referee(lambda: HexorsGame(variant="jl-collector", players=2),
                      TileBook(demo_entries()), HexorsView("jl-collector"), journal)
    for seq, event in enumerate(events_of(collector_script()), start=1):
        referee.on_event(Received("00000000", seq, message(event[0], seq, *event[1:])))
    return journal.entries
