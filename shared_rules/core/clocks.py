"""The session's clocks: when each running timer of a game started, on the Pi and on the
pocket board alike.

Time is not in the journal: a timer that runs out is journalled as an input of its own
(Invocations' ``("timeout", "attack")``), the countdown in between is only what the panel
shows. So a clock is the one thing a restarted referee does not get back from the journal,
by design: after a restart (or an undo) a running timer starts again from its full time,
the table has had a pause anyway. The referee session owns the clocks (the Pi's
``Referee.clocks``, the pocket's ``Game.clocks``); a presenter only reads what they say.

``now`` is whatever clock the side has: the Pi's seconds (``time.monotonic``), the board's
milliseconds (``time.ticks_ms``, which wraps); ``elapsed_ms(now, start)`` says how many
milliseconds lie between two of its readings (``time.ticks_diff`` on the board). What a
timer does with them is written once, here. Written for MicroPython too.

>>> clocks = Clocks()
>>> clocks.run({"attack": ("attack", 1)}, {"attack": 1000}, 10.0) is None
True
>>> clocks.left_ms("attack", ("attack", 1), 1000)
1000
>>> clocks.run({"attack": ("attack", 1)}, {"attack": 1000}, 11.0)
'attack'
>>> clocks.run({"attack": ("attack", 1)}, {"attack": 1000}, 12.0) is None  # said once
True
>>> board = Clocks(lambda now, start: now - start)  # milliseconds
>>> board.run({"attack": ("attack", 1)}, {"attack": 1000}, 5000) is None
True
>>> board.run({"attack": ("attack", 1)}, {"attack": 1000}, 5400) is None
True
>>> board.left_ms("attack", ("attack", 1), 1000)
600
"""


def seconds_apart_ms(now, start):
    """The Pi's clock: seconds, as floats."""
    return int((now - start) * 1000)


class Clocks:
    def __init__(self, elapsed_ms=seconds_apart_ms):
        self.elapsed_ms = elapsed_ms
        self.now = None
        self.started = {}  # kind -> (what runs, start)
        self.fired = set()

    def run(self, running, limits, now):
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
            if self.elapsed_ms(now, self.started[kind][1]) >= limits[kind] \
                    and what not in self.fired:
                self.fired.add(what)
                return kind
        return None

    def left_ms(self, kind, what, limit_ms):
        """Milliseconds left on the timer ``kind`` timing ``what`` (its full time when it
        has not started yet)."""
        started = self.started.get(kind)
        if started is None or started[0] != what or self.now is None:
            return limit_ms
        return max(0, limit_ms - self.elapsed_ms(self.now, started[1]))
