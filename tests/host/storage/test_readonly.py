"""The one read-only reader of the referee's database (host/storage/readonly.py) that the
phone page, the club's publisher and doctor share: it sees what the store wrote, the same
entries the store folds, and cannot write."""
from __future__ import annotations

import sqlite3

import pytest

from host.storage import readonly
from host.storage.journal import Entry
from host.storage.store import DB_NAME, SCHEMA_VERSION, Store


def test_no_database_and_one_being_made_are_nothing_yet(tmp_path):
    assert readonly.open_database(tmp_path / DB_NAME) is None
    sqlite3.connect(tmp_path / DB_NAME).close()  # created, schema 0: the referee is at it
    assert readonly.open_database(tmp_path / DB_NAME) is None


def test_a_newer_hexrefs_database_is_refused_as_unreadable(tmp_path):
    with Store(tmp_path):
        pass
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("PRAGMA user_version = %d" % (SCHEMA_VERSION + 1))
    db.close()
    with pytest.raises(sqlite3.Error, match="newer hexref"):
        readonly.open_database(tmp_path / DB_NAME)


def test_it_reads_what_the_store_wrote_and_writes_nothing(tmp_path):
    entries = [Entry("referee", ("roster", "P1"), True),
               Entry("game", ("tap", "04A1B2C3D4E5F6", 2), True, "b00t", 7),
               Entry("game", ("roll", 9), False, "b00t", 8)]
    now = iter([1764100800.0, 1764104400.0] + [1764104401.0] * 10).__next__
    with Store(tmp_path, clock=now) as store:  # the second game an hour after the first
        first = store.new_game("jl-beginner", ["Ana", "Ben"])
        second = store.new_game("hexo", ["A", "B", "C"])
        journal = store.journal(first)
        for e in entries:
            journal.append(e)
        written = store.games()
    db = readonly.open_database(tmp_path / DB_NAME)
    assert db is not None
    assert readonly.games(db) == written
    assert [g.id for g in readonly.games(db, since=written[1].created)] == [second]
    read, times = readonly.entries_after(db, first, 0)
    assert read == entries and len(times) == 3
    assert readonly.entries_after(db, first, 2)[0] == entries[2:]
    assert readonly.entries_after(db, second, 0) == ([], [])
    assert readonly.last_hub_event(db, "b00t") == 8
    assert readonly.last_hub_event(db, "other") == 0
    with pytest.raises(sqlite3.Error):
        db.execute("DELETE FROM games")
    assert readonly.games(db) == written
    db.close()
