"""The reader hub on a real board. ``main.py`` on the Pico (written by ``make firmware``)
is just::

    from firmware.hub import main
    main.main()

``main`` builds the parts (``firmware.hub.boot.start``: the die's accelerometer found on
its I2C bus with the face table from ``die_faces.json``, the NFC reader, buttons, light,
buzzer, the USB serial link and a ``machine.WDT``), which says what is missing in ``ERR``
frames; then it drops the building code from the heap and runs the hub loop, feeding the
watchdog after each healthy pass.

Never a crash-reboot loop: each watchdog reset is counted in ``boot_state.txt``
(:mod:`firmware.resets`); after ``resets.SAFE_AFTER`` in a row the hub starts in *safe
mode* (no watchdog), says ``ERR SAFE_MODE`` and stays reachable. A minute of running
clears the count.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware import forget, resets

_HEALTHY_MS = const(60000)
_PERIOD_MS = const(2)
# Nothing refers to these once the hub is built (the virtual die's first roll loads
# firmware.entropy again).
BOOT_ONLY = ("firmware.hub.boot", "firmware.wiring", "firmware.hub.board", "firmware.pn532_start",
             "firmware.faces_setup", "firmware.entropy")


def main():
    import gc

    from firmware.clock import ticks_ms
    from firmware.hub import boot

    hub, count = boot.start()
    del boot
    forget(BOOT_ONLY)
    gc.collect()
    try:
        if count:
            hub.run(_PERIOD_MS, until=_after(ticks_ms(), _HEALTHY_MS), started=True)
            resets.write(0)  # a healthy minute: not a reboot loop any more
        hub.run(_PERIOD_MS, started=True)
    except KeyboardInterrupt:
        # Ctrl-C from the computer (mpremote, `make deploy`, a serial terminal): the maker
        # wants the REPL, without the watchdog.
        resets.stop_watchdog()
        raise


def _after(start, ms):
    from firmware.clock import ticks_diff

    def done(now):
        return ticks_diff(now, start) >= ms
    return done
