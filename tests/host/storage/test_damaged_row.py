"""Every journal row carries a checksum; a damaged one is named, with what to do, in the
log, ``hexref doctor`` and on the panel, never as a raw decode error (issue 13, item 5).

The damage is done to the file itself, as a failing SD card would: one digit changed
inside a row (``PRAGMA integrity_check`` still says ok), one byte made not UTF-8, and a
row gone from the middle.
"""
from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from rigs.process_table import ROOT, Cable, last_frame, new_table, wait_for

from host.devices.panel import render
from host.display import screens
from host.storage.journal import Entry
from host.storage.store import SCHEMA_VERSION, DamagedRow, Store, row_checksum

BOOT = "0A1B2C3D"


def _game(folder: Path, rows: int = 12) -> int:
    with Store(folder) as store:
        game = store.new_game("jl-collector", ["P1", "P2"])
        journal = store.journal(game)
        for seq in range(1, rows + 1):
            journal.append(Entry("game", ("tap", "04A1B2C3D4E5%02d" % seq), True, BOOT, seq))
    return game


def _damage(folder: Path, old: bytes, new: bytes) -> None:
    """Replace bytes in the database file (closed, its -wal folded in)."""
    path = folder / "hexref.db"
    raw = path.read_bytes()
    assert raw.count(old) == 1, old
    path.write_bytes(raw.replace(old, new))


def _integrity(folder: Path) -> list:
    db = sqlite3.connect(str(folder / "hexref.db"))
    try:
        return db.execute("PRAGMA integrity_check").fetchall()
    finally:
        db.close()


@pytest.mark.parametrize("old, new, why", [
    (b'"04A1B2C3D4E507"', b'"04A1B2C3D4E587"', "its checksum does not match"),
    (b'"04A1B2C3D4E507"', b'"04A1B2C3D4E5\xff7"', "its checksum does not match"),
])
def test_a_changed_byte_in_a_row_is_named_by_game_and_row(tmp_path, old, new, why):
    game = _game(tmp_path)
    _damage(tmp_path, old, new)
    assert _integrity(tmp_path) == [("ok",)]  # SQLite's own check sees nothing wrong
    with Store(tmp_path) as store, pytest.raises(DamagedRow) as err:
        store.journal(game)
    assert (err.value.game, err.value.n) == (game, 7) and why in str(err.value)
    assert "restore the newest backup (hexref restore FILE" in str(err.value)


def test_a_row_gone_from_the_middle_is_named(tmp_path):
    game = _game(tmp_path)
    with Store(tmp_path) as store:  # as if its page were lost: the rows around it stay
        store.db.execute("DELETE FROM journal WHERE game = ? AND n = 5", (game,))
    with Store(tmp_path) as store:
        damaged = store.damaged_rows()
    assert [(d.game, d.n, d.why) for d in damaged] == [(game, 5, "the row is missing")]


def test_an_undone_row_keeps_a_true_checksum_and_old_databases_get_theirs(tmp_path):
    game = _game(tmp_path, 3)
    with Store(tmp_path) as store:
        assert store.journal(game).drop_last_accepted() is not None
    with Store(tmp_path) as store:
        assert [e.accepted for e in store.journal(game).entries] == [True, True, False]
        # A database from before checksums (schema 2) is given them when opened.
        store.db.execute("UPDATE journal SET checksum = NULL")
        store.db.execute("PRAGMA user_version = 2")
        store.db.execute("ALTER TABLE journal DROP COLUMN checksum")
        store.db.execute("DROP TABLE settings")  # from a later migration
    with Store(tmp_path) as store:
        assert store.schema_version == SCHEMA_VERSION and store.damaged_rows() == []
        row = store.db.execute("SELECT game, n, CAST(target AS BLOB), CAST(input AS BLOB), "
                               "accepted, CAST(boot AS BLOB), seq, CAST(time AS BLOB), "
                               "checksum FROM journal WHERE n = 3").fetchone()
        assert row[-1] == row_checksum(*row[:-1])


@pytest.mark.system
def test_hexref_run_and_doctor_name_the_damaged_row(tmp_path):
    """The issue's case: a flipped byte made ``hexref run`` stop with ``cannot start:
    UnicodeDecodeError``. Now the panel names the game and row, the log says what to do,
    ``hexref doctor`` lists it; no traceback anywhere."""
    cable = Cable(tmp_path / "hexref-hub")
    data, config, game_id = new_table(tmp_path, "jl-collector", cable.path)
    with Store(data) as store:
        journal = store.journal(game_id)
        for seq in range(1, 9):
            journal.append(Entry("none", ("GONE", "04A1B2C3D4E5%02d" % seq), False, BOOT,
                                 seq))
    _damage(data, b'"04A1B2C3D4E506"', b'"04A1B2C3D4E5\xff6"')
    frames = tmp_path / "frames"
    host = subprocess.Popen([sys.executable, "-m", "host.commands.main", "run", "--config", str(config),
                             "--emulate", str(frames), "--no-gpio"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        want = render(screens.damaged_row(game_id, 6)).convert("1").tobytes()
        assert wait_for(lambda: last_frame(frames) == want, 20), "the panel never said it"
        assert host.poll() is None  # it stays up, showing the message (no crash loop)
    finally:
        host.terminate()
        host.wait(timeout=10)
        cable.close()
    err = host.stderr.read().decode()
    assert "cannot restore the game: game %d, journal row 6 is damaged" % game_id in err
    assert "Traceback" not in err and "UnicodeDecodeError" not in err
    doctor = subprocess.run([sys.executable, "-m", "host.commands.main", "doctor", "--config",
                             str(config), "--no-ping"], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    line = next(x for x in doctor.stdout.splitlines() if "database" in x)
    assert line.startswith("FIX") and "1 damaged journal row: game %d, journal row 6" % (
        game_id) in line and "hexref restore FILE" in line
    assert "Traceback" not in doctor.stderr
