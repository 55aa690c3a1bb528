"""The platform layer that drivers written by others import, forwarding to our twins.

Adafruit's CircuitPython drivers reach the hardware through ``busio`` (I2C, SPI),
``digitalio`` (pins), ``board`` (pin names) and ``time`` (sleep, monotonic); a Raspberry Pi
MFRC522 driver through ``spidev`` and ``RPi.GPIO``. This module provides those, and nothing
else: the drivers' own code (frames, registers, timing loops) runs unchanged against the
twins in ``firmware.sim.twins``, so what they found about the real chips is checked against ours.

    platform = Platform(clock)
    platform.i2c[0x24] = FakeI2C(chip)           # a machine.I2C-like twin bus per address
    platform.install(monkeypatch)                # the fake modules, until the test ends
    from adafruit_pn532.i2c import PN532_I2C     # imported fresh, against them
    platform.use_clock(monkeypatch, adafruit_pn532.i2c)   # the drivers' time is the twins'

Time: the drivers' ``time.sleep`` moves the twins' clock, and ``time.monotonic`` reads it,
so a driver waiting for a chip waits in simulated time; past ``budget_s`` of it the test
fails (a driver polling a bit the twin never clears would otherwise spin for ever).
"""
import sys
import types

# Third-party modules that must be imported again against the fake platform in each test.
DRIVER_MODULES = ("adafruit_pn532", "adafruit_bus_device", "adafruit_lis3dh",
                  "adafruit_adxl34x", "adafruit_mpu6050", "adafruit_register", "pirc522",
                  "mfrc522")


class SimulatedTimeout(AssertionError):
    pass


class Platform:
    def __init__(self, clock, budget_s=60):
        self.clock = clock
        self.budget_us = budget_s * 1_000_000
        self.start_us = clock.us()
        self.i2c = {}  # address -> twin bus with machine.I2C's writeto/readfrom_into
        self.spi = None  # a twin's FakeSPIBus: machine.SPI's write/readinto/write_readinto
        self.gpio = {}  # Raspberry Pi pin number -> FakePin
        self.sleeps = 0

    # --- time --------------------------------------------------------------------------

    def sleep(self, seconds):
        self.sleeps += 1
        self.clock.spend_us(int(seconds * 1_000_000))
        if self.clock.us() - self.start_us > self.budget_us:
            raise SimulatedTimeout("the driver waited past %d s of simulated time"
                                   % (self.budget_us // 1_000_000))

    def monotonic(self):
        return self.clock.us() / 1_000_000

    def time_module(self):
        mod = types.ModuleType("time")
        mod.sleep = self.sleep
        mod.monotonic = self.monotonic
        mod.monotonic_ns = lambda: self.clock.us() * 1000
        mod.time = self.monotonic
        return mod

    def use_clock(self, monkeypatch, *modules):
        """Give the drivers' modules the twins' time (``import time`` or ``from time ...``)."""
        fake = self.time_module()
        for mod in modules:
            if hasattr(mod, "time"):
                monkeypatch.setattr(mod, "time", fake)
            if hasattr(mod, "sleep"):
                monkeypatch.setattr(mod, "sleep", fake.sleep)

    # --- the modules ---------------------------------------------------------------------

    def install(self, monkeypatch):
        for name in list(sys.modules):
            if name.split(".")[0] in DRIVER_MODULES:
                monkeypatch.delitem(sys.modules, name)
        for name, mod in self.modules().items():
            monkeypatch.setitem(sys.modules, name, mod)

    def modules(self):
        board = types.ModuleType("board")
        for name in ("SCL", "SDA", "SCK", "MOSI", "MISO", "D5", "D6", "D12"):
            setattr(board, name, name)
        board.I2C = lambda: I2C(self, board.SCL, board.SDA)

        busio = types.ModuleType("busio")
        busio.I2C = lambda scl, sda, frequency=100000, timeout=255: I2C(self, scl, sda)
        busio.SPI = lambda clock, MOSI=None, MISO=None: SPI(self)

        digitalio = types.ModuleType("digitalio")
        digitalio.DigitalInOut = DigitalInOut
        digitalio.Direction = types.SimpleNamespace(INPUT="input", OUTPUT="output")
        digitalio.Pull = types.SimpleNamespace(UP="up", DOWN="down")
        digitalio.DriveMode = types.SimpleNamespace(PUSH_PULL="push_pull",
                                                    OPEN_DRAIN="open_drain")

        microcontroller = types.ModuleType("microcontroller")
        microcontroller.Pin = object

        spidev = types.ModuleType("spidev")
        spidev.SpiDev = lambda: SpiDev(self)

        gpio = types.ModuleType("RPi.GPIO")
        gpio.BOARD, gpio.BCM, gpio.OUT, gpio.IN = 10, 11, 0, 1
        gpio.PUD_UP, gpio.PUD_DOWN, gpio.FALLING, gpio.RISING = 22, 21, 32, 31
        mode = []
        gpio.setmode = mode.append
        gpio.getmode = lambda: mode[-1] if mode else None
        gpio.setwarnings = lambda flag: None
        gpio.setup = lambda pin, direction, pull_up_down=None, initial=None: None
        gpio.output = lambda pin, value: self.gpio[pin].value(value)
        gpio.input = lambda pin: self.gpio[pin].value()
        gpio.add_event_detect = lambda *args, **kwargs: None
        gpio.cleanup = lambda *args: None
        rpi = types.ModuleType("RPi")
        rpi.GPIO = gpio

        return {"board": board, "busio": busio, "digitalio": digitalio,
                "microcontroller": microcontroller, "spidev": spidev, "RPi": rpi,
                "RPi.GPIO": gpio}


def _span(buf, start, end):
    return memoryview(buf)[start:len(buf) if end is None else end]


class I2C:
    """busio.I2C: CircuitPython's names and slices, machine.I2C's transfers underneath."""

    def __init__(self, platform, scl, sda):
        self.platform = platform

    def _device(self, address):
        bus = self.platform.i2c.get(address)
        if bus is None:
            raise OSError(19, "no device at 0x%02X" % address)
        return bus

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def scan(self):
        return sorted(self.platform.i2c)

    def writeto(self, address, buffer, *, start=0, end=None):
        self._device(address).writeto(address, _span(buffer, start, end))

    def readfrom_into(self, address, buffer, *, start=0, end=None):
        self._device(address).readfrom_into(address, _span(buffer, start, end))

    def writeto_then_readfrom(self, address, buffer_out, buffer_in, *, out_start=0,
                              out_end=None, in_start=0, in_end=None):
        bus = self._device(address)
        bus.writeto(address, bytes(_span(buffer_out, out_start, out_end)), False)
        bus.readfrom_into(address, _span(buffer_in, in_start, in_end))

    def deinit(self):
        pass


class SPI:
    """busio.SPI over a twin's machine.SPI-like bus; the chip select is the driver's pin."""

    def __init__(self, platform):
        self.platform = platform

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def configure(self, *, baudrate=100000, polarity=0, phase=0, bits=8):
        assert (polarity, phase, bits) == (0, 0, 8), "the twins speak SPI mode 0, 8 bits"

    def write(self, buffer, *, start=0, end=None):
        self.platform.spi.write(_span(buffer, start, end))

    def readinto(self, buffer, *, start=0, end=None, write_value=0):
        self.platform.spi.readinto(_span(buffer, start, end), write_value)

    def write_readinto(self, buffer_out, buffer_in, *, out_start=0, out_end=None,
                       in_start=0, in_end=None):
        # The same buffer may come in both places: passed on as it is, as machine.SPI does.
        self.platform.spi.write_readinto(_span(buffer_out, out_start, out_end),
                                         _span(buffer_in, in_start, in_end))


class DigitalInOut:
    """digitalio.DigitalInOut on a twin's FakePin (the 'board pin' a test hands the driver)."""

    def __init__(self, pin):
        self.pin = pin
        self.direction = "input"
        self.pull = None

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = "output"
        self.value = value

    def switch_to_input(self, pull=None):
        self.direction = "input"
        self.pull = pull

    @property
    def value(self):
        return bool(self.pin.value())

    @value.setter
    def value(self, level):
        self.pin.value(1 if level else 0)

    def deinit(self):
        pass


class SpiDev:
    """spidev.SpiDev: ``xfer2`` is one exchange with the chip selected, as the kernel does."""

    def __init__(self, platform):
        self.platform = platform
        self.max_speed_hz = 0
        self.mode = 0

    def open(self, bus, device):
        pass

    def close(self):
        pass

    def xfer2(self, data):
        wire = self.platform.spi
        buf = bytearray(data)
        wire.cs.value(0)
        wire.write_readinto(buf, buf)
        wire.cs.value(1)
        return list(buf)

    xfer = xfer2
