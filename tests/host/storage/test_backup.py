"""``hexref backup`` / ``hexref restore`` with SQLite's online backup (issue 13, item 7):
a consistent copy while the referee writes, and back, refusing what is not a backup."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time

import pytest

from host.commands.main import main
from host.storage.backup import BEFORE_RESTORE, Busy, backup, hold_run_lock, restore
from host.storage.journal import Entry
from host.storage.store import Store, StoreError

WRITER = """
import sys, time
from host.storage.journal import Entry
from host.storage.store import Store
store = Store(sys.argv[1])
game = store.new_game("jl-beginner", ["P1", "P2"])
journal = store.journal(game)
print("ready", flush=True)
for seq in range(1, 100000):
    journal.append(Entry("game", ("tap", "04A1B2C3"), True, "0A1B2C3D", seq))
"""


def _journal_seqs(path) -> list[int]:
    db = sqlite3.connect(str(path))
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        return [r[0] for r in db.execute("SELECT seq FROM journal ORDER BY n")]
    finally:
        db.close()


@pytest.mark.system
def test_a_backup_taken_while_another_process_writes_is_whole_and_one_file(tmp_path):
    data = tmp_path / "data"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(data)], stdout=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        store = Store(data)
        sizes = []
        for i in range(5):
            time.sleep(0.2)
            dest = backup(store, tmp_path / ("copy%d.db" % i))
            seqs = _journal_seqs(dest)
            assert seqs == list(range(1, len(seqs) + 1))  # a prefix, never a torn row
            assert not (tmp_path / ("copy%d.db-wal" % i)).exists()
            sizes.append(len(seqs))
        assert proc.poll() is None, "the writer kept writing meanwhile"
        assert sizes == sorted(sizes) and sizes[-1] > sizes[0] > 0
    finally:
        proc.kill()
        proc.wait()
    assert not list(tmp_path.glob(".*.part"))


def _state(folder) -> tuple:
    with Store(folder) as store:
        return ([(g.id, g.variant) for g in store.games()],
                [t.uid for t in store.tiles()],
                [len(store.journal(g.id).entries) for g in store.games()])


def test_restore_puts_the_backup_back_and_keeps_what_it_replaced(tmp_path, capsys):
    data = str(tmp_path / "data")
    with Store(data) as store:
        game = store.new_game("jl-beginner", ["P1", "P2"])
        store.journal(game).append(Entry("game", ("tap", "04A1B2C3"), True, "0A1B2C3D", 1))
    assert main(["backup", str(tmp_path / "monday.db"), "--data", data]) == 0
    assert "backed up 1 game and 0 tiles" in capsys.readouterr().out  # issue 35: 1 games
    monday = _state(data)
    with Store(data) as store:
        store.new_game("hs-basic", ["P1", "P2"])
    tuesday = _state(data)
    assert main(["restore", str(tmp_path / "monday.db"), "--data", data]) == 0
    assert "restored 1 game and 0 tiles" in capsys.readouterr().out
    assert _state(data) == monday
    assert _state(tmp_path / "data" / BEFORE_RESTORE) == tuesday


def test_restore_refuses_what_is_not_a_good_backup_and_changes_nothing(tmp_path, capsys):
    data = tmp_path / "data"
    with Store(data) as store:
        store.new_game("jl-beginner", ["P1", "P2"])
    before = _state(data)
    junk = tmp_path / "junk.db"
    junk.write_bytes(os.urandom(8192))
    other = tmp_path / "other.db"
    sqlite3.connect(str(other)).execute("CREATE TABLE t (x)").connection.commit()
    damaged = backup(Store(data), tmp_path / "damaged.db")
    db = sqlite3.connect(str(damaged))
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    db.close()
    raw = bytearray(damaged.read_bytes())
    raw[(root - 1) * 4096 + 8: (root - 1) * 4096 + 40] = b"\xff" * 32  # its cell pointers
    damaged.write_bytes(bytes(raw))
    for path, words in ((junk, "not a hexref database"), (other, "not a hexref database"),
                        (damaged, "damaged"), (tmp_path / "none.db", "no such backup")):
        assert main(["restore", str(path), "--data", str(data)]) == 1
        err = capsys.readouterr().err
        assert words in err and "nothing changed" in err and "Traceback" not in err
        assert _state(data) == before
    with pytest.raises(StoreError, match="the database itself"):
        backup(Store(data), data / "hexref.db")


@pytest.mark.system
def test_restore_waits_for_the_referee_to_stop(tmp_path):
    data = tmp_path / "data"
    dest = backup(Store(data), tmp_path / "b.db")
    code = "import sys, time; from host.storage.backup import hold_run_lock; " \
           "hold_run_lock(sys.argv[1]); print('held', flush=True); time.sleep(30)"
    proc = subprocess.Popen([sys.executable, "-c", code, str(data)], stdout=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline().strip() == "held"
        with pytest.raises(Busy, match="stop it first"):
            restore(dest, data)
        with pytest.raises(Busy):
            hold_run_lock(data)
    finally:
        proc.kill()
        proc.wait()
    os.close(hold_run_lock(data))  # free again once it stopped
    restore(dest, data)


def test_restore_replaces_a_database_too_damaged_to_open(tmp_path):
    data = tmp_path / "data"
    with Store(data) as store:
        store.new_game("jl-beginner", ["P1", "P2"])
        dest = backup(store, tmp_path / "b.db")
    (data / "hexref.db").write_bytes(b"this is not a database" * 500)
    with pytest.raises(StoreError):
        Store(data)
    restore(dest, data)
    assert _state(data)[0] == [(1, "jl-beginner")]
    assert (data / BEFORE_RESTORE).read_bytes().startswith(b"this is not")
