"""The reader hub on a real board: builds the buses, pins and drivers from
``firmware/board.py`` (generated from ``hardware/pinout.json``) and runs the hub loop.

On the Pico, ``main.py`` at the root of the filesystem is just::

    from firmware import main_pico
    main_pico.main()

What it does at boot:

- the die: scans the die's I2C bus and takes the accelerometer it finds (the board's
  default first), with the face table from ``die_faces.json`` (see ``faces.calibrate``);
  with none answering, the hub still runs with the virtual die only and says so in ERR;
- the NFC reader (PN532 by default, MFRC522 as the option), the player buttons, the
  status light (LED or one WS2812) and the buzzer if the board has one;
- the USB serial link, and a ``machine.WDT`` fed after each healthy pass of the loop.

Never a crash-reboot loop: each watchdog reset is counted in ``boot_state.txt``; after
``SAFE_AFTER`` in a row the hub starts in *safe mode* (no watchdog, only the parts that
came up), says ``ERR SAFE_MODE`` and stays reachable. A run of a minute clears the count.
"""
import sys

from firmware import board
from firmware.clock import sleep_ms, ticks_add, ticks_diff, ticks_ms

WDT_MS = 5000
SAFE_AFTER = 3
HEALTHY_MS = 60000
BOOT_STATE = "boot_state.txt"
PERIOD_MS = 2


class UsbPort:
    """USB CDC serial (the REPL's stdin/stdout) as the link's port: non-blocking reads
    into a preallocated buffer."""

    def __init__(self, size=64):
        import select

        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._buf = bytearray(size)
        self._view = memoryview(self._buf)
        self._one = bytearray(1)

    def read(self, n):
        count = 0
        n = min(n, len(self._buf))
        # ipoll(0) answers without waiting and without building a list.
        while count < n:
            ready = False
            for _ in self._poll.ipoll(0):
                ready = True
            if not ready:
                break
            if not self._in.readinto(self._one):
                break
            self._buf[count] = self._one[0]
            count += 1
        return self._view[:count] if count else None

    def write(self, data):
        self._out.write(data)


class PwmBuzzer:
    """A passive buzzer on a PWM pin; ``beep`` starts a tone, ``update`` ends it."""

    def __init__(self, pwm):
        self.pwm = pwm
        self._until = None
        pwm.duty_u16(0)

    def beep(self, hz, ms):
        if hz < 20:
            raise ValueError("a beep needs 20 Hz or more, not %d" % hz)
        self.pwm.freq(hz)
        self.pwm.duty_u16(32768)
        self._until = ticks_add(ticks_ms(), ms)

    def update(self, now):
        if self._until is not None and ticks_diff(now, self._until) >= 0:
            self.pwm.duty_u16(0)
            self._until = None


class NoReader:
    """Stands in when the NFC reader did not come up: the rest of the hub still works."""

    def poll(self, now):
        return None

    def write(self, uid, record):
        raise OSError("no NFC reader on this hub")


# --- building the parts ---------------------------------------------------------------------

def die_i2c(machine=None):
    machine = machine or __import__("machine")
    return machine.I2C(board.DIE_I2C_ID, sda=machine.Pin(board.DIE_I2C_SDA),
                       scl=machine.Pin(board.DIE_I2C_SCL), freq=board.DIE_I2C_FREQ)


def nfc_i2c(machine=None):
    machine = machine or __import__("machine")
    return machine.I2C(board.NFC_I2C_ID, sda=machine.Pin(board.NFC_I2C_SDA),
                       scl=machine.Pin(board.NFC_I2C_SCL), freq=board.NFC_I2C_FREQ)


def find_sensor(i2c, prefer=None):
    """The accelerometer on ``i2c``: the preferred chip first, then whatever answers."""
    from firmware.adxl345 import ADXL345
    from firmware.lis3dh import LIS3DH
    from firmware.mpu6050 import MPU6050

    chips = {"lis3dh": (LIS3DH, board.LIS3DH_ADDR), "adxl345": (ADXL345, board.ADXL345_ADDR),
             "mpu6050": (MPU6050, board.MPU6050_ADDR)}
    order = [prefer or board.DEFAULT_DIE] + [c for c in board.DIE_CHOICES
                                             if c != (prefer or board.DEFAULT_DIE)]
    found = i2c.scan()
    errors = []
    for name in order:
        cls, address = chips[name]
        if address in found:
            try:
                return cls(i2c, address)
            except OSError as exc:
                errors.append(str(exc))
    raise OSError("no accelerometer on the die cable%s" % (
        (": " + "; ".join(errors)) if errors else " (nothing answers)"))


def build_die(i2c, faces_path=None, errors=None):
    from firmware import faces
    from firmware.die import Die
    from firmware.rolls import RollDetector
    from firmware.vdie import VirtualDie

    try:
        sensor = find_sensor(i2c)
        detector = RollDetector(faces.load(faces_path or faces.FILE), sensor.rate_hz)
    except (OSError, ValueError) as exc:
        if errors is not None:
            errors.append(("DIE_MISSING", "%s: virtual die only" % exc))
        sensor = detector = None
    return Die(sensor, detector, VirtualDie())


def build_reader(machine, errors):
    try:
        from firmware.nfc import NfcReader

        if board.DEFAULT_NFC == "mfrc522":
            from firmware.mfrc522 import MFRC522

            spi = machine.SPI(board.NFC_SPI_ID, baudrate=board.NFC_SPI_BAUDRATE,
                              sck=machine.Pin(board.NFC_SPI_SCK),
                              mosi=machine.Pin(board.NFC_SPI_MOSI),
                              miso=machine.Pin(board.NFC_SPI_MISO))
            chip = MFRC522(spi, machine.Pin(board.MFRC522_CS, machine.Pin.OUT),
                           machine.Pin(board.MFRC522_RST, machine.Pin.OUT))
        else:
            from firmware.pn532 import PN532, I2CBus

            chip = PN532(I2CBus(nfc_i2c(machine), board.PN532_ADDR),
                         reset=machine.Pin(board.PN532_RST, machine.Pin.OUT, value=1))
        reader = NfcReader(chip)
        reader.begin()
        return reader
    except Exception as exc:  # the hub is still useful without it: say why
        errors.append(("NFC_MISSING", "%s: %s" % (type(exc).__name__, exc)))
        return NoReader()


def build_buttons(machine):
    from firmware.buttons import Buttons

    pins = [(name, machine.Pin(number, machine.Pin.IN, machine.Pin.PULL_UP))
            for name, number in board.BUTTONS]
    return Buttons(pins, active_low=board.BUTTON_A_ACTIVE_LOW)


def build_led(machine):
    from firmware.led import Led, PixelLight, PwmLight

    if board.DEFAULT_LIGHT == "ws2812":
        import neopixel

        return Led(PixelLight(neopixel.NeoPixel(machine.Pin(board.WS2812_PIN), 1)))
    pwm = machine.PWM(machine.Pin(board.LED_PIN))
    pwm.freq(1000)
    return Led(PwmLight(pwm, board.LED_ACTIVE_LOW))


def build_buzzer(machine):
    if not board.DEFAULT_BUZZER:
        return None
    pwm = machine.PWM(machine.Pin(board.BUZZER_PIN))
    return PwmBuzzer(pwm)


# --- the crash-reboot guard ---------------------------------------------------------------

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


def main():
    import machine

    errors = []
    resets = watchdog_resets(machine)
    safe = resets >= SAFE_AFTER
    from firmware.hub import make_hub

    die = build_die(die_i2c(machine), errors=errors)
    reader = build_reader(machine, errors)
    buttons = build_buttons(machine)
    led = build_led(machine)
    buzzer = build_buzzer(machine)
    watchdog = None if safe else machine.WDT(timeout=WDT_MS)
    hub = make_hub(UsbPort(), reader, die, buttons, led, board=board.BOARD, buzzer=buzzer,
                   watchdog=watchdog)
    start = ticks_ms()
    hub.start(start)
    if safe:
        errors.append(("SAFE_MODE", "%d watchdog resets in a row: no watchdog" % resets))
    elif resets:
        errors.append(("WDT_RESET", "the last run hung and was reset by the watchdog"))
    for code, text in errors:
        hub.link.error(code, text[:100])
    cleared = resets == 0
    while True:
        now = ticks_ms()
        try:
            hub.step(now)
        except Exception as exc:
            hub.unhealthy += 1
            hub._report_hub(exc)
        if not cleared and ticks_diff(now, start) > HEALTHY_MS:
            _write_count(BOOT_STATE, 0)
            cleared = True
        sleep_ms(PERIOD_MS)
