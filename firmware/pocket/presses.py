"""The pocket's four buttons, never deaf: each edge latched by its pin's interrupt with the
time it came, the presses made of those edges by the loop.

The hub samples its buttons on a timer (firmware/buttons.py), which suits a board that
never writes its flash. The pocket journals every input, and the rp2 port programs and
erases the flash with interrupts off: no timer runs, no sample is taken, for 50-150 ms a
write. A press inside that silence had no samples, and one let go just after it had fewer
than the debounce's 20 ms: the press was lost, and the next tile was taken against a game
that had not heard it (the JL Collector's game on the emulated board: P2's "my roster is
done" pressed while the board journalled the tile lifted before it, let go 15 ms after the
write; P2's next tile refused where the Pi's session takes it).

So each button's pin has a hard interrupt on both edges, which writes the edge into a ring
made once (no allocation: the handler may run inside a collection): the board's ms, which
button, its level then, whether the level had not changed (two edges came as one
interrupt: a press made and let go while interrupts were off), and whether a flash write
was under way (``quiet``: the journal says so around each write), so the edge's time may be
late. ``drain`` (called by the loop and between an input's stages) turns the edges into
presses:

- a low stretch is a press when the pin is let go, if it lasted the debounce (20 ms):
  a shorter one is noise or a contact's bounce, unless its first edge came through a
  flash write (its true start unknown, and likely long before). A press is known at its
  release's edge, not 20 ms of samples later: a bounce as the contact opens is a stretch
  of a ms or two, noise;
- two edges in one interrupt are a whole press (or a release and a new press);
- held ``LONG_MS`` it is a long press, said while the button is still down and followed by
  no press on release; a button held at boot is no press.

Each press is said with the time of its release, as the Pi's hub reports it. An edge's
interrupt comes before the loop runs again (at once, or as the write ends), and the loop
drains the edges before it reads the reader, so a press let go before a tile came is
queued before that tile: the order the board takes is the order the players made.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware.clock import ticks_diff, ticks_ms

# The hub's words for a press and a long press (firmware/buttons.py), which the session
# reads; said here so the pocket does not load the hub's sampled buttons for two strings.
PRESS = "press"
LONG = "long"

RING = const(32)  # edges waiting for the loop (a press and its bounces: a few)
DEBOUNCE_MS = const(20)
LONG_MS = const(700)
_DOWN = const(4)  # an edge's bits: the pin held then
_PULSE = const(2)  # the level unchanged: two edges in one interrupt
_QUIET = const(1)  # a flash write under way: the interrupt may have come late


class Presses:
    def __init__(self, pins, active_low=True, clock=None):
        self.clock = clock or ticks_ms
        self.pins = [pin for _name, pin in pins]
        self.active_low = active_low
        self.press_events = [(name, PRESS) for name, _pin in pins]
        self.long_events = [(name, LONG) for name, _pin in pins]
        n = len(self.pins)
        # The ring, written by the interrupts only.
        self.at = [0] * RING
        self.what = [0] * RING
        self.written = [0]  # edges written since boot (the ring's slot: modulo RING)
        self.read = 0  # edges drained
        self.quiet = [False]  # a flash write under way (the journal says so)
        self.level = [self.held(k) for k in range(n)]  # as the last interrupt read it
        # Each button as the loop knows it.
        self.down = list(self.level)
        self.since = [0] * n  # when its low stretch began
        self.late = [False] * n  # its first edge came through a flash write
        self.long_sent = list(self.level)  # held at boot: no press, no long press

    def held(self, k):
        return (self.pins[k].value() == 0) == self.active_low

    def edge(self, k):
        """The interrupt handler for button ``k``. It allocates nothing: a closure over
        more than four names has its arguments put on the heap when called (MicroPython's
        closure_call), which a hard interrupt may not do, so it closes over two."""
        presses = self

        def handler(_pin):
            presses._edge_came(k)
        return handler

    def _edge_came(self, k):
        now = self.held(k)
        n = self.written[0]
        i = n % RING
        self.at[i] = self.clock()
        self.what[i] = (k << 3) | (_DOWN if now else 0) | \
            (_PULSE if now == self.level[k] else 0) | (_QUIET if self.quiet[0] else 0)
        self.level[k] = now
        self.written[0] = n + 1

    def drain(self, keep):
        """The edges since the last drain made into presses, each told to ``keep(ms,
        event)``; then the long presses due."""
        written = self.written[0]
        if written - self.read > RING:
            self.read = written - RING  # the oldest overwritten: a bouncing storm
        while self.read < written:
            i = self.read % RING
            self._edge(self.at[i], self.what[i], keep)
            self.read += 1
        now = self.clock()
        for k in range(len(self.pins)):
            if self.down[k] and not self.long_sent[k] and \
                    ticks_diff(now, self.since[k]) >= LONG_MS:
                self.long_sent[k] = True
                keep(now, self.long_events[k])

    def _edge(self, t, what, keep):
        k = what >> 3
        if what & _PULSE:
            # Two edges came as one interrupt (interrupts were off): the level now says
            # which two.
            if self.down[k]:  # let go (then pressed again)
                self.late[k] = True
                self._release(k, t, keep)
            else:  # pressed and let go (or a bounce that ended down: pressed)
                self._press(k, t, True)
                if not what & _DOWN:
                    self._release(k, t, keep)
                return
            if what & _DOWN:
                self._press(k, t, True)
            return
        if what & _DOWN:
            self._press(k, t, bool(what & _QUIET))
        else:
            self._release(k, t, keep)

    def _press(self, k, t, late):
        if self.down[k]:
            return
        self.down[k] = True
        self.since[k] = t
        self.late[k] = late
        self.long_sent[k] = False

    def _release(self, k, t, keep):
        """Button ``k`` let go at ``t``: a press, unless it was noise or a long press."""
        if not self.down[k]:
            return
        self.down[k] = False
        if self.long_sent[k]:
            return
        if self.late[k] or ticks_diff(t, self.since[k]) >= DEBOUNCE_MS:
            keep(t, self.press_events[k])
