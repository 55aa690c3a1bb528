"""What happened at the table, as plain data.

The link (host/hub/link.py) decodes the hub's frames into these; the referee session
(host/session/referee.py) reads them and knows nothing of lines, fields or checksums. A test, a
replay or another transport makes them the same way.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TableEvent:
    """One thing the hub saw: a tag on the reader (``TAP``, with its ``uid`` and NDEF
    ``record`` in hex) or lifted off it (``GONE``), the die (``DIE``: ``die`` is "FACE" with
    its ``faces``, "ROLLING" or "CROOKED"), a player's button (``BTN``: ``button`` "A" or
    "B", ``action`` "press" or "long"). ``boot`` and ``seq`` say where it sits in the hub's
    numbering (None for an event that did not come from a hub).

    >>> TableEvent("BTN", button="A", action="press").said()
    ('BTN', 'A', 'press')
    """

    kind: str
    boot: str | None = None
    seq: int | None = None
    uid: str = ""
    record: str = ""
    die: str = ""
    faces: tuple[int, ...] = ()
    button: str = ""
    action: str = ""

    def said(self) -> tuple:
        """What the journal keeps of an event that is no input: what it was, and whose."""
        if self.kind in ("TAP", "GONE"):
            return (self.kind, self.uid)
        if self.kind == "BTN":
            return (self.kind, self.button, self.action)
        if self.kind == "DIE":
            return (self.kind, self.die)
        return (self.kind,)
