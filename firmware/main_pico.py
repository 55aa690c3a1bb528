"""The reader hub on a real board. ``main.py`` on the Pico (written by ``make firmware``)
is just::

    from firmware import main_pico
    main_pico.main()

``main`` builds the parts (``firmware.wiring``: the die's accelerometer found on its I2C
bus with the face table from ``die_faces.json``, the NFC reader, buttons, light, buzzer,
the USB serial link and a ``machine.WDT``), drops the building code from the heap, says
what is missing in ``ERR`` frames, and runs the hub loop, feeding the watchdog after each
healthy pass.

Never a crash-reboot loop: each watchdog reset is counted in ``boot_state.txt``; after
``SAFE_AFTER`` in a row the hub starts in *safe mode* (no watchdog), says
``ERR SAFE_MODE`` and stays reachable. A minute of running clears the count.
"""
SAFE_AFTER = 3
HEALTHY_MS = 60000
BOOT_STATE = "boot_state.txt"
PERIOD_MS = 2
# Nothing refers to these once the hub is built.
BOOT_ONLY = ("firmware.wiring", "firmware.board", "firmware.pn532_start",
             "firmware.faces_setup")


def _read_count(path):
    try:
        with open(path) as f:
            return int(f.read().strip() or "0")
    except (OSError, ValueError):
        return 0


def _write_count(path, n):
    try:
        with open(path, "w") as f:
            f.write("%d\n" % n)
    except OSError:
        pass  # a read-only filesystem must not stop the hub


def watchdog_resets(machine, path=BOOT_STATE):
    """Watchdog resets in a row, this boot included if it was one."""
    n = _read_count(path)
    if machine.reset_cause() == machine.WDT_RESET:
        n += 1
    else:
        n = 0
    _write_count(path, n)
    return n


def forget(names):
    """Let the garbage collector have modules only needed while booting."""
    import sys

    import firmware

    for name in names:
        if name in sys.modules:
            del sys.modules[name]
        try:
            delattr(firmware, name.split(".")[-1])
        except (AttributeError, TypeError):
            pass


def main():
    import gc

    import machine

    from firmware.clock import ticks_ms

    errors = []
    resets = watchdog_resets(machine)
    safe = resets >= SAFE_AFTER
    from firmware import wiring

    hub = wiring.boot(machine, errors, safe)
    del wiring
    forget(BOOT_ONLY)
    gc.collect()
    if safe:
        errors.append(("SAFE_MODE", "%d watchdog resets in a row: no watchdog" % resets))
    elif resets:
        errors.append(("WDT_RESET", "the last run hung and was reset by the watchdog"))
    hub.start(ticks_ms())
    for code, text in errors:
        hub.link.error(code, text[:100])
    del errors
    if resets:
        hub.run(PERIOD_MS, until=_after(ticks_ms(), HEALTHY_MS), started=True)
        _write_count(BOOT_STATE, 0)  # a healthy minute: not a reboot loop any more
    hub.run(PERIOD_MS, started=True)


def _after(start, ms):
    from firmware.clock import ticks_diff

    def done(now):
        return ticks_diff(now, start) >= ms
    return done
