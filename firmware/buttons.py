"""Player buttons on the hub: debounced, with press and long press.

A button is a ``machine.Pin`` (input, pull-up: pressed reads 0) or anything with
``value()``. A level counts once it has held for ``debounce_ms``; releasing before
``long_ms`` is a *press*, holding to ``long_ms`` is a *long* press, sent while the
button is still down (the player sees the answer without letting go) and not followed by
a press on release.

>>> from firmware.buttons import Buttons
>>> buttons = Buttons([("A", pin_a), ("B", pin_b)])      # doctest: +SKIP
>>> buttons.poll(now)                                    # doctest: +SKIP
('A', 'press')
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware.clock import ticks_diff

PRESS = "press"
LONG = "long"
_DEBOUNCE_MS = const(20)
_LONG_MS = const(700)


class Button:
    def __init__(self, pin, name, active_low=True, debounce_ms=_DEBOUNCE_MS, long_ms=_LONG_MS):
        self.pin = pin
        self.name = name
        self.active_low = active_low
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        # The events are made once: reporting one allocates nothing.
        self.press_event = (name, PRESS)
        self.long_event = (name, LONG)
        self.down = False  # the debounced state
        self._raw = False
        self._raw_since = 0
        self._down_at = 0
        self._long_sent = False
        self._started = False

    def poll(self, now):
        """Sample the pin; returns ``press_event``, ``long_event`` or None."""
        raw = not self.pin.value() if self.active_low else bool(self.pin.value())
        if not self._started:
            # A button held at boot is not a press: it is taken as the starting level.
            self._started = True
            self._raw = self.down = raw
            self._raw_since = now
            self._long_sent = raw
            return None
        if raw != self._raw:
            self._raw = raw
            self._raw_since = now
            return None
        if raw != self.down and ticks_diff(now, self._raw_since) >= self.debounce_ms:
            self.down = raw
            if raw:
                self._down_at = now
                self._long_sent = False
                return None
            if not self._long_sent:
                return self.press_event
            return None
        if self.down and not self._long_sent and ticks_diff(now, self._down_at) >= self.long_ms:
            self._long_sent = True
            return self.long_event
        return None


class Buttons:
    """All the hub's buttons; ``poll`` returns at most one event per call, in order."""

    def __init__(self, pins, active_low=True, debounce_ms=_DEBOUNCE_MS, long_ms=_LONG_MS):
        self.buttons = [Button(pin, name, active_low, debounce_ms, long_ms)
                        for name, pin in pins]
        self._pending = [None] * len(self.buttons)  # events waiting their turn

    def poll(self, now):
        buttons = self.buttons
        pending = self._pending
        for k in range(len(buttons)):
            event = buttons[k].poll(now)
            if event is not None:
                pending[k] = event
        for k in range(len(pending)):
            event = pending[k]
            if event is not None:
                pending[k] = None
                return event
        return None
