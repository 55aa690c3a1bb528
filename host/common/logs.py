"""What the referee tells its operator: standard-library logging to stderr.

Under systemd, stderr goes to the journal (``journalctl -u hexref``), which stamps each line
with the time and the unit; a line starting ``<N>`` (syslog priority) is filed at that
priority, so ``journalctl -p warning`` shows only what needs a look. systemd says a
service's stderr is the journal by setting ``JOURNAL_STREAM``; elsewhere (a terminal, a
test) each line carries the time instead.

What is logged, and at which level:

- INFO: the start and its configuration, the hub found (port, firmware, boot), a panel
  working again, a game started or won, each refused input with its rule (the operator
  reads why the panel refused, the players never see the rule's ID there);
- WARNING: the hub lost or silent, a port that cannot be opened;
- ERROR: a panel that refuses frames (with the count), a storage problem;
- DEBUG: the details a maintainer asks for (an unexpected error's traceback).
"""
from __future__ import annotations

import logging
import os
import sys

LEVELS = ("debug", "info", "warning", "error")

# syslog priorities (sd-daemon(3)): <3> error, <4> warning, <6> info, <7> debug.
_PRIORITY = {logging.DEBUG: 7, logging.INFO: 6, logging.WARNING: 4, logging.ERROR: 3,
             logging.CRITICAL: 2}


class JournalFormatter(logging.Formatter):
    """``<priority>name: message``: journald adds the time and parses the priority."""

    def format(self, record: logging.LogRecord) -> str:
        priority = _PRIORITY.get(record.levelno, 6)
        return "<%d>%s" % (priority, super().format(record))


class StderrHandler(logging.StreamHandler):
    """Writes to whatever ``sys.stderr`` is when a line is logged (as logging's own last
    resort does), not to the one there was at setup: a caller that swaps stderr (a test
    capturing it, a daemon redirecting it) gets the lines, and a closed old one is no
    error."""

    def __init__(self) -> None:
        logging.Handler.__init__(self)

    @property
    def stream(self):
        return sys.stderr


def setup(level: str = "info", stream=None) -> None:
    """Log to ``stream`` (by default stderr, as it is at each line) at ``level``; called
    once by the CLI."""
    handler = logging.StreamHandler(stream) if stream is not None else StderrHandler()
    if os.environ.get("JOURNAL_STREAM"):
        handler.setFormatter(JournalFormatter("%(name)s: %(message)s"))
    else:
        handler.setFormatter(logging.Formatter(
            "%(asctime)s %(levelname)s %(name)s: %(message)s", "%Y-%m-%d %H:%M:%S"))
    root = logging.getLogger("hexref")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False


def get(name: str) -> logging.Logger:
    """The logger of one part of the referee: ``hexref.run``, ``hexref.panel``..."""
    return logging.getLogger("hexref." + name)
