# main.py for `make bench` on the emulated Pico (tests/pico/bench.py): the real boot
# (firmware/hub/main.py's main) with Hub.step wrapped to time each pass on the board's own clock
# (time.ticks_us), and the heap allocated counted per 100 passes (gc.mem_alloc() walks the
# whole heap, ~6 ms here: once per 100 passes, not around each). Every 100 passes one line
# goes out on the USB port:
#   PASSES <ticks_ms of the first> <bytes allocated, -1 if collected> <us,ms after the
#   first,us since the last pass ended,us of the loop's sleep> x 100
# The wrapper allocates nothing per pass; measuring and printing happen between the 100th
# pass and the next (then a gc.collect(), so the line's garbage does not slow the hub's own
# allocations). Not part of `make deploy`.
import gc
import sys
from array import array
from time import sleep_ms, ticks_diff, ticks_ms, ticks_us

from firmware.hub import loop as _hub

_N = 100
_us = _at = _gap = _slept = None  # made after the heap is measured
# passes recorded, ticks_ms of the first, ticks_us the last ended, the last sleep's us,
# gc.mem_alloc() at the first
_state = [0, 0, 0, 0, 0]
_step = _hub.Hub.step


def _timed(self, now):
    n = _state[0]
    if n == 0:
        _state[4] = gc.mem_alloc()
        _state[1] = ticks_ms()
    _at[n] = ticks_diff(ticks_ms(), _state[1])
    t = ticks_us()
    _gap[n] = ticks_diff(t, _state[2])
    _slept[n] = _state[3]
    ok = _step(self, now)
    _state[2] = ticks_us()
    _us[n] = ticks_diff(_state[2], t)
    n += 1
    if n == _N:
        b = gc.mem_alloc() - _state[4]
        out = sys.stdout
        out.write("PASSES %d %d" % (_state[1], b if b >= 0 else -1))
        for i in range(_N):
            out.write(" %d,%d,%d,%d" % (_us[i], _at[i], _gap[i], _slept[i]))
        out.write("\n")
        # The line's strings are the bench's garbage, not the hub's: collected here, so
        # the hub's allocator never searches through them (nor its collector's threshold
        # counts them), and the time this takes is nobody's pass nor gap.
        gc.collect()
        _state[2] = ticks_us()
        n = 0
    _state[0] = n
    return ok


_run = _hub.Hub.run


def _measured(self, *args, **kwargs):
    type(self).run = _run
    gc.collect()
    print("HEAP %d %d %s %s" % (gc.mem_alloc(), gc.mem_free(),
                                ".".join(str(v) for v in sys.implementation.version[:3]),
                                sys.platform))
    global _us, _at, _gap, _slept
    _us = array("i", bytes(4 * _N))
    _at = array("i", bytes(4 * _N))
    _gap = array("i", bytes(4 * _N))
    _slept = array("i", bytes(4 * _N))
    type(self).step = _timed
    kwargs["sleep"] = _sleep
    return _run(self, *args, **kwargs)


def _sleep(ms):
    t = ticks_us()
    sleep_ms(ms)
    _state[3] = ticks_diff(ticks_us(), t)


_hub.Hub.run = _measured
del _hub

from firmware.hub import main as hub_main  # noqa: E402

hub_main.main()
