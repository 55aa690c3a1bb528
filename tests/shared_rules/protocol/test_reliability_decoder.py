"""Reliability goal: 100,000 random and mutated lines into the protocol decoder, no crash and
no accepted garbage (DESIGN.md "Reliability goals", principle 3).

Whatever ``decode`` accepts must be exactly a frame the encoder would write: re-encoding the
message gives back the line byte for byte, and its CRC is the CRC of its body. So nothing is
guessed at: a line is either a real frame or refused.

Most random bytes fail at the CRC, which would leave the grammar untested, so half the lines
are mutated frames whose CRC is *recomputed* after the mutation: those reach the field
checks (a sign, a leading zero, lower-case hex, a doubled space, a seventh die face...).
Seeded, so every run feeds the same 100,000 lines; the counts per kind are asserted so a
generator that silently stopped producing (say) CRC-correct lines would fail the test.
"""
from __future__ import annotations

import random

from shared_rules.protocol import codec as protocol
from shared_rules.protocol.codec import FIELDS, DecodeError, Message, crc16, decode, encode, message

SEED = 20261122
LINES = 100_000
CODES = {DecodeError.EMPTY, DecodeError.TOO_LONG, DecodeError.CHARSET, DecodeError.FRAMING,
         DecodeError.CRC, DecodeError.TYPE, DecodeError.FIELDS, DecodeError.VALUE}
HEX = "0123456789ABCDEF"
WORD_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-"
# Tokens that sit on an edge of some field's grammar: numbers at and past their bounds,
# leading zeros and signs, hex of the wrong case or length, the "-" placeholders, escapes.
EDGE_TOKENS = ("0", "00", "01", "-1", "+1", "7", "8", "2147483647", "2147483648",
               "99999999999", "65535", "65536", "20000", "20001", "5000", "5001", "20", "21",
               "-", "--", "", "a", "0A1B2C3D", "0a1b2c3d", "0A1B2C3", "0A1B2C3DE", "04A1B2C3",
               "04A1B2C3D4E5F6", "04A1B2C3D4E5F60011", "04A1B2C3D4E5F6001122", "FFF", "FFFFFF",
               "ffffff", "GG", "%20", "%2A", "%25", "%41", "%2", "%zz", "%7F", "%FF", "*",
               "FACE", "CROOKED", "ROLLING", "1,2,3", "0", "7", "1,,2", "1,2,", ",", "6" * 3,
               ",".join(["6"] * 20), ",".join(["6"] * 21), "press", "long", "Press", "off",
               "win", "virtual", "physical", "nfc,die", "nfc,-", "nfc,,die", "x" * 32,
               "x" * 33, "ACK", "TAP", "HELLO", "PING")


def random_message(rng: random.Random) -> Message:
    """A valid message of any type, with values drawn across each field's whole range."""
    kind = rng.choice(sorted(FIELDS))
    values = [_value(rng, fkind, extra) for _name, fkind, extra in FIELDS[kind]]
    seq = rng.choice((0, 1, rng.randrange(1, 1000), protocol.MAX_SEQ))
    return message(kind, seq, *values)


def _hex(rng: random.Random, nbytes: int) -> str:
    return "".join(rng.choice(HEX) for _ in range(2 * nbytes))


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(WORD_CHARS) for _ in range(rng.randint(1, 32)))


def _value(rng: random.Random, fkind, extra):
    if fkind == protocol.INT:
        return rng.choice((0, extra, rng.randint(0, extra)))
    if fkind == protocol.WORD:
        return _word(rng)
    if fkind == protocol.BOOT:
        return _hex(rng, 4)
    if fkind == protocol.UID:
        return _hex(rng, rng.choice((4, 7, 10)))
    if fkind == protocol.NDEF:
        return "" if rng.random() < 0.3 else _hex(rng, rng.randint(1, 40))
    if fkind == protocol.RECORD:
        return _hex(rng, rng.randint(1, 40))
    if fkind == protocol.CAPS:
        words = [_word(rng) for _ in range(rng.randint(0, 4))]
        return tuple(w for w in words if w != "-")
    if fkind == protocol.TEXT:
        return "".join(chr(rng.randint(0, 0xFF)) for _ in range(rng.randint(1, 30)))
    if fkind == protocol.COLOUR:
        return _hex(rng, 3)
    if fkind == protocol.FACES:
        state = rng.choice(protocol.DIE_STATES)
        if state == "FACE":
            return state, tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 20)))
        return state, ()
    return rng.choice(fkind)  # an enum


def with_crc(body: bytes) -> bytes:
    return body + b" *%04X" % crc16(body)


def mutate(rng: random.Random, line: bytes) -> bytes:
    """One to four byte-level edits: flip a bit, insert, delete, replace with a character
    the grammar cares about, duplicate or swap a slice, cut the line short."""
    data = bytearray(line)
    for _ in range(rng.randint(1, 4)):
        if not data:
            data.append(rng.randint(0, 255))
            continue
        i = rng.randrange(len(data))
        op = rng.randrange(7)
        if op == 0:
            data[i] ^= 1 << rng.randrange(8)
        elif op == 1:
            data.insert(i, rng.choice(b" *%,-0123456789AFaf\r\n\x00\x7f\xff"))
        elif op == 2:
            del data[i]
        elif op == 3:
            data[i] = rng.randint(0x20, 0x7E)
        elif op == 4:
            data[i:i] = data[i:rng.randint(i + 1, min(len(data), i + 12))]
        elif op == 5:
            j = rng.randrange(len(data))
            data[i], data[j] = data[j], data[i]
        else:
            del data[rng.randint(1, len(data)) - 1:]
    return bytes(data)


def token_swap(rng: random.Random, msg: Message) -> bytes:
    """A frame with one token (sequence number, type or field) replaced by an edge token
    or a token of another message, under a correct CRC: only the grammar can refuse it."""
    body = encode(msg).rpartition(" *")[0]
    tokens = body.split(" ")
    i = rng.randrange(len(tokens) + 1)
    new = rng.choice(EDGE_TOKENS) if rng.random() < 0.7 else \
        rng.choice(encode(random_message(rng)).split(" ")[:-1])
    if i == len(tokens) or rng.random() < 0.15:
        tokens.insert(i, new)  # one field too many
    else:
        tokens[i] = new
    if rng.random() < 0.1 and len(tokens) > 2:
        del tokens[rng.randrange(len(tokens))]  # one too few
    return with_crc(" ".join(tokens).encode())


def lines(rng: random.Random):
    """(kind, line) pairs: the 100,000 lines of the test, in five kinds."""
    for n in range(LINES):
        kind = n % 10
        if kind == 0:  # noise: any bytes, mostly short, sometimes past MAX_LINE
            size = rng.choice((rng.randint(0, 20), rng.randint(0, 120), rng.randint(590, 700)))
            if rng.random() < 0.2:  # printable noise: a serial monitor's view of a bad cable
                yield "noise", bytes(rng.randint(0x20, 0x7E) for _ in range(size))
            else:
                yield "noise", bytes(rng.getrandbits(8) for _ in range(size))
        elif kind == 1:  # printable words under a correct CRC: framing and types
            words = [rng.choice(("0", "1", "12", rng.choice(sorted(FIELDS)), _word(rng),
                                 rng.choice(EDGE_TOKENS))) for _ in range(rng.randint(0, 7))]
            yield "printable+crc", with_crc(" ".join(words).encode())
        elif kind in (2, 3):  # a real frame with byte edits, its CRC left as it was
            yield "mutated", mutate(rng, protocol.encode_line(random_message(rng)))
        elif kind in (4, 5, 6, 7):  # byte edits to the body, CRC recomputed
            body = encode(random_message(rng)).rpartition(" *")[0].encode()
            yield "mutated+crc", with_crc(mutate(rng, body))
        else:  # token swaps under a correct CRC
            yield "token+crc", token_swap(rng, random_message(rng))


def check_accepted(line: bytes, msg: Message) -> None:
    """An accepted line is exactly what the encoder writes for it, CRC and all."""
    text = line.decode("ascii")
    while text and text[-1] in "\r\n":
        text = text[:-1]
    assert encode(msg) == text, (line, msg)
    body, _, crc = text.rpartition(" *")
    assert crc == "%04X" % crc16(body.encode()), line
    assert decode(encode(msg)) == msg  # and it reads back the same
    # The same frame read as text (how a serial monitor would paste it) says the same.
    assert decode(text) == msg


def test_decoder_takes_100000_random_and_mutated_lines_without_crash_or_garbage():
    """Principle 3: "a corrupted frame is rejected by its checksum ... never guessed at"."""
    rng = random.Random(SEED)
    seen: dict[str, int] = {}
    accepted: dict[str, int] = {}
    refused: dict[str, int] = {}
    for kind, line in lines(rng):
        seen[kind] = seen.get(kind, 0) + 1
        result = decode(line)  # must never raise
        if isinstance(result, Message):
            accepted[kind] = accepted.get(kind, 0) + 1
            check_accepted(line, result)
        else:
            assert isinstance(result, DecodeError) and result.code in CODES, (line, result)
            refused[result.code] = refused.get(result.code, 0) + 1
    assert sum(seen.values()) == LINES
    # The lines reached every check: each way of being refused happened, and mutated lines
    # under a correct CRC were sometimes still real frames (and then canonical).
    print("lines by kind", seen, "accepted", accepted, "refused", refused)
    assert set(refused) == CODES, refused
    assert accepted.get("mutated+crc", 0) > 100, accepted
    assert accepted.get("token+crc", 0) > 100, accepted
    assert refused[DecodeError.VALUE] > 1000 and refused[DecodeError.FIELDS] > 1000, refused


def test_lines_split_or_joined_by_a_lost_newline_are_refused():
    """A lost or extra newline (the link's commonest fault) never makes a frame: a cut
    frame has no CRC tail, and two frames run together fail on the first one's tail."""
    rng = random.Random(SEED + 1)
    for _ in range(2000):
        a = encode(random_message(rng))
        b = encode(random_message(rng))
        cut = rng.randrange(1, len(a) - 1)
        for piece in (a[:cut], a[cut:], a + b, a[:cut] + b):
            assert isinstance(decode(piece), DecodeError), piece
