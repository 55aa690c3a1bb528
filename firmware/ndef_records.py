"""NDEF records built and cut out (NFC Forum NDEF 1.0, section 3.2): what the twins, the
tests and the bench put on a simulated tag. The hub never needs them (it finds records
with :func:`firmware.ndef.locate` and wraps one with :func:`firmware.ndef.tlv`), so they
live apart; ``from firmware.ndef import record`` still finds them.

>>> record(TNF_EXTERNAL, b"hx:t", b"jl/016").hex()
'd4040668783a746a6c2f303136'
"""
from firmware.ndef import MB, ME, SR, TNF_EXTERNAL, record_length  # noqa: F401


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
