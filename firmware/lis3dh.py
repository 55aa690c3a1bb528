"""ST LIS3DH accelerometer over I2C: the die's default sensor.

Configured for 100 samples/s, +-4 g, high-resolution (12-bit) output, which is 2 mg per
digit; a die that hits the table harder than 4 g clips, which the roll detector does not
mind (it looks for agitation, not for the size of the bang).

>>> acc = LIS3DH(i2c)            # doctest: +SKIP
>>> acc.read()                   # milli-g, the same list every call
[12, -6, 1003]
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_ADDRESS = const(0x18)  # SA0/SDO to GND; 0x19 with SA0 high (datasheet 6.1.1)
_WHO_AM_I = const(0x0F)
_I_AM = const(0x33)  # datasheet 8.7, WHO_AM_I
_CTRL_REG1 = const(0x20)
_CTRL_REG4 = const(0x23)
_OUT_X_L = const(0x28)
_AUTO_INCREMENT = const(0x80)  # MSB of the sub-address: read on to the next register (6.1.1)
# CTRL_REG1 (8.8): ODR=0101 (100 Hz, table 31), LPen=0, Z/Y/X enabled.
_CTRL1_100HZ_XYZ = const(0x57)
# CTRL_REG4 (8.11): BDU=1 (high and low bytes from the same sample), FS=01 (+-4 g), HR=1.
_CTRL4_BDU_4G_HR = const(0x98)
_MG_PER_DIGIT = const(2)  # table 4: +-4 g in high-resolution mode
RATE_HZ = 100


class LIS3DH:
    name = "lis3dh"
    rate_hz = RATE_HZ

    def __init__(self, i2c, address=_ADDRESS):
        self.i2c = i2c
        self.address = address
        self._buf = bytearray(6)
        self._one = bytearray(1)
        self.mg = [0, 0, 0]
        self.setup()

    def setup(self):
        """Check the chip answers as a LIS3DH and start it sampling."""
        who = self._read_reg(_WHO_AM_I)
        if who != _I_AM:
            raise OSError("no LIS3DH at 0x%02X (WHO_AM_I 0x%02X)" % (self.address, who))
        self._write_reg(_CTRL_REG1, _CTRL1_100HZ_XYZ)
        self._write_reg(_CTRL_REG4, _CTRL4_BDU_4G_HR)

    def read(self):
        """One sample in milli-g as ``[x, y, z]`` (the same list object each time)."""
        buf = self._buf
        self.i2c.readfrom_mem_into(self.address, _OUT_X_L | _AUTO_INCREMENT, buf)
        mg = self.mg
        mg[0] = _left12(buf[0], buf[1]) * _MG_PER_DIGIT
        mg[1] = _left12(buf[2], buf[3]) * _MG_PER_DIGIT
        mg[2] = _left12(buf[4], buf[5]) * _MG_PER_DIGIT
        return mg

    def _read_reg(self, reg):
        self.i2c.readfrom_mem_into(self.address, reg, self._one)
        return self._one[0]

    def _write_reg(self, reg, value):
        self._one[0] = value
        self.i2c.writeto_mem(self.address, reg, self._one)


def _left12(lo, hi):
    # Output is a left-justified 16-bit two's complement word (datasheet 3.2.1): the
    # 12 meaningful bits are the top ones.
    value = (hi << 8) | lo
    if value & 0x8000:
        value -= 0x10000
    return value >> 4
