"""An accelerometer twin: a fake I2C bus holding a LIS3DH, ADXL345 or MPU-6050 register
file, which replays a trace of milli-g samples through the chip's own data registers.

The drivers talk to it exactly as to the real chip, through ``machine.I2C``'s register
calls (``readfrom_mem_into``, ``writeto_mem``) or its plain transfers (``writeto`` of the
register address, then ``readfrom_into``: what drivers written for other platforms do), so
it checks what the real chip would punish: a wrong address does not answer (OSError), the
chip reports zeros until it is configured to measure (LIS3DH data rate set, ADXL345
MEASURE bit, MPU-6050 out of SLEEP), and a LIS3DH multi-byte read without the
auto-increment bit reads the same register over and over. Each sample is quantised and
clipped the way that chip, in the mode the driver chose, would do it.

Beyond the data registers it keeps what drivers by others lean on: the MPU-6050's
DEVICE_RESET restores every register's default and clears itself (register map 4.28), the
LIS3DH's BOOT bit clears itself, and a tap in the trace (an enabled axis over the
threshold, back under it within the time limit; a second one starting after the latency,
within the window, for a double tap) sets the LIS3DH's CLICK_SRC (latched until read when
LIR_Click is set) and the ADXL345's SINGLE_TAP/DOUBLE_TAP in INT_SOURCE (when enabled in
INT_ENABLE; cleared by reading it) with the axis in ACT_TAP_STATUS. Not modelled: the
LIS3DH's high-pass filtered click (HPCLICK: the click sees the trace as it is) and the
ADXL345's double-tap suppression and invalidation rules.

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

# LIS3DH (datasheet DocID17530 rev 2): CTRL_REG5 BOOT, the click registers (8.34-8.38).
_LIS_CTRL5 = 0x24
_CLICK_CFG = 0x38
_CLICK_SRC = 0x39
_CLICK_THS = 0x3A
_TIME_LIMIT = 0x3B
_TIME_LATENCY = 0x3C
_TIME_WINDOW = 0x3D
_LIS_ODR_HZ = (0, 1, 10, 25, 50, 100, 200, 400, 1600, 1344)  # CTRL_REG1 ODR3..0
_LIS_THS_MG = (16, 32, 62, 186)  # 1 LSB at 2, 4, 8, 16 g (as INT1_THS)
# ADXL345 (datasheet rev G, register map): tap threshold, duration, axes, source, interrupts.
_THRESH_TAP = 0x1D
_DUR = 0x21
_LATENT = 0x22
_WINDOW = 0x23
_TAP_AXES = 0x2A
_ACT_TAP_STATUS = 0x2B
_INT_ENABLE = 0x2E
_INT_SOURCE = 0x30
_SINGLE_TAP = 0x40
_DOUBLE_TAP = 0x20
_DATA_READY = 0x80
# MPU-6050 (register map RM-MPU-6000A rev 4.2): 4.26 SIGNAL_PATH_RESET, 4.28 PWR_MGMT_1.
_SIGNAL_PATH_RESET = 0x68
_PWR_MGMT_1 = 0x6B
_DEVICE_RESET = 0x80


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
        self._defaults()
        self.rate_hz = rate_hz
        self.clock = clock
        self.samples = samples
        self.index = 0
        self._t0 = self._now() if clock is not None else 0
        self.reads = 0
        self.fail = 0  # the next ``fail`` transactions raise OSError (a loose die cable)
        self.pointer = 0  # the register a plain read starts at (set by a plain write)
        self._scanned = -1  # the last trace sample the tap detector has seen
        self._over = [None, None, None]  # per axis: the sample it went over the threshold
        self._first = [None, None, None]  # per axis: where a first tap ended (double taps)
        self.taps = 0

    def _defaults(self):
        spec = _CHIPS[self.chip]
        regs = self.regs
        for i in range(len(regs)):
            regs[i] = 0
        regs[spec[1]] = spec[2]
        for reg, value in spec[4]:
            regs[reg] = value

    # --- the trace ---------------------------------------------------------------------

    def load(self, samples):
        """Replay ``samples`` (flat x, y, z milli-g) from the start."""
        self.samples = samples
        self.index = 0
        self._scanned = -1
        self._over = [None, None, None]
        self._first = [None, None, None]
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

    # --- taps -----------------------------------------------------------------------

    def _tap_setup(self):
        """(single-tap axes, double-tap axes (x=1 y=2 z=4), threshold mg, time limit ms,
        latency ms, window ms) of the chip's tap detection, or None when it is off."""
        r = self.regs
        if self.chip == "lis3dh":
            cfg = r[_CLICK_CFG]  # XS XD YS YD ZS ZD from bit 0
            single = (cfg & 0x01) | (cfg & 0x04) >> 1 | (cfg & 0x10) >> 2
            double = (cfg & 0x02) >> 1 | (cfg & 0x08) >> 2 | (cfg & 0x20) >> 3
            odr = _LIS_ODR_HZ[r[0x20] >> 4] if (r[0x20] >> 4) < len(_LIS_ODR_HZ) else 0
            if not (single | double) or not odr or not self._measuring():
                return None
            ths = (r[_CLICK_THS] & 0x7F) * _LIS_THS_MG[(r[0x23] >> 4) & 3]
            tick = 1000 / odr  # TIME_LIMIT, TIME_LATENCY, TIME_WINDOW: 1 LSB = 1/ODR
            return (single, double, ths, (r[_TIME_LIMIT] & 0x7F) * tick,
                    r[_TIME_LATENCY] * tick, r[_TIME_WINDOW] * tick)
        if self.chip == "adxl345":
            tap = r[_TAP_AXES]
            axes = (tap & 0x04) >> 2 | (tap & 0x02) | (tap & 0x01) << 2  # TAP_X, _Y, _Z
            if not axes or not r[_DUR] or not self._measuring():
                return None  # DUR 0 disables single and double taps
            # A window or latency of 0 disables double taps (register map, 0x22 and 0x23).
            double = axes if r[_LATENT] and r[_WINDOW] else 0
            return (axes, double, r[_THRESH_TAP] * 62.5, r[_DUR] * 0.625,
                    r[_LATENT] * 1.25, r[_WINDOW] * 1.25)
        return None

    def _catch_up(self):
        """Run the chip's tap detection over the trace samples since the last transfer."""
        n = self.count
        upto = self._position()
        if upto >= n:
            upto = n - 1
        if upto <= self._scanned:
            return
        setup = self._tap_setup()
        r = self.regs
        ms_per_sample = 1000 / self.rate_hz
        for i in range(self._scanned + 1, upto + 1):
            if self.chip == "lis3dh" and not r[_CLICK_THS] & 0x80:
                r[_CLICK_SRC] = 0  # not latched: the source shows the current sample only
            if setup is None:
                self._over = [None, None, None]
                self._first = [None, None, None]
                continue
            single, double, ths, limit_ms, latency_ms, window_ms = setup
            for axis in range(3):
                bit = 1 << axis
                mg = self.samples[3 * i + axis]
                start = self._over[axis]
                if not (single | double) & bit:
                    self._over[axis] = None
                elif (mg if mg >= 0 else -mg) > ths:
                    if start is None:
                        self._over[axis] = (i, mg < 0)
                elif start is not None:
                    self._over[axis] = None
                    if (i - start[0]) * ms_per_sample > limit_ms:
                        continue  # held over the threshold too long: a push, not a tap
                    first = self._first[axis]
                    # A second tap starting after the latency, within the window after it.
                    since = None if first is None else (start[0] - first) * ms_per_sample
                    if double & bit and since is not None and \
                            latency_ms <= since <= latency_ms + window_ms:
                        self._first[axis] = None
                        self._tapped(axis, start[1], True)
                        continue
                    self._first[axis] = i
                    if single & bit:
                        self._tapped(axis, start[1], False)
        self._scanned = upto

    def _tapped(self, axis, negative, double):
        self.taps += 1
        r = self.regs
        if self.chip == "lis3dh":
            # CLICK_SRC: IA, DClick, SClick, Sign (1: negative), then Z, Y, X (8.35)
            r[_CLICK_SRC] = 0x40 | (0x20 if double else 0x10) | (0x08 if negative else 0) \
                | (1 << axis)
            return
        event = _DOUBLE_TAP if double else _SINGLE_TAP
        if r[_INT_ENABLE] & event:
            r[_INT_SOURCE] |= event
            r[_ACT_TAP_STATUS] = (r[_ACT_TAP_STATUS] & 0xF8) | (4 >> axis)  # TAP_X is bit 2

    # --- registers ---------------------------------------------------------------------

    def _read_regs(self, memaddr, buf):
        self.reads += 1
        self._catch_up()
        self._latch()
        step = 1
        if self.chip == "lis3dh":
            step = 1 if memaddr & 0x80 else 0  # datasheet 6.1.1: MSB of SUB increments
            memaddr &= 0x7F
        r = self.regs
        if self.chip == "adxl345" and self._measuring():
            r[_INT_SOURCE] |= _DATA_READY  # a new sample every period at any rate we read
        clear = None
        for i in range(len(buf)):
            reg = (memaddr + i * step) & 0xFF
            buf[i] = r[reg]
            if reg == _CLICK_SRC and self.chip == "lis3dh" or \
                    reg == _INT_SOURCE and self.chip == "adxl345":
                clear = reg
        if clear == _CLICK_SRC and r[_CLICK_THS] & 0x80:
            r[_CLICK_SRC] = 0  # LIR_Click: latched until CLICK_SRC is read
        elif clear == _INT_SOURCE:
            r[_INT_SOURCE] &= _DATA_READY  # reading INT_SOURCE clears the event bits

    def _write_regs(self, memaddr, data):
        self._catch_up()
        step = 1
        if self.chip == "lis3dh":
            step = 1 if memaddr & 0x80 else 0
            memaddr &= 0x7F
        for i in range(len(data)):
            self._write_reg((memaddr + i * step) & 0xFF, data[i])

    def _write_reg(self, reg, value):
        chip = self.chip
        if reg == self._id_reg:
            return  # the ID register is read-only
        if chip == "lis3dh":
            if reg == _CLICK_SRC:
                return
            if reg == _LIS_CTRL5:
                value &= 0x7F  # BOOT reloads the trimming and clears itself
        elif chip == "adxl345":
            if reg in (_INT_SOURCE, _ACT_TAP_STATUS):
                return
        elif reg == _PWR_MGMT_1 and value & _DEVICE_RESET:
            self._defaults()  # every register to its default, then the bit reads 0 (4.28)
            return
        elif reg == _SIGNAL_PATH_RESET:
            value = 0  # the resets happen; the bits do not stay set
        self.regs[reg] = value

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
        self._read_regs(memaddr, buf)

    def readfrom_mem(self, addr, memaddr, nbytes):
        buf = bytearray(nbytes)
        self.readfrom_mem_into(addr, memaddr, buf)
        return bytes(buf)

    def writeto_mem(self, addr, memaddr, buf):
        self._check(addr)
        self._write_regs(memaddr, buf)

    def writeto(self, addr, buf, stop=True):
        """A plain write: the register address, then any bytes for it and the next ones."""
        self._check(addr)
        if len(buf):
            self.pointer = buf[0]
            self._write_regs(buf[0], memoryview(buf)[1:])
        return len(buf)

    def readfrom_into(self, addr, buf, stop=True):
        """A plain read from the register the last plain write named."""
        self._check(addr)
        self._read_regs(self.pointer, buf)

    def readfrom(self, addr, nbytes, stop=True):
        buf = bytearray(nbytes)
        self.readfrom_into(addr, buf, stop)
        return bytes(buf)
