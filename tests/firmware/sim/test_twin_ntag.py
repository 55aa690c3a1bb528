"""The NTAG21x twin against its datasheet (NXP NTAG213/215/216 rev 3.2, section 10): what
readers written by others send it, beyond the commands our own driver uses."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from firmware.pn532 import PN532, I2CBus
from firmware.pn532_start import begin, call
from firmware.sim.twins import ACK4, NAK4, FakeClock, Ntag
from firmware.sim.twins.pn532 import FakeI2C, PN532Twin

UID = "04A1B2C3D4E5F6"


def test_compatibility_write_stores_the_first_four_of_sixteen_bytes():
    # 10.5: A0h + address is ACKed, then 16 data bytes; only Data0..3 reach the page.
    tag = Ntag(UID)
    assert tag.command(bytes([0xA0, 5])) == ACK4
    assert tag.command(b"hexr" + bytes(range(1, 13))) == ACK4
    assert bytes(tag.mem[20:24]) == b"hexr"
    assert bytes(tag.mem[24:28]) == bytes(4)  # the next page is untouched
    assert tag.writes == 1
    assert tag.command(bytes([0x30, 5]))[:4] == b"hexr"


def test_compatibility_write_refuses_what_write_refuses():
    tag = Ntag(UID)
    assert tag.command(bytes([0xA0, 1])) == NAK4  # page 1: UID, read-only
    assert tag.command(bytes([0xA0, 45])) == NAK4  # past an NTAG213's last page (2Ch)
    assert tag.command(bytes([0xA0, 6])) == ACK4
    assert tag.command(b"four") == NAK4  # the second part must be 16 bytes
    assert bytes(tag.mem[24:28]) == bytes(4) and tag.writes == 0
    assert tag.command(bytes([0x30, 4])) is not NAK4  # and the tag takes commands again


def test_fast_read_returns_start_to_end_pages_and_refuses_a_bad_range():
    # 10.3: pages start..end inclusive, 4 bytes each; an end past the last page or before
    # the start is NAKed (no roll-over, unlike READ).
    tag = Ntag(UID)
    assert tag.command(bytes([0x3A, 3, 7])) == bytes(tag.mem[12:32])
    assert tag.command(bytes([0x3A, 44, 44])) == bytes(tag.mem[176:180])  # NTAG213: 2Ch
    assert tag.command(bytes([0x3A, 40, 45])) == NAK4
    assert tag.command(bytes([0x3A, 7, 3])) == NAK4
    assert tag.reads == 2


def test_pn532_runs_both_parts_of_a_sixteen_byte_write():
    # UM0701-02 7.3.8: InDataExchange "Write 16 bytes" (A0h); an NTAG behind it takes it
    # as COMPATIBILITY_WRITE.
    clock = FakeClock()
    chip = PN532Twin(clock)
    driver = PN532(I2CBus(FakeI2C(chip)), reset=chip.rst, ticks=clock.ticks_ms,
                   sleep=clock.sleep_ms)
    begin(driver)
    tag = chip.place(Ntag(UID))
    assert call(driver, 0x4A, b"\x01\x00")[0] == 1
    start = clock.now
    assert call(driver, 0x40, bytes([1, 0xA0, 7]) + b"tile" + bytes(12)) == b""
    assert bytes(tag.mem[28:32]) == b"tile"
    assert clock.now - start >= 4  # the EEPROM's 4.1 ms programming time
    # Page 0 is the UID: the tag NAKs the first part, the PN532 reports an error status.
    err = raises(OSError, call, driver, 0x40, bytes([1, 0xA0, 0]) + bytes(16))
    assert "tag status" in str(err)
    assert bytes(tag.mem[0:4]) == bytes.fromhex(UID)[:3] + bytes([tag.mem[3]])
