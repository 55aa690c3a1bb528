"""Operating an installed referee while it runs (README, "Install the referee on the Pi"):
the operator's commands find the service's data through the same config, read it while the
referee writes it, and reach the hub the referee holds through its socket in the data
folder (host/app/service_socket.py), never by taking the port from it.

Real processes: the hub is the firmware (firmware/sim/hub.py) on a pseudo-terminal with the
PN532 twin, which really writes the tag; the referee is ``hexref run``; each operator
command is a ``hexref`` process that knows only the config file (as /etc/hexref/config.toml
tells every command on a Pi where the service keeps its data).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from rigs.process_table import ROOT, Cable, new_table, start_hub, stop, wait_for

from host.app.service_socket import NoService, ask, socket_path

pytestmark = pytest.mark.system  # real processes, browsers or brokers

NEW_TAG = "04A1B2C3D4E599"
ON_TILE = "green=7,blue=5,yellow=6,red=5,purple=4,white=8"  # read off the new tile


def operator(config: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("HEXREF_DATA", "XDG_DATA_HOME")}
    env["HEXREF_CONFIG"] = str(config)
    env["HOME"] = str(config.parent / "operator-home")  # nothing of the service's there
    return subprocess.run([sys.executable, "-m", "host.commands.main", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def status(data: Path) -> dict | None:
    try:
        return next(ask(data, {"op": "status"}), {}).get("status")
    except NoService:
        return None


def test_tiles_replay_doctor_and_enroll_while_the_referee_runs(tmp_path):
    port = tmp_path / "hexref-hub"
    data, config, game_id = new_table(tmp_path, "jl-collector", port)
    cable = Cable(port)
    # The blank tag comes to the reader once the operator has asked to enroll; the hold
    # of a player button on the hub confirms (the service runs with no Pi buttons).
    # A second try 8 s later, in case a slow machine let the first tap reach the game.
    steps = [{"after": 8000, "do": "place", "uid": NEW_TAG, "record": ""},
             {"after": 600, "do": "long", "button": "A"}, {"after": 500, "do": "lift"},
             {"after": 8000, "do": "place", "uid": NEW_TAG, "record": ""},
             {"after": 600, "do": "long", "button": "A"}]
    hub = start_hub(cable, steps, tmp_path / "script.json")
    host = subprocess.Popen([sys.executable, "-m", "host.commands.main", "run", "--config", str(config),
                             "--emulate", str(tmp_path / "frames"), "--no-gpio"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        def hub_said_hello() -> bool:  # doctor says a hub that has not "is starting"
            said = status(data) or {}
            return said.get("hub") == "connected" and not said.get("starting")

        running = wait_for(hub_said_hello, 20)
        assert running, "the referee never said it holds the hub"
        assert oct(socket_path(data).stat().st_mode & 0o777) == "0o660"

        doctor = operator(config, "doctor")
        hub_line = next(line for line in doctor.stdout.splitlines() if "hub" in line)
        assert "OK" in hub_line and "the running referee (pid %d) holds it: %s, firmware" % (
            host.pid, port) in hub_line, doctor.stdout

        listed = operator(config, "tiles", "list")
        assert listed.returncode == 0 and "6 tiles" in listed.stdout, listed
        games = operator(config, "replay")
        assert "jl-collector" in games.stdout and "not finished" in games.stdout, games

        enroll = operator(config, "enroll", "--entry", "jl/superman", "--owner", "carol",
                          "--strike", ON_TILE, "--no-gpio")
        assert enroll.returncode == 0, (enroll.stdout, enroll.stderr)
        assert "enrolling through it" in enroll.stdout
        assert "enrolled %s as jl/superman" % NEW_TAG in enroll.stdout, enroll.stdout
        assert "Traceback" not in enroll.stderr, enroll.stderr

        listed = operator(config, "tiles", "list")
        row = next(line for line in listed.stdout.splitlines() if line.startswith(NEW_TAG))
        assert "jl/superman" in row and "carol" in row, row
        assert host.poll() is None, "the referee stopped"
        assert (status(data) or {}).get("enrolling") is False  # play goes on
    finally:
        stop(host, hub)
        cable.close()
    stderr = host.stderr.read().decode() if host.stderr else ""
    assert "Traceback" not in stderr, stderr
    assert "enrolled tag %s as jl/superman" % NEW_TAG in stderr, stderr
    assert not socket_path(data).exists()  # the referee took its socket away on stop
