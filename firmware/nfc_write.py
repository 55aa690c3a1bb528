"""Enrollment: writing one NDEF record to a tag, the part of :class:`firmware.nfc.NfcReader`
only ``WRITE`` needs. The reader loads it for a ``WRITE`` (``hexref enroll``), holds the
:class:`Writer` in its public ``writer`` slot, and drops this module when the write is
over, so a hub that referees games does not hold it in its heap.

Once the reader has the tag and its Capability Container, ``plan`` lays the record out
over the tag's pages and ``next_page`` starts writing the next one (one bus transaction
per poll, as the reader's whole cycle). What the reader does at each step of a write
(``planned``, ``wrote``, ``fail``) is here too, off the heap of a hub that writes nothing.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware import forget, ndef
from firmware.ndef_records import ndef_offset, tlv

_USER_PAGE = const(4)  # NTAG21x user memory starts at page 4 (datasheet 8.5); CC is page 3
_IDLE = const(0)  # firmware.nfc's states a write leaves the reader in
_WRITE = const(4)
# What a WRITE loads, let go when the write is over (done or failed), so the hub's heap is
# back to what it was after boot; the next WRITE loads them again.
_MODULES = const(("firmware.nfc_write", "firmware.ndef_records"))


class Writer:
    """One record for one tag, asked for at ``since`` (ms); bad input is a ValueError."""

    def __init__(self, uid_hex, record, since):
        uid = _unhex(uid_hex, "uid")
        data = _unhex(record, "record")
        if len(uid) not in (4, 7, 10):
            raise ValueError("uid must be 4, 7 or 10 bytes, not %d" % len(uid))
        if ndef.record_length(data) != len(data):
            raise ValueError("record is not one well-formed NDEF record")
        self.uid = uid
        self.uid_hex = "".join(["%02X" % b for b in uid])
        self.tlv = tlv(data)
        self.since = since
        # (image, its first page, where the TLV's length byte is, pages left in write
        # order, the 4-byte buffer handed to the chip), once planned
        self._pages = None

    def plan(self, data):
        """Lay the TLV out over pages, from ``data``: page 3 (the Capability Container)
        and the 12 user bytes after it. None, or ``(code, text)``: why this tag cannot
        take the record."""
        if data[0] != 0xE1:  # CC magic number (NFC Forum T2T 6.1)
            return ("NOT_NDEF", "tag %s is not formatted for NDEF" % self.uid_hex)
        area = data[2] * 8
        offset = ndef_offset(memoryview(data)[4:], 12)
        if offset < 0 or offset + len(self.tlv) > area:
            return ("TOO_BIG", "record needs %d bytes, tag %s has %d" %
                    (len(self.tlv), self.uid_hex, area - max(offset, 0)))
        lead = offset % 4
        image = bytearray(bytes(data[4 + offset - lead:4 + offset]) + self.tlv)
        while len(image) % 4:
            image.append(0)
        pages = len(image) // 4
        header = (lead + 1) // 4 + 1  # pages holding the TLV's type and first length byte
        # Type 2 Tag spec 6.4.2: an empty NDEF TLV first, the message, then its length,
        # so a tag pulled away mid-write holds no half message.
        order = [-1 - p for p in range(header)] + list(range(header, pages)) + list(range(header))
        self._pages = (image, _USER_PAGE + (offset - lead) // 4, lead + 1, order, bytearray(4))
        return None

    def next_page(self, chip, now):
        """Start writing the next page on ``chip``; False once every page is written."""
        image, first, length_at, order, page4 = self._pages
        if not order:
            return False
        index = order.pop(0)
        page = index if index >= 0 else -1 - index
        for i in range(4):
            page4[i] = image[page * 4 + i]
        if index < 0 and page * 4 <= length_at < page * 4 + 4:
            page4[length_at - page * 4] = 0
        chip.start_write(first + page, page4, now)
        return True


    # --- the reader's steps while it writes (``reader``: a firmware.nfc.NfcReader) ------

    def planned(self, reader, now):
        """The CC is read: plan, then write the first page (or give up)."""
        fault = self.plan(reader.chip.data)
        if fault is not None:
            self.fail(reader, fault[0], fault[1])
            return reader._seen(now, None, "")
        reader._state = _WRITE
        self.next_page(reader.chip, now)
        return None

    def wrote(self, reader, now):
        """A page is written: the next one, or the end (the tag is read again: its TAP
        carries what was written)."""
        if self.next_page(reader.chip, now):
            return None
        reader.writer = None
        reader.write_state = "done"
        reader._known_len = 0
        reader._state = _IDLE
        reader._due = now
        forget(_MODULES)
        return None

    def fail(self, reader, code, text):
        reader.writer = None
        reader.write_state = "failed"
        reader.errors.append((code, text))
        forget(_MODULES)


def _unhex(text, what):
    if isinstance(text, (bytes, bytearray)):
        return bytes(text)
    try:
        return bytes.fromhex(text)
    except (ValueError, TypeError):
        raise ValueError("%s is not hex: %r" % (what, text)) from None
