"""What a tag says: the NDEF record on a tile names its catalogue entry.

A tile's record is an NFC Forum URI record ``hexref:<entry id>`` (for example
``hexref:jl/016``); enrollment adds a signature (see DESIGN.md, Tags). The hub sends the
first record of the tag's NDEF message as hex; ndeflib parses it here.
"""
from __future__ import annotations

import ndef

SCHEME = "hexref:"


def record_for(entry_id: str) -> str:
    """The hex of the record that names ``entry_id`` (what a tag carries)."""
    data = b"".join(ndef.message_encoder([ndef.UriRecord(SCHEME + entry_id)]))
    return data.hex().upper()


def entry_id_of(record_hex: str) -> str | None:
    """The catalogue entry a record names, or None when it names none of ours."""
    if not record_hex:
        return None
    try:
        records = list(ndef.message_decoder(bytes.fromhex(record_hex)))
    except (ndef.DecodeError, ValueError):
        return None
    for record in records:
        if isinstance(record, ndef.UriRecord) and record.iri.startswith(SCHEME):
            return record.iri[len(SCHEME):].split("?", 1)[0] or None
    return None
