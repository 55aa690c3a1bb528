"""An accelerometer twin: a fake I2C bus holding a LIS3DH, ADXL345 or MPU-6050 register
file, which replays a trace of milli-g samples through the chip's own data registers.

The drivers talk to it exactly as to the real chip (``readfrom_mem_into``,
``writeto_mem``), so it checks what the real chip would punish: a wrong address does not
answer (OSError), the chip reports zeros until it is configured to measure (LIS3DH data
rate set, ADXL345 MEASURE bit, MPU-6050 out of SLEEP), and a LIS3DH multi-byte read
without the auto-increment bit reads the same register over and over. Each sample is
quantised and clipped the way that chip, in the mode the driver chose, would do it.

>>> bus = AccelTwin("lis3dh", [0, 0, 1000, 0, 1000, 0])
>>> from firmware.lis3dh import LIS3DH
>>> acc = LIS3DH(bus)
>>> acc.read()
[0, 0, 1000]
>>> bus.advance(); acc.read()
[0, 1000, 0]

Time: by default the twin moves one sample per ``advance()`` (tests stay exact). Give it
a ``clock`` (a function returning ms ticks, or an object with an integer ``now`` in ms
like ``firmware.clock.FakeClock``) and it follows the clock at its sample rate,
as the real chip does under the hub loop. After the last sample the die stays where the
trace left it.
"""
from firmware.clock import ticks_diff

EIO = 5  # what the RP2040's I2C raises when nothing acknowledges

# chip -> (address, id register, id value, data register, reset values)
_CHIPS = {
    "lis3dh": (0x18, 0x0F, 0x33, 0x28, ((0x20, 0x07),)),
    "adxl345": (0x53, 0x00, 0xE5, 0x32, ((0x2C, 0x0A),)),
    "mpu6050": (0x68, 0x75, 0x68, 0x3B, ((0x6B, 0x40),)),
}
CHIPS = ("lis3dh", "adxl345", "mpu6050")


def _div_round(a, b):
    return (2 * a + b) // (2 * b)


def _clip(v, lo, hi):
    return lo if v < lo else hi if v > hi else v


class AccelTwin:
    def __init__(self, chip="lis3dh", samples=(), rate_hz=100, clock=None, address=None):
        if chip not in _CHIPS:
            raise ValueError("unknown accelerometer %r (have %s)" % (chip, ", ".join(CHIPS)))
        spec = _CHIPS[chip]
        self.chip = chip
        self.address = spec[0] if address is None else address
        self._id_reg = spec[1]
        self._data_reg = spec[3]
        self.regs = bytearray(256)
        self.regs[spec[1]] = spec[2]
        for reg, value in spec[4]:
            self.regs[reg] = value
        self.rate_hz = rate_hz
        self.clock = clock
        self.samples = samples
        self.index = 0
        self._t0 = self._now() if clock is not None else 0
        self.reads = 0
        self.fail = 0  # the next ``fail`` transactions raise OSError (a loose die cable)

    # --- the trace ---------------------------------------------------------------------

    def load(self, samples):
        """Replay ``samples`` (flat x, y, z milli-g) from the start."""
        self.samples = samples
        self.index = 0
        if self.clock is not None:
            self._t0 = self._now()

    def advance(self, n=1):
        self.index += n

    @property
    def count(self):
        return len(self.samples) // 3

    @property
    def done(self):
        return self._position() >= self.count - 1

    def _now(self):
        clock = self.clock
        return clock() if callable(clock) else clock.now

    def _position(self):
        if self.clock is None:
            return self.index
        return ticks_diff(self._now(), self._t0) * self.rate_hz // 1000

    def _sample(self, axis):
        n = self.count
        if n == 0:
            return 1000 if axis == 2 else 0  # no trace: flat on the table
        i = self._position()
        if i >= n:
            i = n - 1
        return self.samples[3 * i + axis]

    # --- the chip ------------------------------------------------------------------------

    def _measuring(self):
        r = self.regs
        if self.chip == "lis3dh":
            return (r[0x20] >> 4) != 0  # ODR bits: 0000 is power-down
        if self.chip == "adxl345":
            return bool(r[0x2D] & 0x08)
        return not (r[0x6B] & 0x40)

    def _raw(self, mg):
        """The chip's 16-bit output word for ``mg`` in the mode the driver configured."""
        r = self.regs
        if self.chip == "lis3dh":
            fs = (r[0x23] >> 4) & 3  # 2, 4, 8, 16 g
            hr = r[0x23] & 0x08
            step = (1, 2, 4, 12)[fs] if hr else (4, 8, 16, 48)[fs]  # mg per digit, table 4
            bits = 12 if hr else 10
            top = (1 << (bits - 1)) - 1
            return (_clip(_div_round(mg, step), -top - 1, top) << (16 - bits)) & 0xFFFF
        if self.chip == "adxl345":
            fmt = r[0x31]
            g = (2, 4, 8, 16)[fmt & 3]
            if fmt & 0x08:  # full resolution: 256 digits per g at any range
                per_g, top = 256, g * 256 - 1
            else:  # 10 bits across the range
                per_g, top = 1024 // (2 * g), 511
            return _clip(_div_round(mg * per_g, 1000), -top - 1, top) & 0xFFFF
        per_g = (16384, 8192, 4096, 2048)[(r[0x1C] >> 3) & 3]
        return _clip(_div_round(mg * per_g, 1000), -32768, 32767) & 0xFFFF

    def _latch(self):
        """Copy the current sample into the data registers, as the chip does each period."""
        r = self.regs
        base = self._data_reg
        for axis in range(3):
            raw = self._raw(self._sample(axis)) if self._measuring() else 0
            if self.chip == "mpu6050":  # big-endian
                r[base + 2 * axis] = raw >> 8
                r[base + 2 * axis + 1] = raw & 0xFF
            else:
                r[base + 2 * axis] = raw & 0xFF
                r[base + 2 * axis + 1] = raw >> 8

    def _check(self, addr):
        if self.fail:
            self.fail -= 1
            raise OSError(EIO)
        if addr != self.address:
            raise OSError(EIO)

    # --- the bus, as machine.I2C ---------------------------------------------------------

    def scan(self):
        return [self.address]

    def readfrom_mem_into(self, addr, memaddr, buf):
        self._check(addr)
        self.reads += 1
        self._latch()
        step = 1
        if self.chip == "lis3dh":
            step = 1 if memaddr & 0x80 else 0  # datasheet 6.1.1: MSB of SUB increments
            memaddr &= 0x7F
        for i in range(len(buf)):
            buf[i] = self.regs[(memaddr + i * step) & 0xFF]

    def readfrom_mem(self, addr, memaddr, nbytes):
        buf = bytearray(nbytes)
        self.readfrom_mem_into(addr, memaddr, buf)
        return bytes(buf)

    def writeto_mem(self, addr, memaddr, buf):
        self._check(addr)
        step = 1
        if self.chip == "lis3dh":
            step = 1 if memaddr & 0x80 else 0
            memaddr &= 0x7F
        for i in range(len(buf)):
            reg = (memaddr + i * step) & 0xFF
            if reg != self._id_reg:  # the ID register is read-only
                self.regs[reg] = buf[i]
