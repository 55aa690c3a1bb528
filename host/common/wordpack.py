"""The players' words packed for the pocket board: one small file per language, read on demand.

The Pi speaks through gettext's compiled catalogues (host/common/locale/<lang>/LC_MESSAGES/
hexref.mo). The pocket board cannot hold a catalogue in its heap (the French one is ~100
KB), so each is packed here into a file the board searches in flash
(firmware/pocket/words.py): an index sorted by a small hash, binary-searched eight bytes
at a time, and the one text asked for read from its record. Only what differs from the
code's own English is kept (English's catalogue says each text as the code does, so it
packs to nearly nothing).

A packed catalogue (``<lang>.hxw``), little-endian::

    b"HXW1", count (u16), plural rule (u8: 0 ``n != 1``, 1 ``n > 1``), 0     8 bytes
    count x (hash (u32), record's offset (u32)), sorted by hash             the index
    records: key length (u16), key (UTF-8), forms (u8),                     the texts
             each form: length (u16), text (UTF-8)

A record's key is the message as the .mo keys it: the text, ``context "\\x04" text`` for
a name told apart by its game (``pgettext``), ``singular "\\x00" plural`` for a countable
text. One record is no text: ``"\\x01share"``, whose two forms are how the language writes
a share (its decimal sign, and the digits beside its percent sign: ``"%s %%"``;
host/common/i18n.number_format), for shared_rules.core.words.share. ``key_hash`` is the
board's: small enough to stay a small integer on the rp2 port (no heap), its few
collisions settled by comparing the keys.

    python -m host.common.wordpack OUT_DIR      # OUT_DIR/<lang>.hxw for each language
"""
from __future__ import annotations

import struct
import sys
from pathlib import Path

from babel.messages.mofile import read_mo

from host.common.i18n import LANGUAGES, number_format
from host.common.translations import path

MAGIC = b"HXW1"
RULES = {"(n != 1)": 0, "(n > 1)": 1}  # the plural rules of the shipped languages


def key_hash(key: bytes) -> int:
    """The board's hash of a key: djb2 with xor, kept to 24 bits."""
    h = 5381
    for b in key:
        h = ((h * 33) ^ b) & 0xFFFFFF
    return h


def entries(lang: str) -> tuple[int, dict[bytes, tuple[str, ...]]]:
    """The plural rule of ``lang``'s compiled catalogue and its texts that differ from the
    code's English: {key: forms}."""
    with path(lang, "mo").open("rb") as f:
        catalog = read_mo(f)
    expr = catalog.plural_expr
    if expr not in RULES:
        raise ValueError("%s: plural rule %r is not one the board knows (%s)"
                         % (lang, expr, ", ".join(RULES)))
    out: dict[bytes, tuple[str, ...]] = {}
    for message in catalog:
        if not message.id:
            continue  # the header
        if isinstance(message.id, (list, tuple)):
            singular, plural = message.id[0], message.id[1]
            forms: tuple[str, ...] = tuple(str(f) for f in message.string or ())
            if RULES[expr] == 0 and forms == (singular, plural):
                continue  # what the board says without a catalogue (the code's English)
            key = singular + "\x00" + plural
        else:
            forms = (str(message.string),)
            if message.string == message.id:
                continue
            key = message.id
        if message.context:  # Babel's read_mo leaves it in bytes
            context = message.context
            if isinstance(context, bytes):
                context = context.decode("utf-8")
            key = context + "\x04" + key
        out[key.encode("utf-8")] = forms
    return RULES[expr], out


SHARE = b"\x01share"  # no message: how the language writes a share


def pack(lang: str) -> bytes:
    rule, texts = entries(lang)
    texts[SHARE] = number_format(lang)
    keys = sorted(texts, key=lambda k: (key_hash(k), k))
    head = MAGIC + struct.pack("<HBB", len(keys), rule, 0)
    offset = len(head) + 8 * len(keys)
    index = []
    records = []
    for key in keys:
        index.append(struct.pack("<II", key_hash(key), offset))
        record = struct.pack("<H", len(key)) + key + bytes((len(texts[key]),))
        for form in texts[key]:
            said = form.encode("utf-8")
            record += struct.pack("<H", len(said)) + said
        records.append(record)
        offset += len(record)
    return head + b"".join(index) + b"".join(records)


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for lang in LANGUAGES:
        file = folder / ("%s.hxw" % lang)
        file.write_bytes(pack(lang))
        out.append(file)
    return out


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m host.common.wordpack OUT_DIR")
    for written in write_all(Path(sys.argv[1])):
        print(written, written.stat().st_size)
