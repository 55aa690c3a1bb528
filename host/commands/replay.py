"""``hexref replay``: the stored games, or one re-run through today's rules as a transcript."""
from __future__ import annotations

import argparse

from host.commands.options import DATA_HELP, Failed, data, stored
from host.common.i18n import _


def add_parser(commands) -> None:
    rep = commands.add_parser(
        "replay", help="re-run a stored game through the rules and print its transcript",
        description="Without GAME: the stored games. With a number or 'last': each input "
                    "and what the panel said after it; exit code 1 if the rules now "
                    "decide an input differently than at the table.")
    rep.add_argument("game", nargs="?", metavar="GAME", help="a game number, or last")
    rep.add_argument("--data", help=DATA_HELP)
    rep.set_defaults(func=_replay)


def _replay(args: argparse.Namespace) -> int:
    from host.readers.replay import ReplayError, replay
    from host.storage.registry import Registry

    folder = stored(args)
    registry = Registry.existing(folder) if folder is not None else None
    games = registry.store.games() if registry is not None else []
    if args.game is None:
        if not games:
            print(_("No games stored yet in %s.") % (folder or data(args)))
        for row in games:
            state = ((_("%s won") % row.winner if row.winner else _("finished"))
                     if row.finished else _("not finished"))
            print("%4d  %-14s %-20s %s  %s" % (row.id, row.variant, " vs ".join(row.players),
                                              row.created, state))
        return 0
    if args.game != "last" and not args.game.isdigit():
        raise Failed(_("GAME is a game number or 'last', not %r") % args.game, 2)
    if registry is None or not games:
        raise Failed(_("no games stored yet in %s") % (folder or data(args)))
    game_id = games[-1].id if args.game == "last" else int(args.game)
    try:
        lines = replay(registry.store, game_id)
    except KeyError as exc:
        raise Failed(str(exc).strip("'\"")) from None
    except (ReplayError, ValueError) as exc:
        raise Failed(exc) from None
    print("\n".join(lines))
    return 0
