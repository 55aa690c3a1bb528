"""Protocol v1 (DESIGN.md, Serial protocol): every message type, CRC, validation."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from shared_rules.protocol.codec import (
    BEAT_MAX,
    EVENT_TYPES,
    FIELDS,
    HOST_TYPES,
    HUB_TYPES,
    MAX_LINE,
    MAX_SEQ,
    DecodeError,
    Message,
    crc16,
    decode,
    encode,
    encode_beat_into,
    encode_line,
    message,
)

SAMPLES = [
    message("HELLO", 0, 2, "0.1.0", "pico", "3FA2C91E", ("nfc", "die", "btn", "led"), 17),
    message("HELLO", 0, 2, "0.1.0", "sim", "00000000", (), 0),
    message("TAP", 1, 0, "04A1B2C3D4E5F6", ""),
    message("TAP", 2, 1, "DEADBEEF", "D1010F5503686578726566"),
    message("GONE", 3, 0, "04A1B2C3D4E5F6"),
    message("DIE", 4, 12, ("FACE", (3,))),
    message("DIE", 5, 13, ("FACE", (1, 6, 2, 2, 5))),
    message("DIE", 6, 14, ("CROOKED", ())),
    message("DIE", 7, 15, ("ROLLING", ())),
    message("BTN", 8, "A", "press"),
    message("BTN", 9, "B", "long"),
    message("BEAT", 0, 12, 0, 3, 1),
    message("ERR", 0, "NFC_TIMEOUT", "reader did not answer * 3 times (100%)"),
    message("ACK", 0, 41),
    message("LED", 0, "blink", "00FF00"),
    message("BEEP", 0, 2000, 80),
    message("DIEMODE", 0, "virtual"),
    message("ROLL", 0, 5),
    message("WRITE", 0, "04A1B2C3D4E5F6", "D1010F55"),
    message("PING", 0),
    message("HOST", 0, 2),
]


def test_crc16_ccitt_false_check_value():
    # The catalogue check value of CRC-16/CCITT-FALSE.
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"") == 0xFFFF


def test_every_message_type_has_a_sample_and_a_direction():
    kinds = set([m.kind for m in SAMPLES])
    assert kinds == set(FIELDS.keys())
    assert set(HUB_TYPES) | set(HOST_TYPES) == set(FIELDS.keys())
    assert not set(HUB_TYPES) & set(HOST_TYPES)
    for kind in EVENT_TYPES:
        assert kind in HUB_TYPES


def test_round_trip_every_message_type():
    for m in SAMPLES:
        line = encode(m)
        assert decode(line) == m, line
        assert decode(encode_line(m)) == m
        assert decode(line + "\r\n") == m


def test_fields_read_by_name():
    tap = decode(encode(SAMPLES[3]))
    assert tap.reader == 1 and tap.uid == "DEADBEEF" and tap.ndef == "D1010F5503686578726566"
    assert tap.is_event
    die = decode(encode(SAMPLES[6]))
    assert die.roll == 13 and die.result == ("FACE", (1, 6, 2, 2, 5))
    assert not decode(encode(SAMPLES[0])).is_event
    assert raises(AttributeError, getattr, tap, "colour")


def test_frame_reads_like_the_design():
    line = encode(message("DIE", 4, 12, ("FACE", (3,))))
    assert line.startswith("4 DIE 12 FACE 3 *")
    assert len(line.split("*")[1]) == 4


def test_wrong_crc_is_rejected():
    line = encode(SAMPLES[2])
    good = line[-4:]
    bad = "%04X" % ((int(good, 16) + 1) & 0xFFFF)
    result = decode(line[:-4] + bad)
    assert isinstance(result, DecodeError) and result.code == DecodeError.CRC


def test_broken_lines_give_typed_errors():
    cases = [
        ("", DecodeError.EMPTY),
        ("\n", DecodeError.EMPTY),
        ("hello", DecodeError.FRAMING),
        ("1 TAP 0 04A1B2C3 -", DecodeError.FRAMING),
        ("1 TAP 0 04A1B2C3 - *12G4", DecodeError.FRAMING),
        ("x" * (MAX_LINE + 1), DecodeError.TOO_LONG),
        (b"1 TAP \xff", DecodeError.CHARSET),
    ]
    for line, code in cases:
        result = decode(line)
        assert isinstance(result, DecodeError), line
        assert result.code == code, (line, result)


def _framed(body):
    return "%s *%04X" % (body, crc16(body.encode()))


def test_valid_crc_but_bad_content_is_refused():
    cases = [
        ("1 NOPE", DecodeError.TYPE),
        ("1 TAP 0", DecodeError.FIELDS),
        ("1 TAP 9 04A1B2C3 -", DecodeError.VALUE),  # reader out of range
        ("1 TAP 0 04A1B2 -", DecodeError.VALUE),  # 3-byte UID
        ("1 TAP 0 04a1b2c3 -", DecodeError.VALUE),  # lower-case hex is not canonical
        ("01 TAP 0 04A1B2C3 -", DecodeError.VALUE),  # leading zero
        ("-1 ACK 3", DecodeError.VALUE),
        ("0 ACK 99999999999", DecodeError.VALUE),
        ("1 DIE 3 FACE 7", DecodeError.VALUE),
        ("1 DIE 3 FACE 0", DecodeError.VALUE),
        ("1 DIE 3 FACE", DecodeError.FIELDS),
        ("1 DIE 3 CROOKED 2", DecodeError.FIELDS),
        ("1 DIE 3 SIDEWAYS", DecodeError.VALUE),
        ("1 BTN A hold", DecodeError.VALUE),
        ("0 ERR X a%2", DecodeError.VALUE),
        ("0 ERR X a%41", DecodeError.VALUE),  # 'A' needs no escape: one spelling only
        ("0 ROLL 21", DecodeError.VALUE),
        ("0  PING", DecodeError.FRAMING),
    ]
    for body, code in cases:
        result = decode(_framed(body))
        assert isinstance(result, DecodeError), body
        assert result.code == code, (body, result)


def test_a_dash_is_no_capability_it_is_the_empty_list():
    assert raises(ValueError, message, "HELLO", 0, 2, "0.1", "pico", "00000000", ("-",), 0)
    assert decode(_framed("0 HELLO 2 0.1 pico 00000000 nfc,- 0")).code == DecodeError.VALUE


def test_message_builder_refuses_bad_values():
    assert raises(ValueError, message, "TAP", 1, 0, "XYZ", "")
    assert raises(ValueError, message, "TAP", 1, 0)
    assert raises(ValueError, message, "NOPE", 1)
    assert raises(ValueError, message, "ROLL", 0, 0 + 21)
    assert raises(ValueError, message, "DIE", 1, 1, ("FACE", ()))
    assert raises(ValueError, message, "ACK", -1, 1)


def test_every_single_character_change_is_caught():
    # CRC-16 detects every single-symbol error; mutate each position of real frames.
    for m in SAMPLES[:6]:
        line = encode(m)
        for i in range(len(line)):
            for repl in ("0", "Z", " ", "*"):
                if line[i] == repl:
                    continue
                mutated = line[:i] + repl + line[i + 1:]
                result = decode(mutated)
                assert isinstance(result, DecodeError) or result == m, mutated


def test_messages_compare_by_value():
    a = message("ACK", 0, 5)
    assert a == message("ACK", 0, 5)
    assert a != message("ACK", 0, 6)
    assert isinstance(a, Message)


def test_beat_written_in_place_is_the_same_line():
    buf = bytearray(BEAT_MAX)
    # Longest first: a shorter line written over a longer one must not keep its tail.
    for values in ((MAX_SEQ, MAX_SEQ, MAX_SEQ, MAX_SEQ), (0, 0, 0, 0), (9, 10, 99, 100),
                   (1000, 1, 12345, 7), (86400, 31, 4, 0), (MAX_SEQ, 0, 1, MAX_SEQ)):
        n = encode_beat_into(buf, values)
        assert bytes(buf[:n]) == encode_line(message("BEAT", 0, *values))
    n = encode_beat_into(buf, (MAX_SEQ + 5, 0, 2 * MAX_SEQ + 3, 1))  # counters wrap
    assert bytes(buf[:n]) == encode_line(message("BEAT", 0, 4, 0, 1, 1))
