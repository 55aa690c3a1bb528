"""NDEF TLVs on a Type 2 tag (NFC Forum T2T 2.3) and NDEF records: firmware/ndef.py and ndef_records.py."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from firmware import ndef, ndef_records

URI = bytes([0xD1, 0x01, 0x07, 0x55, 0x03]) + b"hx.org"  # one short well-known URI record


def test_locate_skips_null_lock_and_memory_control_tlvs():
    data = bytes([0x00, 0x01, 0x03, 0xA0, 0x0C, 0x34, 0x02, 0x03, 0x00, 0x00, 0x00, 0x00,
                  0x03, len(URI)]) + URI + bytes([0xFE])
    assert ndef.locate(data, len(data)) == (ndef.FOUND, 14, len(URI))
    message = data[14:14 + len(URI)]
    assert ndef_records.first_record(message) == URI


def test_locate_asks_for_more_bytes_until_the_tlv_header_is_in():
    data = bytes([0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0xFF, 0x01, 0x20]) + bytes(0x120)
    assert ndef.locate(data, 1) == (ndef.NEED, 2, 0)
    assert ndef.locate(data, 5) == (ndef.NEED, 6, 0)
    assert ndef.locate(data, 6) == (ndef.NEED, 7, 0)
    assert ndef.locate(data, 8) == (ndef.NEED, 9, 0)
    # 3-byte length form: FF then 0x0120 big-endian.
    assert ndef.locate(data, 9) == (ndef.FOUND, 9, 0x120)


def test_locate_terminator_empty_ndef_and_garbage():
    assert ndef.locate(b"\xfe\x03\x05", 3)[0] == ndef.NONE
    assert ndef.locate(b"\x00\x00\x03\x00\xfe", 5) == (ndef.NONE, 2, 0)
    assert ndef.locate(b"\x42\x01\x00", 3) == (ndef.BAD, 0, 0)
    # The 3-byte form may not carry a length under 255.
    assert ndef.locate(b"\x03\xff\x00\x10", 4) == (ndef.BAD, 0, 0)
    # A TLV running past the user area is malformed, not a reason to read on.
    assert ndef.locate(b"\x03\x40", 2, area=48) == (ndef.BAD, 0, 0)
    assert ndef.locate(b"\x00" * 16, 16, area=16) == (ndef.NONE, 16, 0)


def test_first_record_of_a_message_with_two_records():
    second = ndef_records.record(ndef.TNF_EXTERNAL, b"hx:t", b"jl/016", flags=ndef.ME)
    first = ndef_records.record(ndef.TNF_WELL_KNOWN, b"U", b"\x03hx.org", flags=ndef.MB)
    message = first + second
    assert ndef_records.first_record(message) == first
    assert ndef.record_length(message) == len(first)


def test_long_record_and_id_field():
    payload = bytes(range(256)) + b"tail"
    rec = ndef_records.record(ndef.TNF_EXTERNAL, b"hx:t", payload)
    assert rec[0] & ndef.SR == 0 and len(rec) == 6 + 4 + len(payload)
    assert ndef_records.first_record(rec + b"\xfe\xfe") == rec
    with_id = bytes([0xD9, 0x01, 0x02, 0x01, 0x54, 0x07, 0x6F, 0x6B])  # IL set, id "\x07"
    assert ndef.record_length(with_id) == len(with_id)


def test_malformed_record_raises_and_is_not_guessed():
    assert raises(ValueError, ndef_records.first_record, b"\xd1\x01\x30\x55abc")
    assert ndef.record_length(b"\xd1") == -1


def test_tlv_wraps_short_and_long_messages():
    assert ndef_records.tlv(URI) == bytes([0x03, len(URI)]) + URI + b"\xfe"
    big = bytes(300)
    wrapped = ndef_records.tlv(big)
    assert wrapped[:4] == bytes([0x03, 0xFF, 0x01, 0x2C]) and wrapped[-1] == 0xFE
    assert ndef.locate(wrapped, len(wrapped)) == (ndef.FOUND, 4, 300)
    assert raises(ValueError, ndef_records.tlv, bytes(0x10000))


def test_ndef_offset_keeps_control_tlvs():
    data = bytes([0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0x00, 0xFE])
    assert ndef_records.ndef_offset(data, len(data)) == 5
    assert ndef_records.ndef_offset(b"\x03\x00\xfe", 3) == 0
    assert ndef_records.ndef_offset(b"\x00\x00\x01", 3) == -1
