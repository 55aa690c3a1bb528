"""What several command groups share: the data folder a command works on, the config, and
failing with a message (each handler returns the exit code: 0 done, 1 did not happen, 2 bad
usage, and says what went wrong on stderr). Nothing here imports more than the config."""
from __future__ import annotations

import argparse
import sys

DATA_HELP = "the data folder (default $HEXREF_DATA, $XDG_DATA_HOME/hexref, ~/.local/share/hexref)"


def data(args: argparse.Namespace) -> str | None:
    """--data, else the config's data folder (``[data] dir``, else $HEXREF_DATA...): the
    same folder ``hexref run`` uses with the same config, so the operator's commands meet
    the service's data (README, "Install the referee on the Pi")."""
    if getattr(args, "data", None):
        return args.data
    from host.common.config import ConfigError, load

    try:
        return str(load(getattr(args, "config", None)).data.path)
    except ConfigError:
        return None  # the store's own default; `hexref doctor` names the config's mistake


def config(args: argparse.Namespace, command: str):
    """The config --config names (else the usual places); None, said on stderr, when it
    cannot be read."""
    from host.common.config import ConfigError, load

    try:
        return load(getattr(args, "config", None))
    except ConfigError as exc:
        print("hexref %s: %s" % (command, exc), file=sys.stderr)
        return None


def fail(command: str, message: object, code: int = 1) -> int:
    print("hexref %s: %s" % (command, message), file=sys.stderr)
    return code


def print_help_of(parser: argparse.ArgumentParser):
    """A handler for a command given without its sub-command: its help, exit code 2."""
    def handler(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    return handler
