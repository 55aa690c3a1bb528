"""A hub that keeps its port open but stops answering (issue 13, item 3): the panel says
"Reader not answering" within seconds, and clears by itself when the hub speaks again;
``hexref doctor`` says the same of a silent port.

Real processes over a real pseudo-terminal (tests/rigs/process_table.py): the hub's process is
stopped with SIGSTOP (its port stays open, nothing comes out: a hung hub loop) in the
middle of a Collector's game, then continued. What the panel shows is read from the PNG
frames ``hexref run --emulate`` writes, compared pixel for pixel with the screen.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rigs.process_table import (
    ROOT,
    Cable,
    accepted,
    clean_run,
    finished,
    journal,
    last_frame,
    new_table,
    start_host,
    start_hub,
    stop,
    wait_for,
)

from host.app.doctor import System
from host.devices.panel import render
from host.display import screens
from host.games.hexors.demo import collector_script

NOT_ANSWERING = render(screens.not_answering()).convert("1").tobytes()


@pytest.mark.system
def test_a_silent_hub_is_shown_on_the_panel_and_clears_when_it_answers(tmp_path):
    cable = Cable(tmp_path / "hexref-hub")
    data, config, game_id = new_table(tmp_path, "jl-collector", cable.path)
    hub = start_hub(cable, collector_script(), tmp_path / "script.json")
    frames = tmp_path / "frames"
    host = start_host(config, frames)
    try:
        assert wait_for(lambda: len(journal(data, game_id)) >= 10, 30), "host took nothing"
        hub.send_signal(signal.SIGSTOP)
        stopped = time.monotonic()
        assert wait_for(lambda: last_frame(frames) == NOT_ANSWERING, 15), \
            "the panel never said Reader not answering"
        shown_after = time.monotonic() - stopped
        taken = len(journal(data, game_id))
        doctor = _doctor(config)
        assert doctor.startswith("FIX") and "Reader not answering for" in doctor, doctor
        hub.send_signal(signal.SIGCONT)
        assert wait_for(lambda: last_frame(frames) != NOT_ANSWERING, 15), \
            "Reader not answering stayed after the hub spoke again"
        row = wait_for(lambda: finished(data, game_id), 60)
        assert row, "the game never ended after the hub came back"
    finally:
        if hub.poll() is None:
            hub.send_signal(signal.SIGCONT)
        stop(host, hub)
        cable.close()
    print("Reader not answering shown %.1f s after the hub went silent" % shown_after)
    assert row.winner == "P1"
    entries = journal(data, game_id)
    assert len(entries) > taken
    assert accepted(entries) == accepted(clean_run("jl-collector", collector_script()))


def _doctor(config: Path) -> str:
    """``hexref doctor``'s hub line: it asks the running referee (its socket)."""
    done = subprocess.run([sys.executable, "-m", "host.commands.main", "doctor", "--config",
                           str(config)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert "Traceback" not in done.stderr
    return next(line for line in done.stdout.splitlines() if " hub: " in line)


def test_doctor_says_a_silent_port_is_not_answering(tmp_path):
    master, slave = os.openpty()
    try:
        answer = System().hub_hello(os.ttyname(slave), timeout_s=1.0)
    finally:
        os.close(master)
        os.close(slave)
    assert answer.startswith("Reader not answering: the port is open but silent for 1 s")
    assert "unplug the hub and plug it back in" in answer
