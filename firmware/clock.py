"""MicroPython's tick clock, on both interpreters.

The hub's code uses ``ticks_ms``/``ticks_diff``/``ticks_add`` so wrap-around is handled as
on the Pico. Under CPython the same names come from ``firmware.clock_cpython``, as does
``FakeClock``, the clock the tests move by hand (``from firmware.clock import FakeClock``
still finds it). They live apart because every name in a module the hub loads stays in its
heap, even names of code the Pico never runs.
"""
try:
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms
except ImportError:  # CPython
    from firmware.clock_cpython import sleep_ms, ticks_add, ticks_diff, ticks_ms  # noqa: F401


def __getattr__(name):
    if name == "FakeClock":
        from firmware.clock_cpython import FakeClock

        return FakeClock
    raise AttributeError(name)
