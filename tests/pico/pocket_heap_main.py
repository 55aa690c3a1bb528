# main.py for measuring the pocket build on the emulated Pico (tests/pico/bench_pocket.py):
# the real boot (firmware/pocket/main.py), with the panel's show wrapped so that, once the
# menu is on the glass, it prints the heap in use and free (after gc.collect()) while the
# boot's frame, fonts and laid-out screen are all still held. The wrapper's few hundred
# bytes are counted too (an upper bound). Not part of what `make deploy BUILD=pocket` copies.
import gc
import sys

from firmware.pocket import panel as _panel

_show = _panel.Panel.show


def _measured(self, frame):
    pages = _show(self, frame)
    gc.collect()
    print("HEAP %d %d %s %s" % (gc.mem_alloc(), gc.mem_free(),
                                ".".join(str(v) for v in sys.implementation.version[:3]),
                                sys.platform))
    return pages


_panel.Panel.show = _measured
del _panel

from firmware.pocket import main  # noqa: E402

main.main()
