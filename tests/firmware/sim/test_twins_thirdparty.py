"""Drivers written by others, run unchanged against our chip twins: where they disagree,
the twin is what is wrong (the real chips work with these drivers).

Adafruit's CircuitPython drivers for the PN532 (I2C and SPI), LIS3DH, ADXL345 and
MPU-6050, and pi-rc522 and mfrc522 for the MFRC522, see only a platform layer
(tests/rigs/driver_platform.py: busio, digitalio, board, time; spidev, RPi.GPIO) that forwards
their transfers to the twins in firmware/sim/twins. Each test reads something real through them and checks its value: a
tag's UID and NDEF record, an acceleration, a tap.
"""
import math

import ndef
import pytest
from rigs.driver_platform import DigitalInOut, Platform

from firmware.ndef import TNF_EXTERNAL
from firmware.ndef_records import record
from firmware.sim.twins import FakeClock, Ntag
from firmware.sim.twins.accel import AccelTwin
from firmware.sim.twins.mfrc522 import FakeSPI as MFRC522Wire
from firmware.sim.twins.mfrc522 import MFRC522Twin
from firmware.sim.twins.pn532 import FakeI2C, PN532Twin
from firmware.sim.twins.pn532 import FakeSPI as PN532Wire

UID = "04A1B2C3D4E5F6"
RECORD = record(TNF_EXTERNAL, b"hexref.org:t", b"jl/016.signature")
G = 9.80665
REST = [0, 0, 1000]
KNOCK = REST * 3 + [-2500, 0, 1000] + REST * 3  # one 100 Hz sample far over 1.3 g on x


def _ndef_message(read_page, first=4, pages=16):
    """The NDEF message in a tag's user area (a type 2 tag's TLV), read page by page."""
    data = b"".join(bytes(read_page(p)) for p in range(first, first + pages))
    assert data[0] == 0x03, data[:4].hex()  # NDEF message TLV
    return list(ndef.message_decoder(data[2:2 + data[1]]))


def _check_record(records):
    assert len(records) == 1
    assert records[0].type == "urn:nfc:ext:hexref.org:t"
    assert records[0].data == b"jl/016.signature"


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def platform(clock, monkeypatch):
    platform = Platform(clock)
    platform.install(monkeypatch)
    return platform


def _adafruit_pn532(platform, monkeypatch, module):
    import adafruit_pn532.adafruit_pn532 as core

    platform.use_clock(monkeypatch, core, module)


# --- PN532 -----------------------------------------------------------------------------


def test_adafruit_pn532_i2c_reads_uid_and_ndef_and_writes_pages(platform, clock, monkeypatch):
    chip = PN532Twin(clock)
    platform.i2c[0x24] = FakeI2C(chip)
    import adafruit_pn532.i2c as pn532_i2c

    _adafruit_pn532(platform, monkeypatch, pn532_i2c)
    import board
    import busio

    pn532 = pn532_i2c.PN532_I2C(busio.I2C(board.SCL, board.SDA), reset=DigitalInOut(chip.rst))
    assert pn532.firmware_version == (0x32, 1, 6, 7)
    assert chip.rst.history[-2:] == [0, 1]  # the driver's reset pulse reached the chip
    # The constructor's SAMConfiguration was its first transfer after the reset: the twin
    # NACKs that waking transfer (the driver ignores the OSError). Adafruit's examples
    # configure the SAM again, as here.
    pn532.SAM_configuration()
    assert chip.sam
    # No tag: the search (MaxRetries FFh, the power-on value) outlasts the driver's wait.
    assert pn532.read_passive_target(timeout=0.2) is None
    assert chip._out  # still searching when the driver gave up
    tag = chip.place(Ntag(UID, kind=215, record=RECORD))
    # The driver's next command reaches the busy chip and replaces the search (6.2.2).
    uid = pn532.read_passive_target(timeout=0.5)
    assert bytes(uid).hex().upper() == UID
    _check_record(_ndef_message(pn532.ntag2xx_read_block))
    assert pn532.ntag2xx_write_block(40, b"hexr")
    assert bytes(tag.mem[160:164]) == b"hexr"
    # "Write 16 bytes" (A0h): the NTAG's COMPATIBILITY_WRITE keeps the first 4.
    assert pn532.mifare_classic_write_block(41, b"tile" + bytes(range(12)))
    assert bytes(tag.mem[164:172]) == b"tile" + bytes(4)
    assert bytes(pn532.ntag2xx_read_block(41)) == b"tile"


def test_adafruit_pn532_spi_reads_frames_into_the_buffer_it_sends(platform, clock,
                                                                   monkeypatch):
    chip = PN532Twin(clock)
    wire = PN532Wire(chip)  # MSB first: the driver reverses each byte itself
    platform.spi = wire
    import adafruit_pn532.spi as pn532_spi

    _adafruit_pn532(platform, monkeypatch, pn532_spi)
    import board
    import busio

    spi = busio.SPI(board.SCK, MOSI=board.MOSI, MISO=board.MISO)
    pn532 = pn532_spi.PN532_SPI(spi, DigitalInOut(wire.cs), reset=DigitalInOut(chip.rst))
    assert pn532.firmware_version == (0x32, 1, 6, 7)
    pn532.SAM_configuration()
    chip.place(Ntag(UID, record=RECORD))
    assert bytes(pn532.read_passive_target(timeout=0.5)).hex().upper() == UID
    _check_record(_ndef_message(pn532.ntag2xx_read_block))


# --- MFRC522 ---------------------------------------------------------------------------


def test_pi_rc522_reads_a_seven_byte_uid_and_ndef_and_compatibility_writes(platform, clock):
    chip = MFRC522Twin(clock)
    platform.spi = MFRC522Wire(chip)
    platform.gpio[22] = chip.rst
    from pirc522 import RFID

    reader = RFID(pin_rst=22, pin_irq=None)
    tag = chip.place(Ntag(UID, record=RECORD))
    uid = reader.read_id()
    assert bytes(uid).hex().upper() == UID
    # read_id stops at the second cascade level's anticollision; select there (ISO/IEC
    # 14443-3 6.5.3.3) with the driver's own transceive and CRC, then read and write.
    cl2 = list(bytes.fromhex(UID)[3:])
    cl2.append(cl2[0] ^ cl2[1] ^ cl2[2] ^ cl2[3])
    frame = [0x95, 0x70] + cl2
    error, sak, bits = reader.card_write(reader.mode_transrec, frame + reader.calculate_crc(frame))
    assert not error and bits == 24 and sak[0] & 0x04 == 0  # SAK: UID complete
    assert tag.state == "ACTIVE"

    def read_page(page):
        error, data = reader.read(page)
        assert not error
        return data[:4]

    _check_record(_ndef_message(read_page))
    # pi-rc522's write is MIFARE Classic's two-part A0h: the NTAG's COMPATIBILITY_WRITE.
    assert reader.write(20, list(b"hexr" + bytes(12))) is False  # False: no error
    assert bytes(tag.mem[80:84]) == b"hexr" and tag.writes == 1
    assert bytes(read_page(20)) == b"hexr"


def test_mfrc522_library_selects_both_cascade_levels_and_reads_and_writes(platform, clock):
    chip = MFRC522Twin(clock)
    platform.spi = MFRC522Wire(chip)
    platform.gpio[22] = chip.rst
    from mfrc522 import MFRC522

    reader = MFRC522()
    tag = chip.place(Ntag(UID, record=RECORD))
    status, bits = reader.MFRC522_Request(reader.PICC_REQIDL)
    assert status == reader.MI_OK and bits == 16  # ATQA
    status, cl1 = reader.MFRC522_Anticoll()
    u = bytes.fromhex(UID)
    assert status == reader.MI_OK and bytes(cl1[:4]) == bytes([0x88]) + u[:3]  # CT first
    assert reader.MFRC522_SelectTag(cl1) == 0x04  # SAK: the UID goes on
    # The library stops at cascade level 1; level 2 with its own transceive and CRC.
    cl2 = list(u[3:]) + [u[3] ^ u[4] ^ u[5] ^ u[6]]
    frame = [0x95, 0x70] + cl2
    status, sak, bits = reader.MFRC522_ToCard(reader.PCD_TRANSCEIVE,
                                              frame + reader.CalulateCRC(frame))
    assert status == reader.MI_OK and bits == 24 and sak[0] == 0x00
    _check_record(_ndef_message(lambda page: reader.MFRC522_Read(page)[:4]))
    reader.MFRC522_Write(30, list(b"dice" + bytes(12)))  # A0h: COMPATIBILITY_WRITE
    assert bytes(tag.mem[120:124]) == b"dice" and tag.writes == 1


# --- accelerometers --------------------------------------------------------------------


def test_adafruit_lis3dh_reads_gravity_and_a_tap(platform, clock, monkeypatch):
    twin = AccelTwin("lis3dh", [500, 0, 866] + KNOCK)
    platform.i2c[0x18] = twin
    import adafruit_lis3dh

    platform.use_clock(monkeypatch, adafruit_lis3dh)
    import board

    lis = adafruit_lis3dh.LIS3DH_I2C(board.I2C())
    assert lis.data_rate == adafruit_lis3dh.DATARATE_400_HZ
    assert lis.range == adafruit_lis3dh.RANGE_2_G
    x, y, z = lis.acceleration
    # 30 degrees tilt: 0.5 g and 0.866 g. The datasheet's 1 mg/digit (high resolution, 2 g)
    # gives 16000 counts per g; the driver divides by 16380, so it reads 2.3 % low.
    assert math.isclose(x, 0.5 * G * 16000 / 16380, rel_tol=1e-3) and y == 0
    assert math.isclose(z, 0.866 * G * 16000 / 16380, rel_tol=1e-3)
    lis.set_tap(1, 80)  # single taps over 80 x 16 mg at 2 g, TIME_LIMIT 10 (25 ms)
    assert not lis.tapped
    twin.advance(3)
    assert not lis.tapped  # resting: 1 g on z is under the threshold
    twin.advance(3)  # past the knock
    assert lis.tapped
    assert not lis.tapped  # CLICK_SRC was latched (LIR_Click) until that read


def test_adafruit_lis3dh_double_tap(platform, clock, monkeypatch):
    # Two knocks 80 ms apart: after the default TIME_LATENCY (20/400 Hz = 50 ms), inside
    # the window (255/400 Hz); one knock alone is no double tap.
    twin = AccelTwin("lis3dh", REST * 2 + KNOCK[9:12] + REST * 7 + KNOCK[9:])
    platform.i2c[0x18] = twin
    import adafruit_lis3dh

    platform.use_clock(monkeypatch, adafruit_lis3dh)
    import board

    lis = adafruit_lis3dh.LIS3DH_I2C(board.I2C())
    lis.set_tap(2, 80)
    twin.advance(5)
    assert not lis.tapped
    twin.advance(8)
    assert lis.tapped


def test_adafruit_adxl345_reads_gravity_and_a_tap(platform, clock):
    twin = AccelTwin("adxl345", REST + KNOCK)
    platform.i2c[0x53] = twin
    import adafruit_adxl34x
    import board

    adxl = adafruit_adxl34x.ADXL345(board.I2C())
    x, y, z = adxl.acceleration
    assert x == 0 and y == 0
    assert math.isclose(z, G, rel_tol=0.03)  # 256 counts/g read with 4 mg/count
    assert adxl.raw_z == 256
    adxl.enable_tap_detection(threshold=20, duration=50)  # 1.25 g, 31 ms
    assert adxl.events == {"tap": False}
    twin.advance(4)
    assert adxl.events == {"tap": False}
    twin.advance(3)
    assert adxl.events == {"tap": True}
    assert adxl.events == {"tap": False}  # reading INT_SOURCE cleared it


def test_adafruit_adxl345_double_tap(platform, clock):
    twin = AccelTwin("adxl345", REST * 2 + KNOCK[9:12] + REST * 7 + KNOCK[9:])
    platform.i2c[0x53] = twin
    import adafruit_adxl34x
    import board

    adxl = adafruit_adxl34x.ADXL345(board.I2C())
    # Latency 20 x 1.25 ms = 25 ms, window 255 x 1.25 ms = 319 ms: 80 ms apart is a double.
    adxl.enable_tap_detection(tap_count=2, threshold=20, duration=50)
    twin.advance(5)
    assert adxl.events == {"tap": False}  # one knock so far
    twin.advance(8)
    assert adxl.events == {"tap": True}


def test_adafruit_mpu6050_resets_and_reads_gravity(platform, clock, monkeypatch):
    twin = AccelTwin("mpu6050", [0, -707, 707])
    twin.regs[0x1C] = 0x18  # left at +-16 g by an earlier program: the reset undoes it
    platform.i2c[0x68] = twin
    import adafruit_mpu6050

    platform.use_clock(monkeypatch, adafruit_mpu6050)
    import board

    mpu = adafruit_mpu6050.MPU6050(board.I2C())  # DEVICE_RESET, waits for the bit to clear
    assert platform.sleeps < 20  # the reset bit cleared at once: no long polling
    assert mpu.accelerometer_range == adafruit_mpu6050.Range.RANGE_2_G
    x, y, z = mpu.acceleration
    assert x == 0
    assert math.isclose(y, -0.707 * G, rel_tol=0.001)
    assert math.isclose(z, 0.707 * G, rel_tol=0.001)
