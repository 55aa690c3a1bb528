"""The ``hexref`` command line."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from host.common.version import version


def _demo(args: argparse.Namespace) -> int:
    from host.app.demo import run_demo

    live = None if args.live == "auto" else args.live == "yes"
    return run_demo(Path(args.out), live=live, variant=args.variant, board=args.board)


def build_parser() -> argparse.ArgumentParser:
    from host.common.logs import LEVELS

    parser = argparse.ArgumentParser(
        prog="hexref", description="Companion referee for hexagonal tile battle games.")
    parser.add_argument("--version", action="version", version="hexref " + version())
    parser.add_argument("--log-level", choices=LEVELS,
                        help="what goes to stderr (the journal under systemd): debug adds "
                             "every refused input (default info; warning for the demo, "
                             "whose transcript says it all)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    demo = commands.add_parser(
        "demo", help="play a scripted game (Hexors, HeroScape, Hexo, Invocations) with no "
                     "hardware",
        description="Runs the real hub firmware against simulated sensors over a "
                    "pseudo-terminal, referees a whole game, saves every frame as PNG.")
    demo.add_argument("--out", default="out/demo", help="where frames go (default out/demo)")
    from host.games.descriptor import demos

    demo.add_argument("--variant", choices=sorted(demos()), default="jl-beginner",
                      help="which scripted game (default jl-beginner)")
    demo.add_argument("--live", choices=("auto", "yes", "no"), default="auto",
                      help="draw the panel in the terminal (default: when on a terminal)")
    demo.add_argument("--board", choices=("sim", "pico"), default="sim",
                      help="the reader hub: the firmware under CPython (sim, default) or on "
                           "an emulated Raspberry Pi Pico running the official MicroPython "
                           "(pico: slower; from a checkout, after make setup)")
    demo.set_defaults(func=_demo)

    odds = commands.add_parser(
        "odds", help="exact odds of a battle or an attack",
        description="Exact probabilities, as fractions, with the game's re-roll rules.")
    odds_games = odds.add_subparsers(dest="game", metavar="GAME")
    from host.games.descriptor import DESCRIPTORS

    for game in DESCRIPTORS.values():
        if game.odds is not None:
            game.odds(odds_games)

    def _odds_help(args: argparse.Namespace) -> int:
        odds.print_help()
        return 2

    odds.set_defaults(func=_odds_help)

    from host.commands.store import add_commands  # enroll, tiles, replay

    add_commands(commands)
    from host.app.run import add_commands as add_run_commands  # run, doctor

    add_run_commands(commands)
    from host.readers.web import add_commands as add_web_commands  # web, die-check

    add_web_commands(commands)
    from host.readers.club import add_commands as add_club_commands  # club

    add_club_commands(commands)
    _add_lang(parser, top=True)
    return parser


def _add_lang(parser: argparse.ArgumentParser, top: bool = False) -> None:
    """``--lang`` before the command or after it (``hexref demo --lang fr``)."""
    from host.common.i18n import LANGUAGES

    parser.add_argument(
        "--lang", metavar="|".join(LANGUAGES), default=None if top else argparse.SUPPRESS,
        help="the language players are spoken to in (default: the config's "
             "[players] language, else the locale's, else English)")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                _add_lang(sub)


def _speak(args: argparse.Namespace) -> str | None:
    """Choose the table's language (--lang, the config, the locale); a message if the
    asked one is not spoken."""
    from host.common import i18n
    from host.common.config import ConfigError, load

    configured = ""
    try:
        configured = load(getattr(args, "config", None)).players.language
    except ConfigError:
        pass  # the command that reads the config says what is wrong with it
    try:
        i18n.use(i18n.choose(args.lang, configured))
    except ValueError as exc:
        return str(exc)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from host.common import logs

    logs.setup(args.log_level or ("warning" if args.command == "demo" else "info"))
    problem = _speak(args)
    if problem:
        print("hexref: %s" % problem, file=sys.stderr)
        return 2
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:
        # `hexref replay last | head -1`: the reader left; say nothing more to it.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # what a shell reports for a command ended by SIGPIPE
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
