"""The referee's database, read-only, while ``hexref run`` writes it: what the phone page
(readers/web.py), the club's publisher (readers/club.py), die-check and doctor read.

One way to open it (a read-only URI, ``query_only``, the schema checked) and the queries
they share, so no reader writes its own SQL against the tables the store owns
(host/storage/store.py: the schema and its migrations). Functions over a connection: each
reader keeps its connection as long as it likes (the page follows the database as it grows).
"""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from host.common.i18n import _
from host.storage.journal import Entry, to_input
from host.storage.store import SCHEMA_VERSION, GameRow, connect_read_only, follows_writes


class NewerDatabase(sqlite3.DatabaseError):
    """A database a newer hexref wrote: this one cannot read it (an sqlite3 error, so a
    reader that says "cannot read" for those says it for this too)."""


def connect(path: Path, timeout_s: float = 5.0) -> sqlite3.Connection:
    """The database at ``path``, opened so that nothing can be written through it (any
    thread may use it, one at a time; ``store.connect_read_only``: an account that may
    read but not write the folder too). sqlite3.Error when it cannot be opened."""
    try:
        return connect_read_only(Path(path), timeout_s)
    except FileNotFoundError as exc:
        raise sqlite3.OperationalError("unable to open database file: %s" % exc) from None


def open_database(path: Path, timeout_s: float = 5.0) -> sqlite3.Connection | None:
    """``connect``, once the referee has made the database: None while there is none or
    it is still being created; NewerDatabase when a newer hexref wrote it."""
    if not Path(path).exists():
        return None
    db = connect(path, timeout_s)
    try:
        schema = db.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.Error:
        db.close()
        raise
    if schema == 0:  # the referee is still creating it
        db.close()
        return None
    if schema > SCHEMA_VERSION:
        db.close()
        raise NewerDatabase("%s was written by a newer hexref (schema %d): upgrade hexref"
                            % (path, schema))
    return db


def current(db: sqlite3.Connection, path: Path) -> bool:
    """False when ``db`` must be opened again to see what the referee writes: opened as a
    frozen file while no referee ran, and one runs now (``store.follows_writes``)."""
    return follows_writes(db, Path(path))


def data_version(db: sqlite3.Connection) -> int:
    """A number that changes whenever another connection (the referee) commits."""
    return db.execute("PRAGMA data_version").fetchone()[0]


def journal_mode(db: sqlite3.Connection) -> str:
    """``wal`` as the referee sets it (``delete`` for a database it has not opened yet).
    A file read frozen (``immutable``) answers ``delete`` whatever it is: its header says
    (bytes 18 and 19 are 2 in WAL mode)."""
    if getattr(db, "immutable", False):
        path = db.execute("PRAGMA database_list").fetchone()[2]
        with open(path, "rb") as f:
            header = f.read(20)
        return "wal" if header[18:20] == b"\x02\x02" else "delete"
    return db.execute("PRAGMA journal_mode").fetchone()[0]


def games(db: sqlite3.Connection, since: str = "") -> list[GameRow]:
    """Every stored game that can be read, oldest first; with ``since`` (a UTC time as the
    store writes it, ``2026-11-25T20:00:00``), those created since."""
    return read_games(db, since)[0]


def read_games(db: sqlite3.Connection,
               since: str = "") -> tuple[list[GameRow], dict[int, str]]:
    """Every stored game that can be read, and those that cannot (a damaged row, written
    by hand or by a broken disk): {id: what is wrong}, so a reader names them and goes on."""
    rows: list[GameRow] = []
    damaged: dict[int, str] = {}
    for r in db.execute("SELECT id, variant, players, created, finished, winner "
                        "FROM games WHERE created >= ? ORDER BY id", (since,)):
        try:
            players = json.loads(r[2])
        except (TypeError, ValueError):
            players = None
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            damaged[r[0]] = _("its players are not a list of names")
        elif not isinstance(r[1], str) or not r[1]:
            damaged[r[0]] = _("it names no game")
        elif not isinstance(r[3], str):
            damaged[r[0]] = _("it has no start time")
        else:
            rows.append(GameRow(r[0], r[1], tuple(players), r[3], r[4], r[5]))
    return rows, damaged


def entries_after(db: sqlite3.Connection, game_id: int,
                  seen: int) -> tuple[list[Entry], list[str]]:
    """The journal of game ``game_id`` after its first ``seen`` entries, and when each was
    recorded (UTC, ISO 8601, as the store writes it)."""
    rows = db.execute("SELECT target, input, accepted, boot, seq, time FROM journal "
                      "WHERE game = ? AND n > ? ORDER BY n", (game_id, seen)).fetchall()
    return ([Entry(t, to_input(i), bool(a), b, s) for t, i, a, b, s, _ in rows],
            [r[5] for r in rows])


def last_hub_event(db: sqlite3.Connection, boot: str) -> int:
    """The last event of hub boot ``boot`` the database holds, journalled or not (0: none)."""
    row = db.execute("SELECT MAX(seq) FROM (SELECT seq FROM journal WHERE boot = ? "
                     "UNION ALL SELECT seq FROM hub_events WHERE boot = ?)",
                     (boot, boot)).fetchone()
    return row[0] or 0
