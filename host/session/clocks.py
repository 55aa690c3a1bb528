"""The session's clocks: when each running timer of a game started.

Time is not in the journal: a timer that runs out is journalled as an input of its own
(Invocations' ``("timeout", "attack")``), the countdown in between is only what the panel
shows. So a clock is the one thing a restarted referee does not get back from the journal,
by design: after a restart (or an undo) a running timer starts again from its full time,
the table has had a pause anyway. The referee session owns the clocks (``Referee.clocks``);
a presenter only reads and winds them, and keeps nothing itself.

>>> clocks = Clocks()
>>> clocks.run({"attack": ("attack", 1)}, {"attack": 1000}, 10.0) is None
True
>>> clocks.left_ms("attack", ("attack", 1), 1000)
1000
>>> clocks.run({"attack": ("attack", 1)}, {"attack": 1000}, 11.0)
'attack'
>>> clocks.run({"attack": ("attack", 1)}, {"attack": 1000}, 12.0) is None  # said once
True
"""
from __future__ import annotations


class Clocks:
    def __init__(self) -> None:
        self.now: float | None = None
        self.started: dict[str, tuple[tuple, float]] = {}  # kind -> (what runs, start)
        self.fired: set[tuple] = set()

    def run(self, running: dict[str, tuple], limits: dict[str, int], now: float) -> str | None:
        """Wind the clocks to ``now``: ``running`` names each timer that runs by what it
        times (a new name starts it again from full time); returns the kind of the one
        that has just run out (each only once), or None."""
        self.now = now
        for kind in list(self.started):
            if kind not in running or self.started[kind][0] != running[kind]:
                del self.started[kind]
        for kind, what in running.items():
            if kind not in self.started:
                self.started[kind] = (what, now)
                self.fired.discard(what)  # started again (after an undo): a full time
            if (now - self.started[kind][1]) * 1000 >= limits[kind] and what not in self.fired:
                self.fired.add(what)
                return kind
        return None

    def left_ms(self, kind: str, what: tuple, limit_ms: int) -> int:
        """Milliseconds left on the timer ``kind`` timing ``what`` (its full time when it
        has not started yet)."""
        started = self.started.get(kind)
        if started is None or started[0] != what or self.now is None:
            return limit_ms
        return max(0, limit_ms - int((self.now - started[1]) * 1000))
