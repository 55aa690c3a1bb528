"""PN532 driver against the frame-level twin (UM0701-02): frames, ACK/NACK, faults, NTAG."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from firmware import pn532
from firmware.ndef import TNF_EXTERNAL
from firmware.ndef_records import record
from firmware.pn532 import DONE, FAILED, PENDING, PN532, I2CBus, SPIBus
from firmware.pn532_start import begin, call, configure, hard_reset
from firmware.sim.twins import FakeClock, Ntag
from firmware.sim.twins.pn532 import FakeI2C, FakeSPI, PN532Twin, parse_command

UID = "04A1B2C3D4E5F6"
RECORD = record(TNF_EXTERNAL, b"hexref.org:t", b"jl/016")


def rig(kind="i2c", **twin):
    clock = FakeClock()
    chip = PN532Twin(clock)
    if kind == "i2c":
        wire = FakeI2C(chip)
        bus = I2CBus(wire)
    else:
        wire = FakeSPI(chip, lsb_first=(kind == "spi-lsb"))
        bus = SPIBus(wire, wire.cs, lsb_first=(kind == "spi-lsb"))
    driver = PN532(bus, reset=chip.rst, ticks=clock.ticks_ms, sleep=clock.sleep_ms)
    return clock, chip, wire, driver


def run(clock, driver, wire=None, limit=500):
    """Step one command to the end, 1 ms apart; checks one transaction per step at most."""
    for _ in range(limit):
        before = wire.transactions if wire is not None else 0
        verdict = driver.step_tag(clock.now)
        if wire is not None:
            assert wire.transactions - before <= 1
        if verdict != PENDING:
            return verdict
        clock.advance(1)
    raise AssertionError("command never finished")


def test_frame_checksums_lcs_and_dcs():
    # UM0701-02 6.2.1.1: GetFirmwareVersion is the manual's own example frame.
    assert bytes(pn532.frame(pn532.GET_FIRMWARE_VERSION)) == \
        b"\x00\x00\xff\x02\xfe\xd4\x02\x2a\x00"
    f = pn532.frame(pn532.IN_LIST_PASSIVE_TARGET, b"\x01\x00")
    assert (f[3] + f[4]) & 0xFF == 0
    assert sum(f[5:5 + f[3] + 1]) & 0xFF == 0
    assert parse_command(f) == (0x4A, b"\x01\x00")


def test_begin_over_i2c_and_spi_configures_sam_and_bounded_retries():
    for kind in ("i2c", "spi", "spi-lsb"):
        clock, chip, wire, driver = rig(kind)
        assert begin(driver) == (1, 6)
        assert chip.sam
        assert chip.retries == 1  # passive activation bounded: polling never blocks
        assert chip.commands == [0x02, 0x14, 0x32]


def test_i2c_wake_up_oserror_is_not_ready_not_failure():
    clock, chip, wire, driver = rig("i2c")
    chip.busy = 4  # on top of the NACK of the first, waking transfer
    assert begin(driver) == (1, 6)


def test_busy_chip_acknowledges_its_address_and_answers_status_zero():
    # UM0701-02 "I2C communication details": the host polls the status byte; a PN532 at
    # work answers 00h (not ready) instead of refusing the bus, and still takes frames.
    clock, chip, wire, driver = rig()
    begin(driver)
    wire.writeto(0x24, pn532.frame(pn532.IN_LIST_PASSIVE_TARGET, b"\x01\x00"))
    status = bytearray(1)
    # Right after a frame, while it takes it in, it may not acknowledge its address.
    assert raises(OSError, wire.readfrom_into, 0x24, status).args[0] == 5
    clock.advance(5)  # past the ACK, into the RF work
    wire.readfrom_into(0x24, status)  # ACK frame first: ready
    ack = bytearray(7)
    wire.readfrom_into(0x24, ack)
    assert bytes(ack[1:]) == pn532.ACK
    wire.readfrom_into(0x24, status)
    assert status[0] == 0x00  # searching: not ready, no OSError
    assert wire.writeto(0x24, pn532.ACK) == 6  # the abort is taken while busy
    clock.advance(100)
    wire.readfrom_into(0x24, status)
    assert status[0] == 0x00 and not chip.ready()  # nothing comes: the search was aborted


def test_endless_tag_search_is_aborted_with_an_ack_then_the_reader_goes_on():
    # A chip that searches forever (MaxRetries FFh: the power-on value, e.g. after it
    # browned out unseen) never answers; the driver aborts it (6.2.2) when it gives up.
    for kind in ("i2c", "spi"):
        clock, chip, wire, driver = rig(kind)
        begin(driver)
        chip.retries = 0xFF
        driver.start_poll(clock.now)
        assert run(clock, driver, wire) == FAILED
        assert driver.error == "no response" and not driver.tag_fault
        assert not chip._out  # the ACK frame stopped the search: the chip is free
        chip.retries = 1
        chip.place(Ntag(UID))
        driver.start_poll(clock.now)
        assert run(clock, driver, wire) == DONE
        assert driver.uid_len == 7 and driver.resends == 0


def test_begin_on_a_chip_left_searching_needs_no_reset():
    # A hub restarted (watchdog, soft reset) while its PN532 kept power and a search with
    # no end: the first command reaches the busy chip and replaces the search.
    for kind in ("i2c", "spi"):
        clock, chip, wire, driver = rig(kind)
        chip.asleep = False
        chip.sam = True
        chip.receive(pn532.frame(pn532.IN_LIST_PASSIVE_TARGET, b"\x01\x00"))
        clock.advance(50)
        assert chip.send(6) == pn532.ACK  # the earlier program read the ACK...
        assert chip._out and not chip.ready()  # ...and the chip searches on
        assert begin(driver) == (1, 6)
        assert 0 not in chip.rst.history  # no reset pulse was needed
        assert chip.retries == 1


def test_new_command_replaces_one_still_at_work():
    # UM0701-02 6.2.2: a new command frame aborts the one the PN532 is processing.
    clock, chip, wire, driver = rig()
    begin(driver)
    chip.retries = 0xFF
    chip.receive(pn532.frame(pn532.IN_LIST_PASSIVE_TARGET, b"\x01\x00"))
    clock.advance(5)
    assert call(driver, pn532.GET_FIRMWARE_VERSION)[:4] == b"\x32\x01\x06\x07"


def test_clock_stretch_timeouts_are_waited_for_on_every_kind_of_transfer():
    # An RP2040's machine.I2C raises OSError(ETIMEDOUT) when the PN532 stretches SCL past
    # its timeout; the transfer is lost, not the command.
    clock, chip, wire, driver = rig()
    begin(driver)
    chip.busy = 1
    err = raises(OSError, wire.readfrom_into, 0x24, bytearray(1))
    assert err.args[0] == 110
    chip.place(Ntag(UID, record=RECORD))
    for skip in range(6):  # a timeout on the write, the ACK, the status, the frame...
        chip.busy = 0
        driver.start_poll(clock.now)
        verdict = PENDING
        n = 0
        while verdict == PENDING:
            if n == skip:
                chip.busy = 1
            verdict = driver.step_tag(clock.now)
            clock.advance(1)
            n += 1
        assert verdict == DONE and driver.uid_len == 7, (skip, driver.error)


def test_spi_exchange_with_one_buffer_for_both_directions():
    # machine.SPI.write_readinto(buf, buf) is allowed: each byte leaves before its answer
    # lands (Adafruit's PN532 driver reads frames that way).
    clock, chip, wire, driver = rig("spi")
    begin(driver)
    chip.receive(pn532.frame(pn532.GET_FIRMWARE_VERSION))
    clock.advance(5)
    rev = wire._in  # the wire is MSB first: the twin sees bytes bit-reversed
    buf = bytearray([rev(0x02), 0])
    wire.cs.value(0)
    wire.write_readinto(buf, buf)
    wire.cs.value(1)
    assert rev(buf[1]) == 0x01  # ready: the ACK waits
    buf = bytearray(7)
    buf[0] = rev(0x03)
    wire.cs.value(0)
    wire.write_readinto(buf, buf)
    wire.cs.value(1)
    assert bytes([rev(b) for b in buf[1:]]) == pn532.ACK
    raises(ValueError, wire.write_readinto, bytearray(2), bytearray(3))


def test_poll_without_tag_answers_none_quickly():
    clock, chip, wire, driver = rig()
    begin(driver)
    driver.start_poll(clock.now)
    assert run(clock, driver, wire) == DONE
    assert driver.uid_len == 0


def test_poll_finds_a_seven_byte_uid_over_each_bus():
    for kind in ("i2c", "spi", "spi-lsb"):
        clock, chip, wire, driver = rig(kind)
        begin(driver)
        chip.place(Ntag(UID))
        driver.start_poll(clock.now)
        assert run(clock, driver, wire) == DONE
        assert bytes(driver.uid[:driver.uid_len]).hex().upper() == UID


def test_ntag_fast_read_returns_the_pages_asked_for():
    clock, chip, wire, driver = rig()
    begin(driver)
    tag = chip.place(Ntag(UID, kind=215, record=RECORD))
    driver.start_poll(clock.now)
    run(clock, driver, wire)
    driver.start_read(4, clock.now, 4)
    assert run(clock, driver, wire) == DONE
    assert bytes(driver.data) == bytes(tag.mem[16:32])
    assert tag.reads == 1
    driver.start_read(3, clock.now)  # as many pages as one answer holds: 13
    run(clock, driver, wire)
    assert bytes(driver.data) == bytes(tag.mem[12:12 + 52]) and driver.READ_MAX == 52
    assert bytes(driver.data[:4]) == b"\xe1\x10\x3e\x00"  # NTAG215 CC
    driver.start_read(130, clock.now)  # past the last page (134): the tag NAKs
    assert run(clock, driver, wire) == FAILED and driver.tag_fault
    driver.start_read(3, clock.now, 16)  # 64 bytes and the CRC: more than the PN532 takes
    assert run(clock, driver, wire) == FAILED and driver.error == "tag status 09"


def test_ntag_write_one_page():
    clock, chip, wire, driver = rig("spi")
    begin(driver)
    tag = chip.place(Ntag(UID))
    driver.start_poll(clock.now)
    run(clock, driver, wire)
    driver.start_write(5, b"hexr", clock.now)
    assert run(clock, driver, wire) == DONE
    assert bytes(tag.mem[20:24]) == b"hexr"
    # Page 0 holds the UID: the tag NAKs, the driver reports a tag fault.
    driver.start_write(0, b"\x00\x00\x00\x00", clock.now)
    assert run(clock, driver, wire) == FAILED
    assert driver.tag_fault and "tag status" in driver.error


def test_missing_ack_is_resent():
    clock, chip, wire, driver = rig()
    begin(driver)
    chip.place(Ntag(UID))
    chip.drop_commands = 1
    driver.start_poll(clock.now)
    assert run(clock, driver, wire) == DONE
    assert driver.resends == 1 and driver.uid_len == 7


def test_bad_checksum_gets_a_nack_and_a_good_copy():
    for kind in ("i2c", "spi"):
        clock, chip, wire, driver = rig(kind)
        begin(driver)
        chip.place(Ntag(UID))
        chip.corrupt = 1
        driver.start_poll(clock.now)
        assert run(clock, driver, wire) == DONE
        assert chip.naks_seen == 1 and driver.nacks == 1
        assert driver.uid_len == 7


def test_checksum_failing_every_time_fails_the_command():
    clock, chip, wire, driver = rig()
    begin(driver)
    chip.corrupt = 1
    driver.start_poll(clock.now)
    chip.receive(pn532.NACK)  # nothing pending yet: harmless
    # Corrupt every resend too, by corrupting the stored copy's checksum.
    verdict = PENDING
    for _ in range(200):
        verdict = driver.step_tag(clock.now)
        if chip._last is not None and chip._last[-2] != 0x99:
            chip._last = chip._last[:-2] + b"\x99\x00"
        if verdict != PENDING:
            break
        clock.advance(1)
    assert verdict == FAILED and driver.error == "bad checksum"


def test_slow_answer_and_busy_oserror_are_waited_for():
    clock, chip, wire, driver = rig()
    begin(driver)
    chip.place(Ntag(UID))
    chip.slow_ms = 30
    chip.busy = 5
    driver.start_poll(clock.now)
    assert run(clock, driver, wire) == DONE
    assert driver.uid_len == 7 and driver.resends == 0


def test_answer_too_slow_fails_with_no_response():
    clock, chip, wire, driver = rig()
    begin(driver)
    chip.slow_ms = pn532.RESPONSE_MS + 50
    driver.start_poll(clock.now)
    assert run(clock, driver, wire) == FAILED
    assert driver.error == "no response" and not driver.tag_fault


def test_unknown_command_gets_the_error_frame():
    clock, chip, wire, driver = rig()
    begin(driver)
    err = raises(OSError, call, driver, 0x7E)
    assert "syntax error" in str(err)


def test_two_tags_in_the_field_always_yield_the_same_one():
    clock, chip, wire, driver = rig()
    begin(driver)
    chip.place(Ntag("04112233445566"))
    chip.place(Ntag(UID))
    seen = set()
    for _ in range(5):
        driver.start_poll(clock.now)
        assert run(clock, driver, wire) == DONE
        seen.add(bytes(driver.uid[:driver.uid_len]))
    assert len(seen) == 1


def test_tag_lifted_between_poll_and_read_is_a_tag_fault():
    clock, chip, wire, driver = rig()
    begin(driver)
    chip.place(Ntag(UID))
    driver.start_poll(clock.now)
    run(clock, driver, wire)
    chip.lift()
    driver.start_read(4, clock.now)
    assert run(clock, driver, wire) == FAILED
    assert driver.tag_fault and driver.error == "tag status 01"


def test_stuck_bus_fails_then_rst_pulse_recovers():
    clock, chip, wire, driver = rig()
    begin(driver)
    chip.stuck = True
    driver.start_poll(clock.now)
    assert run(clock, driver, wire) == FAILED
    assert hard_reset(driver)
    assert chip.rst.history == [0, 1] and not chip.stuck
    assert not chip.sam  # a reset chip must be configured again
    configure(driver)
    assert chip.sam
    chip.place(Ntag(UID))
    driver.start_poll(clock.now)
    assert run(clock, driver, wire) == DONE and driver.uid_len == 7


def test_begin_resets_a_wedged_chip_once_and_comes_up():
    clock, chip, wire, driver = rig()
    chip.stuck = True  # left wedged by an earlier run: only RST helps
    assert begin(driver) == (1, 6)
    assert chip.rst.history == [0, 1] and chip.sam


def test_begin_gives_up_with_a_clear_error_when_nothing_answers():
    clock, chip, wire, driver = rig()
    wire.address = 0x25  # nothing at 0x24: every transfer is NACKed
    err = raises(OSError, begin, driver)
    assert "PN532" in str(err)
