# main.py for `make bench` on the emulated Pico (tests/pico/bench.py): where the hub's heap
# goes on the rp2 port, module by module. Each module the Pico's boot loads is imported on
# its own, leaves first (the order of tests/mpy/bench_heap_by_module.mjs), and the heap in
# use after gc.collect() is printed, each line followed by micropython.qstr_info()'s (the
# interned names: their count, text and pools):
#   MOD <name> <bytes in use>
# then the real boot (firmware/hub/main.py's main, boot-only modules dropped) with Hub.run wrapped, as
# in heap_main.py, to print the heap once the hub is built and which modules stay:
#   MODHEAP <bytes in use> <resident module> ...
# It starts when the bench sends a byte (its end of the cable open: no line lost). Not
# part of what `make deploy` copies.
import gc
import sys

import micropython

sys.stdin.buffer.read(1)  # the bench's go: its end of the cable is open, nothing is lost
gc.collect()
print("MOD (start) %d" % gc.mem_alloc())
micropython.qstr_info()
for _name in ("firmware", "firmware.clock", "shared_rules", "shared_rules.protocol",
              "shared_rules.protocol.codec",
              "firmware.hub.usbport", "firmware.entropy", "firmware.hub.link", "firmware.hub.loop",
              "firmware.hub.board", "firmware.faces", "firmware.rolls", "firmware.die",
              "firmware.lis3dh", "firmware.ndef", "firmware.taps", "firmware.nfc",
              "firmware.pn532", "firmware.buttons", "firmware.led", "firmware.resets",
              "firmware.wiring", "firmware.hub.main"):
    __import__(_name)
    gc.collect()
    print("MOD %s %d" % (_name, gc.mem_alloc()))
    micropython.qstr_info()
del _name

from firmware.hub import loop as _hub  # noqa: E402

_run = _hub.Hub.run


def _measured(self, *args, **kwargs):
    type(self).run = _run
    gc.collect()
    print("MODHEAP %d %s" % (gc.mem_alloc(), " ".join(sorted(sys.modules))))
    micropython.qstr_info()
    print("MODDONE")
    return _run(self, *args, **kwargs)


_hub.Hub.run = _measured
del _hub

from firmware.hub import main as hub_main  # noqa: E402

hub_main.main()
