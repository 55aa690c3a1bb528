"""The one shell every command runs in: its name, the config, the table's language, and one
error boundary.

Every ``hexref`` command goes through ``run``: the config is read here, once, by the one
loader (host/common/config.py: ``--config``, ``$HEXREF_CONFIG``, /etc/hexref/config.toml),
and a config that cannot be used stops every command alike, naming the file, the line and
the key; the handler gets it as ``args.cfg``. What goes wrong is said in one sentence that
starts with the command that failed (``hexref tiles revoke: ...``), never as a traceback:

- exit 2: a usage error (argparse's own, a bad config, a value out of range);
- exit 1: the command did not happen (``Failed``, a store or file problem);
- exit 130: Ctrl-C, with one line saying what was kept (``options.on_interrupt``);
- an unexpected error: one sentence naming the command, where the details are (the journal
  under systemd, else ``~/.local/state/hexref/error.log``) and ``--log-level debug``.
"""
from __future__ import annotations

import argparse
import errno
import os
import sqlite3
import sys
import time
import traceback
from pathlib import Path

from host.commands import options
from host.common.i18n import _

USAGE, FAILED, INTERRUPTED = 2, 1, 130


def name_commands(parser: argparse.ArgumentParser, prefix: str = "") -> None:
    """Give every (sub-)command its name as the user typed it (``tiles revoke``), so each
    message says which one failed."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for word, sub in action.choices.items():
                name = (prefix + " " + word).strip()
                sub.set_defaults(command_name=name)
                name_commands(sub, name)


def say(command: str, message: object) -> None:
    print("hexref %s: %s" % (command, message), file=sys.stderr, flush=True)


def run(parser: argparse.ArgumentParser, argv: list[str] | None) -> int:
    """Parse ``argv``, read the config, choose the language, run the command's handler and
    turn whatever it raises into a sentence and an exit code."""
    options.forget_interrupt()
    _speak_early(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    command = getattr(args, "command_name", None) or "hexref"
    from host.common import logs

    logs.setup(args.log_level or ("warning" if command == "demo" else "info"))
    try:
        return _run(parser, args, command)
    except BrokenPipeError:
        # `hexref replay last | head -1`: the reader left; say nothing more to it.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # what a shell reports for a command ended by SIGPIPE
    except KeyboardInterrupt:
        say(command, options.interrupted())
        return INTERRUPTED
    except options.Failed as exc:
        say(command, exc)
        return exc.code
    except Exception as exc:  # noqa: BLE001 - the boundary: a sentence, never a traceback
        said = _expected(exc)
        if said is not None:
            say(command, said[0])
            return said[1]
        say(command, _unexpected(command, exc))
        return FAILED


def _speak_early(argv: list[str]) -> None:
    """The table's language before the command line is read, so argparse says a mistake
    in it too: --lang, else the config's (if it can be read: if not, the command says so
    once it is read), else the locale's."""
    from host.commands import argparse_words
    from host.common import i18n
    from host.common.config import ConfigError, load

    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    early.add_argument("--config")
    try:
        known, _rest = early.parse_known_args(argv)
        configured = load(known.config).players.language
    except (SystemExit, ConfigError):
        known, configured = argparse.Namespace(lang=None), ""
    try:
        i18n.use(i18n.choose(known.lang, configured))
    except ValueError:
        pass  # the command line is read next, and --lang refused with the command's name
    argparse_words.speak()


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace, command: str) -> int:
    from host.common import i18n
    from host.common.config import ConfigError, load

    try:
        i18n.use(i18n.choose(args.lang, ""))  # the config's language comes next
    except ValueError as exc:
        raise options.Failed(exc, USAGE) from None
    try:
        args.cfg = load(args.config)
    except ConfigError as exc:
        raise options.Failed(exc, USAGE) from None
    if args.lang is None and args.cfg.players.language:
        i18n.use(i18n.choose(None, args.cfg.players.language))
    if not getattr(args, "func", None):
        parser.print_help()
        return USAGE
    return int(args.func(args) or 0)


def _expected(exc: BaseException) -> tuple[str, int] | None:
    """The faults a user meets (a file, a folder, a database, a key, a config), as a
    sentence and an exit code; None for what is a bug."""
    from host.common.config import ConfigError
    from host.storage.keys import KeyFileError

    if isinstance(exc, ConfigError):
        return str(exc), USAGE
    if isinstance(exc, KeyFileError):
        cause = exc.__cause__
        if isinstance(cause, PermissionError):
            return _permission(cause), FAILED
        return str(exc), FAILED
    if isinstance(exc, PermissionError):
        return _permission(exc), FAILED
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return _("%(file)s: the disk is full: free some space and run it again") % {
            "file": exc.filename or _("a file")}, FAILED
    if isinstance(exc, OSError) and exc.filename is not None:
        return "%s: %s" % (exc.filename, exc.strerror or exc), FAILED
    from host.storage.store import StoreError

    if isinstance(exc, StoreError):
        return str(exc), FAILED
    if isinstance(exc, sqlite3.Error):
        return _("the database: %s") % exc, FAILED
    return None


def _permission(exc: PermissionError) -> str:
    from host.common.access import sentence

    return sentence(exc)


def error_log() -> Path:
    """Where an unexpected error's details go when no journal takes them."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "hexref" / "error.log"


def _unexpected(command: str, exc: BaseException) -> str:
    """Keep the traceback where a maintainer can read it; tell the user in one sentence."""
    from host.common import logs

    what = "%s: %s" % (exc.__class__.__name__, exc)
    details = "".join(traceback.format_exception(exc))
    log = logs.get("shell")
    log.debug("hexref %s failed:\n%s", command, details)
    if os.environ.get("JOURNAL_STREAM"):  # systemd: the journal is the log
        log.error("hexref %s: unexpected error: %s", command, details)
        where = _("the journal (journalctl -u hexref)")
    else:
        where = str(error_log())
        try:
            error_log().parent.mkdir(parents=True, exist_ok=True)
            with open(error_log(), "a", encoding="utf-8") as f:
                f.write("%s hexref %s (%s)\n%s\n" % (
                    time.strftime("%Y-%m-%d %H:%M:%S"), command, " ".join(sys.argv[1:]),
                    details))
        except OSError:
            return (_("unexpected error (%(what)s); run it again with --log-level debug to "
                      "see where it happened") % {"what": what})
    return (_("unexpected error (%(what)s); the details are in %(log)s; run it again with "
              "--log-level debug to see them here") % {"what": what, "log": where})
