"""The hub's die: the accelerometer in the die shell and the roll detector, or the
virtual die, behind one ``poll(now)`` for the hub loop.

- ``physical`` mode: the sensor is read at its own rate (100 Hz) and every sample goes
  through the roll detector; its ROLLING, FACE n and CROOKED become events.
- ``virtual`` mode: the die (or any shaken sensor) still says when it was shaken and came
  to rest, but the face comes from the hardware RNG: ``count`` fair faces, the count of
  the last ``ROLL n`` (1 at first). Crooked does not exist for a virtual die.
- ``ROLL n`` from the host (its OK button, or a player's button on the hub forwarded by
  the host) rolls n virtual dice at once, in either mode.

With no sensor fitted (``sensor=None``) only the virtual die is there.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware.clock import ticks_add, ticks_diff
from firmware.rolls import CROOKED, FACE, ROLLING

MODES = ("physical", "virtual")
# The events as constants made once (the loop returns them without allocating).
_ROLLING_EVENT = const(("ROLLING", ()))
_CROOKED_EVENT = const(("CROOKED", ()))
_FACE_EVENTS = const((None, ("FACE", (1,)), ("FACE", (2,)), ("FACE", (3,)), ("FACE", (4,)),
                      ("FACE", (5,)), ("FACE", (6,))))


class Die:
    def __init__(self, sensor, detector, vdie=None, mode="physical"):
        if mode not in MODES:
            raise ValueError("die mode %r is not physical or virtual" % (mode,))
        self.sensor = sensor
        self.detector = detector
        # The virtual die's code is loaded by its first roll (``_virtual``): a hub whose
        # games roll the physical die never holds it.
        self.vdie = vdie
        self.mode = mode if sensor is not None else "virtual"
        self.count = 1
        self.period = 1000 // getattr(sensor, "rate_hz", 100)
        self._due = None
        self._pending = None  # a virtual result waiting for the next poll

    def set_mode(self, mode):
        if mode not in MODES:
            raise ValueError("die mode %r is not physical or virtual" % (mode,))
        if mode == "physical" and self.sensor is None:
            raise ValueError("no die sensor on this hub: only the virtual die")
        self.mode = mode

    def roll(self, count):
        """Roll ``count`` virtual dice now; the result is the next ``poll``'s event."""
        self.count = count
        self._pending = ("FACE", self._virtual(count))

    def poll(self, now):
        """At most one event: ``("ROLLING", ())``, ``("FACE", faces)``, ``("CROOKED", ())``.
        Samples the sensor only when a new sample is due; a sensor fault raises OSError
        (the hub reports it and carries on)."""
        if self._pending is not None:
            event = self._pending
            self._pending = None
            return event
        if self.sensor is None:
            return None
        if self._due is None:
            self._due = now
        if ticks_diff(now, self._due) < 0:
            return None
        self._due = ticks_add(self._due, self.period)
        if ticks_diff(now, self._due) >= 0:  # the loop fell behind: do not try to catch up
            self._due = ticks_add(now, self.period)
        mg = self.sensor.read()
        code = self.detector.update(mg[0], mg[1], mg[2])
        if code == 0:
            return None
        if code == ROLLING:
            return _ROLLING_EVENT
        if self.mode == "virtual":
            return ("FACE", self._virtual(self.count))
        if code == FACE:
            face = self.detector.face
            return _FACE_EVENTS[face] if face < len(_FACE_EVENTS) else ("FACE", (face,))
        if code == CROOKED:
            return _CROOKED_EVENT
        return None

    def _virtual(self, count):
        if self.vdie is None:
            from firmware.vdie import VirtualDie

            self.vdie = VirtualDie()
        return self.vdie.roll(count)
