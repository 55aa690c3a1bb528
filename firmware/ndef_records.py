"""NDEF records built and cut out (NFC Forum NDEF 1.0, section 3.2): what the twins, the
tests and the bench put on a simulated tag; and a record wrapped in its TLV at the place
it goes on a tag, for enrollment (firmware.nfc_write; the reader drops both modules
when a write is over). A refereeing hub only finds records (:func:`firmware.ndef.locate`),
so these live apart, on this module's public names.

>>> record(TNF_EXTERNAL, b"hx:t", b"jl/016").hex()
'd4040668783a746a6c2f303136'
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware.ndef import MB, ME, SR, TNF_EXTERNAL, record_length  # noqa: F401

# TLV types (firmware.ndef keeps its own private copies: private consts are not exported).
_TLV_NULL = const(0x00)
_TLV_LOCK = const(0x01)
_TLV_MEMORY = const(0x02)
_TLV_NDEF = const(0x03)
_TLV_TERMINATOR = const(0xFE)


def first_record(message):
    """The bytes of the first record of an NDEF message (header, type, id, payload).

    Raises ValueError for a malformed message: a tag that says so is reported without a
    record, never with a guessed one.
    """
    n = record_length(message)
    if n < 0:
        raise ValueError("malformed NDEF record")
    return bytes(message[:n])


def record(tnf, rtype, payload, flags=MB | ME):
    """Build one NDEF record: short form when the payload fits in 255 bytes."""
    flags = flags | (tnf & 0x07)
    n = len(payload)
    if n < 256:
        head = bytes([flags | SR, len(rtype), n])
    else:
        head = bytes([flags, len(rtype), (n >> 24) & 0xFF, (n >> 16) & 0xFF, (n >> 8) & 0xFF,
                      n & 0xFF])
    return head + bytes(rtype) + bytes(payload)


def ndef_offset(data, count):
    """Where a new NDEF TLV should start: after the NULL, Lock and Memory Control TLVs.

    Enrollment keeps those control TLVs (they tell readers where the lock bits are) and
    writes the message in place of whatever NDEF TLV followed them. Returns -1 if the
    ``count`` bytes seen do not reach the end of the control TLVs.
    """
    i = 0
    while i < count:
        kind = data[i]
        if kind == _TLV_NULL:
            i += 1
        elif kind in (_TLV_LOCK, _TLV_MEMORY):
            if i + 1 >= count:
                return -1
            i += 2 + data[i + 1]
        else:
            return i
    return -1


def tlv(message):
    """Wrap an NDEF message in its TLV and a terminator, ready to write at the NDEF offset.

    >>> tlv(b"\\xd0\\x00\\x00") == b"\\x03\\x03\\xd0\\x00\\x00\\xfe"
    True
    """
    n = len(message)
    if n > 0xFFFE:
        raise ValueError("NDEF message too long: %d bytes" % n)
    if n < 0xFF:
        head = bytes([_TLV_NDEF, n])
    else:
        head = bytes([_TLV_NDEF, 0xFF, n >> 8, n & 0xFF])
    return head + bytes(message) + bytes([_TLV_TERMINATOR])
