"""``hexref backup`` and ``hexref restore``: a safe copy of the database, and back.

Copying ``hexref.db`` while the referee runs is not a backup: the newest inputs may sit in
``hexref.db-wal`` beside it, and a copy taken mid-commit can be torn. SQLite's online backup
API (``sqlite3.Connection.backup``) copies a consistent snapshot page by page while the
referee keeps playing. The copy is written beside its destination, checked
(``PRAGMA integrity_check``), turned into one self-contained file (rollback journal mode,
no ``-wal`` beside it), and only then renamed into place: a full disk or a kill never
leaves half a backup under the name you gave.

Restoring checks the file first (a hexref database, intact, not from a newer hexref), keeps
the current database as ``hexref.before-restore.db`` (in case the wrong file was chosen),
and copies the backup in with the same API. The referee must be stopped meanwhile
(``hexref run`` holds ``hexref.lock``): a running referee holds the game in memory and
would carry on from the journal it read. The collection key is not in the database: back up
``collection.key`` separately and keep it private.

After restoring an old backup the journal is behind what the hub may have had
acknowledged: ``hexref run`` notices and says so (host/app/run.py).
"""
from __future__ import annotations

import fcntl
import logging
import os
import sqlite3
from pathlib import Path

from host.common.config import data_dir
from host.common.i18n import _
from host.storage.store import DB_NAME, SCHEMA_VERSION, Store, StoreError

log = logging.getLogger(__name__)
LOCK_NAME = "hexref.lock"
BEFORE_RESTORE = "hexref.before-restore.db"
_TABLES = {"games", "journal", "tiles"}


class Busy(StoreError):
    """The referee is running on this data folder."""


def hold_run_lock(folder: str | os.PathLike) -> int:
    """Take the data folder's run lock (``hexref run`` holds it while it runs); returns
    the file descriptor that holds it. Busy if another process has it."""
    folder = Path(folder)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise Busy(_("the referee is running on %s: stop it first (sudo systemctl stop "
                     "hexref, or Ctrl-C in its terminal)") % folder) from None
    return fd


def _check(db: sqlite3.Connection, what: str) -> None:
    """A hexref database, intact, that this hexref can read; StoreError saying otherwise."""
    try:
        problems = [r[0] for r in db.execute("PRAGMA integrity_check")]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE "
                                           "type = 'table'")}
        version = db.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError:
        # SQLite's own words ("file is not a database") add nothing and are English.
        raise StoreError(_("%s is not a hexref database") % what) from None
    if problems != ["ok"]:
        raise StoreError(_("%(file)s is damaged (%(why)s): use another backup")
                         % {"file": what, "why": "; ".join(problems[:3])})
    if not _TABLES <= tables:
        raise StoreError(_("%s is an SQLite file but not a hexref database") % what)
    if version > SCHEMA_VERSION:
        raise StoreError(_("%(file)s was written by a newer hexref (schema %(its)d; this one "
                           "knows %(ours)d): upgrade hexref")
                         % {"file": what, "its": version, "ours": SCHEMA_VERSION})


def backup(store: Store, dest: str | os.PathLike, replace: bool = True) -> Path:
    """Copy the database into the file ``dest`` (a folder: ``hexref.db`` in it); returns
    its path. ``replace=False``: an existing file is refused, not overwritten."""
    dest = Path(dest)
    if dest.is_dir():
        dest = dest / DB_NAME
    if dest.resolve() == store.path.resolve():
        raise StoreError(_("%s is the database itself: back up to another file") % dest)
    if not dest.parent.is_dir():
        raise StoreError(_("there is no folder %(folder)s to write %(file)s in (nothing "
                           "written)") % {"folder": dest.parent, "file": dest.name})
    if dest.exists() and not replace:
        raise StoreError(_("%s already exists: give another name, or --replace to write "
                           "over it (nothing written)") % dest)
    part = dest.with_name("." + dest.name + ".part")
    try:
        part.unlink(missing_ok=True)
        copy = sqlite3.connect(str(part), isolation_level=None)
        try:
            store.db.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # one file, nothing beside it
            _check(copy, _("the copy"))
        finally:
            copy.close()
        with open(part, "rb") as f:
            os.fsync(f.fileno())
        os.replace(part, dest)
    except (OSError, sqlite3.Error) as exc:
        part.unlink(missing_ok=True)
        # SQLite's and the system's own words are English: the log keeps them.
        log.warning("backup to %s failed: %s", dest, exc)
        raise StoreError(_("cannot write the backup %(file)s: %(why)s (nothing written)")
                         % {"file": dest, "why": _write_failure(exc, dest.parent)}) from None
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    return dest


def _write_failure(exc: BaseException, folder: Path) -> str:
    """Why a file could not be written, in the user's words, not SQLite's."""
    import errno

    code = getattr(exc, "errno", None)
    text = str(exc).lower()
    if code in (errno.ENOSPC, errno.EDQUOT) or "full" in text:
        return _("the disk is full")
    if code == errno.EROFS or "read-only file system" in text:
        return _("the disk is read-only")
    if code in (errno.EACCES, errno.EPERM) or not os.access(folder, os.W_OK):
        return _("the folder %s is not writable by this user") % folder
    return str(exc)


def restore(source: str | os.PathLike, folder: str | os.PathLike | None = None) -> Path:
    """Replace the database in ``folder`` with the backup ``source``; returns where the
    database it replaced was kept. StoreError (nothing changed) when ``source`` is not a
    usable backup or the referee is running."""
    source = Path(source)
    where = data_dir(folder)
    if where.exists() and not where.is_dir():
        raise StoreError(_("the data folder %s is a file, not a folder") % where)
    if source.is_dir():
        raise StoreError(_("%s is a folder, not a backup file") % source)
    if not source.is_file():
        raise StoreError(_("%s: no such backup file") % source)
    try:
        src = sqlite3.connect("file:%s?mode=ro" % source.resolve(), uri=True,
                              isolation_level=None)
    except sqlite3.Error as exc:
        raise StoreError(_("cannot read %(file)s: %(why)s") % {"file": source, "why": exc}) from None
    lock = hold_run_lock(where)
    try:
        _check(src, str(source))
        try:
            live = Store(where)
            kept = backup(live, where / BEFORE_RESTORE)
        except StoreError:
            # The database cannot even be opened (the reason to restore, often): keep its
            # files as they are and start from an empty one.
            kept = where / BEFORE_RESTORE
            for suffix in ("", "-wal", "-shm"):
                there = where / (DB_NAME + suffix)
                if there.exists():
                    os.replace(there, where / (BEFORE_RESTORE + suffix))
            live = Store(where)
        with live:
            try:
                src.backup(live.db)
            except sqlite3.Error as exc:
                raise StoreError(_("cannot restore into %(file)s: %(why)s (the database it "
                                   "had is kept as %(kept)s)")
                                 % {"file": live.path, "why": exc, "kept": kept}) from None
        with Store(where) as restored:
            # WAL mode again, an older backup's schema brought up to date, and the journal
            # shorter on purpose: no "Journal behind" from the mark of the one replaced.
            restored.forget_mark()
        return kept
    finally:
        src.close()
        os.close(lock)
