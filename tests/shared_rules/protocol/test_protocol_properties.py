"""Protocol v1 properties: decode(encode(m)) == m for any valid message; random bytes and
mutated valid lines never raise and are never accepted with a wrong CRC."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared_rules.protocol import codec as protocol
from shared_rules.protocol.codec import FIELDS, DecodeError, Message, crc16, decode, encode, message

HEX = "0123456789ABCDEF"
WORD = st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-",
               min_size=1, max_size=32)


def _hex_bytes(sizes):
    return st.sampled_from(sizes).flatmap(
        lambda n: st.binary(min_size=n, max_size=n).map(lambda b: b.hex().upper()))


def _value(kind, extra):
    if kind == protocol.INT:
        return st.integers(0, extra)
    if kind == protocol.WORD:
        return WORD
    if kind == protocol.BOOT:
        return _hex_bytes([4])
    if kind == protocol.UID:
        return _hex_bytes([4, 7, 10])
    if kind == protocol.NDEF:
        return st.one_of(st.just(""), st.binary(min_size=1, max_size=256).map(
            lambda b: b.hex().upper()))
    if kind == protocol.RECORD:
        return st.binary(min_size=1, max_size=256).map(lambda b: b.hex().upper())
    if kind == protocol.CAPS:
        return st.lists(WORD.filter(lambda w: w != "-"), max_size=6).map(tuple)
    if kind == protocol.TEXT:
        return st.text(st.characters(max_codepoint=0xFF), min_size=1,
                       max_size=protocol.MAX_TEXT)
    if kind == protocol.COLOUR:
        return _hex_bytes([3])
    if kind == protocol.FACES:
        return st.one_of(
            st.lists(st.integers(1, 6), min_size=1, max_size=20).map(
                lambda f: ("FACE", tuple(f))),
            st.sampled_from([("CROOKED", ()), ("ROLLING", ())]))
    assert isinstance(kind, tuple)
    return st.sampled_from(kind)


@st.composite
def messages(draw):
    kind = draw(st.sampled_from(sorted(FIELDS)))
    values = [draw(_value(k, extra)) for _, k, extra in FIELDS[kind]]
    seq = draw(st.integers(0, protocol.MAX_SEQ))
    return message(kind, seq, *values)


@settings(max_examples=600)
@given(messages())
def test_decode_encode_round_trip(m):
    line = encode(m)
    assert len(line) <= protocol.MAX_LINE
    assert decode(line) == m
    assert decode(line.encode() + b"\n") == m


@settings(max_examples=1000)
@given(st.binary(max_size=700))
def test_random_bytes_never_raise(data):
    result = decode(data)
    assert isinstance(result, (Message, DecodeError))
    if isinstance(result, Message):  # only a well-formed frame with its own CRC gets in
        body, _, crc = data.rstrip(b"\r\n").rpartition(b" *")
        assert int(crc, 16) == crc16(body)


@settings(max_examples=1000)
@given(st.text(max_size=200))
def test_random_text_never_raises(text):
    assert isinstance(decode(text), (Message, DecodeError))


@settings(max_examples=1500)
@given(messages(), st.data())
def test_mutated_lines_are_never_accepted_with_a_wrong_crc(m, data):
    line = bytearray(encode(m).encode())
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(st.sampled_from(["flip", "insert", "delete"]))
        i = data.draw(st.integers(0, max(0, len(line) - 1)))
        if op == "flip" and line:
            line[i] ^= 1 << data.draw(st.integers(0, 7))
        elif op == "insert":
            line.insert(i, data.draw(st.integers(0, 255)))
        elif line:
            del line[i]
    result = decode(bytes(line))
    assert isinstance(result, (Message, DecodeError))
    if isinstance(result, Message):
        body, _, crc = bytes(line).rpartition(b" *")
        assert int(crc, 16) == crc16(body)
        assert encode(result) == bytes(line).decode()  # canonical: nothing was guessed


def _ack_or_mutant(data):
    """A canonical ACK line (any number), maybe with a few bytes changed, inserted or cut,
    and maybe its CRC made good again."""
    upto = data.draw(st.one_of(st.integers(0, 99), st.integers(0, protocol.MAX_SEQ)))
    line = bytearray(encode(message("ACK", 0, upto)).encode())
    for _ in range(data.draw(st.integers(0, 3))):
        op = data.draw(st.sampled_from(["flip", "insert", "delete", "set"]))
        i = data.draw(st.integers(0, max(0, len(line) - 1)))
        if op == "flip" and line:
            line[i] ^= 1 << data.draw(st.integers(0, 7))
        elif op == "set" and line:
            line[i] = data.draw(st.sampled_from(b"0123456789 *ACKF\r"))
        elif op == "insert":
            line.insert(i, data.draw(st.sampled_from(b"0123456789 *\r")))
        elif line:
            del line[i]
    if data.draw(st.booleans()):  # a body decode must refuse, under its own good CRC
        body = bytes(line).rpartition(b" *")[0] or bytes(line)
        line = bytearray(body + b" *%04X" % crc16(body))
    return bytes(line)


@settings(max_examples=3000)
@given(st.data())
def test_the_hubs_quick_ack_reads_what_decode_reads(data):
    """protocol.ack_upto, the hub's fast path for the host's ACKs, never accepts a line
    decode refuses nor reads another number; it reads every ACK of up to nine digits."""
    line = _ack_or_mutant(data)
    upto = protocol.ack_upto(line, len(line))
    msg = decode(line, protocol.HOST_TYPES)
    if upto >= 0:
        assert isinstance(msg, Message) and msg.kind == "ACK" and msg.upto == upto
    elif isinstance(msg, Message) and msg.kind == "ACK":
        # left to decode: ten digits, another sequence number, a trailing CR
        assert msg.upto >= 10 ** 9 or msg.seq != 0 or line.endswith(b"\r")
