"""The reader hub's parts, wired as ``firmware/board.py`` says (generated from
``hardware/pinout.json``): the die's accelerometer, the NFC reader, the buttons, the status
light and the buzzer, each built on its ``machine`` bus or pin and handed to the hub.

Only needed while booting: ``main_pico`` drops this module afterwards, so its code does
not sit in the heap while the hub runs. ``machine`` is a parameter so the tests can hand
in a stand-in.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware import board, resets

# The pins come from board's functions (bus, pin, address...), never its constants' names:
# interned names outlive this module, and a booted hub keeps no use for them.
_WDT_MS = const(5000)  # the RP2040 allows up to 8.3 s
CAPS = ("nfc", "die", "btn", "led")  # what HELLO says this hub can do


def die_i2c(machine=None):
    if machine is None:
        import machine
    return board.bus(machine, "die_i2c")


def find_sensor(i2c, prefer=None):
    """The accelerometer on ``i2c``: the preferred chip first, then whatever answers.
    Only the driver of a chip that answers is imported (each costs heap)."""
    default, choices = board.choice("die")
    prefer = prefer or default
    order = [prefer] + [c for c in choices if c != prefer]
    found = i2c.scan()
    errors = []
    for name in order:
        address = board.address(name)
        if address in found:
            cls = name.upper()  # firmware.lis3dh.LIS3DH
            module = __import__("firmware." + name, None, None, (cls,))
            try:
                return getattr(module, cls)(i2c, address)
            except OSError as exc:
                errors.append(str(exc))
    raise OSError("no accelerometer on the die cable%s" % (
        (": " + "; ".join(errors)) if errors else " (nothing answers)"))


def build_die(i2c, faces_path=None, errors=None):
    from firmware import faces_setup
    from firmware.die import Die
    from firmware.rolls import RollDetector

    try:
        sensor = find_sensor(i2c)
        detector = RollDetector(faces_setup.load(faces_path or faces_setup.FILE),
                                sensor.rate_hz)
    except (OSError, ValueError) as exc:
        if errors is not None:
            errors.append(("DIE_MISSING", "%s: virtual die only" % exc))
        sensor = detector = None
    return Die(sensor, detector)


def build_reader(machine, errors, ticks=None, sleep=None):
    """The NFC reader, started; ``ticks``/``sleep`` are the clock it waits on at boot
    (the hub's by default; a simulated one in the bench)."""
    if ticks is None:
        from firmware.clock import sleep_ms as sleep
        from firmware.clock import ticks_ms as ticks
    try:
        from firmware.nfc import NfcReader

        out = machine.Pin.OUT
        if board.choice("nfc")[0] == "mfrc522":
            from firmware.mfrc522 import MFRC522

            chip = MFRC522(board.bus(machine, "nfc_spi"),
                           machine.Pin(board.pin("mfrc522", "cs"), out),
                           machine.Pin(board.pin("mfrc522", "rst"), out), ticks, sleep)
            chip.begin()
        else:
            from firmware.pn532 import PN532, I2CBus
            from firmware.pn532_start import begin

            irq = _irq_pin(machine, board.pin("pn532", "irq"))
            chip = PN532(I2CBus(board.bus(machine, "nfc_i2c"), board.address("pn532"), irq),
                         machine.Pin(board.pin("pn532", "rst"), out, value=1), ticks, sleep)
            begin(chip)
        return NfcReader(chip)
    except Exception as exc:  # the hub is still useful without it: say why
        errors.append(("NFC_MISSING", "%s: %s" % (type(exc).__name__, exc)))
        from firmware.noreader import NoReader

        return NoReader()


def _irq_pin(machine, number):
    """The PN532's IRQ input, pulled down: the chip drives it (high while it has nothing
    for the host); a loose or missing wire then reads "ready" and the reader falls back to
    reading the status with each frame, slower but never deaf. ESP32 input-only pins have
    no pulls."""
    try:
        return machine.Pin(number, machine.Pin.IN, machine.Pin.PULL_DOWN)
    except (ValueError, AttributeError):
        return machine.Pin(number, machine.Pin.IN)


def build_buttons(machine):
    from firmware.buttons import Buttons

    pins = [(name, machine.Pin(number, machine.Pin.IN, machine.Pin.PULL_UP))
            for name, number in board.buttons()]
    return Buttons(pins, active_low=board.active_low("button_a"))


def build_led(machine):
    from firmware.led import Led, PwmLight

    if board.choice("light")[0] == "ws2812":
        import neopixel

        from firmware.lights import PixelLight

        return Led(PixelLight(neopixel.NeoPixel(machine.Pin(board.pin("ws2812")), 1)))
    pwm = machine.PWM(machine.Pin(board.pin("led")))
    pwm.freq(1000)
    return Led(PwmLight(pwm, board.active_low("led")))


def build_buzzer(machine):
    if not board.choice("buzzer")[0]:
        return None
    from firmware.buzzer import PwmBuzzer

    return PwmBuzzer(machine.PWM(machine.Pin(board.pin("buzzer"))))


def new_boot_id(urandom=None):
    """Eight hex digits from the hardware RNG: a restarted hub is a new boot."""
    if urandom is None:
        from firmware.entropy import urandom
    raw = urandom(4)
    return "%02X%02X%02X%02X" % (raw[0], raw[1], raw[2], raw[3])


def make_hub(port, reader, die, buttons, led=None, board="sim", boot_id=None, buzzer=None,
             watchdog=None):
    """The hub on ``port`` with its link (a new boot id unless given) and its parts."""
    from firmware.hub import Hub
    from firmware.link import Link

    link = Link(port, boot_id or new_boot_id(), board=board, caps=CAPS)
    return Hub(link, reader, die, buttons, led, buzzer, watchdog)


def boot(machine, errors, safe=False, port=None, ticks=None, sleep=None):
    """Build every part and the hub; ``errors`` collects what is missing, as (code, text).
    In safe mode there is no watchdog. ``port`` defaults to the USB serial port."""
    if port is None:
        from firmware.usbport import UsbPort

        port = UsbPort()
    die = build_die(die_i2c(machine), errors=errors)
    reader = build_reader(machine, errors, ticks, sleep)
    watchdog = None if safe else machine.WDT(timeout=_WDT_MS)
    return make_hub(port, reader, die, build_buttons(machine), build_led(machine),
                    board=board.BOARD, buzzer=build_buzzer(machine), watchdog=watchdog)


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
    """The Pico's boot (``main_pico.main``): count the watchdog resets in a row, build the
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
