"""The clock off the board: MicroPython's tick functions for CPython (the demo and the
tests), with the same 30-bit wrap so code and tests do not fork, and ``FakeClock``, the
clock the tests move by hand. ``firmware.clock`` hands these out; none of it is loaded on
the Pico, whose ``time`` module has the real ticks.
"""
import time as _time

_PERIOD = 1 << 30
_HALF = _PERIOD // 2


def ticks_ms():
    return int(_time.monotonic() * 1000) % _PERIOD


def ticks_add(ticks, delta):
    return (ticks + delta) % _PERIOD


def ticks_diff(later, earlier):
    return ((later - earlier + _HALF) % _PERIOD) - _HALF


def sleep_ms(ms):
    _time.sleep(ms / 1000)


class FakeClock:
    """A clock the tests move by hand: ``clock.now`` is what ``ticks_ms`` returns."""

    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        self.now += ms
