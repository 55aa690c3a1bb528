"""The accelerometer drivers against their register-level twins."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from firmware.adxl345 import ADXL345
from firmware.lis3dh import LIS3DH
from firmware.mpu6050 import MPU6050
from firmware.sim.twins.accel import AccelTwin

DRIVERS = (("lis3dh", LIS3DH), ("adxl345", ADXL345), ("mpu6050", MPU6050))


def test_each_driver_reads_milli_g_within_one_digit():
    samples = [0, 0, 1000, 707, -707, 0, -123, 456, -789, 1500, -1500, 250]
    for chip, cls in DRIVERS:
        bus = AccelTwin(chip, samples)
        sensor = cls(bus)
        for i in range(4):
            got = sensor.read()
            for k in range(3):
                assert abs(got[k] - samples[3 * i + k]) <= 4, (chip, i, got)
            bus.advance()


def test_read_reuses_one_list():
    for chip, cls in DRIVERS:
        sensor = cls(AccelTwin(chip, [1, 2, 3]))
        assert sensor.read() is sensor.read()


def test_lis3dh_clips_at_four_g_and_adxl345_does_not():
    hit = [0, 0, 9000]
    assert LIS3DH(AccelTwin("lis3dh", hit)).read()[2] == 4094
    assert abs(ADXL345(AccelTwin("adxl345", hit)).read()[2] - 9000) <= 4


def test_chip_reads_zero_until_the_driver_starts_it():
    for chip, cls in DRIVERS:
        bus = AccelTwin(chip, [0, 0, 1000])
        buf = bytearray(6)
        reg = {"lis3dh": 0xA8, "adxl345": 0x32, "mpu6050": 0x3B}[chip]
        bus.readfrom_mem_into(bus.address, reg, buf)
        assert buf == bytearray(6), chip
        cls(bus)
        bus.readfrom_mem_into(bus.address, reg, buf)
        assert buf != bytearray(6), chip


def test_lis3dh_needs_the_auto_increment_bit():
    bus = AccelTwin("lis3dh", [100, 200, 1000])
    LIS3DH(bus)
    buf = bytearray(6)
    bus.readfrom_mem_into(0x18, 0x28, buf)  # no MSB: the same register six times
    assert buf[0] == buf[1] == buf[5]


def test_wrong_chip_or_address_is_an_oserror():
    for chip, cls in DRIVERS:
        for other, _ in DRIVERS:
            if other != chip:
                raises(OSError, cls, AccelTwin(other, [0, 0, 1000]))
    err = raises(OSError, LIS3DH, AccelTwin("lis3dh"), 0x19)
    assert err.args[0] == 5
    bus = AccelTwin("mpu6050", [0, 0, 1000])
    err = raises(OSError, LIS3DH, bus, 0x68)
    assert "LIS3DH" in str(err)


def test_twin_follows_a_clock_at_its_rate():
    now = [0]
    bus = AccelTwin("adxl345", [0, 0, 1000, 1000, 0, 0, 0, 1000, 0], rate_hz=100,
                    clock=lambda: now[0])
    sensor = ADXL345(bus)
    assert sensor.read()[2] == 1000
    now[0] = 15
    assert sensor.read()[0] == 1000
    now[0] = 500  # past the end: the die stays put
    assert sensor.read()[1] == 1000 and bus.done


def test_cable_fault_is_an_oserror_then_recovers():
    bus = AccelTwin("lis3dh", [0, 0, 1000])
    sensor = LIS3DH(bus)
    bus.fail = 1
    raises(OSError, sensor.read)
    assert sensor.read()[2] == 1000
