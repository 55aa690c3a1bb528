"""NDEF on an NFC Forum Type 2 tag (NTAG213/215/216): find the first record, wrap one to write.

The user area of a Type 2 tag (from page 4) is a run of TLV blocks (NFC Forum Type 2 Tag
Technical Specification, section 2.3 "TLV blocks")::

    00            NULL TLV: one byte, no length, skipped
    01 L V...     Lock Control TLV (dynamic lock bits' position), skipped
    02 L V...     Memory Control TLV (reserved bytes' position), skipped
    03 L V...     NDEF Message TLV: the message we want
    FD L V...     Proprietary TLV, skipped
    FE            Terminator TLV: nothing after it

L is one byte 00..FE, or FF followed by two bytes big-endian (the "3-byte length form").

The reader hub reads the tag 16 bytes at a time, so :func:`locate` works on a prefix and
says how many bytes it still needs. Building records, cutting one out of a message and
wrapping one for a tag are in :mod:`firmware.ndef_records`, which builds on this module:
the hub only finds records, so that code is off its heap but while a tag is written.

>>> data = bytes([0x03, 0x0B, 0xD1, 0x01, 0x07, 0x55, 0x03]) + b"hx.org" + bytes([0xFE])
>>> locate(data, len(data))
(1, 2, 11)
>>> from firmware.ndef_records import first_record, tlv
>>> first_record(data[2:13]) == data[2:13]
True
>>> tlv(data[2:13]) == data
True
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x


# locate() verdicts.
NEED = const(0)  # give me more bytes (the second value says how many in total)
FOUND = const(1)  # an NDEF message TLV: (FOUND, start of the message, its length)
NONE = const(2)  # no NDEF message (terminator, end of area, or an empty NDEF TLV)
BAD = const(3)  # a malformed TLV: (BAD, offset, 0)

_TLV_NULL = const(0x00)
_TLV_LOCK = const(0x01)
_TLV_MEMORY = const(0x02)
_TLV_NDEF = const(0x03)
_TLV_PROPRIETARY = const(0xFD)
_TLV_TERMINATOR = const(0xFE)

# NDEF record header flags (NFC Forum NDEF 1.0, section 3.2).
MB = const(0x80)  # message begin
ME = const(0x40)  # message end
CF = const(0x20)  # chunk flag
SR = const(0x10)  # short record: 1-byte payload length
IL = const(0x08)  # ID length field present
TNF_WELL_KNOWN = const(0x01)
TNF_EXTERNAL = const(0x04)


def locate(data, count, area=None):
    """Walk the TLVs in the first ``count`` bytes of ``data`` (the user area from byte 0).

    Returns ``(NEED, total, 0)``, ``(FOUND, start, length)``, ``(NONE, offset, 0)`` or
    ``(BAD, offset, 0)``. ``area`` is the user area's size when known (from the
    Capability Container), so a TLV running past the end is reported as BAD.
    """
    i = 0
    while True:
        if area is not None and i >= area:
            return (NONE, i, 0)
        if i >= count:
            return (NEED, i + 1, 0)
        kind = data[i]
        if kind == _TLV_NULL:
            i += 1
            continue
        if kind == _TLV_TERMINATOR:
            return (NONE, i, 0)
        if i + 1 >= count:
            return (NEED, i + 2, 0)
        length = data[i + 1]
        head = 2
        if length == 0xFF:
            if i + 3 >= count:
                return (NEED, i + 4, 0)
            length = (data[i + 2] << 8) | data[i + 3]
            head = 4
            if length < 0xFF:  # the 3-byte form is only for 255 and more (T2T 2.3)
                return (BAD, i, 0)
        start = i + head
        if area is not None and start + length > area:
            return (BAD, i, 0)
        if kind == _TLV_NDEF:
            if length == 0:
                return (NONE, i, 0)
            return (FOUND, start, length)
        if kind not in (_TLV_LOCK, _TLV_MEMORY, _TLV_PROPRIETARY):
            return (BAD, i, 0)
        i = start + length


def record_length(message, length=None):
    """Length in bytes of the first record of ``message``, or -1 if it is malformed."""
    if length is None:
        length = len(message)
    if length < 3:
        return -1
    flags = message[0]
    type_len = message[1]
    i = 2
    if flags & SR:
        payload_len = message[i]
        i += 1
    else:
        if length < 6:
            return -1
        payload_len = (message[i] << 24) | (message[i + 1] << 16) | (message[i + 2] << 8) \
            | message[i + 3]
        i += 4
    id_len = 0
    if flags & IL:
        if i >= length:
            return -1
        id_len = message[i]
        i += 1
    total = i + type_len + id_len + payload_len
    if total > length:
        return -1
    return total

