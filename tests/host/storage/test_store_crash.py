"""kill -9 in the middle of writing leaves a consistent database (WAL), and nothing that was
acknowledged is lost (DESIGN.md, Reliability goals: killing the host at random moments)."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from rigs.tree import ROOT

from host.storage.store import Store

pytestmark = pytest.mark.system  # real processes, browsers or brokers


BATCH = 300  # tiles per import transaction: a big write to be killed in

# The writer: journal appends, each "ACKed" on stdout only after append returns, with a
# big tile import (one transaction) after every 7th append.
WRITER = textwrap.dedent("""
    import sys
    from host.storage.journal import Entry
    from host.storage.store import Store, TileRow
    store = Store(sys.argv[1])
    game = store.new_game("jl-beginner", ["P1", "P2"])
    journal = store.journal(game)
    n = 0
    while True:
        n += 1
        journal.append(Entry("game", ("roll", n), True, "0A1B2C3D", n))
        print("ACK", n, flush=True)
        if n % 7 == 0:
            store.put_tiles([TileRow("04%012X" % (n * 1000 + i), "jl/mars", "batch %d" % n,
                                     {"red": 3}, "now") for i in range(BATCH)])
""").replace("BATCH", str(BATCH))


def _kill_after(folder: Path, acks_wanted: int) -> list[int]:
    """Start the writer, SIGKILL it once it has acknowledged ``acks_wanted`` inputs, and
    return every input it acknowledged (including any written just before the kill)."""
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(folder)], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    acked = []
    for line in proc.stdout:
        acked.append(int(line.split()[1]))
        if len(acked) >= acks_wanted:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    acked += [int(line.split()[1]) for line in proc.stdout.read().splitlines()]
    return acked


def test_kill_9_mid_write_leaves_a_consistent_database_and_loses_no_ack(tmp_path):
    for trial, wanted in enumerate((1, 7, 14, 21, 30)):  # 7k: during an import
        folder = tmp_path / ("trial%d" % trial)
        acked = _kill_after(folder, wanted)
        assert acked and acked == list(range(1, len(acked) + 1))

        db = sqlite3.connect(str(folder / "hexref.db"))  # -wal still beside it: recovery
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        rows = db.execute("SELECT n, input, seq FROM journal ORDER BY n").fetchall()
        # Every acknowledged input is there, whole, in order; at most one more was
        # committed but not yet acknowledged when the kill came.
        assert len(acked) <= len(rows) <= len(acked) + 1
        assert rows == [(n, '["roll",%d]' % n, n) for n in range(1, len(rows) + 1)]
        # Each tile import is all or nothing.
        owners = db.execute("SELECT owner, COUNT(*) FROM tiles GROUP BY owner").fetchall()
        assert all(count == BATCH for _owner, count in owners)
        assert len(owners) in (len(rows) // 7, len(rows) // 7 - 1)
        db.close()

        store = Store(folder)  # and the referee starts on it as if nothing happened
        row = store.unfinished()
        assert row is not None
        journal = store.journal(row.id)
        assert [e.input for e in journal.entries] == [("roll", n) for n, _, _ in rows]
        assert journal.positions() == {"0A1B2C3D": len(rows)}
        store.close()
