"""The ``hexref`` command line: the top-level options, the command groups (one module each
in host/commands/, listed in ``GROUPS``), the table's language, and the entry point."""
from __future__ import annotations

import argparse
import os
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
    _add_lang(parser, top=True)
    return parser


def _add_lang(parser: argparse.ArgumentParser, top: bool = False) -> None:
    """``--lang`` and ``--log-level`` before the command or after it (``hexref demo --lang
    fr``, ``hexref run --log-level debug``)."""
    from host.common.i18n import LANGUAGES
    from host.common.logs import LEVELS

    parser.add_argument(
        "--lang", metavar="|".join(LANGUAGES), default=None if top else argparse.SUPPRESS,
        help="the language players are spoken to in (default: the config's "
             "[players] language, else the locale's, else English)")
    parser.add_argument(
        "--log-level", choices=LEVELS, default=None if top else argparse.SUPPRESS,
        help="what goes to stderr (the journal under systemd): info says every refused "
             "input with its rule, debug adds more (default info; warning for the demo, "
             "whose transcript says it all)")
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
    given = sys.argv[1:] if argv is None else argv
    if "run" in given:  # `hexref run`: "Starting..." on the panel now (nothing else needs it)
        from host.app.starting import first_frame

        first_frame(given)
    parser = build_parser()
    args = parser.parse_args(argv)
    from host.common import logs

    logs.setup(args.log_level or ("warning" if args.command == "demo" else "info"))
    from host.storage.keys import KeyFileError

    try:
        problem = _speak(args)
        if problem:
            print("hexref: %s" % problem, file=sys.stderr)
            return 2
        if not getattr(args, "func", None):
            parser.print_help()
            return 2
        return int(args.func(args) or 0)
    except BrokenPipeError:
        # `hexref replay last | head -1`: the reader left; say nothing more to it.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # what a shell reports for a command ended by SIGPIPE
    except KeyboardInterrupt:
        return 130
    except (PermissionError, KeyFileError) as exc:
        # The service's folder, its key, a port: one sentence and the fix, no traceback.
        from host.common.access import sentence

        refused = exc if isinstance(exc, PermissionError) else exc.__cause__
        said = sentence(refused) if isinstance(refused, PermissionError) else str(exc)
        print("hexref %s: %s" % (args.command, said), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
