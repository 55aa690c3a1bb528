"""What the data folder is like before play: every ``hexref run`` start and ``hexref
doctor`` look at it the same way, and say what they find in the same sentences.

A referee that cannot use its database must not start a new one in its place (a 0-byte
file next to a collection key is a lost journal, not a first start), must not fold a
journal whose index disagrees with its rows (every later hub event would be taken for a
duplicate), and must not exit either: under systemd that is a restart every few seconds
with a blank panel. ``examine`` names the first problem as a ``Finding``: two short panel
lines (what, and what to do) and one sentence for the log and doctor with the file, the
cause and the command that fixes it. ``hexref run`` shows it and looks again every few
seconds (host/app/run.py); doctor prints it.

>>> import tempfile
>>> examine(tempfile.mkdtemp()) is None  # an empty folder: a new referee
True
"""
from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from host.common import access
from host.common.config import data_dir
from host.common.i18n import _, n_
from host.storage.keys import KEY_FILE
from host.storage.store import DB_NAME, MARK_NAME, SCHEMA_VERSION, Store

MIN_FREE = 256 * 1024  # below this SQLite cannot make its -shm and -wal: "disk I/O error"
BACKUP_FOLDER = "backups"  # <data>/backups/*.db: where the newest backup is looked for


@dataclass(frozen=True)
class Finding:
    """What is wrong with the data folder. ``what``/``todo``: the panel's two lines (in
    the table's language); ``detail``: the log's and doctor's sentence, with the fix."""

    kind: str
    what: str
    todo: str
    detail: str

    def line(self) -> str:
        """The finding as doctor prints it: the panel's first line, then the details."""
        return "%s: %s" % (self.what, self.detail)


def newest_backup(folder: Path) -> Path | None:
    """The newest SQLite file beside the database or in ``backups/`` (hexref backup FILE
    writes wherever it is told; these are the places a maker keeps them)."""
    found = []
    for where in (folder, folder / BACKUP_FOLDER):
        try:
            names = list(where.glob("*.db"))
        except OSError:
            continue
        for path in names:
            try:
                if path.name != DB_NAME and path.is_file() and path.stat().st_size > 0:
                    found.append((path.stat().st_mtime, path))
            except OSError:
                continue
    return max(found)[1] if found else None


def _restore_advice(folder: Path) -> str:
    newest = newest_backup(folder)
    if newest is None:
        return _("restore your newest backup (hexref restore FILE)")
    return _("restore the newest backup: hexref restore %s") % newest


def examine(folder: str | os.PathLike | None = None) -> Finding | None:
    """The first thing that keeps the referee from using its data folder, or None."""
    folder = data_dir(folder)
    try:
        return _examine(folder)
    except OSError as exc:
        return Finding("io", _("Storage I/O error"), _("Check the SD card"),
                       _("%(folder)s cannot be read (%(why)s): check the card (sudo dmesg | "
                         "grep -i mmc)") % {"folder": folder, "why": exc})


def _examine(folder: Path) -> Finding | None:
    if folder.exists() and not folder.is_dir():
        return Finding("notfolder", _("Data folder is a file"), _("See hexref doctor"),
                       _("the data folder %(folder)s is a file, not a folder: move it away "
                         "(mv %(folder)s %(folder)s.file), or name another folder in the "
                         "config's [data] dir") % {"folder": folder})
    path = folder / DB_NAME
    if path.is_dir():
        return Finding("folder", _("Database is a folder"), _("See hexref doctor"),
                       _("%(file)s is a folder, not the database: move it away (mv %(file)s "
                         "%(file)s.folder) and hexref starts") % {"file": path})
    space = _filesystem(folder, path)
    if space is not None:
        return space
    if not path.exists() or path.stat().st_size == 0:
        had = [p.name for p in (folder / KEY_FILE, folder / (DB_NAME + "-wal"),
                                folder / MARK_NAME) if p.exists()]
        if newest_backup(folder) is not None:
            had.append("backups")
        if not had:
            return None  # nothing here yet: a new referee
        return Finding("missing", _("Database missing") if not path.exists()
                       else _("Database empty"), _("Restore a backup"),
                       (_("%(file)s is missing but this referee had one (found here: "
                          "%(found)s): %(advice)s; to start a new referee on purpose, move the "
                          "folder's files elsewhere") if not path.exists() else
                        _("%(file)s is empty (0 bytes) but this referee had one (found here: "
                          "%(found)s): %(advice)s; to start a new referee on purpose, move the "
                          "folder's files elsewhere"))
                       % {"file": path, "found": ", ".join(had),
                          "advice": _restore_advice(folder)})
    return examine_database(path)


def _filesystem(folder: Path, path: Path) -> Finding | None:
    """A card mounted read-only, full, out of inodes, or a folder this user cannot write."""
    where = folder
    while not where.exists() and where != where.parent:
        where = where.parent
    try:
        fs = os.statvfs(where)
    except OSError:
        return None
    if fs.f_flag & os.ST_RDONLY:
        return Finding("read-only", _("Storage read-only"), _("Check the SD card"),
                       _("%s is on a read-only filesystem (a card with errors is remounted "
                         "read-only): check it (sudo dmesg | grep -i mmc; sudo fsck), or "
                         "copy the data off and use another card") % folder)
    if fs.f_bavail * fs.f_frsize < MIN_FREE:
        return Finding("full", _("Disk full"), _("Free space on the Pi"),
                       _("%(folder)s has %(kb)d KB free: free space (sudo apt clean; sudo "
                         "journalctl --vacuum-size=50M; df -h)")
                       % {"folder": folder, "kb": fs.f_bavail * fs.f_frsize // 1024})
    if fs.f_files and fs.f_favail == 0:
        return Finding("inodes", _("No room for files"), _("Delete small files"),
                       _("%s's filesystem has no inodes left (df -i): delete small files, "
                         "e.g. old logs or caches") % folder)
    if where == folder and not (os.access(folder, os.W_OK) and (
            not path.exists() or os.access(path, os.R_OK | os.W_OK))):
        closed = folder if not os.access(folder, os.W_OK) else path
        # The service's folder wants its group and mode, not a chown that locks it out.
        return Finding("owner", _("Storage not writable"), _("See hexref doctor"),
                       _("%s is not writable by this user (SQLite also needs the folder): %s")
                       % (path, access.sentence(PermissionError(13, "denied", str(closed)))))
    return None


def examine_database(path: Path) -> Finding | None:
    """SQLite's quick check, the schema, and the journal's own invariants: rows numbered
    without gaps, checksums, the (boot, seq) index agreeing with the rows."""
    with open(path, "rb") as f:
        header = f.read(100)
    if header.startswith(b"SQLite format 3\0") and len(header) == 100 and (
            header[18] > 2 or header[19] > 2):
        # A file format this SQLite cannot write (WAL is 2): it would open, then every
        # write would fail as if the card were read-only.
        return Finding("newer", _("Newer database"), _("Update hexref"),
                       _("%(file)s is in a file format newer than this SQLite %(sqlite)s writes "
                         "(write version %(version)d): update hexref and its Python, or "
                         "%(advice)s")
                       % {"file": path, "sqlite": sqlite3.sqlite_version, "version": header[18],
                          "advice": _restore_advice(path.parent)})
    try:
        store = Store.read_only(path, check=False)
    except sqlite3.Error as exc:
        return _malformed(path, exc)
    try:
        version = store.schema_version
        if version > SCHEMA_VERSION:
            return Finding("newer", _("Newer database"), _("Update hexref"),
                           _("%(file)s was written by a newer hexref (schema %(its)d; this one "
                             "knows %(ours)d): update hexref (pip install -U hexref, or git "
                             "pull and make install)")
                           % {"file": path, "its": version, "ours": SCHEMA_VERSION})
        problems = [r[0] for r in store.db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            return _malformed(path, "; ".join(problems[:3]))
        if version >= 1 and not _index_agrees(store):
            return Finding("index", _("Database damaged"), _("See hexref doctor"),
                           _("%(file)s: the journal's hub index (boot, seq) disagrees with its "
                             "rows: every later reader event would be taken for one already "
                             "had. Nothing in the rows is lost: rebuild the index (sqlite3 "
                             "%(file)s 'REINDEX journal_hub'), or %(advice)s")
                           % {"file": path, "advice": _restore_advice(path.parent)})
        if version >= 3:
            damaged = store.damaged_rows()
            if damaged:
                first = damaged[0]
                return Finding("row", _("Journal damaged"),
                               _("Game %(game)d, row %(row)d") % {"game": first.game,
                                                                  "row": first.n},
                               n_("%(count)d damaged journal row: %(rows)s",
                                  "%(count)d damaged journal rows: %(rows)s", len(damaged)) % {
                                   "count": len(damaged),
                                   "rows": "; ".join(str(d) for d in damaged[:3])
                                   + ("" if len(damaged) <= 3 else "; ...")})
        if version == 0:
            tables = [r[0] for r in store.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")]
            if tables:
                return Finding("foreign", _("Database damaged"), _("See hexref doctor"),
                               _("%(file)s is an SQLite file but not a hexref database "
                                 "(tables %(tables)s): move it away, then %(advice)s")
                               % {"file": path, "tables": ", ".join(tables[:5]),
                                  "advice": _restore_advice(path.parent)})
            return None  # nothing in it yet: this hexref makes its tables
        behind = store.mark_behind()
        if behind is not None:
            return behind_finding(path, *behind)
    except sqlite3.Error as exc:
        return _malformed(path, exc)
    finally:
        store.close()
    return None


def behind_finding(path: Path, game: int, acked: int, held: int) -> Finding:
    """The journal holds fewer entries than were acknowledged (``hexref.mark``)."""
    return Finding("behind", _("Journal behind"), _("Restore a backup"),
                   _("game %(game)d's journal holds %(held)s but %(acked)d were "
                     "acknowledged (%(mark)s): the newest were lost from %(file)s-wal (a "
                     "damaged card?). %(advice)s; or reset the reader while the panel says so "
                     "to go on without them")
                   % {"game": game, "held": n_("%d entry", "%d entries", held) % held,
                      "acked": acked,
                      "mark": path.with_name(MARK_NAME), "file": path,
                      "advice": _restore_advice(path.parent).capitalize()})


def _index_agrees(store: Store) -> bool:
    """The journal read through its (boot, seq) index is the journal read without it.
    ``PRAGMA quick_check`` does not compare an index with its table; a wrong value in
    the index leaves the file well-formed and the link deaf."""
    through = sorted(store.db.execute(
        "SELECT boot, seq, game, n FROM journal INDEXED BY journal_hub "
        "WHERE boot IS NOT NULL").fetchall())
    # ``time`` is not in the index: the rows themselves are read (NOT INDEXED alone still
    # lets SQLite answer from a covering index).
    rows = sorted(r[:4] for r in store.db.execute(
        "SELECT boot, seq, game, n, time FROM journal NOT INDEXED WHERE boot IS NOT NULL"))
    return through == rows


def _malformed(path: Path, why) -> Finding:
    why = " ".join(str(why).split())  # SQLite's own lines, on one
    return Finding("malformed", _("Database damaged"), _("See hexref doctor"),
                   _("%(file)s is damaged (%(why)s): %(advice)s")
                   % {"file": path, "why": why, "advice": _restore_advice(path.parent)})
