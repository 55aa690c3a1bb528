"""Enrollment's code (firmware/nfc_write.py) is in the hub's heap only while a tag is being
written: loaded by WRITE, dropped when the write is done or has failed, loaded again by the
next WRITE (the PN532 twin plays the reader)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
import sys

from nfc_rig import RECORD, A, B, drive, hexs, rig

from firmware.nfc import WRITE_WAIT_MS
from firmware.sim.twins import Ntag


def loaded():
    return "firmware.nfc_write" in sys.modules


def test_the_writing_code_leaves_once_the_tag_is_written():
    clock, chip, wire, reader = rig()
    chip.place(Ntag(B))
    drive(clock, wire, reader, 200)
    reader.write(B, hexs(RECORD))
    assert loaded() and reader.write_state == "waiting"
    assert drive(clock, wire, reader, 500) == [("TAP", B, hexs(RECORD))]
    assert reader.write_state == "done" and not loaded()
    # A second enrollment finds it again.
    reader.write(B, hexs(RECORD))
    assert loaded()
    drive(clock, wire, reader, 500)
    assert reader.write_state == "done" and not loaded()


def test_the_writing_code_leaves_when_the_write_fails():
    clock, chip, wire, reader = rig()
    reader.write(A, RECORD)
    drive(clock, wire, reader, WRITE_WAIT_MS + 100)
    assert reader.write_state == "failed" and reader.take_error()[0] == "NO_TAG"
    assert not loaded()
