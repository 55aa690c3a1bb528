"""The hub's other status lights, for builds without the reference PWM LED: a plain LED
on a ``machine.Pin`` or one WS2812 pixel. Each has the ``set(level, colour)`` that
:class:`firmware.led.Led` drives.
"""


class PinLight:
    """A plain LED on a ``machine.Pin``: lit at level 128 and above."""

    def __init__(self, pin, active_low=False):
        self.pin = pin
        self.active_low = active_low

    def set(self, level, colour):
        on = level >= 128
        self.pin.value(0 if on == self.active_low else 1)


class PixelLight:
    """One WS2812 through MicroPython's ``neopixel.NeoPixel`` (or anything indexable with
    ``write()``)."""

    def __init__(self, np):
        self.np = np

    def set(self, level, colour):
        self.np[0] = (colour[0] * level // 255, colour[1] * level // 255,
                      colour[2] * level // 255)
        self.np.write()
