"""A journal behind what the hub had acknowledged (issue 13, item 4) is shown, never
silently resynchronised: ``hexref run`` after an old backup was restored, and after its
``-wal`` file was deleted following a kill -9. Real processes on a pty (process_table):
the panel is read from the frames, the log from stderr, the journal from the database;
then the hub is reset (a new process, a new boot id) and play goes on from there.
"""
from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest
from rigs.process_table import (
    ROOT,
    Cable,
    journal,
    last_frame,
    new_table,
    start_host,
    start_hub,
    stop,
    wait_for,
)

from host.commands.main import main
from host.devices.panel import render
from host.display import screens
from host.games.hexors.demo import collector_script
from host.storage.store import Store

pytestmark = pytest.mark.system  # real processes, browsers or brokers


def _behind_frame(missing: int) -> bytes:
    return render(screens.journal_behind(missing)).convert("1").tobytes()


@pytest.mark.parametrize("how", ["old backup restored", "wal deleted after kill -9"])
def test_a_journal_behind_the_hub_is_shown_and_nothing_is_taken(tmp_path, how):
    cable = Cable(tmp_path / "hexref-hub")
    data, config, game_id = new_table(tmp_path, "jl-collector", cable.path)
    hub = start_hub(cable, collector_script(), tmp_path / "script.json")
    host = start_host(config, tmp_path / "frames1")
    second = third = None
    try:
        assert wait_for(lambda: len(journal(data, game_id)) >= 6, 30), "host took nothing"
        if how == "old backup restored":
            assert main(["backup", str(tmp_path / "early.db"), "--data", str(data)]) == 0
        assert wait_for(lambda: len(journal(data, game_id)) >= 16, 30)
        # (Reading the journal while the host runs: the last connection to close would
        # checkpoint the -wal into the database and delete it.)
        host.send_signal(signal.SIGKILL)
        host.wait(timeout=10)
        if how == "old backup restored":
            acked = max(e.seq for e in journal(data, game_id) if e.seq is not None)
            assert main(["restore", str(tmp_path / "early.db"), "--data", str(data)]) == 0
        else:
            for suffix in ("-wal", "-shm"):
                (data / ("hexref.db" + suffix)).unlink()
            acked = 16  # at least
        with Store(data) as store:
            boots = set(store.positions())
            kept = max(store.positions().values(), default=0)
        assert kept < acked - 1
        second = start_host(config, tmp_path / "frames2")
        frames = tmp_path / "frames2"
        behind = {_behind_frame(n) for n in range(acked - kept - 1, acked - kept + 20)}
        shown = wait_for(lambda: last_frame(frames) in behind, 20)
        assert shown, "the panel never said the journal is behind"
        doctor = subprocess.run([sys.executable, "-m", "host.commands.main", "doctor", "--config",
                                 str(config)], cwd=ROOT, capture_output=True, text=True,
                                timeout=60)
        hub_line = next(x for x in doctor.stdout.splitlines() if " hub: " in x)
        assert hub_line.startswith("FIX") and "the journal is behind the hub" in hub_line
        time.sleep(1)  # the hub resends, again and again: nothing is taken
        with Store(data) as store:
            assert max(store.positions().values(), default=0) == kept
        # The players choose to go on without the missing inputs: they reset the hub.
        hub.kill()
        hub.wait(timeout=10)
        cable.close()
        cable.plug()
        third = start_hub(cable, collector_script()[:8], tmp_path / "script2.json")
        assert wait_for(lambda: last_frame(frames) not in behind | {None}, 20)
        assert wait_for(lambda: set(Store(data).positions()) - boots, 20), \
            "nothing taken from the new boot"
    finally:
        stop(second, host, hub, third)
        cable.close()
    err = second.stderr.read().decode()
    assert "journal behind the hub: it had acknowledged events 1-" in err
    assert "Traceback" not in err
