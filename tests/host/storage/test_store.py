"""The SQLite store: journal committed before the ACK, games restored by replay, undo by
replay, the data directory, the schema version (DESIGN.md principle 2, Storage)."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from rigs.table_rig import BOOT, Table, demo_game_events, new_game, setup_events

from host.common.config import data_dir
from host.display.screens import text
from host.storage.journal import Entry, MemoryJournal
from host.storage.store import SCHEMA_VERSION, Store, StoreError


def _rows(path: Path, sql: str, *args) -> list[tuple]:
    """Read through a second connection: what another process (or a restart) sees."""
    db = sqlite3.connect(str(path))
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def test_data_dir_argument_then_environment_then_xdg_then_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXREF_DATA", str(tmp_path / "env"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert data_dir() == tmp_path / "env"
    monkeypatch.delenv("HEXREF_DATA")
    assert data_dir() == tmp_path / "xdg" / "hexref"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "hexref"
    store = Store()
    assert store.path == tmp_path / "home" / ".local" / "share" / "hexref" / "hexref.db"
    assert store.path.exists()


def test_new_database_is_wal_with_the_current_schema(tmp_path):
    store = Store(tmp_path)
    assert store.schema_version == SCHEMA_VERSION >= 1
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in _rows(store.path, "SELECT name FROM sqlite_master WHERE "
                                              "type = 'table'")}
    assert {"games", "journal", "tiles", "keys"} <= tables
    store.close()
    assert Store(tmp_path).schema_version == SCHEMA_VERSION  # reopening migrates nothing


def test_database_from_a_newer_hexref_is_refused_and_left_alone(tmp_path):
    Store(tmp_path).close()
    db = sqlite3.connect(str(tmp_path / "hexref.db"))
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(StoreError, match="newer hexref"):
        Store(tmp_path)
    assert _rows(tmp_path / "hexref.db", "PRAGMA user_version") == [(99,)]


def test_not_a_database_gets_a_clear_message(tmp_path):
    (tmp_path / "hexref.db").write_bytes(b"this is a shopping list, not SQLite" * 100)
    with pytest.raises(StoreError, match="not a usable hexref database"):
        Store(tmp_path)


def test_append_is_on_disk_when_it_returns(tmp_path):
    store = Store(tmp_path)
    game = store.new_game("jl-beginner", ["P1", "P2"])
    journal = store.journal(game)
    journal.append(Entry("game", ("tap", "04A1B2C3"), True, BOOT, 7))
    assert _rows(store.path, "SELECT n, target, input, accepted, boot, seq FROM journal") == [
        (1, "game", '["tap","04A1B2C3"]', 1, BOOT, 7)]


def test_sqlite_journal_keeps_the_memory_journal_interface(tmp_path):
    """Same entries, same positions, same drop_last_accepted answer for the same appends."""
    store = Store(tmp_path)
    sql = store.journal(store.new_game("jl-beginner", ["P1", "P2"]))
    mem = MemoryJournal()
    entries = [Entry("game", ("add", 0, "04A1B2C3", {"id": "jl/mars", "strike": None}), True,
                     BOOT, 1),
               Entry("none", ("GONE",), False, BOOT, 2),
               Entry("referee", ("seat", 1), True, None, None),
               Entry("game", ("roll", 6), False, BOOT, 3)]
    for e in entries:
        sql.append(e)
        mem.append(e)
    assert sql.entries == mem.entries
    assert store.journal(sql.game_id).entries == mem.entries  # read back from the file
    assert sql.positions() == mem.positions() == {BOOT: 3}
    assert sql.drop_last_accepted() == mem.drop_last_accepted() == entries[2]
    # The row stays, not accepted: the table's history and the hub's numbering are kept.
    assert [e.accepted for e in store.journal(sql.game_id).entries] == [True, False, False,
                                                                        False]


def test_the_ack_follows_the_commit(tmp_path):
    """Principle 2: whenever the host writes ACK n, event n is already in the file."""
    store = Store(tmp_path)
    table = Table(store)
    checked = []
    port = table.link.port
    write = port.write

    def write_and_check(data: bytes) -> None:
        if b" ACK " in data:
            seq = int(data.split()[2])
            on_disk = _rows(store.path, "SELECT MAX(seq) FROM journal WHERE boot = ?", BOOT)
            assert on_disk[0][0] is not None and on_disk[0][0] >= seq
            checked.append(seq)
        write(data)

    port.write = write_and_check
    events = setup_events()
    table.play(events)
    assert checked and max(checked) == len(events)
    assert table.hub.unacked == 0


def test_a_failed_commit_sends_no_ack_and_changes_nothing(tmp_path):
    store = Store(tmp_path)
    table = Table(store)
    table.play(setup_events())
    before = (list(table.referee.game.inputs), text(table.presenter.screen(table.referee.seen())))
    store.db.close()  # the disk is gone: every write fails
    table.hub.send_event(table.now, *demo_game_events()[len(setup_events())])
    table.hub.poll(table.now + 1)
    with pytest.raises(sqlite3.ProgrammingError):
        for rcv in table.link.read():
            table.referee.on_event(rcv.event)
            table.link.ack(rcv.seq)
    assert (list(table.referee.game.inputs), text(table.presenter.screen(table.referee.seen()))) == before
    table.hub.poll(table.now + 2)
    assert table.hub.unacked == 1  # the hub still holds it and will resend it


def test_an_unfinished_game_is_restored_by_replaying_its_journal(tmp_path):
    store = Store(tmp_path)
    table = Table(store)
    events = demo_game_events()
    half = len(events) // 2
    table.play(events[:half])
    want_inputs = list(table.referee.game.inputs)
    want_names = dict(table.referee.names)
    store.close()

    again = Store(tmp_path)
    row = again.unfinished()
    assert row is not None and row.id == table.game_id and row.variant == "jl-beginner"
    restored = Table(again, row.id, wire=table.wire, hub=table.hub)
    assert restored.referee.game.inputs == want_inputs
    assert restored.referee.names == want_names
    assert restored.link.positions == {BOOT: half}
    restored.play(events[half:])  # and play goes on to the same end
    assert restored.referee.game.legal_inputs().expect == "over"
    assert len(again.journal(row.id).entries) == len(events)


def test_a_new_game_on_the_same_hub_boot_continues_its_numbering(tmp_path):
    store = Store(tmp_path)
    first = Table(store)
    first.play(demo_game_events())
    store.finish(first.game_id, "P1")
    assert store.unfinished() is None
    second = Table(store, wire=first.wire, hub=first.hub)  # the hub was not reset
    assert second.link.positions[BOOT] == len(demo_game_events())
    second.play(setup_events())
    assert len(second.journal.entries) == len(setup_events())
    assert second.hub.unacked == 0


def test_finishing_twice_or_an_unknown_game_is_refused(tmp_path):
    store = Store(tmp_path)
    game = store.new_game("jl-beginner", ["P1", "P2"])
    store.finish(game, "P2")
    assert store.game(game).winner == "P2" and store.game(game).finished
    with pytest.raises(ValueError, match="not an unfinished game"):
        store.finish(game, "P1")
    assert store.game(game).winner == "P2"
    with pytest.raises(KeyError):
        store.journal(game + 1)


def test_undo_is_a_replay_of_all_but_the_last_input(tmp_path):
    """A long press of BACK takes back the last game input (principle 2); after a restart
    the undone input stays undone."""
    store = Store(tmp_path)
    table = Table(store)
    events = demo_game_events()
    upto = next(i for i in range(len(events)) if events[i][0] == "DIE"
                and events[i][2][0] == "FACE") + 1  # through the first die face
    table.play(events[:upto])
    inputs = list(table.referee.game.inputs)
    assert inputs[-1][0] == "roll"
    reaction = table.referee.on_press("BACK", "long")
    assert reaction.result is not None and reaction.result.accepted
    fresh = new_game()
    fresh.replay(inputs[:-1])
    assert table.referee.game.inputs == inputs[:-1]
    assert table.referee.game.legal_inputs().prompt == fresh.legal_inputs().prompt
    assert table.journal.entries[-1] == Entry("referee", ("undo",), True, None, None)
    store.close()
    again = Store(tmp_path)
    restored = Table(again, table.game_id, wire=table.wire, hub=table.hub)
    assert restored.referee.game.inputs == inputs[:-1]
