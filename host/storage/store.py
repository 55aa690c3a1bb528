"""Everything the referee keeps on the Pi: one SQLite file (standard library, WAL mode).

The file holds the games, each game's journal, the tile registry and the fingerprints of
the collection keys that signed our tags (the key itself stays in its own 0600 file, see
``host/storage/keys.py``). It lives under the user's data directory::

    $HEXREF_DATA/hexref.db                  (set by the environment, e.g. for a test run)
    $XDG_DATA_HOME/hexref/hexref.db         (when XDG_DATA_HOME is set)
    ~/.local/share/hexref/hexref.db         (otherwise)

One file to back up, with ``hexref backup FILE`` (SQLite's online backup, safe while the
referee runs; host/storage/backup.py), never by copying the file.

Durability: every journal append is its own transaction, committed with
``synchronous=FULL`` before ``append`` returns, so the hub's ACK (sent after) never covers
an input a power cut could lose. WAL keeps a killed process from ever leaving half a
transaction behind.

>>> import tempfile
>>> store = Store(tempfile.mkdtemp())
>>> game = store.new_game("jl-beginner", ["P1", "P2"])
>>> journal = store.journal(game)
>>> journal.append(Entry("game", ("tap", "04A1B2C3"), True, "0A1B2C3D", 1))
>>> store.journal(game).entries[0].input
('tap', '04A1B2C3')
>>> store.unfinished().id == game
True
"""
from __future__ import annotations

import errno
import json
import os
import sqlite3
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from host.common.config import data_dir
from host.common.i18n import _
from host.storage.journal import Entry, to_input

DB_NAME = "hexref.db"
# Beside the database, outside it: how many entries the newest game had when its last
# entry was acknowledged. A -wal that loses its newest frames (a flipped byte ends SQLite's
# recovery there) takes those entries with it, but not this file: the next start sees the
# journal shorter than it was, whatever the hub did meanwhile (a reset hub cannot say).
MARK_NAME = "hexref.mark"
_MARK_BYTES = 96

# Schema migrations, in order: the database's PRAGMA user_version says how many have run.
# Never edit a step that has shipped; add the next one.
MIGRATIONS = (
    """
    CREATE TABLE games (
        id       INTEGER PRIMARY KEY,
        variant  TEXT NOT NULL,
        players  TEXT NOT NULL,          -- JSON list of the players' names
        created  TEXT NOT NULL,
        finished TEXT,                   -- NULL while the game is being played
        winner   TEXT                    -- who won, as the panel said it
    );
    CREATE TABLE journal (
        game     INTEGER NOT NULL REFERENCES games(id),
        n        INTEGER NOT NULL,       -- 1, 2, 3... within the game
        target   TEXT NOT NULL,          -- "game", "referee" or "none"
        input    TEXT NOT NULL,          -- JSON list
        accepted INTEGER NOT NULL,
        boot     TEXT,                   -- hub boot id and event number, NULL for the
        seq      INTEGER,                -- Pi's own buttons
        time     TEXT NOT NULL,
        PRIMARY KEY (game, n)
    ) WITHOUT ROWID;
    CREATE INDEX journal_hub ON journal (boot, seq);
    CREATE TABLE tiles (
        uid      TEXT PRIMARY KEY,       -- tag UID, upper-case hex
        entry    TEXT NOT NULL,          -- catalogue entry id: prefix/number
        owner    TEXT,                   -- whose tile it is, e.g. "Sam"
        strike   TEXT,                   -- JSON {colour: value} read off the tile, or NULL
        enrolled TEXT NOT NULL,
        fields   TEXT                    -- JSON {name, kind, colour...} read off the tile
    );
    CREATE TABLE keys (
        fingerprint TEXT PRIMARY KEY,    -- first 8 bytes of SHA-256 of a collection key
        created     TEXT NOT NULL,
        note        TEXT
    );
    -- Hub events taken outside any game (enrollment): the link must not expect them again.
    CREATE TABLE hub_events (
        boot TEXT PRIMARY KEY,
        seq  INTEGER NOT NULL
    );
    """,
    """
    -- Tags taken out of the collection (hexref tiles forget / revoke): not trusted even
    -- with a valid signature, until enrolled again (host/storage/registry.py).
    CREATE TABLE revoked (
        uid     TEXT PRIMARY KEY,        -- tag UID, upper-case hex
        entry   TEXT,                    -- what the registry said it was, if it knew
        revoked TEXT NOT NULL
    );
    """,
    """
    -- Each journal row's CRC-32 over its fields (row_checksum): a changed digit is found
    -- when the journal is read, not folded into the game. Rows from before are given
    -- theirs as the migration finds them (_backfill_checksums).
    ALTER TABLE journal ADD COLUMN checksum TEXT
    """,
    """
    -- What the referee keeps between starts outside any game, e.g. where the game menu
    -- stood ("menu": JSON), written with the hub event that moved it.
    CREATE TABLE settings (
        name  TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(Exception):
    """The database cannot be used as it is; the message says why and what to do.
    ``cause``: SQLite's error when it is one (disk full, read-only, I/O: may pass)."""

    cause: sqlite3.OperationalError | None = None


class DamagedRow(StoreError):
    """A journal row that is not what was written (its checksum, its text, its place)."""

    def __init__(self, path: Path, game: int, n: int, why: str) -> None:
        self.game, self.n, self.why = game, n, why
        super().__init__(
            "game %d, journal row %d is damaged (%s) in %s: restore the newest backup "
            "(hexref restore FILE; hexref backup makes them), or start a new game; "
            "hexref doctor lists every damaged row" % (game, n, why, path))


def row_checksum(game: int, n: int, target: bytes, inp: bytes, accepted: int,
                 boot: bytes | None, seq: int | None, when: bytes) -> str:
    """CRC-32 of a journal row's fields, each after its length, as 8 hex digits."""
    crc = 0
    for field in (str(game).encode(), str(n).encode(), target, inp, str(accepted).encode(),
                  b"-" if boot is None else b"=" + boot, str(seq).encode(), when):
        crc = zlib.crc32(field, zlib.crc32(len(field).to_bytes(4, "big"), crc))
    return "%08x" % crc


def _text(raw: bytes) -> str:
    """SQLite text as str; bytes that are not UTF-8 are a damaged file, said so."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise sqlite3.DatabaseError("text that is not UTF-8 (%r...): a damaged file"
                                    % raw[:24]) from None


def now_text(clock=time.time) -> str:
    """UTC time as ISO 8601 with milliseconds: ``2026-11-22T18:10:00.123Z``."""
    t = clock()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + ".%03dZ" % int(t % 1 * 1000)


@dataclass(frozen=True)
class GameRow:
    id: int
    variant: str
    players: tuple[str, ...]
    created: str
    finished: str | None
    winner: str | None


@dataclass(frozen=True)
class TileRow:
    uid: str
    entry: str
    owner: str | None
    strike: dict[str, int] | None
    enrolled: str
    fields: dict[str, Any] | None = None  # other values read off the tile (kind, name...)


def _share_with_group(path: Path) -> None:
    """In a folder shared with its group (the service's /var/lib/hexref, mode 2770: README,
    "Install the referee on the Pi"), the database and its -wal and -shm are the group's
    to write too. SQLite makes the database 0644 less the umask (0640 under the unit's
    UMask=0007) and each -wal and -shm with the database's mode, owned by whoever opened it
    first: the operator's `hexref tiles` could not write, and a -shm the operator's command
    made first left the referee itself "a readonly database" (seen on a booted Bookworm,
    tests/system/boot.py). Each owner opens up what is its own."""
    try:
        if path.parent.stat().st_mode & 0o070 != 0o070:
            return  # a folder of one user's (~/.local/share/hexref): nothing to share
    except OSError:
        return
    for name in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            info = name.stat()
            if info.st_uid == os.geteuid() and info.st_mode & 0o060 != 0o060:
                os.chmod(name, (info.st_mode | 0o060) & 0o7777)
        except OSError:
            pass  # not ours to change, or gone: SQLite says what it cannot do


class ReadOnly(sqlite3.Connection):
    """A connection that cannot write; ``immutable`` when opened as a frozen file."""

    immutable = False


def connect_read_only(path: Path, timeout_s: float = 5.0) -> ReadOnly:
    """``path`` opened so that nothing can be written through it, nor beside it (any thread
    may use it, one at a time). While a referee writes it, its ``-wal`` is there and the
    file is read through SQLite's locks and ``-shm`` (``mode=ro``: any account that may
    read those files can). When none is there, no referee has it open, and it is read as
    the frozen file it is (``immutable``): nothing is made beside it, so an account that
    may read the folder but not write it reads it too, and a command that only looks
    leaves no ``-wal`` for the start-up checkup to take for a lost journal. A referee that
    starts meanwhile writes to its new ``-wal`` only: ``follows_writes`` tells a long reader
    to open it again. sqlite3.Error when it cannot be opened; FileNotFoundError when there
    is no file."""
    if not path.is_file():
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    frozen = not path.with_name(path.name + "-wal").exists()
    uri = "file:%s?%s" % (quote(str(path.resolve())), "immutable=1" if frozen else "mode=ro")
    db = sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=timeout_s,
                         factory=ReadOnly)
    db.immutable = frozen
    try:
        db.execute("PRAGMA query_only = ON")
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error:
        db.close()
        raise
    return db


def follows_writes(db: sqlite3.Connection, path: Path) -> bool:
    """False for a connection opened ``immutable`` while a referee has since begun writing
    (its ``-wal`` is back): the reader must open the database again to see new games."""
    frozen = getattr(db, "immutable", False)
    return not frozen or not path.with_name(path.name + "-wal").exists()


class Store:
    """The database. ``where``: a folder (the file is ``hexref.db`` in it) or a ``.db``
    path; by default ``data_dir()``. ``durable=False`` trades power-cut safety for speed
    (for benchmarks and throwaway runs only: a killed process still loses nothing)."""

    def __init__(self, where: str | os.PathLike | None = None, durable: bool = True,
                 clock=time.time) -> None:
        path = Path(where) if where is not None else data_dir()
        if path.suffix != ".db":
            path = path / DB_NAME
        self.path = path
        self.clock = clock
        self.durable = durable
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(path), isolation_level=None, timeout=10.0)
            self.db.text_factory = _text
        except (OSError, sqlite3.Error) as e:
            if path.parent.exists() and not path.parent.is_dir():
                raise StoreError(_("the data folder %s is a file, not a folder")
                                 % path.parent) from e
            raise StoreError(_("cannot open the database %(file)s: %(why)s")
                             % {"file": path, "why": getattr(e, "strerror", None) or e}) from e
        try:
            self.db.execute("PRAGMA busy_timeout = 10000")
            mode = self.db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode.lower() != "wal":
                raise StoreError(_("%(file)s: SQLite refused WAL mode (%(mode)s); is it on a "
                                   "network share?") % {"file": path, "mode": mode})
            _share_with_group(path)
            self.db.execute("PRAGMA synchronous = %s" % ("FULL" if durable else "NORMAL"))
            self.db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
            self.identity = self._identity()
        except sqlite3.OperationalError as e:  # locked, read-only, disk full...
            self.db.close()
            closed = next((p for p in (path.parent, path, path.with_name(path.name + "-wal"))
                           if p.exists() and not os.access(p, os.W_OK)), None)
            if closed is not None:  # another account's folder: say whose, and the fix
                from host.common.access import sentence

                said = _("this account may read %(file)s but not write it: %(fix)s") % {
                    "file": path, "fix": sentence(PermissionError(
                        errno.EACCES, os.strerror(errno.EACCES), str(closed)))}
            else:
                said = _("cannot use the database %(file)s: %(why)s (is its folder writable, "
                         "the disk full?)") % {"file": path, "why": e}
            error = StoreError(said)
            error.cause = e
            raise error from e
        except sqlite3.DatabaseError as e:
            self.db.close()
            raise StoreError(_("%(file)s is not a usable hexref database: %(why)s")
                             % {"file": path, "why": e}) from e
        except BaseException:
            self.db.close()
            raise

    @classmethod
    def read_only(cls, where: str | os.PathLike, check: bool = True) -> Store:
        """The database (``where``: its folder or its path) opened to read only, for the
        commands that only look (``replay``, ``tiles list``, ``doctor``, the page): no
        migration, no write, nothing created, so an account that may read the folder but
        not write it can use it (``connect_read_only``). StoreError when it cannot be read
        or is not a hexref database this version understands (``check=False``: opened as
        it is, SQLite's errors raised as they are)."""
        path = Path(where)
        if path.suffix != ".db":
            path = path / DB_NAME
        store = cls.__new__(cls)
        store.path, store.clock = path, time.time
        if not check:  # the start-up checkup reads SQLite's own errors and the schema itself
            store.db = connect_read_only(path, timeout_s=2.0)
            store.db.text_factory = _text
            return store
        try:
            store.db = connect_read_only(path)
            schema = store.db.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.DatabaseError as e:
            raise StoreError(_("%(file)s is not a usable hexref database: %(why)s")
                             % {"file": path, "why": e}) from e
        except (OSError, sqlite3.Error) as e:
            if (path.with_name(path.name + "-wal").exists()
                    and not path.with_name(path.name + "-shm").exists()
                    and not os.access(path.parent, os.W_OK)):
                raise StoreError(_("%(file)s has entries in %(file)s-wal that only an account "
                                   "that may write %(folder)s can fold in: start the referee "
                                   "(it does at its start), then read it again")
                                 % {"file": path, "folder": path.parent}) from e
            raise StoreError(_("cannot read the database %(file)s: %(why)s")
                             % {"file": path, "why": e}) from e
        said = None
        if schema > SCHEMA_VERSION:
            said = _("%(file)s was written by a newer hexref (schema %(schema)d): upgrade "
                     "hexref")
        elif schema == 0:
            said = _("%(file)s is not a hexref database (it holds no games table)")
        elif schema < SCHEMA_VERSION:
            said = _("%(file)s was written by an older hexref (schema %(schema)d): start the "
                     "referee once (hexref run) to bring it up to date")
        if said is not None:
            store.db.close()
            raise StoreError(said % {"file": path, "schema": schema})
        store.db.text_factory = _text
        return store

    def close(self) -> None:
        self.db.close()
        if self._mark_fd is not None:
            os.close(self._mark_fd)
            self._mark_fd = None

    _mark_fd: int | None = None
    durable = True
    identity = ""  # read-only stores have none of their own to keep

    def write_mark(self, game: int, entries: int, boot: str | None, seq: int | None) -> None:
        """Say (``hexref.mark``, fsync'd, rewritten in place) that ``game`` had ``entries``
        entries when its last was committed. Best effort: a mark that cannot be written
        lags behind, which never raises a false alarm."""
        text = ("%d %d %s %d %s\n" % (game, entries, boot or "-", seq or 0,
                                       self.identity or "-")).encode()
        try:
            if self._mark_fd is None:
                self._mark_fd = os.open(self.path.with_name(MARK_NAME),
                                        os.O_RDWR | os.O_CREAT, 0o600)
            os.pwrite(self._mark_fd, text.ljust(_MARK_BYTES), 0)
            if self.durable:
                os.fdatasync(self._mark_fd)
        except OSError:
            pass

    def mark_behind(self) -> tuple[int, int, int] | None:
        """(game, entries the mark says it had, entries its journal holds) when the
        journal holds fewer than the mark says were acknowledged; else None (a mark left by
        another database, too)."""
        if not self.identity:  # opened read-only: its name is read, not made
            try:
                self.identity = self.setting("identity") or ""
            except sqlite3.Error:
                pass  # a schema from before the settings table: no name
        try:
            fields = self.path.with_name(MARK_NAME).read_bytes().split()
            game, entries = int(fields[0]), int(fields[1])
        except (OSError, ValueError, IndexError):
            return None
        whose = fields[4].decode() if len(fields) > 4 else "-"
        if "-" not in (whose, self.identity or "-") and whose != self.identity:
            return None  # another database's mark: this one never had those entries
        row = self.db.execute("SELECT count(*) FROM journal WHERE game = ?", (game,)
                              ).fetchone()
        return (game, entries, row[0]) if row[0] < entries else None

    def forget_mark(self) -> None:
        """The journal is as it is on purpose (a backup restored, the loss accepted)."""
        if self._mark_fd is not None:
            os.close(self._mark_fd)
            self._mark_fd = None
        self.path.with_name(MARK_NAME).unlink(missing_ok=True)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All or nothing: BEGIN IMMEDIATE ... COMMIT, ROLLBACK on any exception.

        A COMMIT that fails (the disk filled up) may leave the transaction open: it is
        rolled back too, so the next write starts clean once the disk has room again."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                try:
                    self.db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # SQLite rolled it back itself; the first error is the news
            raise

    def probe_write(self) -> None:
        """One small real write (the schema version, rewritten as it is): raises as a
        journal append would while the disk is full, read-only or failing."""
        with self.transaction() as db:
            db.execute("PRAGMA user_version = %d" % self.schema_version)

    def _identity(self) -> str:
        """This database's own name, made once with it: the mark beside it says whose
        entries it counts, so a mark left by another database (the folder cleared of
        ``hexref.db`` but not of ``hexref.mark``, a database copied in by hand) is not
        taken for lost entries. Checkpointed into the main file at once, so a ``-wal`` that
        loses its newest frames cannot take it along. "" when it cannot be written (a
        read-only card: its marks are read as before, without a name)."""
        said = self.setting("identity")
        if said:
            return said
        made = os.urandom(8).hex()
        try:
            self.put_setting("identity", made)
            self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            return ""
        return made

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(_("%(file)s was written by a newer hexref (schema %(its)d; this one "
                               "knows %(ours)d): upgrade hexref")
                             % {"file": self.path, "its": version, "ours": SCHEMA_VERSION})
        for step in range(version, SCHEMA_VERSION):
            with self.transaction() as db:
                for statement in MIGRATIONS[step].split(";"):
                    if statement.strip():
                        db.execute(statement)
                if step + 1 == 3:
                    self._backfill_checksums()
                db.execute("PRAGMA user_version = %d" % (step + 1))

    def _backfill_checksums(self) -> None:
        rows = self.db.execute(
            "SELECT game, n, CAST(target AS BLOB), CAST(input AS BLOB), accepted, "
            "CAST(boot AS BLOB), seq, CAST(time AS BLOB) FROM journal").fetchall()
        self.db.executemany("UPDATE journal SET checksum = ? WHERE game = ? AND n = ?",
                            [(row_checksum(*r), r[0], r[1]) for r in rows])

    def damaged_rows(self, limit: int = 20) -> list[DamagedRow]:
        """Every journal row (up to ``limit``) that is not what was written."""
        out: list[DamagedRow] = []
        for (game,) in self.db.execute("SELECT DISTINCT game FROM journal ORDER BY game"):
            try:
                _read_journal(self, game)
            except DamagedRow as e:
                out.append(e)
                if len(out) >= limit:
                    break
        return out

    @property
    def schema_version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    # --- games -----------------------------------------------------------------------

    def new_game(self, variant: str, players: list[str] | tuple[str, ...]) -> int:
        """Start a game record; returns its id."""
        if not variant or not players:
            raise ValueError("a game needs a variant and at least one player")
        with self.transaction() as db:
            cur = db.execute("INSERT INTO games (variant, players, created) VALUES (?, ?, ?)",
                             (variant, json.dumps(list(players)), now_text(self.clock)))
        return int(cur.lastrowid or 0)

    def _game_row(self, row) -> GameRow:
        return GameRow(row[0], row[1], tuple(json.loads(row[2])), row[3], row[4], row[5])

    def game(self, game_id: int) -> GameRow:
        row = self.db.execute("SELECT id, variant, players, created, finished, winner "
                              "FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(_("no game %(n)d in %(file)s") % {"n": game_id, "file": self.path})
        return self._game_row(row)

    def games(self) -> list[GameRow]:
        rows = self.db.execute("SELECT id, variant, players, created, finished, winner "
                               "FROM games ORDER BY id").fetchall()
        return [self._game_row(r) for r in rows]

    def unfinished(self) -> GameRow | None:
        """The most recent game nobody finished: the one to restore after a restart."""
        row = self.db.execute("SELECT id, variant, players, created, finished, winner "
                              "FROM games WHERE finished IS NULL ORDER BY id DESC LIMIT 1"
                              ).fetchone()
        return self._game_row(row) if row else None

    def finish(self, game_id: int, winner: str | None) -> None:
        """Mark a game over (``winner`` None: abandoned). Finishing twice is refused."""
        with self.transaction() as db:
            cur = db.execute("UPDATE games SET finished = ?, winner = ? "
                             "WHERE id = ? AND finished IS NULL",
                             (now_text(self.clock), winner, game_id))
            if cur.rowcount != 1:
                raise ValueError("game %d is not an unfinished game" % game_id)

    def journal(self, game_id: int) -> SqliteJournal:
        return SqliteJournal(self, game_id)

    # --- the hub's numbering -----------------------------------------------------------

    def positions(self) -> dict[str, int]:
        """Boot id -> highest hub event number taken, over every game and enrollment.

        Across games, not per game: a new game started on the same hub boot must not wait
        for event 1 again (the link would drop every later event as out of order).
        """
        out: dict[str, int] = {}
        for boot, seq in self.db.execute(
                "SELECT boot, MAX(seq) FROM journal WHERE boot IS NOT NULL AND seq IS NOT "
                "NULL GROUP BY boot UNION ALL SELECT boot, seq FROM hub_events"):
            out[boot] = max(out.get(boot, 0), seq)
        return out

    def took_hub_event(self, boot: str, seq: int, menu: str | None = None) -> None:
        """Record an event handled outside a game (enrollment, the game menu) before it is
        acknowledged; ``menu``: where the menu stands after it, kept in the same
        transaction (a restart between the two would lose a press or apply it twice)."""
        with self.transaction() as db:
            db.execute("INSERT INTO hub_events (boot, seq) VALUES (?, ?) ON CONFLICT(boot) "
                       "DO UPDATE SET seq = MAX(seq, excluded.seq)", (boot, seq))
            if menu is not None:
                self._put_setting(db, "menu", menu)

    # --- settings kept between starts ------------------------------------------------------

    def setting(self, name: str) -> str | None:
        row = self.db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    def put_setting(self, name: str, value: str) -> None:
        with self.transaction() as db:
            self._put_setting(db, name, value)

    @staticmethod
    def _put_setting(db: sqlite3.Connection, name: str, value: str) -> None:
        db.execute("INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT(name) "
                   "DO UPDATE SET value = excluded.value", (name, value))

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """Reads that see one state of the file, whatever a running referee commits
        meanwhile (WAL: a read transaction keeps its snapshot)."""
        self.db.execute("BEGIN")
        try:
            yield self.db
        finally:
            if self.db.in_transaction:
                self.db.execute("COMMIT")

    # --- tiles (the registry's storage; the rules of trust are in host/storage/registry.py) -----

    def _tile_row(self, row) -> TileRow:
        return TileRow(row[0], row[1], row[2], json.loads(row[3]) if row[3] else None, row[4],
                       json.loads(row[5]) if row[5] else None)

    def tile(self, uid: str) -> TileRow | None:
        row = self.db.execute("SELECT uid, entry, owner, strike, enrolled, fields FROM tiles "
                              "WHERE uid = ?", (uid,)).fetchone()
        return self._tile_row(row) if row else None

    def tiles(self) -> list[TileRow]:
        rows = self.db.execute("SELECT uid, entry, owner, strike, enrolled, fields FROM tiles "
                               "ORDER BY entry, uid").fetchall()
        return [self._tile_row(r) for r in rows]

    def put_tiles(self, rows: list[TileRow]) -> None:
        """Insert or replace tiles, all in one transaction (enrolling a revoked tag again
        lifts its revocation)."""
        with self.transaction() as db:
            db.executemany("DELETE FROM revoked WHERE uid = ?", [(r.uid,) for r in rows])
            db.executemany(
                "INSERT OR REPLACE INTO tiles (uid, entry, owner, strike, enrolled, fields) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(r.uid, r.entry, r.owner,
                  json.dumps(r.strike, sort_keys=True) if r.strike else None, r.enrolled,
                  json.dumps(r.fields, sort_keys=True) if r.fields else None)
                 for r in rows])

    def forget_tile(self, uid: str) -> bool:
        """Take a tag out of the registry and revoke it, in one transaction; True if it
        was enrolled."""
        with self.transaction() as db:
            row = db.execute("SELECT entry FROM tiles WHERE uid = ?", (uid,)).fetchone()
            db.execute("DELETE FROM tiles WHERE uid = ?", (uid,))
            db.execute("INSERT INTO revoked (uid, entry, revoked) VALUES (?, ?, ?) "
                       "ON CONFLICT(uid) DO UPDATE SET revoked = excluded.revoked, "
                       "entry = COALESCE(excluded.entry, entry)",
                       (uid, row[0] if row else None, now_text(self.clock)))
        return row is not None

    def is_revoked(self, uid: str) -> bool:
        return self.db.execute("SELECT 1 FROM revoked WHERE uid = ?", (uid,)
                               ).fetchone() is not None

    def revoked(self) -> list[tuple[str, str | None, str]]:
        """(uid, entry or None, when) of every revoked tag."""
        return [tuple(r) for r in self.db.execute(
            "SELECT uid, entry, revoked FROM revoked ORDER BY revoked, uid")]

    # --- keys --------------------------------------------------------------------------

    def key_fingerprints(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT fingerprint FROM keys ORDER BY created")]

    def remember_key(self, fingerprint: str, note: str = "") -> None:
        with self.transaction() as db:
            db.execute("INSERT OR IGNORE INTO keys (fingerprint, created, note) "
                       "VALUES (?, ?, ?)", (fingerprint, now_text(self.clock), note))


def _read_journal(store: Store, game_id: int) -> list[Entry]:
    """A game's journal rows as entries, each checked: its place (1, 2, 3...), its
    checksum, its text. The first that fails raises DamagedRow naming it."""
    rows = store.db.execute(
        "SELECT game, n, CAST(target AS BLOB), CAST(input AS BLOB), accepted, "
        "CAST(boot AS BLOB), seq, CAST(time AS BLOB), checksum FROM journal WHERE game = ? "
        "ORDER BY n", (game_id,)).fetchall()
    out: list[Entry] = []
    for expected, row in enumerate(rows, start=1):
        game, n, target, inp, accepted, boot, seq, when, check = row
        if n != expected:
            raise DamagedRow(store.path, game_id, expected, "the row is missing")
        if check != row_checksum(game, n, target, inp, accepted, boot, seq, when):
            raise DamagedRow(store.path, game_id, n, "its checksum does not match")
        try:
            entry = Entry(target.decode("utf-8"), to_input(inp.decode("utf-8")),
                          bool(accepted), None if boot is None else boot.decode("ascii"),
                          seq)
        except (UnicodeDecodeError, ValueError) as e:
            raise DamagedRow(store.path, game_id, n, "unreadable: %s" % e) from None
        out.append(entry)
    return out


class SqliteJournal:
    """A game's journal in the database, with the interface of ``MemoryJournal``.

    ``entries`` is read once when the journal is opened and kept in step with the file:
    ``append`` writes and commits first and only then adds to the list, so memory never
    runs ahead of the disk, and the hub's ACK (sent after ``append`` returns) never covers
    an input that is not on the disk.
    """

    def __init__(self, store: Store, game_id: int) -> None:
        store.game(game_id)  # KeyError naming the game if there is none
        self.store = store
        self.game_id = game_id
        self.entries: list[Entry] = _read_journal(store, game_id)  # DamagedRow if so

    def append(self, entry: Entry) -> None:
        text = json.dumps(list(entry.input), separators=(",", ":"))
        n = len(self.entries) + 1
        when = now_text(self.store.clock)
        check = row_checksum(self.game_id, n, entry.target.encode(), text.encode(),
                             int(entry.accepted),
                             None if entry.boot is None else entry.boot.encode(), entry.seq,
                             when.encode())
        with self.store.transaction() as db:
            db.execute("INSERT INTO journal (game, n, target, input, accepted, boot, seq, time,"
                       " checksum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (self.game_id, n, entry.target, text, int(entry.accepted), entry.boot,
                        entry.seq, when, check))
        self.entries.append(entry)
        self.store.write_mark(self.game_id, n, entry.boot, entry.seq)

    def drop_last_accepted(self) -> Entry | None:
        """Take back the last accepted input. Unlike the memory journal, the row stays (as
        not accepted): the table's history is kept and so is the hub's numbering."""
        for i in range(len(self.entries) - 1, -1, -1):
            entry = self.entries[i]
            if entry.accepted:
                with self.store.transaction() as db:
                    row = db.execute(
                        "SELECT game, n, CAST(target AS BLOB), CAST(input AS BLOB), 0, "
                        "CAST(boot AS BLOB), seq, CAST(time AS BLOB) FROM journal "
                        "WHERE game = ? AND n = ?", (self.game_id, i + 1)).fetchone()
                    db.execute("UPDATE journal SET accepted = 0, checksum = ? "
                               "WHERE game = ? AND n = ?",
                               (row_checksum(*row), self.game_id, i + 1))
                self.entries[i] = Entry(entry.target, entry.input, False, entry.boot,
                                        entry.seq)
                return entry
        return None

    def positions(self) -> dict[str, int]:
        """Boot id -> highest hub event number taken (over the whole database: see
        ``Store.positions``)."""
        return self.store.positions()

    def times(self) -> list[str]:
        """When each entry was written, in order (for transcripts)."""
        return [r[0] for r in self.store.db.execute(
            "SELECT time FROM journal WHERE game = ? ORDER BY n", (self.game_id,))]
