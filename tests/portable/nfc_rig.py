"""The hub's NFC reader (firmware/nfc.py) on the PN532 twin, clocked by hand: what the
reader tests share (test_pn532_nfc, test_nfc_write)."""
from firmware.ndef import TNF_EXTERNAL
from firmware.ndef_records import record
from firmware.nfc import NfcReader
from firmware.pn532 import PN532, I2CBus
from firmware.pn532_start import begin
from firmware.sim.twins import FakeClock
from firmware.sim.twins.pn532 import FakeI2C, PN532Twin

A = "04A1B2C3D4E5F6"
B = "04112233445566"
RECORD = record(TNF_EXTERNAL, b"hexref.org:t", b"jl/016")


def rig():
    clock = FakeClock()
    chip = PN532Twin(clock)
    wire = FakeI2C(chip)
    driver = PN532(I2CBus(wire), reset=chip.rst, ticks=clock.ticks_ms, sleep=clock.sleep_ms)
    begin(driver)
    return clock, chip, wire, NfcReader(driver)


def drive(clock, wire, reader, ms):
    events = []
    end = clock.now + ms
    while clock.now < end:
        before = wire.transactions
        event = reader.poll(clock.now)
        assert wire.transactions - before <= 2  # a command ends, the next goes out
        if event is not None:
            events.append(event)
        clock.advance(1)
    return events


def hexs(data):
    return "".join(["%02X" % b for b in data])
