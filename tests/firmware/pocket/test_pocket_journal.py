"""The pocket referee's journal (firmware/pocket/journal.py): what was appended is read
back, a torn last record is dropped and cut from the file, a damaged record is named, under
CPython on real files and under MicroPython (issue 25, item 3)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import scratch

from firmware.pocket.journal import Journal, record, records

ENTRIES = [["game", ["add", 0, "04A1B2C3D4E501", "jl/atlantis"], True],
           ["game", ["roll", 0, 6], True],
           ["referee", ["undo"], True],
           ["none", ["BTN", "A", "press"], False],
           ["game", ["name", 1, "Chloé"], True]]


def _write(path, data):
    f = open(path, "wb")
    f.write(data)
    f.close()


def _read(path):
    f = open(path, "rb")
    data = f.read()
    f.close()
    return data


def test_what_is_appended_is_read_back_in_order():
    path = scratch("order.jnl")
    j = Journal(path)
    assert j.read() == []
    for e in ENTRIES:
        j.append(e)
    j.close()
    again = Journal(path)
    assert again.read() == ENTRIES and again.damage is None


def test_a_record_cut_at_every_byte_is_dropped_and_the_next_append_reads_back():
    """A power cut at any moment of the last write: every earlier entry survives, the torn
    one is gone, and play goes on from there."""
    whole = b"".join(record(e) for e in ENTRIES)
    last = len(record(ENTRIES[-1]))
    for cut in range(len(whole) - last, len(whole)):
        path = scratch("torn.jnl")
        _write(path, whole[:cut])
        j = Journal(path)
        assert j.read() == ENTRIES[:-1], cut
        assert j.damage is None, cut
        assert _read(path) == whole[:len(whole) - last], cut  # the torn bytes are cut
        j.append(["game", ["roll", 1, 3], True])
        j.close()
        assert Journal(path).read() == ENTRIES[:-1] + [["game", ["roll", 1, 3], True]], cut


def test_a_flipped_byte_in_the_last_record_is_a_torn_write():
    whole = b"".join(record(e) for e in ENTRIES)
    flipped = bytearray(whole)
    flipped[-3] ^= 0x01
    path = scratch("flip.jnl")
    _write(path, bytes(flipped))
    j = Journal(path)
    assert j.read() == ENTRIES[:-1] and j.damage is None


def test_a_damaged_record_with_more_after_it_is_named_and_kept_aside():
    whole = b"".join(record(e) for e in ENTRIES)
    at = len(record(ENTRIES[0])) + 4  # inside the second record's payload
    damaged = bytearray(whole)
    damaged[at] ^= 0x20
    path = scratch("damaged.jnl")
    _write(path, bytes(damaged))
    j = Journal(path)
    assert j.read() == ENTRIES[:1]
    assert j.damage == (1, len(whole) - len(record(ENTRIES[0])))
    assert _read(path + ".damaged") == bytes(damaged)  # nothing thrown away


def test_records_reads_what_record_writes():
    data = b"".join(record(e) for e in ENTRIES)
    values, good = records(data)
    assert values == ENTRIES and good == len(data)
    assert records(data + b"\x00")[1] == len(data)
