"""MFRC522 driver against the register-level twin: ISO 14443-A activation through cascade
levels, anticollision between two tags, NTAG READ/WRITE, bounded time-outs."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from firmware.mfrc522 import DONE, FAILED, MFRC522, PENDING, crc_a, merge_bits
from firmware.ndef import TNF_EXTERNAL
from firmware.ndef_records import record
from firmware.nfc import NfcReader
from firmware.sim.twins import FakeClock, Ntag
from firmware.sim.twins import crc_a as twin_crc
from firmware.sim.twins.mfrc522 import FakeSPI, MFRC522Twin

A = "04A1B2C3D4E5F6"
B = "04112233445566"
RECORD = record(TNF_EXTERNAL, b"hexref.org:t", b"jl/016")


def rig():
    clock = FakeClock()
    chip = MFRC522Twin(clock)
    spi = FakeSPI(chip)
    driver = MFRC522(spi, spi.cs, reset=chip.rst, ticks=clock.ticks_ms, sleep=clock.sleep_ms)
    assert driver.begin() == 0x92
    return clock, chip, spi, driver


def run(clock, driver, limit=300):
    for _ in range(limit):
        verdict = driver.step_tag(clock.now)
        if verdict != PENDING:
            return verdict
        clock.advance(1)
    raise AssertionError("never finished")


def uid_of(driver):
    return "".join(["%02X" % b for b in driver.uid[:driver.uid_len]])


def test_crc_a_matches_iso14443_examples_and_the_twin():
    # ISO/IEC 14443-3 Annex B: 00 00 -> A0 1E; 12 34 -> 26 CF.
    assert crc_a(b"\x00\x00", 2) == 0x1EA0
    assert crc_a(b"\x12\x34", 2) == 0xCF26
    assert twin_crc(b"\x12\x34") == (0x26, 0xCF)


def test_begin_turns_the_antenna_on_and_sets_the_timer():
    clock, chip, spi, driver = rig()
    assert chip.regs[0x14] & 0x03 == 0x03  # TxControlReg: TX1 and TX2 on
    assert chip.regs[0x2A] & 0x80  # TModeReg TAuto
    assert chip.regs[0x15] == 0x40  # TxASKReg Force100ASK


def test_no_tag_is_a_bounded_timeout_not_a_failure():
    clock, chip, spi, driver = rig()
    driver.start_poll(clock.now)
    assert run(clock, driver) == DONE
    assert driver.uid_len == 0


def test_seven_byte_uid_through_two_cascade_levels():
    clock, chip, spi, driver = rig()
    tag = chip.place(Ntag(A))
    driver.start_poll(clock.now)
    assert run(clock, driver) == DONE
    assert uid_of(driver) == A
    assert tag.state == "ACTIVE"


def test_resting_tag_is_found_on_every_poll():
    # The driver halts the tag after each cycle and wakes it with WUPA.
    clock, chip, spi, driver = rig()
    chip.place(Ntag(A))
    for _ in range(4):
        driver.start_poll(clock.now)
        assert run(clock, driver) == DONE
        assert uid_of(driver) == A


def test_anticollision_between_two_tags_picks_one_consistently():
    clock, chip, spi, driver = rig()
    chip.place(Ntag(A))
    chip.place(Ntag(B))
    seen = set()
    for _ in range(3):
        driver.start_poll(clock.now)
        assert run(clock, driver) == DONE
        seen.add(uid_of(driver))
    assert len(seen) == 1 and seen.pop() in (A, B)
    assert chip.collisions >= 3  # each poll really resolved a collision


def test_ntag_read_and_write():
    clock, chip, spi, driver = rig()
    tag = chip.place(Ntag(A, record=RECORD))
    driver.start_poll(clock.now)
    run(clock, driver)
    driver.start_read(4, clock.now)
    assert run(clock, driver) == DONE
    assert bytes(driver.data) == bytes(tag.mem[16:32])
    driver.start_write(9, b"hexr", clock.now)
    assert run(clock, driver) == DONE
    assert bytes(tag.mem[36:40]) == b"hexr"


def test_write_refused_by_the_tag_is_a_tag_fault():
    clock, chip, spi, driver = rig()
    chip.place(Ntag(A))
    driver.start_poll(clock.now)
    run(clock, driver)
    driver.start_write(1, b"\x00\x00\x00\x00", clock.now)  # UID page: NAK
    assert run(clock, driver) == FAILED
    assert driver.tag_fault


def test_tag_lifted_before_read_fails_within_the_timer():
    clock, chip, spi, driver = rig()
    chip.place(Ntag(A))
    driver.start_poll(clock.now)
    run(clock, driver)
    chip.lift()
    driver.start_read(4, clock.now)
    start = clock.now
    assert run(clock, driver) == FAILED
    assert driver.tag_fault and clock.now - start < 30


def test_dead_chip_fails_the_poll_as_a_bus_fault():
    clock, chip, spi, driver = rig()
    chip.stuck = True
    driver.start_poll(clock.now)
    assert run(clock, driver) == FAILED
    assert not driver.tag_fault


def test_reader_facade_on_the_mfrc522_taps_and_recovers():
    clock, chip, spi, driver = rig()
    reader = NfcReader(driver)
    chip.place(Ntag(A, record=RECORD))
    events = []
    for _ in range(300):
        event = reader.poll(clock.now)
        if event:
            events.append(event)
        clock.advance(1)
    assert events == [("TAP", A, "".join(["%02X" % b for b in RECORD]))]
    chip.stuck = True
    for _ in range(300):
        reader.poll(clock.now)
        clock.advance(1)
    assert reader.resets >= 1 and not chip.stuck and chip.regs[0x14] & 0x03


def test_anticollision_bits_join_at_rx_align():
    # 11 bits known (anticollision NVB 0x33): byte 1 is 3 bits ours, 5 the tag's.
    cl = bytearray([0x88, 0b00000101, 0, 0, 0])
    answer = bytes([0b10101111, 0x12, 0x34, 0x56])  # low 3 bits of byte 0 are not the tag's
    merge_bits(cl, 11, 40, answer, 4)
    assert cl == bytearray([0x88, 0b10101101, 0x12, 0x34, 0x56])
    # A collision at the 6th answer bit: keep 11 + 5 bits, the rest cleared.
    cl = bytearray([0x88, 0b00000101, 0, 0, 0])
    merge_bits(cl, 11, 16, answer, 4)
    assert cl == bytearray([0x88, 0b10101101, 0, 0, 0])
