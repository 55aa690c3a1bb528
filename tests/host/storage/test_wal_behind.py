"""The -wal is not trusted blindly (issue 22, item 2): one byte flipped in ``hexref.db-wal``
after a power cut makes SQLite's recovery stop at that frame, and the journal comes back
shorter than what the hub had acknowledged. If the hub was reset too (a Pi power cut
resets a USB-powered hub) its HELLO cannot say so. ``hexref.mark``, beside the database,
says how many entries were acknowledged: the referee says "Journal behind" whatever the
hub did, takes nothing, and goes on without the lost entries only when the players reset
the reader (or a backup is restored).

Real processes on a pty (tests/rigs/process_table.py): the firmware hub playing the
Collector's demo game, ``hexref run`` with its panel emulated, SIGKILL for the power cut.
"""
from __future__ import annotations

import signal
import subprocess
import sys

import pytest
from rigs.process_table import (
    ROOT,
    Cable,
    last_frame,
    new_table,
    start_host,
    start_hub,
    stop,
    wait_for,
)

from host.devices.panel import render
from host.display import screens
from host.games.hexors.demo import collector_script
from host.storage.store import Store

pytestmark = pytest.mark.system  # real processes, browsers or brokers

PAGE = 4096
FRAME = 24 + PAGE  # a WAL frame: its header, then one page


def _count(data, game_id) -> int:
    import sqlite3

    db = sqlite3.connect("file:%s?mode=ro" % (data / "hexref.db"), uri=True)
    try:
        return db.execute("SELECT count(*) FROM journal WHERE game = ?",
                          (game_id,)).fetchone()[0]
    finally:
        db.close()


def test_a_wal_that_lost_its_newest_frames_is_journal_behind_whatever_the_hub_did(tmp_path):
    cable = Cable(tmp_path / "hexref-hub")
    data, config, game_id = new_table(tmp_path, "jl-collector", cable.path)
    hub = start_hub(cable, collector_script(), tmp_path / "script.json")
    host = start_host(config, tmp_path / "frames1")
    second = third = fourth = None
    try:
        assert wait_for(lambda: _count(data, game_id) >= 14, 40), "took too little"
        before = _count(data, game_id)  # at least this much was acknowledged
        host.send_signal(signal.SIGKILL)  # the power cut: the Pi and the hub go down
        host.wait(timeout=10)
        hub.kill()
        hub.wait(timeout=10)
        mark = data / "hexref.mark"
        acked = int(mark.read_bytes().split()[1]) if mark.exists() else before
        wal = data / "hexref.db-wal"
        raw = bytearray(wal.read_bytes())
        frames = (len(raw) - 32) // FRAME
        assert frames >= 6, frames
        raw[32 + (frames * 2 // 3) * FRAME + 24 + 200] ^= 0x40  # one bit, mid-page
        wal.write_bytes(bytes(raw))
        (data / "hexref.db-shm").unlink()  # not kept across a power cut
        held = _count(data, game_id)
        assert held < acked, (held, acked)  # SQLite took the journal back, silently
        cable.close()
        cable.plug()
        third = start_hub(cable, [], tmp_path / "script2.json")  # a new boot
        second = start_host(config, tmp_path / "frames2")
        want = render(screens.journal_behind(acked - held)).convert("1").tobytes()
        assert wait_for(lambda: last_frame(tmp_path / "frames2") == want, 20), \
            "the panel never said the journal is behind"
        doctor = subprocess.run([sys.executable, "-m", "host.commands.main", "doctor",
                                 "--config", str(config), "--no-ping"], cwd=ROOT,
                                capture_output=True, text=True, timeout=60)
        line = next(x for x in doctor.stdout.splitlines() if " database:" in x)
        assert line.startswith("FIX   database: Journal behind: game %d's journal holds %d "
                               "entries but %d were acknowledged" % (game_id, held, acked)), line
        assert _count(data, game_id) == held  # nothing taken meanwhile
        # The players go on without them: they reset the reader.
        third.kill()
        third.wait(timeout=10)
        cable.close()
        cable.plug()
        fourth = start_hub(cable, collector_script()[:4], tmp_path / "script3.json")
        assert wait_for(lambda: last_frame(tmp_path / "frames2") != want, 20)
        assert wait_for(lambda: _count(data, game_id) > held, 20), "nothing taken after"
    finally:
        stop(second, host, hub, third, fourth)
        cable.close()
    err = second.stderr.read().decode()
    assert "journal behind: game %d's journal holds %d entries but %d were acknowledged" % (
        game_id, held, acked) in err
    assert "the reader was reset: going on without the %d lost entries" % (acked - held) in err
    assert "Traceback" not in err
    with Store(data) as store:
        assert store.mark_behind() is None
