"""The reader hub's boot: its parts built by firmware/wiring.py on its own pin table
(firmware/hub/board.py), its link and loop, the watchdog and the count of its resets.
Only needed while booting: firmware/hub/main.py drops it afterwards."""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware import resets, wiring
from firmware.hub import board

_WDT_MS = const(5000)  # the RP2040 allows up to 8.3 s
CAPS = ("nfc", "die", "btn", "led")  # what HELLO says this hub can do


def make_hub(port, reader, die, buttons, led=None, board="sim", boot_id=None, buzzer=None,
             watchdog=None):
    """The hub on ``port`` with its link (a new boot id unless given) and its parts."""
    from firmware.hub.link import Link
    from firmware.hub.loop import Hub

    link = Link(port, boot_id or wiring.new_boot_id(), board=board, caps=CAPS)
    return Hub(link, reader, die, buttons, led, buzzer, watchdog)


def boot(machine, errors, safe=False, port=None, ticks=None, sleep=None):
    """Build every part and the hub; ``errors`` collects what is missing, as (code, text).
    In safe mode there is no watchdog. ``port`` defaults to the USB serial port."""
    if port is None:
        from firmware.hub.usbport import UsbPort

        port = UsbPort()
    die = wiring.build_die(board, wiring.die_i2c(board, machine), errors=errors)
    reader = wiring.build_reader(board, machine, errors, ticks, sleep)
    watchdog = None if safe else machine.WDT(timeout=_WDT_MS)
    return make_hub(port, reader, die, wiring.build_buttons(board, machine),
                    wiring.build_led(board, machine), board=board.BOARD,
                    buzzer=wiring.build_buzzer(board, machine), watchdog=watchdog)


def _timed_out(machine):
    """On the RP2040, machine.reset() (mpremote reset, the end of `make deploy`) is a
    watchdog reset too, and reset_cause() says WDT_RESET for it: only the watchdog's
    REASON register (datasheet 4.7.6: bit 0 TIMER, bit 1 FORCE) tells a hang from a
    deliberate reset. Elsewhere the cause is taken as it is."""
    mem32 = getattr(machine, "mem32", None)
    if mem32 is None or board.BOARD != "pico":
        return True
    return mem32[0x40058008] & 1 != 0


def watchdog_resets(machine, path=None):
    """Watchdog resets in a row, this boot included if it was one (kept in ``path``,
    ``resets.FILE`` by default)."""
    path = path or resets.FILE
    n = resets.read(path)
    if machine.reset_cause() == machine.WDT_RESET and _timed_out(machine):
        n += 1
    else:
        n = 0
    resets.write(n, path)
    return n


def start(machine=None):
    """The Pico's boot (firmware/hub/main.py): count the watchdog resets in a row, build the
    hub (without a watchdog in safe mode), start it and say in ``ERR`` frames what is
    missing. Returns ``(hub, resets)``."""
    if machine is None:
        import machine
    from firmware.clock import ticks_ms

    errors = []
    count = watchdog_resets(machine)
    safe = count >= resets.SAFE_AFTER
    hub = boot(machine, errors, safe)
    if safe:
        errors.append(("SAFE_MODE", "%d watchdog resets in a row: no watchdog" % count))
    elif count:
        errors.append(("WDT_RESET", "the last run hung and was reset by the watchdog"))
    hub.start(ticks_ms())
    for code, text in errors:
        hub.link.error(code, text[:100])
    return hub, count
