"""The hub's NFC reader (firmware/nfc.py) on the PN532 twin: taps, records, enrollment,
recovery, and never more than one bus transaction per poll."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises
from nfc_rig import RECORD, A, B, drive, hexs, rig

from firmware import ndef
from firmware.ndef import TNF_EXTERNAL
from firmware.ndef_records import record, tlv
from firmware.nfc import WRITE_WAIT_MS, NfcReader
from firmware.pn532 import PN532, I2CBus
from firmware.pn532_start import begin
from firmware.sim.twins import FakeClock, Ntag
from firmware.sim.twins.pn532 import FakeI2C, PN532Twin


def test_tap_once_while_resting_then_gone():
    clock, chip, wire, reader = rig()
    assert drive(clock, wire, reader, 100) == []
    tag = chip.place(Ntag(A, record=RECORD))
    assert drive(clock, wire, reader, 500) == [("TAP", A, hexs(RECORD))]
    assert reader.present == (A, hexs(RECORD))
    reads = tag.reads
    assert drive(clock, wire, reader, 500) == []
    assert tag.reads == reads  # the record is read once per visit, not per poll
    chip.lift()
    assert drive(clock, wire, reader, 300) == [("GONE", A)]
    assert reader.present is None


def test_factory_fresh_tag_taps_without_record():
    clock, chip, wire, reader = rig()
    chip.place(Ntag(B, kind=215))
    assert drive(clock, wire, reader, 200) == [("TAP", B, "")]


def test_long_record_spans_several_fast_reads():
    clock, chip, wire, reader = rig()
    long_record = record(TNF_EXTERNAL, b"hexref.org:t", bytes(range(200)))
    tag = chip.place(Ntag(A, kind=215, record=long_record))
    assert drive(clock, wire, reader, 500) == [("TAP", A, hexs(long_record))]
    # From page 3 (CC + 48 user bytes) on, 52 bytes a FAST_READ, TLV header of 2 bytes.
    assert tag.reads == 1 + (2 + len(long_record) - 48 + 51) // 52


def test_a_signed_record_is_one_read():
    clock, chip, wire, reader = rig()
    signed = bytes.fromhex(
        "D1012D5500686578726566"  # URI record: "hexref:" and the entry, v=2 and s=16 hex
    ) + b":jl/atlantis?v=2&s=0123456789ABCDEF"
    signed = signed[:2] + bytes([len(signed) - 4]) + signed[3:]
    tag = chip.place(Ntag(A, kind=213, record=signed))
    assert drive(clock, wire, reader, 500) == [("TAP", A, hexs(signed))]
    assert tag.reads == 1 and len(signed) + 2 <= 48


def test_record_after_a_lock_control_tlv():
    clock, chip, wire, reader = rig()
    tag = Ntag(A)
    data = bytes([0x01, 0x03, 0xA0, 0x0C, 0x34]) + tlv(RECORD)
    tag.mem[16:16 + len(data)] = data
    chip.place(tag)
    assert drive(clock, wire, reader, 300) == [("TAP", A, hexs(RECORD))]


def test_a_different_tag_replaces_the_first_at_once():
    clock, chip, wire, reader = rig()
    first = chip.place(Ntag(A, record=RECORD))
    drive(clock, wire, reader, 200)
    chip.lift(first)
    chip.place(Ntag(B))
    assert drive(clock, wire, reader, 200) == [("GONE", A), ("TAP", B, "")]


def test_enroll_writes_the_record_and_taps_it_again():
    clock, chip, wire, reader = rig()
    tag = Ntag(B)
    lock = bytes([0x01, 0x03, 0xA0, 0x0C, 0x34])
    tag.mem[16:16 + 8] = lock + b"\x03\x00\xfe"
    chip.place(tag)
    assert drive(clock, wire, reader, 200) == [("TAP", B, "")]
    reader.write(B, hexs(RECORD))
    assert drive(clock, wire, reader, 500) == [("TAP", B, hexs(RECORD))]
    assert reader.write_state == "done" and reader.errors == []
    assert bytes(tag.mem[16:21]) == lock  # the Lock Control TLV is kept
    assert ndef.locate(tag.user_area(), 144) == (ndef.FOUND, 7, len(RECORD))


def test_enroll_waits_for_the_tag_then_gives_up():
    clock, chip, wire, reader = rig()
    reader.write(A, RECORD)
    assert reader.write_state == "waiting"
    drive(clock, wire, reader, WRITE_WAIT_MS + 100)
    assert reader.write_state == "failed"
    assert reader.take_error()[0] == "NO_TAG"


def test_enroll_only_the_named_tag():
    clock, chip, wire, reader = rig()
    other = chip.place(Ntag(A))
    reader.write(B, RECORD)
    drive(clock, wire, reader, 300)
    assert other.writes == 0 and reader.write_state == "waiting"


def test_enroll_refuses_a_record_too_big_for_the_tag():
    clock, chip, wire, reader = rig()
    tag = chip.place(Ntag(A))  # NTAG213: 144 bytes
    drive(clock, wire, reader, 100)
    reader.write(A, record(TNF_EXTERNAL, b"hexref.org:t", bytes(200)))
    drive(clock, wire, reader, 200)
    assert reader.write_state == "failed" and reader.take_error()[0] == "TOO_BIG"
    assert tag.writes == 0


def test_tag_pulled_mid_write_holds_no_half_message():
    clock, chip, wire, reader = rig()
    tag = chip.place(Ntag(A, record=RECORD))
    drive(clock, wire, reader, 100)
    reader.write(A, record(TNF_EXTERNAL, b"hexref.org:t", b"jl/099-longer-entry"))
    while tag.writes < 3:
        reader.poll(clock.now)
        clock.advance(1)
    chip.lift()
    events = drive(clock, wire, reader, 300)
    assert reader.write_state == "failed" and reader.take_error()[0] == "WRITE_FAILED"
    assert events == [("GONE", A)]
    assert ndef.locate(tag.user_area(), 144)[0] == ndef.NONE  # empty, not torn


def test_bad_enroll_input_changes_nothing():
    clock, chip, wire, reader = rig()
    assert raises(ValueError, reader.write, "XYZ", RECORD)
    assert raises(ValueError, reader.write, "04A1B2", RECORD)
    assert raises(ValueError, reader.write, A, "D1010F")  # truncated record
    assert reader.write_state == "idle" and reader.writer is None


def test_second_enroll_while_writing_is_refused():
    clock, chip, wire, reader = rig()
    tag = chip.place(Ntag(A))
    drive(clock, wire, reader, 100)
    reader.write(A, RECORD)
    while tag.writes < 1:
        reader.poll(clock.now)
        clock.advance(1)
    assert raises(ValueError, reader.write, A, record(TNF_EXTERNAL, b"x:y", b"other"))
    drive(clock, wire, reader, 300)
    assert reader.write_state == "done"
    assert ndef.locate(tag.user_area(), 144) == (ndef.FOUND, 2, len(RECORD))


def test_stuck_reader_is_reset_and_reported_and_carries_on():
    clock, chip, wire, reader = rig()
    drive(clock, wire, reader, 50)
    chip.stuck = True
    assert drive(clock, wire, reader, 400) == []
    assert reader.resets == 1 and chip.rst.history == [0, 1]
    assert reader.take_error()[0] == "NFC"
    assert chip.sam and chip.retries == 1  # configured again after the reset
    chip.place(Ntag(A, record=RECORD))
    assert drive(clock, wire, reader, 200) == [("TAP", A, hexs(RECORD))]


class RangeTag(Ntag):
    """An NTAG that remembers the pages of its last FAST_READ."""

    last_read = None

    def command(self, data):
        if data and data[0] == 0x3A:
            self.last_read = (data[1], data[2])
        return Ntag.command(self, data)


class LockedTag(Ntag):
    """A tag that answers activation but refuses READ and FAST_READ (a MIFARE Classic,
    say)."""

    def command(self, data):
        return 0x00 if data and data[0] in (0x30, 0x3A) else Ntag.command(self, data)


def test_unreadable_tag_is_still_one_tap_without_record():
    clock, chip, wire, reader = rig()
    chip.place(LockedTag(A))
    assert drive(clock, wire, reader, 500) == [("TAP", A, "")]
    chip.lift()
    assert drive(clock, wire, reader, 300) == [("GONE", A)]


def test_tag_without_capability_container_has_no_record():
    clock, chip, wire, reader = rig()
    tag = Ntag(A, record=RECORD)
    tag.mem[12] = 0x00  # not NDEF-formatted: CC magic missing
    chip.place(tag)
    assert drive(clock, wire, reader, 300) == [("TAP", A, "")]
    assert tag.reads == 1


def test_garbage_user_area_is_read_no_further_than_the_cc_says():
    clock, chip, wire, reader = rig()
    tag = RangeTag(A)
    for i in range(16, 16 + 144):
        tag.mem[i] = 0x00  # NULL TLVs all the way: no terminator
    chip.place(tag)
    assert drive(clock, wire, reader, 500) == [("TAP", A, "")]
    # 144 bytes of NTAG213 user memory: 48, 52, then the 44 left (pages 29..39, not past
    # the user area, whatever the tag holds after it)
    assert tag.reads == 3 and tag.last_read == (29, 39)


def test_simulated_reader_for_the_demo_speaks_the_scripted_readers_api():
    from firmware.sim.twins.pn532 import SimulatedReader

    sim = SimulatedReader()
    now = 1000
    events = []

    def run(ms):
        nonlocal now
        end = now + ms
        while now < end:
            event = sim.poll(now)
            if event:
                events.append(event)
            now += 2

    sim.place(A, hexs(RECORD))
    run(300)
    sim.place(B, "")
    run(300)
    sim.write(B, hexs(RECORD))
    run(300)
    sim.lift()
    run(300)
    assert events == [("TAP", A, hexs(RECORD)), ("GONE", A), ("TAP", B, ""),
                      ("TAP", B, hexs(RECORD)), ("GONE", B)]
    assert sim.written == [(B, hexs(RECORD))] and sim.take_error() is None


def test_simulated_reader_holds_a_tile_until_the_hub_has_read_it():
    """A player lifts a tile only once the reader has it: a lift the script asks for
    before the hub's next poll (a busy computer) waits for the TAP instead of losing it."""
    from firmware.sim.twins.pn532 import SimulatedReader

    sim = SimulatedReader()
    events = []
    now = 1000
    sim.place(A, hexs(RECORD))
    sim.lift()                       # asked for before the hub polled even once
    for _ in range(300):
        event = sim.poll(now)
        if event:
            events.append(event)
        now += 2
    assert events == [("TAP", A, hexs(RECORD)), ("GONE", A)]


def test_irq_line_reads_only_what_is_ready():
    # P70_IRQ wired: while the chip works the reader leaves the bus alone (no status-byte
    # reads), and each ACK and answer is one read; the tag is tapped as without it.
    clock = FakeClock()
    chip = PN532Twin(clock)
    wire = FakeI2C(chip)
    driver = PN532(I2CBus(wire, irq=chip.irq), reset=chip.rst, ticks=clock.ticks_ms,
                   sleep=clock.sleep_ms)
    begin(driver)
    reader = NfcReader(driver)
    chip.place(Ntag(A, record=RECORD))
    start = wire.transactions
    assert drive(clock, wire, reader, 500) == [("TAP", A, hexs(RECORD))]
    used = wire.transactions - start
    sends = driver.sends
    # at most one write, one ACK read and one answer read per command: nothing else
    assert used <= 3 * sends, (used, sends)
    polled = rig()
    polled[1].place(Ntag(A, record=RECORD))
    start = polled[2].transactions
    assert drive(polled[0], polled[2], polled[3], 500) == [("TAP", A, hexs(RECORD))]
    assert polled[2].transactions - start > used  # without IRQ: status reads in between


def test_irq_line_loose_still_reads():
    # A loose IRQ wire reads low (the hub pulls it down): every read is then a whole frame
    # whose status byte says whether it is real, and the tag is still tapped.
    from firmware.sim.twins import FakePin

    clock = FakeClock()
    chip = PN532Twin(clock)
    wire = FakeI2C(chip)
    driver = PN532(I2CBus(wire, irq=FakePin(0)), reset=chip.rst, ticks=clock.ticks_ms,
                   sleep=clock.sleep_ms)
    begin(driver)
    reader = NfcReader(driver)
    chip.place(Ntag(A, record=RECORD))
    assert drive(clock, wire, reader, 500) == [("TAP", A, hexs(RECORD))]
