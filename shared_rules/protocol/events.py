"""What happened at the table, as plain data: the one event class the referee session
(shared_rules/core/session.py) reads, on the Pi (host/hub/link.py decodes the hub's frames
into it) and on the pocket board (its own reader, die and buttons). A test, a replay or
another transport makes them the same way. A plain class, not a dataclass: it must run
on MicroPython too."""


class TableEvent:
    """One thing the hub saw: a tag on the reader (``TAP``, with its ``uid`` and NDEF
    ``record`` in hex) or lifted off it (``GONE``), the die (``DIE``: ``die`` is "FACE" with
    its ``faces``, "ROLLING" or "CROOKED"), a player's button (``BTN``: ``button`` "A" or
    "B", ``action`` "press" or "long"). ``boot`` and ``seq`` say where it sits in the hub's
    numbering (None for an event that did not come from a hub).

    >>> TableEvent("BTN", button="A", action="press").said()
    ('BTN', 'A', 'press')
    """

    __slots__ = ("kind", "boot", "seq", "uid", "record", "die", "faces", "button", "action")

    def __init__(self, kind, boot=None, seq=None, uid="", record="", die="", faces=(),
                 button="", action=""):
        self.kind = kind
        self.boot = boot
        self.seq = seq
        self.uid = uid
        self.record = record
        self.die = die
        self.faces = tuple(faces)
        self.button = button
        self.action = action

    def _fields(self):
        return (self.kind, self.boot, self.seq, self.uid, self.record, self.die, self.faces,
                self.button, self.action)

    def __eq__(self, other):
        return isinstance(other, TableEvent) and self._fields() == other._fields()

    def __hash__(self):
        return hash(self._fields())

    def __repr__(self):
        return "TableEvent%r" % (self._fields(),)

    def said(self):
        """What the journal keeps of an event that is no input: what it was, and whose."""
        if self.kind in ("TAP", "GONE"):
            return (self.kind, self.uid)
        if self.kind == "BTN":
            return (self.kind, self.button, self.action)
        if self.kind == "DIE":
            return (self.kind, self.die)
        return (self.kind,)
