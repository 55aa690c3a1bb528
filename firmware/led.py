"""The hub's status light: a plain LED (on a Pin, or a PWM for smooth pulses) or one
WS2812 pixel, showing the patterns the host asks for with ``LED pattern RRGGBB``.

- ``off``, ``on``: steady.
- ``blink``: on and off, half a second each (waiting for something: tap, roll).
- ``pulse``: breathing over two seconds (idle, ready).
- ``ok``: two quick flashes, then back to the steady pattern before it.
- ``refused``: four fast flashes, then back (a bad tap, a crooked die...).
- ``win``: a one-second flicker then two slow flashes, then back.

A plain LED ignores the colour. The reference build's light, a LED on a PWM pin, is
here; the others (a LED on a plain Pin, a WS2812) are in ``firmware.lights``, loaded
only by a hub that has one (``from firmware.led import PinLight`` still finds them). Call ``update(now)`` each loop pass; the light is written
only when it changes, so a steady pattern costs nothing.

>>> led = Led(PinLight(pin))       # doctest: +SKIP
>>> led.show("ok", "00FF00")       # doctest: +SKIP
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware.clock import ticks_diff

PATTERNS = ("off", "on", "blink", "pulse", "ok", "refused", "win")
_STEADY = const(("off", "on", "blink", "pulse"))
# One-shot patterns, in steps of 10 ms: the total, then (start, end) of each lit span.
# Bytes literals rather than nested tuples: the same table in a fraction of the heap.
_FLASHES = {
    "ok": b"\x32\x00\x0c\x18\x24",  # 50; 0-12, 24-36
    "refused": b"\x40\x00\x08\x10\x18\x20\x28\x30\x38",  # 64; 0-8, 16-24, 32-40, 48-56
    # 220; eight 60 ms flickers (0-6, 12-18 ... 84-90), then 120-160, 180-220
    "win": b"\xdc\x00\x06\x0c\x12\x18\x1e\x24\x2a\x30\x36\x3c\x42\x48\x4e\x54\x5a\x78\xa0\xb4\xdc",
}


def parse_colour(text):
    """``"FF8000"`` -> ``(255, 128, 0)``; a bad colour is a ValueError naming it."""
    if len(text) != 6:
        raise ValueError("colour %r is not RRGGBB" % (text,))
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def __getattr__(name):
    if name in ("PinLight", "PixelLight"):
        from firmware import lights

        return getattr(lights, name)
    raise AttributeError(name)


class PwmLight:
    """A plain LED on a ``machine.PWM``: brightness follows the level."""

    def __init__(self, pwm, active_low=False):
        self.pwm = pwm
        self.active_low = active_low

    def set(self, level, colour):
        duty = level * 257  # 0..255 to 0..65535
        self.pwm.duty_u16(65535 - duty if self.active_low else duty)


class Led:
    def __init__(self, light, colour=(255, 255, 255)):
        self.light = light
        self.pattern = "off"
        self.colour = colour
        self.steady = "off"  # what a one-shot pattern returns to
        self.steady_colour = colour
        self._since = None  # set on the first update after ``show``
        self._level = -1
        self._shown = None

    def show(self, pattern, colour="FFFFFF"):
        """Start ``pattern`` in ``colour`` (RRGGBB). Bad input changes nothing."""
        if pattern not in PATTERNS:
            raise ValueError("unknown LED pattern %r (have %s)" % (pattern, ", ".join(PATTERNS)))
        rgb = parse_colour(colour)
        if pattern in _STEADY:
            self.steady = pattern
            self.steady_colour = rgb
        self.pattern = pattern
        self.colour = rgb
        self._since = None

    def level(self, now):
        """The brightness 0..255 the pattern asks for at ``now``."""
        if self._since is None:
            self._since = now
        t = ticks_diff(now, self._since)
        pattern = self.pattern
        if pattern == "off":
            return 0
        if pattern == "on":
            return 255
        if pattern == "blink":
            return 255 if (t // 500) % 2 == 0 else 0
        if pattern == "pulse":
            phase = t % 2000
            # A triangle in 16 steps: smooth enough for the eye, and few writes.
            tri = phase if phase < 1000 else 2000 - phase
            return (tri * 16 // 1000) * 17 if tri < 1000 else 255
        steps = _FLASHES[pattern]
        t //= 10
        if t >= steps[0]:  # done: back to the steady pattern
            self.pattern = self.steady
            self.colour = self.steady_colour
            self._since = now
            return self.level(now)
        for k in range(1, len(steps), 2):
            if steps[k] <= t < steps[k + 1]:
                return 255
        return 0

    def update(self, now):
        level = self.level(now)
        if level != self._level or self.colour is not self._shown:
            self._level = level
            self._shown = self.colour
            self.light.set(level, self.colour)
