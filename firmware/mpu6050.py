"""InvenSense MPU-6050 over I2C: an alternative die sensor (its gyroscope is unused).

Configured for 100 samples/s (1 kHz internal rate with the low-pass filter on, divided by
10) at +-4 g, which is 8192 digits per g.

>>> acc = MPU6050(i2c)           # doctest: +SKIP
>>> acc.read()
[-3, 11, 1001]
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

ADDRESS = const(0x68)  # AD0 low; 0x69 with AD0 high (product spec 9.2)
WHO_AM_I = const(0x75)
I_AM = const(0x68)  # register map 4.32
SMPLRT_DIV = const(0x19)
CONFIG = const(0x1A)
ACCEL_CONFIG = const(0x1C)
ACCEL_XOUT_H = const(0x3B)  # XH XL YH YL ZH ZL, big-endian (register map 4.17)
PWR_MGMT_1 = const(0x6B)
# PWR_MGMT_1 (register map 4.28) resets to 0x40, SLEEP set: clear it, clock from gyro X PLL.
WAKE_PLL_X = const(0x01)
DLPF_44HZ = const(0x03)  # CONFIG DLPF_CFG=3: 44 Hz accelerometer bandwidth, 1 kHz rate (4.3)
DIV_100HZ = const(9)  # sample rate = 1 kHz / (1 + 9) (register map 4.2)
AFS_4G = const(0x08)  # ACCEL_CONFIG AFS_SEL=1: +-4 g, 8192 LSB/g (register map 4.5)
RATE_HZ = 100


class MPU6050:
    name = "mpu6050"
    rate_hz = RATE_HZ

    def __init__(self, i2c, address=ADDRESS):
        self.i2c = i2c
        self.address = address
        self._buf = bytearray(6)
        self._one = bytearray(1)
        self.mg = [0, 0, 0]
        self.setup()

    def setup(self):
        who = self._read_reg(WHO_AM_I)
        if who != I_AM:
            raise OSError("no MPU-6050 at 0x%02X (WHO_AM_I 0x%02X)" % (self.address, who))
        self._write_reg(PWR_MGMT_1, WAKE_PLL_X)
        self._write_reg(CONFIG, DLPF_44HZ)
        self._write_reg(SMPLRT_DIV, DIV_100HZ)
        self._write_reg(ACCEL_CONFIG, AFS_4G)

    def read(self):
        """One sample in milli-g as ``[x, y, z]`` (the same list object each time)."""
        buf = self._buf
        self.i2c.readfrom_mem_into(self.address, ACCEL_XOUT_H, buf)
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


def _to_mg(hi, lo):
    value = (hi << 8) | lo
    if value & 0x8000:
        value -= 0x10000
    # 8192 digits per g: mg = value * 1000 / 8192 = value * 125 / 1024.
    return (value * 125) >> 10
