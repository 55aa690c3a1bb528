"""CRC-16/CCITT-FALSE: the serial protocol's frame check (shared_rules/protocol/codec.py),
and the record check of the pocket journals made before their records carried CRC-32
(firmware/pocket/space.py reads and carries those on with it). A module of its own so the
pocket board, which speaks no serial protocol, loads it only for such a journal.

>>> hex(crc16(b"123456789"))
'0x29b1'
"""
# Four bits at a time: 16 table entries (the remainder of each nibble shifted through the
# polynomial 0x1021) instead of 256, and two lookups per byte.
NIBBLE = (0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50A5, 0x60C6, 0x70E7,
          0x8108, 0x9129, 0xA14A, 0xB16B, 0xC18C, 0xD1AD, 0xE1CE, 0xF1EF)


def crc16(data, crc=0xFFFF, n=-1):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of
    ``data``, or of its first ``n`` bytes (by index: no slice or view made), going on from
    ``crc``."""
    table = NIBBLE
    for i in range(len(data) if n < 0 else n):
        crc ^= data[i] << 8
        crc = ((crc << 4) & 0xFFFF) ^ table[crc >> 12]
        crc = ((crc << 4) & 0xFFFF) ^ table[crc >> 12]
    return crc
