"""What a tag says: the NDEF record on a tile names its catalogue entry.

A tile's record is an NFC Forum URI record ``hexref:<entry id>`` (for example
``hexref:jl/016``); ``hexref enroll`` writes it signed, ``hexref:<entry id>?v=2&s=<16 hex>``,
with the collection key (``host/storage/keys.py``; ``v`` is the record version: what the
signature covers). A signed record without ``v`` is version 1. The hub sends the first record of the tag's
NDEF message as hex; ndeflib parses it here. Whether a tag is *trusted* is decided in
``host/storage/registry.py``; this module only reads and writes the record.

>>> key = bytes(range(32))
>>> read(record_for("jl/016", "04A1B2C3D4E501", key))
TagRecord(entry_id='jl/016', signature='a93dee5042f63178', version=2)
>>> read(record_for("jl/016")).signature is None
True
"""
from __future__ import annotations

from typing import NamedTuple

import ndef

from host.storage import keys

SCHEME = "hexref:"
SIGNATURE = "s"  # the query parameter that carries the signature
VERSION = "v"  # the record version (keys.RECORD_VERSION); absent: version 1


class TagRecord(NamedTuple):
    """What one of our records says: the entry it names and its signature, if any."""

    entry_id: str
    signature: str | None
    version: int = 1


def record_for(entry_id: str, uid: str | None = None, key: bytes | None = None) -> str:
    """The hex of the record that names ``entry_id`` (what a tag carries); signed for the
    tag ``uid`` when a collection ``key`` is given."""
    iri = SCHEME + entry_id
    if key is not None:
        if uid is None:
            raise ValueError("a signed record is for one tag: give its UID")
        iri += "?%s=%d&%s=%s" % (VERSION, keys.RECORD_VERSION, SIGNATURE,
                                 keys.signature(key, uid, entry_id))
    data = b"".join(ndef.message_encoder([ndef.UriRecord(iri)]))
    return data.hex().upper()


def read(record_hex: str) -> TagRecord | None:
    """Our record on a tag, or None when the tag holds none of ours."""
    if not record_hex:
        return None
    try:
        records = list(ndef.message_decoder(bytes.fromhex(record_hex)))
    except (ndef.DecodeError, ValueError):
        return None
    for record in records:
        if isinstance(record, ndef.UriRecord) and record.iri.startswith(SCHEME):
            entry_id, _, query = record.iri[len(SCHEME):].partition("?")
            if not entry_id:
                return None
            sig = None
            version = 1
            for part in query.split("&"):
                name, _, value = part.partition("=")
                if name == SIGNATURE:
                    sig = value
                elif name == VERSION:
                    # ASCII digits only; anything else is a version nobody wrote
                    version = int(value) if value.isascii() and value.isdigit() \
                        and len(value) < 4 else 0
            return TagRecord(entry_id, sig, version)
    return None


def entry_id_of(record_hex: str) -> str | None:
    """The catalogue entry a record names, or None when it names none of ours."""
    record = read(record_hex)
    return record.entry_id if record else None
