"""``hexref backup`` (a consistent copy of the database, even while the referee runs) and
``hexref restore`` (put one back)."""
from __future__ import annotations

import argparse

from host.commands.options import DATA_HELP, data, fail
from host.common.i18n import _


def add_parser(commands) -> None:
    back = commands.add_parser(
        "backup", help="copy the database safely, even while the referee runs",
        description="Writes a consistent copy of hexref.db to FILE with SQLite's online "
                    "backup (copying the file itself while the referee runs is not safe). "
                    "Keep collection.key too, privately: it is not in the database.")
    back.add_argument("file", help="where to write the copy (a file, or a folder)")
    back.set_defaults(func=_backup)
    restore = commands.add_parser(
        "restore", help="put a backup back (stop the referee first)",
        description="Checks FILE (a hexref database, intact), keeps the current database as "
                    "hexref.before-restore.db and copies FILE in. hexref run then says if "
                    "the hub had inputs acknowledged that the backup does not hold.")
    restore.add_argument("file", help="a file written by hexref backup")
    restore.set_defaults(func=_restore)
    for sub in (back, restore):
        sub.add_argument("--data", help=DATA_HELP)


def _backup(args: argparse.Namespace) -> int:
    from host.storage.backup import backup
    from host.storage.store import Store, StoreError

    try:
        with Store(data(args)) as store:
            dest = backup(store, args.file)
            games, tiles = len(store.games()), len(store.tiles())
    except StoreError as exc:
        return fail("backup", exc)
    print(_("backed up %(games)d games and %(tiles)d tiles to %(file)s (keep collection.key "
            "too, privately: it is not in the database)")
          % {"games": games, "tiles": tiles, "file": dest})
    return 0


def _restore(args: argparse.Namespace) -> int:
    from host.storage.backup import restore
    from host.storage.store import Store, StoreError

    try:
        kept = restore(args.file, data(args))
        with Store(data(args)) as store:
            games, tiles = len(store.games()), len(store.tiles())
    except StoreError as exc:
        return fail("restore", _("%s (nothing changed)") % exc)
    print(_("restored %(games)d games and %(tiles)d tiles from %(file)s; the database it "
            "replaced is kept as %(kept)s")
          % {"games": games, "tiles": tiles, "file": args.file, "kept": kept})
    return 0
