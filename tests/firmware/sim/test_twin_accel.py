"""The accelerometer twins against their datasheets, where drivers written by others lean on
them: plain register transfers, the MPU-6050's DEVICE_RESET (register map 4.28), the
LIS3DH's BOOT, and taps (LIS3DH CLICK_SRC, ADXL345 INT_SOURCE) when the trace holds one."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from firmware.sim.twins.accel import AccelTwin

REST = [0, 0, 1000]
# A knock on the x axis: one sample at 100 Hz far over any threshold, then rest again.
KNOCK = [-2500, 0, 1000]
TAP = REST * 3 + KNOCK + REST * 3


def _write(bus, reg, value):
    bus.writeto(bus.address, bytes([reg, value]))


def _read(bus, reg, n=1):
    bus.writeto(bus.address, bytes([reg]))
    buf = bytearray(n)
    bus.readfrom_into(bus.address, buf)
    return buf


def test_plain_transfers_reach_the_registers_as_the_register_calls_do():
    for chip, who_reg, who in (("lis3dh", 0x0F, 0x33), ("adxl345", 0x00, 0xE5),
                               ("mpu6050", 0x75, 0x68)):
        bus = AccelTwin(chip, REST)
        assert _read(bus, who_reg)[0] == who
        _write(bus, who_reg, 0)
        assert _read(bus, who_reg)[0] == who  # read-only
    bus = AccelTwin("adxl345", REST)
    bus.writeto(0x53, bytes([0x2D, 0x08]))  # POWER_CTL: MEASURE
    data = _read(bus, 0x32, 6)
    assert data == bus.readfrom_mem(0x53, 0x32, 6) == bytes([0, 0, 0, 0, 0, 1])  # 256/g


def test_mpu6050_device_reset_restores_defaults_and_clears_itself():
    bus = AccelTwin("mpu6050", REST)
    bus.writeto_mem(0x68, 0x6B, b"\x01")  # awake, gyro clock
    bus.writeto_mem(0x68, 0x1C, b"\x18")  # +-16 g
    bus.writeto_mem(0x68, 0x6B, b"\x80")  # DEVICE_RESET
    assert bus.readfrom_mem(0x68, 0x6B, 1) == b"\x40"  # bit cleared; SLEEP, as at power-on
    assert bus.readfrom_mem(0x68, 0x1C, 1) == b"\x00"
    assert bus.readfrom_mem(0x68, 0x75, 1) == b"\x68"
    assert bus.readfrom_mem(0x68, 0x3B, 6) == bytes(6)  # asleep: no data
    bus.writeto_mem(0x68, 0x68, b"\x07")  # SIGNAL_PATH_RESET: the bits do not stay
    assert bus.readfrom_mem(0x68, 0x68, 1) == b"\x00"


def test_lis3dh_boot_bit_clears_itself():
    bus = AccelTwin("lis3dh", REST)
    bus.writeto_mem(0x18, 0x24, b"\x88")
    assert bus.readfrom_mem(0x18, 0x24, 1) == b"\x08"


def _lis3dh_clicks(bus, latched=True):
    r = bus.writeto_mem
    r(0x18, 0x20, b"\x57")  # 100 Hz, x y z
    r(0x18, 0x38, b"\x15")  # CLICK_CFG: single click on x, y, z
    r(0x18, 0x3A, bytes([(0x80 if latched else 0) | 80]))  # 80 x 16 mg = 1.28 g
    r(0x18, 0x3B, b"\x03")  # TIME_LIMIT 3 / 100 Hz = 30 ms


def test_lis3dh_reports_a_tap_in_click_src_latched_until_read():
    bus = AccelTwin("lis3dh", TAP)
    _lis3dh_clicks(bus)
    assert bus.readfrom_mem(0x18, 0x39, 1) == b"\x00"
    bus.advance(5)  # past the knock
    src = bus.readfrom_mem(0x18, 0x39, 1)[0]
    assert src == 0x40 | 0x10 | 0x08 | 0x01  # IA, SClick, negative, on X
    assert bus.readfrom_mem(0x18, 0x39, 1) == b"\x00"  # reading it cleared the latch
    # The resting z axis (1 g) is under 1.28 g: no tap from gravity alone.
    quiet = AccelTwin("lis3dh", REST * 8)
    _lis3dh_clicks(quiet)
    quiet.advance(7)
    assert quiet.readfrom_mem(0x18, 0x39, 1) == b"\x00" and quiet.taps == 0


def test_lis3dh_push_held_too_long_is_no_click():
    held = REST * 2 + [-2500, 0, 1000] * 5 + REST * 2  # 50 ms over: past TIME_LIMIT
    bus = AccelTwin("lis3dh", held)
    _lis3dh_clicks(bus)
    bus.advance(9)
    assert bus.readfrom_mem(0x18, 0x39, 1) == b"\x00" and bus.taps == 0


def test_adxl345_reports_a_single_tap_in_int_source_until_read():
    bus = AccelTwin("adxl345", TAP)
    w = bus.writeto_mem
    w(0x53, 0x2D, b"\x08")  # MEASURE
    w(0x53, 0x2A, b"\x07")  # TAP_AXES x y z
    w(0x53, 0x1D, bytes([20]))  # 20 x 62.5 mg = 1.25 g
    w(0x53, 0x21, bytes([50]))  # DUR 50 x 625 us = 31 ms
    w(0x53, 0x2E, b"\x40")  # INT_ENABLE: SINGLE_TAP
    assert bus.readfrom_mem(0x53, 0x30, 1)[0] & 0x40 == 0
    bus.advance(5)
    src = bus.readfrom_mem(0x53, 0x30, 1)[0]
    assert src & 0x40 and src & 0x80  # SINGLE_TAP, DATA_READY
    assert bus.readfrom_mem(0x53, 0x2B, 1)[0] & 0x07 == 0x04  # TAP_X source
    assert bus.readfrom_mem(0x53, 0x30, 1)[0] & 0x40 == 0  # cleared by the read
    off = AccelTwin("adxl345", TAP)  # the same knock, SINGLE_TAP not in INT_ENABLE
    for reg, value in ((0x2D, 0x08), (0x2A, 0x07), (0x1D, 20), (0x21, 50)):
        off.writeto_mem(0x53, reg, bytes([value]))
    off.advance(5)
    assert off.readfrom_mem(0x53, 0x30, 1)[0] & 0x40 == 0 and off.taps == 1


def _double_trace(gap):
    """Two knocks ``gap`` samples (10 ms each) apart, on the x axis."""
    return REST * 2 + KNOCK + REST * (gap - 1) + KNOCK + REST * 3


def test_lis3dh_double_click_needs_the_second_after_the_latency_and_in_the_window():
    # CLICK_CFG XD: double clicks only. TIME_LATENCY 4 and TIME_WINDOW 20 at 100 Hz: the
    # second click must start 40 to 240 ms after the first ended.
    for gap, double in ((3, False), (8, True), (40, False)):
        bus = AccelTwin("lis3dh", _double_trace(gap))
        _lis3dh_clicks(bus)
        for reg, value in ((0x38, 0x02), (0x3C, 4), (0x3D, 20)):
            bus.writeto_mem(0x18, reg, bytes([value]))
        bus.advance(gap + 6)
        src = bus.readfrom_mem(0x18, 0x39, 1)[0]
        assert src == (0x40 | 0x20 | 0x08 | 0x01 if double else 0), (gap, hex(src))


def test_adxl345_double_tap_and_its_single_taps():
    bus = AccelTwin("adxl345", _double_trace(8))
    for reg, value in ((0x2D, 0x08), (0x2A, 0x07), (0x1D, 20), (0x21, 50),
                       (0x22, 16), (0x23, 200), (0x2E, 0x60)):  # latent 20 ms, window 250
        bus.writeto_mem(0x53, reg, bytes([value]))
    bus.advance(5)
    assert bus.readfrom_mem(0x53, 0x30, 1)[0] & 0x60 == 0x40  # the first: a single tap
    bus.advance(9)
    assert bus.readfrom_mem(0x53, 0x30, 1)[0] & 0x60 == 0x20  # the second: a double tap
