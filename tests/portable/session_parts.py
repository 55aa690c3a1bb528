"""What a session needs around it in a test (shared_rules/core/session.py): a journal that
keeps its entries in a list, a book that trusts the JL Beginner tiles' records as their
entry ids, and the table's events from one hub. Portable: MicroPython's runner imports it."""
from hexors_tiles import ATLANTIS, DOOMSDAY, MARS, SUPERMAN

from shared_rules.protocol.events import TableEvent

UIDS = {"jl/atlantis": "04A1", "jl/016": "04A2", "jl/mars": "04B1", "jl/doomsday": "04B2"}
ENTRIES = {e["id"]: e for e in (ATLANTIS, SUPERMAN, MARS, DOOMSDAY)}


class Book:
    """Tags whose record is the entry id itself (the trust rule is the caller's): the JL
    Beginner tiles, and ``more`` ({record: entry}) for a test's own."""

    def __init__(self, more=None):
        self.entries = dict(ENTRIES)
        self.entries.update(more or {})

    def entry_for(self, record, uid):
        return self.entries.get(record)


class Journal:
    """A journal in memory: the entries the session appended, in order."""

    def __init__(self, entries=None):
        self.entries = list(entries or [])

    def append(self, entry):
        self.entries.append(entry)


def event(kind, **fields):
    return TableEvent(kind, "B00T", **fields)
