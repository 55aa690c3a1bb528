"""``hexref backup`` (a consistent copy of the database, even while the referee runs) and
``hexref restore`` (put one back)."""
from __future__ import annotations

import argparse

from host.commands.options import DATA_HELP, Failed, data, stored
from host.common.i18n import _, n_


def add_parser(commands) -> None:
    back = commands.add_parser(
        "backup", help="copy the database safely, even while the referee runs",
        description="Writes a consistent copy of hexref.db to FILE with SQLite's online "
                    "backup (copying the file itself while the referee runs is not safe). "
                    "Keep collection.key too, privately: it is not in the database.")
    back.add_argument("file", help="where to write the copy (a new file, or a folder)")
    back.add_argument("--replace", action="store_true",
                      help="write over FILE if it exists (without it, an existing file is "
                           "refused)")
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
    from host.storage.store import DB_NAME, Store

    folder = stored(args)
    if folder is None or not (folder / DB_NAME).exists():
        raise Failed(_("nothing to back up: there is no database in %s yet")
                     % (folder or data(args)))
    with Store.read_only(folder) as store:
        dest = backup(store, args.file, replace=args.replace)
        games, tiles = len(store.games()), len(store.tiles())
    print(_("backed up %(games)s and %(tiles)s to %(file)s (keep collection.key too, "
            "privately: it is not in the database)")
          % {"games": n_("%d game", "%d games", games) % games,
             "tiles": n_("%d tile", "%d tiles", tiles) % tiles, "file": dest})
    return 0


def _restore(args: argparse.Namespace) -> int:
    from host.storage.backup import restore
    from host.storage.store import Store, StoreError

    try:
        kept = restore(args.file, data(args))
    except StoreError as exc:
        raise Failed(_("%s (nothing changed)") % exc) from None
    with Store.read_only(data(args)) as store:
        games, tiles = len(store.games()), len(store.tiles())
    print(_("restored %(games)s and %(tiles)s from %(file)s; the database it replaced is "
            "kept as %(kept)s")
          % {"games": n_("%d game", "%d games", games) % games,
             "tiles": n_("%d tile", "%d tiles", tiles) % tiles, "file": args.file,
             "kept": kept})
    return 0
