# main.py for `make bench` on the emulated Pico (tests/pico/bench.py): the real boot
# (main_pico.main) with Hub.step wrapped to time each pass on the board's own clock
# (time.ticks_us) and to count the heap it allocates (gc.mem_alloc() before and after, no
# collection in between). Every 100 passes one line goes out on the USB port:
#   PASSES <ticks_ms of the first pass> <us,bytes,ms after the first> x 100
# (a pass during which the collector ran reports its bytes as -1). The wrapper allocates
# nothing per pass; the printing happens between passes. Not part of `make deploy`.
import gc
import sys
from array import array
from time import ticks_diff, ticks_ms, ticks_us

from firmware import hub as _hub

_N = 100
_us = _bytes = _at = None  # made after the heap is measured
_state = [0, 0]  # passes recorded, ticks_ms of the first
_step = _hub.Hub.step


def _timed(self, now):
    n = _state[0]
    if n == 0:
        _state[1] = ticks_ms()
    _at[n] = ticks_diff(ticks_ms(), _state[1])
    a = gc.mem_alloc()
    t = ticks_us()
    ok = _step(self, now)
    _us[n] = ticks_diff(ticks_us(), t)
    b = gc.mem_alloc() - a
    _bytes[n] = b if b >= 0 else -1
    n += 1
    if n == _N:
        out = sys.stdout
        out.write("PASSES %d" % _state[1])
        for i in range(_N):
            out.write(" %d,%d,%d" % (_us[i], _bytes[i], _at[i]))
        out.write("\n")
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
    global _us, _bytes, _at
    _us = array("i", bytes(4 * _N))
    _bytes = array("i", bytes(4 * _N))
    _at = array("i", bytes(4 * _N))
    type(self).step = _timed
    return _run(self, *args, **kwargs)


_hub.Hub.run = _measured
del _hub

from firmware import main_pico  # noqa: E402

main_pico.main()
