"""Enrollment: writing one NDEF record to a tag, the part of :class:`firmware.nfc.NfcReader`
only ``WRITE`` needs. The reader loads it for a ``WRITE`` (``hexref enroll``) and drops it
when the write is over, so a hub that referees games does not hold it in its heap.

The reader's cycle is unchanged: ``job`` checks what the host asked for; once that tag is
on the reader and its Capability Container read, ``plan`` lays out the pages to write and
``next_page`` writes them one bus transaction per poll.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware import ndef

_USER_PAGE = const(4)  # NTAG21x user memory starts at page 4 (datasheet 8.5); CC is page 3
# firmware.nfc's cycle states (its _IDLE and _WRITE): the write test runs them end to end.
_IDLE = const(0)
_WRITE = const(4)


def job(uid_hex, record, now):
    """(uid bytes, uid hex, TLV bytes, since) for a WRITE; bad input is a ValueError."""
    from firmware.nfc import _hex

    uid = _unhex(uid_hex, "uid")
    data = _unhex(record, "record")
    if len(uid) not in (4, 7, 10):
        raise ValueError("uid must be 4, 7 or 10 bytes, not %d" % len(uid))
    if ndef.record_length(data) != len(data):
        raise ValueError("record is not one well-formed NDEF record")
    return (uid, _hex(uid, len(uid)), ndef.tlv(data), now)


def _unhex(text, what):
    if isinstance(text, (bytes, bytearray)):
        return bytes(text)
    try:
        return bytes.fromhex(text)
    except (ValueError, TypeError):
        raise ValueError("%s is not hex: %r" % (what, text)) from None


def plan(reader, now):
    """The CC is in ``reader.chip.data``: lay the TLV out over pages and write the first."""
    data = reader.chip.data
    uid, uid_hex, tlv, _ = reader._job
    if data[0] != 0xE1:  # CC magic number (NFC Forum T2T 6.1)
        reader._fail_write("NOT_NDEF", "tag %s is not formatted for NDEF" % uid_hex)
        return reader._seen(now, None, "")
    area = data[2] * 8
    offset = ndef.ndef_offset(memoryview(data)[4:], 12)
    if offset < 0 or offset + len(tlv) > area:
        reader._fail_write("TOO_BIG", "record needs %d bytes, tag %s has %d" %
                           (len(tlv), uid_hex, area - max(offset, 0)))
        return reader._seen(now, None, "")
    lead = offset % 4
    image = bytearray(bytes(data[4 + offset - lead:4 + offset]) + tlv)
    while len(image) % 4:
        image.append(0)
    pages = len(image) // 4
    header = (lead + 1) // 4 + 1  # pages holding the TLV's type and first length byte
    # Type 2 Tag spec 6.4.2: an empty NDEF TLV first, the message, then its length,
    # so a tag pulled away mid-write holds no half message.
    order = [-1 - p for p in range(header)] + list(range(header, pages)) + list(range(header))
    # (image, its first page, where the TLV's length byte is, pages left in write order,
    # the 4-byte buffer handed to the chip)
    reader._writing = (image, _USER_PAGE + (offset - lead) // 4, lead + 1, order, bytearray(4))
    reader._state = _WRITE
    return _write_page(reader, now)


def _write_page(reader, now):
    image, first, length_at, order, page4 = reader._writing
    index = order.pop(0)
    page = index if index >= 0 else -1 - index
    for i in range(4):
        page4[i] = image[page * 4 + i]
    if index < 0 and page * 4 <= length_at < page * 4 + 4:
        page4[length_at - page * 4] = 0
    reader.chip.start_write(first + page, page4, now)
    return None


def next_page(reader, now):
    """The last page went in: write the next, or finish and read the tag again."""
    if reader._writing[3]:
        return _write_page(reader, now)
    reader._job = None
    reader._writing = None
    reader.write_state = "done"
    reader._known_len = 0  # read it again: the TAP carries what was written
    reader._state = _IDLE
    reader._due = now
    from firmware.nfc import drop_writer

    drop_writer()
    return None
