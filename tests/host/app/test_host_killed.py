"""Kill the host with SIGKILL in the middle of a Collector's game and start it again: the
same game, no input lost, none doubled (DESIGN.md principles 2 and 3; issue 5).

The table is real processes over a real pseudo-terminal (tests/rigs/process_table.py): the hub
is the firmware (firmware/sim/hub.py: hub loop, link, the NFC stack on the PN532 twin) playing
the demo's Collector's script at a human pace; the host is ``hexref run`` with the panel
emulated. The hub keeps playing while the host is dead: its events wait in its ring buffer
and are resent when the new host says PING. tests/soak_host_kill.py repeats this at random
moments, 20 times (``make soak``).
"""
from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest
from rigs.process_table import (
    Cable,
    accepted,
    by_boot,
    clean_run,
    finished,
    journal,
    new_table,
    start_host,
    start_hub,
    stop,
    wait_for,
)

from host.games.hexors.demo import collector_script

pytestmark = pytest.mark.system  # real processes, browsers or brokers


def test_host_killed_mid_game_restores_it_and_loses_nothing(tmp_path: Path):
    cable = Cable(tmp_path / "hexref-hub")  # the test holds the slave open: the "cable" stays
    data, config, game_id = new_table(tmp_path, "jl-collector", cable.path)
    hub = start_hub(cable, collector_script(), tmp_path / "script.json")
    host = start_host(config, tmp_path / "frames1")
    second = None
    try:
        # Mid-game: the rosters are in and the first battle is under way.
        assert wait_for(lambda: len(journal(data, game_id)) >= 14, 30), "host took nothing"
        host.send_signal(signal.SIGKILL)
        host.wait(timeout=10)
        taken_before = len(journal(data, game_id))
        time.sleep(0.8)  # the table plays on: a tap or two wait in the hub's ring buffer
        second = start_host(config, tmp_path / "frames2")
        row = wait_for(lambda: finished(data, game_id), 45)
        assert row, "the restarted host never saw the end of the game"
    finally:
        stop(second, host, hub)
        cable.close()

    assert row.winner == "P1"
    entries = journal(data, game_id)
    assert len(entries) > taken_before
    seqs = by_boot(entries)
    assert len(seqs) == 1  # one hub boot all along
    numbers = list(seqs.values())[0]
    assert numbers == list(range(1, len(numbers) + 1))  # every event once, in order
    # The same game as the whole script makes with no kill at all.
    assert accepted(entries) == accepted(clean_run("jl-collector", collector_script()))
