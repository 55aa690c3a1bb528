"""The game's journal: every input, in order, recorded before the hub hears an ACK.

The referee's state is the fold of the accepted entries through the rules, so undo,
recovery and replay all read this. Refused inputs are recorded too (accepted=False): they
are part of what happened at the table, they keep the hub's numbering, and a transcript
shows them; replay skips them.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Entry:
    """One input. ``boot``/``seq`` say which hub event it came from (None for the Pi's own
    buttons); ``target`` is "game" (the rules engine) or "referee" (setup bookkeeping the
    rules do not see, such as whose roster is being tapped)."""

    target: str
    input: tuple[Any, ...]
    accepted: bool
    boot: str | None = None
    seq: int | None = None


def to_input(text: str) -> tuple[Any, ...]:
    """An input as the journal stores it (JSON) back to the tuple the engines take.

    >>> to_input('["tap", "04A1", 2]'), to_input('"undo"')
    (('tap', '04A1', 2), ('undo',))
    """
    value = json.loads(text)
    return tuple(value) if isinstance(value, list) else (value,)


class MemoryJournal:
    """The journal kept in memory (the walking skeleton; SQLite keeps it on the Pi)."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []

    def append(self, entry: Entry) -> None:
        self.entries.append(entry)

    def drop_last_accepted(self) -> Entry | None:
        for i in range(len(self.entries) - 1, -1, -1):
            if self.entries[i].accepted:
                return self.entries.pop(i)
        return None

    def positions(self) -> dict[str, int]:
        """Boot id -> highest hub sequence number recorded."""
        out: dict[str, int] = {}
        for e in self.entries:
            if e.boot is not None and e.seq is not None:
                out[e.boot] = max(out.get(e.boot, 0), e.seq)
        return out
