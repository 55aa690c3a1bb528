# main.py for measuring the hub on the emulated Pico (tests/pico/suite.py, the bench):
# the real boot (firmware/hub/main.py's main), with Hub.run wrapped so that, once the hub is built and
# the boot modules are dropped (main's own gc.collect()), it prints the heap in use and
# free before the loop starts. The wrapper's few hundred bytes are counted too (an upper
# bound, as measured). Not part of what `make deploy` copies.
import gc
import sys

from firmware.hub import loop as _hub

_run = _hub.Hub.run


def _measured(self, *args, **kwargs):
    type(self).run = _run
    gc.collect()
    print("HEAP %d %d %s %s" % (gc.mem_alloc(), gc.mem_free(),
                                ".".join(str(v) for v in sys.implementation.version[:3]),
                                sys.platform))
    return _run(self, *args, **kwargs)


_hub.Hub.run = _measured
del _hub

from firmware.hub import main as hub_main  # noqa: E402

hub_main.main()
