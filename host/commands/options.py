"""What several command groups share: the data folder a command works on, failing with a
message, and what an interruption keeps. The shell (host/commands/shell.py) reads the
config and turns ``Failed`` into ``hexref COMMAND: message`` and its exit code (0 done, 1
did not happen, 2 bad usage). Nothing here imports more than the config."""
from __future__ import annotations

import argparse
from pathlib import Path

from host.common.failure import Failed
from host.common.i18n import _

__all__ = ["DATA_HELP", "Failed", "data", "forget_interrupt", "interrupted", "on_interrupt", "port_number",
           "print_help_of", "stored"]

DATA_HELP = ("the data folder (default: the config's [data] dir, else $HEXREF_DATA, "
             "$XDG_DATA_HOME/hexref, ~/.local/share/hexref)")


def data(args: argparse.Namespace) -> Path:
    """--data, else the config's data folder (``[data] dir``, else $HEXREF_DATA...): the
    same folder ``hexref run`` uses with the same config, so the operator's commands meet
    the service's data (README, "Install the referee on the Pi")."""
    if getattr(args, "data", None):
        return Path(args.data).expanduser()
    return args.cfg.data.path


def stored(args: argparse.Namespace) -> Path | None:
    """The data folder a command that reads stored games or tiles reads: None when it does
    not exist yet at its default place (nothing stored yet); Failed, naming it, when it was
    named (--data, the config, $HEXREF_DATA) and is not there, or is not a folder."""
    import os

    folder = data(args)
    if folder.is_dir():
        return folder
    if folder.exists():
        raise Failed(_("the data folder %s is a file, not a folder") % folder)
    named = getattr(args, "data", None) or args.cfg.data.dir or os.environ.get("HEXREF_DATA")
    if named:
        raise Failed(_("there is no data folder %s (is its name right? nothing was made "
                       "there)") % folder)
    return None


_kept: list[str] = []


def forget_interrupt() -> None:
    """A new command: nothing kept yet."""
    _kept.clear()


def on_interrupt(said: str) -> None:
    """What Ctrl-C leaves behind from now on, said by the shell in one line."""
    _kept[:] = [said]


def interrupted() -> str:
    return _("stopped (Ctrl-C); %s") % (_kept[0] if _kept else _("nothing was changed"))


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 1 to 65535, or 0 for any free one (it is printed)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("%r is not a port number") % text) from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(_("%d is not a TCP port (1 to 65535; 0: any free "
                                           "one)") % port)
    return port


def print_help_of(parser: argparse.ArgumentParser):
    """A handler for a command given without its sub-command: its help, exit code 2."""
    def handler(args: argparse.Namespace) -> int:
        parser.print_help()
        return 2

    return handler
