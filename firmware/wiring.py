"""A board's parts, wired as its pin table says (``board``: firmware/hub/board.py for the
reader hub, firmware/pocket/board.py for the pocket, both generated from
``hardware/pinout.json``): the die's accelerometer, the NFC reader, the buttons, the status
light and the buzzer, each built on its ``machine`` bus or pin.

Only needed while booting: the boards drop this module afterwards, so its code does not
sit in the heap while they run. ``machine`` is a parameter so the tests can hand in a
stand-in.
"""

# The pins come from the board's functions (bus, pin, address...), never its constants'
# names: interned names outlive this module, and a booted board keeps no use for them.


def die_i2c(board, machine=None):
    if machine is None:
        import machine
    return board.bus(machine, "die_i2c")


def _lis3dh():
    from firmware.lis3dh import LIS3DH
    return LIS3DH


def _adxl345():
    from firmware.adxl345 import ADXL345
    return ADXL345


def _mpu6050():
    from firmware.mpu6050 import MPU6050
    return MPU6050


# The accelerometers a die cable may carry, by the name the pin table gives them; each
# driver is imported only when its chip answers (each costs heap).
SENSORS = {"lis3dh": _lis3dh, "adxl345": _adxl345, "mpu6050": _mpu6050}


def find_sensor(board, i2c, prefer=None):
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
            try:
                return SENSORS[name]()(i2c, address)
            except OSError as exc:
                errors.append(str(exc))
    raise OSError("no accelerometer on the die cable%s" % (
        (": " + "; ".join(errors)) if errors else " (nothing answers)"))


def build_die(board, i2c, faces_path=None, errors=None):
    from firmware import faces_setup
    from firmware.die import Die
    from firmware.rolls import RollDetector

    try:
        sensor = find_sensor(board, i2c)
        detector = RollDetector(faces_setup.load(faces_path or faces_setup.FILE),
                                sensor.rate_hz)
    except (OSError, ValueError) as exc:
        if errors is not None:
            errors.append(("DIE_MISSING", "%s: virtual die only" % exc))
        sensor = detector = None
    return Die(sensor, detector)


def build_reader(board, machine, errors, ticks=None, sleep=None):
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


def build_buttons(board, machine):
    from firmware.buttons import Buttons

    pins = [(name, machine.Pin(number, machine.Pin.IN, machine.Pin.PULL_UP))
            for name, number in board.buttons()]
    return Buttons(pins, active_low=board.active_low("button_a"))


def build_led(board, machine):
    from firmware.led import Led, PwmLight

    if board.choice("light")[0] == "ws2812":
        import neopixel

        from firmware.lights import PixelLight

        return Led(PixelLight(neopixel.NeoPixel(machine.Pin(board.pin("ws2812")), 1)))
    pwm = machine.PWM(machine.Pin(board.pin("led")))
    pwm.freq(1000)
    return Led(PwmLight(pwm, board.active_low("led")))


def build_buzzer(board, machine):
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
