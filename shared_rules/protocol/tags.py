"""The one tag check, the Pi's and the pocket board's alike: the signed records ``hexref
enroll`` writes (docs/DESIGN.md, Tags). The Pi signs and checks through host/storage/keys.py
(its key file, its hex), the pocket reads a tag's raw record with ``entry_of``. A
tag's first NDEF record is a URI record ``hexref:<entry id>?v=2&s=<16 hex>``, the first 8
bytes of an HMAC-SHA256 with the collection key over (label, UID, entry id), each after its
length. A record copied to another tag, written by hand or signed with another key is not
trusted; version 1 signatures (before issue 13) are not trusted on their own, here as on
the Pi. MicroPython has SHA-256 (``hashlib``) but no ``hmac``: HMAC (RFC 2104) is the few
lines below.

>>> key = bytes(range(32))
>>> rec = bytes.fromhex("D1012555006865787265663A6A6C2F3031363F763D3226733D"
...                     "61393364656535303432663633313738")
>>> entry_of(rec, "04A1B2C3D4E501", key)
'jl/016'
>>> entry_of(rec, "04A1B2C3D4E502", key) is None
True
"""
import hashlib

LABEL = b"hexref tag v2\x00"
SCHEME = b"hexref:"
SIGNATURE_BYTES = 8
_BLOCK = 64  # SHA-256's block, for HMAC


def hmac_sha256(key, message):
    """HMAC-SHA256 (RFC 2104): H((K ^ opad) || H((K ^ ipad) || message))."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key + bytes(_BLOCK - len(key))
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
    inner.update(message)
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))
    outer.update(inner.digest())
    return outer.digest()


def message(uid, entry_id):
    """The bytes a version 2 signature covers: label, then len(uid) uid, len(entry) entry
    (one byte and two bytes of length, big-endian)."""
    raw_uid = bytes.fromhex(uid)
    entry = entry_id.encode()
    if len(entry) > 0xFFFF:
        raise ValueError("an entry id is at most 65535 bytes")
    return LABEL + bytes((len(raw_uid),)) + raw_uid + bytes((len(entry) >> 8,
                                                             len(entry) & 0xFF)) + entry


def signature(key, uid, entry_id):
    """The first SIGNATURE_BYTES of the HMAC of (uid, entry id): what a tag carries."""
    return hmac_sha256(key, message(uid, entry_id))[:SIGNATURE_BYTES]


def same(given, expected):
    """Equal bytes, every byte compared whatever the first says (constant time)."""
    if len(given) != len(expected):
        return False
    diff = 0
    for a, b in zip(given, expected):  # noqa: B905 (MicroPython has no strict=)
        diff |= a ^ b
    return diff == 0


def uri_of(record):
    """The IRI of an NDEF URI record (no prefix abbreviation), or None."""
    if len(record) < 4:
        return None
    header = record[0]
    short = header & 0x10
    has_id = header & 0x08
    if header & 0x07 != 1:  # TNF 1: NFC Forum well-known type
        return None
    type_len = record[1]
    at = 2
    if short:
        payload_len = record[at]
        at += 1
    else:
        if len(record) < 6:
            return None
        payload_len = (record[2] << 24) | (record[3] << 16) | (record[4] << 8) | record[5]
        at += 4
    id_len = 0
    if has_id:
        id_len = record[at]
        at += 1
    if record[at:at + type_len] != b"U":
        return None
    at += type_len + id_len
    payload = record[at:at + payload_len]
    if len(payload) != payload_len or not payload or payload[0] != 0:
        return None
    return bytes(payload[1:])


def entry_of(record, uid, key):
    """The catalogue entry a tag's first record names, when its signature is this key's for
    this tag's UID; None otherwise (no record of ours, unsigned, copied, forged)."""
    iri = uri_of(record)
    if iri is None or not iri.startswith(SCHEME):
        return None
    entry, _, query = iri[len(SCHEME):].partition(b"?")
    version = None
    sig = None
    for part in query.split(b"&"):
        name, _, value = part.partition(b"=")
        if name == b"v":
            version = value
        elif name == b"s":
            sig = value
    if version != b"2" or sig is None or len(sig) != 2 * SIGNATURE_BYTES or not entry:
        return None
    try:
        given = bytes.fromhex(sig.decode())
        entry_id = entry.decode()
        expected = signature(key, uid, entry_id)
    except ValueError:
        return None
    return entry_id if same(given, expected) else None
