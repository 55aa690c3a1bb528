"""``hexref web`` (the game live on every phone at the table) and ``hexref die-check`` (is
the physical die fair?). Starlette, uvicorn and the page are imported when the command runs."""
from __future__ import annotations

import argparse
import json
import sys

from host.commands.options import DATA_HELP, Failed, data, port_number, stored
from host.common.i18n import _


def add_parser(commands) -> None:
    web = commands.add_parser(
        "web", help="the game live on every phone at the table (a page on port 8080)",
        description="Reads the referee's database read-only and serves a page that follows "
                    "the current game live, with past games and the honest-die check.")
    web.add_argument("--data", metavar="DIR", help=DATA_HELP)
    web.add_argument("--port", type=port_number, metavar="N",
                     help="default: the config's web.port, else 8080")
    web.add_argument("--host",
                     help="address to listen on (default: the config's web.host, else "
                          "0.0.0.0: every phone on the network; 127.0.0.1: this computer "
                          "only)")
    web.set_defaults(func=_web)

    die = commands.add_parser(
        "die-check", help="is the physical die fair? every journalled roll, tested",
        description="Counts the faces of every roll of the physical die in the journal and "
                    "tests them against a fair die (chi-square, 5 degrees of freedom).")
    die.add_argument("--data", metavar="DIR", help=DATA_HELP)
    die.add_argument("--json", action="store_true", help="print JSON")
    die.set_defaults(func=_die_check)


def _web(args: argparse.Namespace) -> int:
    from host.readers.web import create_app, serve
    from host.storage.store import DB_NAME

    # The panel's menu shows the page's address from the same [web] settings (host/app/run.py).
    folder = data(args)
    if folder.exists() and not folder.is_dir():
        raise Failed(_("the data folder %s is a file, not a folder") % folder)
    if not (folder / DB_NAME).exists():
        print(_("hexref web: no database at %s yet; the page says so until the referee "
                "makes it") % (folder / DB_NAME), file=sys.stderr)
    return serve(create_app(folder), args.host or args.cfg.web.host,
                 args.cfg.web.port if args.port is None else args.port, "web")


def _die_check(args: argparse.Namespace) -> int:
    from host.readers import die_check
    from host.readers.web import Reader
    from host.storage.store import DB_NAME

    folder = stored(args)
    if folder is None or not (folder / DB_NAME).exists():
        raise Failed(_("no rolls to check: there is no database in %s yet")
                     % (folder or data(args)))
    reader = Reader(folder, command=None)
    if reader.db is None:
        raise Failed("%s: %s" % (folder / DB_NAME, reader.snapshot["status"]))
    with reader.lock:
        result = die_check.check(die_check.journalled_faces(reader.db))
    reader.close()
    if args.json:
        print(json.dumps(result.as_dict()))
    else:
        print("\n".join(die_check.report(result)))
    return 0 if result.biased_face is None else 3
