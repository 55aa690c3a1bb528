"""The ``hexref`` command line: the top-level options, the command groups (one module each
in host/commands/, listed in ``GROUPS``), the table's language, and the entry point."""
from __future__ import annotations

import argparse
import sys

from host.commands import backup, club, demo, odds, replay, run, tiles, web

# Every command group, in the order ``hexref --help`` lists them: each module adds its
# parsers (``add_parser(commands)``) and imports what its handlers need when they run, so
# building the parser loads no rules, screens, devices, web or broker library.
GROUPS = (demo, odds, tiles, backup, replay, run, web, club)


class _Version(argparse.Action):
    """``--version``: the installed distribution's version, looked up only when asked
    (importlib.metadata takes longer to import than the rest of the help)."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show program's version number and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        from host.common.version import version

        print("hexref " + version())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexref", description="Companion referee for hexagonal tile battle games.")
    parser.add_argument("--version", action=_Version)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for group in GROUPS:
        group.add_parser(commands)
    _add_shared(parser, top=True)
    from host.commands.shell import name_commands

    name_commands(parser)
    return parser


def _add_shared(parser: argparse.ArgumentParser, top: bool = False) -> None:
    """``--config``, ``--lang`` and ``--log-level`` before the command or after it
    (``hexref demo --lang fr``, ``hexref run --log-level debug``): every command reads
    them alike (host/commands/shell.py)."""
    from host.common.i18n import LANGUAGES
    from host.common.logs import LEVELS

    default = None if top else argparse.SUPPRESS
    parser.add_argument(
        "--config", metavar="PATH", default=default,
        help="the config file (TOML; default: $HEXREF_CONFIG, else "
             "/etc/hexref/config.toml, else none)")
    parser.add_argument(
        "--lang", metavar="|".join(LANGUAGES), default=default,
        help="the language players are spoken to in (default: the config's "
             "[players] language, else the locale's, else English)")
    parser.add_argument(
        "--log-level", choices=LEVELS, default=default,
        help="what goes to stderr (the journal under systemd): info says the start, the "
             "hub, each game started and won and every refused input with its rule; debug "
             "adds the details (default info; warning for the demo, whose transcript says "
             "it all)")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                _add_shared(sub)


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    if "run" in given:  # `hexref run`: "Starting..." on the panel now (nothing else needs it)
        from host.app.starting import first_frame

        first_frame(given)
    from host.commands.shell import run

    return run(build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
