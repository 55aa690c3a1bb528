"""Analog Devices ADXL345 accelerometer over I2C: an alternative die sensor.

Configured for 100 samples/s in full-resolution mode at +-16 g, where the scale stays at
3.9 mg per digit (256 digits per g) whatever the range, so nothing clips on impact.

>>> acc = ADXL345(i2c)           # doctest: +SKIP
>>> acc.read()
[4, -8, 996]
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

ADDRESS = const(0x53)  # ALT ADDRESS pin low; 0x1D when high (datasheet, "I2C")
DEVID = const(0x00)
I_AM = const(0xE5)  # register 0x00, fixed device ID
BW_RATE = const(0x2C)
POWER_CTL = const(0x2D)
DATA_FORMAT = const(0x31)
DATAX0 = const(0x32)  # X0 X1 Y0 Y1 Z0 Z1, little-endian; I2C reads auto-increment
RATE_100HZ = const(0x0A)  # table 7: rate code 1010 = 100 Hz output
MEASURE = const(0x08)  # POWER_CTL bit 3: leave standby and measure
FULL_RES_16G = const(0x0B)  # DATA_FORMAT: FULL_RES=1, right-justified, range 11 = +-16 g
RATE_HZ = 100


class ADXL345:
    name = "adxl345"
    rate_hz = RATE_HZ

    def __init__(self, i2c, address=ADDRESS):
        self.i2c = i2c
        self.address = address
        self._buf = bytearray(6)
        self._one = bytearray(1)
        self.mg = [0, 0, 0]
        self.setup()

    def setup(self):
        who = self._read_reg(DEVID)
        if who != I_AM:
            raise OSError("no ADXL345 at 0x%02X (DEVID 0x%02X)" % (self.address, who))
        self._write_reg(BW_RATE, RATE_100HZ)
        self._write_reg(DATA_FORMAT, FULL_RES_16G)
        self._write_reg(POWER_CTL, MEASURE)

    def read(self):
        """One sample in milli-g as ``[x, y, z]`` (the same list object each time)."""
        buf = self._buf
        self.i2c.readfrom_mem_into(self.address, DATAX0, buf)
        mg = self.mg
        mg[0] = _to_mg(buf[0], buf[1])
        mg[1] = _to_mg(buf[2], buf[3])
        mg[2] = _to_mg(buf[4], buf[5])
        return mg

    def _read_reg(self, reg):
        self.i2c.readfrom_mem_into(self.address, reg, self._one)
        return self._one[0]

    def _write_reg(self, reg, value):
        self._one[0] = value
        self.i2c.writeto_mem(self.address, reg, self._one)


def _to_mg(lo, hi):
    value = (hi << 8) | lo
    if value & 0x8000:
        value -= 0x10000
    # 256 digits per g in full resolution: mg = value * 1000 / 256 = value * 125 / 32.
    return (value * 125) >> 5
