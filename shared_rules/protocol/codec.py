"""The serial protocol between the reader hub and the host, version 2.

One frame per line, printable ASCII, readable in any serial monitor::

    SEQ TYPE FIELD... *CRC

CRC is the CRC-16/CCITT-FALSE of everything before `` *``, as 4 upper-case hex digits.

Events from the hub (TAP, GONE, DIE, BTN) carry sequence numbers 1, 2, 3... per boot and
stay in the hub's ring buffer until the host sends a cumulative ``ACK n``. Every other
frame (HELLO, BEAT, ERR and all host commands) carries sequence number 0 and is never
resent: a lost BEAT is replaced by the next one, a lost command by the host's retry.

The same module runs on the hub (MicroPython) and the host (CPython). ``decode`` never
raises: any line, however broken, gives a ``Message`` or a ``DecodeError``.

>>> m = message("TAP", 7, 0, "04A1B2C3D4E5F6", "")  # "" : no NDEF record
>>> encode(m)
'7 TAP 0 04A1B2C3D4E5F6 - *7108'
>>> decode(encode(m)) == m
True
"""

try:
    from micropython import const
except ImportError:  # CPython: the host
    def const(x):
        return x

from shared_rules.protocol.crc import crc16

VERSION = 2  # 2: HELLO says how far the host has acknowledged this boot (issue 13)
MAX_LINE = 600  # a 256-byte NDEF record in hex plus the frame around it
MAX_SEQ = 0x7FFFFFFF

# Field kinds. Each validates one token on decode and one value on encode.
INT = "int"  # decimal, 0..MAX_SEQ, no sign, no leading zeros
WORD = "word"  # 1..32 of [A-Za-z0-9._-]
BOOT = "boot"  # 8 upper-case hex digits
UID = "uid"  # 4, 7 or 10 bytes in upper-case hex (ISO 14443 single/double/triple size)
NDEF = "ndef"  # one NDEF record in upper-case hex, or "-" for a tag without one
RECORD = "record"  # like NDEF but never empty (what WRITE puts on a tag)
CAPS = "caps"  # comma-separated words, or "-"
TEXT = "text"  # free text, %XX-escaped so it holds no space, '*' or '%'
COLOUR = "colour"  # RRGGBB
FACES = "faces"  # DIE result: ("FACE", (n, ...)), ("CROOKED", ()), ("ROLLING", ())

# Closed sets of words.
BUTTON_ACTIONS = ("press", "long")
LED_PATTERNS = ("off", "on", "blink", "pulse", "ok", "refused", "win")
DIE_MODES = ("physical", "virtual")
DIE_STATES = ("FACE", "CROOKED", "ROLLING")

MAX_DICE = 20  # HeroScape rolls up to about 20 combat dice at once
MAX_FACE = 6

# type -> ((field name, kind, extra), ...). ``extra`` bounds an INT or lists an enum.
FIELDS = {
    # hub -> host
    "HELLO": (("proto", INT, 65535), ("firmware", WORD, None), ("board", WORD, None),
              ("boot", BOOT, None), ("caps", CAPS, None), ("acked", INT, MAX_SEQ)),
    "TAP": (("reader", INT, 7), ("uid", UID, None), ("ndef", NDEF, None)),
    "GONE": (("reader", INT, 7), ("uid", UID, None)),
    "DIE": (("roll", INT, MAX_SEQ), ("result", FACES, None)),
    "BTN": (("button", WORD, None), ("action", BUTTON_ACTIONS, None)),
    "BEAT": (("uptime", INT, MAX_SEQ), ("unacked", INT, MAX_SEQ), ("resent", INT, MAX_SEQ),
             ("errors", INT, MAX_SEQ)),
    "ERR": (("code", WORD, None), ("text", TEXT, None)),
    # host -> hub
    "ACK": (("upto", INT, MAX_SEQ),),
    "LED": (("pattern", LED_PATTERNS, None), ("colour", COLOUR, None)),
    "BEEP": (("hz", INT, 20000), ("ms", INT, 5000)),
    "DIEMODE": (("mode", DIE_MODES, None),),
    "ROLL": (("count", INT, MAX_DICE),),
    "WRITE": (("uid", UID, None), ("record", RECORD, None)),
    "PING": (),
    # The host's protocol version, said before each PING: a hub that does not speak it
    # goes quiet (keeps its events, resends nothing) and says so in HELLO and ERR VERSION.
    "HOST": (("proto", INT, 65535),),
}

HUB_TYPES = ("HELLO", "TAP", "GONE", "DIE", "BTN", "BEAT", "ERR")
HOST_TYPES = ("ACK", "LED", "BEEP", "DIEMODE", "ROLL", "WRITE", "PING", "HOST")
# Events are numbered, kept by the hub until acknowledged, and deduplicated by the host.
EVENT_TYPES = ("TAP", "GONE", "DIE", "BTN")

# Characters a TEXT field must escape: the separator, the CRC marker and the escape itself.
_TEXT_ESCAPED = " *%"
MAX_TEXT = 120


class DecodeError:
    """Why a line was not accepted. ``code`` is one of the constants below."""

    EMPTY = "empty"
    TOO_LONG = "too-long"
    CHARSET = "charset"  # a byte outside printable ASCII
    FRAMING = "framing"  # no ' *CRC' tail, doubled spaces...
    CRC = "crc"
    TYPE = "type"  # unknown message type
    FIELDS = "fields"  # wrong number of fields
    VALUE = "value"  # a field out of its range or form

    def __init__(self, code, detail):
        self.code = code
        self.detail = detail

    def __repr__(self):
        return "DecodeError(%r, %r)" % (self.code, self.detail)

    # No __ne__: CPython 3 and MicroPython both answer != from __eq__.
    def __eq__(self, other):
        return isinstance(other, DecodeError) and (self.code, self.detail) == (
            other.code, other.detail)


class Message:
    """One protocol frame: a type, a sequence number and typed field values.

    Fields read as attributes by the names in ``FIELDS`` (``msg.uid``, ``msg.upto``).
    Build one with ``message()``, which validates every value.
    """

    def __init__(self, kind, seq, values):
        self.kind = kind
        self.seq = seq
        self.values = values

    def __getattr__(self, name):
        spec = FIELDS.get(self.kind, ())
        for i in range(len(spec)):
            if spec[i][0] == name:
                return self.values[i]
        raise AttributeError(name)

    def __eq__(self, other):
        return (isinstance(other, Message) and self.kind == other.kind
                and self.seq == other.seq and self.values == other.values)

    def __hash__(self):
        return hash((self.kind, self.seq, self.values))

    def __repr__(self):
        return "Message(%r)" % encode(self)

    @property
    def is_event(self):
        return self.kind in EVENT_TYPES


def message(kind, seq, *values):
    """Build a validated ``Message``; a bad value is a programming error (ValueError).

    DIE takes its result as ``("FACE", (3,))``, ``("CROOKED", ())`` or ``("ROLLING", ())``.
    """
    spec = FIELDS.get(kind)
    if spec is None:
        raise ValueError("unknown message type %r" % (kind,))
    if len(values) != len(spec):
        raise ValueError("%s takes %d fields, got %d" % (kind, len(spec), len(values)))
    if not (isinstance(seq, int) and 0 <= seq <= MAX_SEQ):
        raise ValueError("bad sequence number %r" % (seq,))
    checked = []
    for i in range(len(spec)):
        name, fkind, extra = spec[i]
        value = _check_value(fkind, extra, values[i])
        if value is None:
            raise ValueError("%s.%s: bad value %r" % (kind, name, values[i]))
        checked.append(value)
    return Message(kind, seq, tuple(checked))


def encode(msg):
    """The line for ``msg``, without the line terminator."""
    parts = [str(msg.seq), msg.kind]
    spec = FIELDS[msg.kind]
    for i in range(len(spec)):
        parts.append(_encode_value(spec[i][1], msg.values[i]))
    body = " ".join(parts)
    return "%s *%04X" % (body, crc16(body.encode()))


def encode_line(msg):
    """The bytes to write for ``msg``, newline included."""
    return (encode(msg) + "\n").encode()


BEAT_MAX = const(57)  # "0 BEAT", four fields of up to 10 digits, " *XXXX\n"


def encode_beat_into(buf, fields):
    """Write the BEAT line of ``fields`` (uptime, unacked, resent, errors: counts, which
    wrap at MAX_SEQ), newline included, into ``buf`` (a bytearray of BEAT_MAX); returns its
    length. The bytes of ``encode_line(message("BEAT", 0, *fields))``, but nothing is
    allocated: the hub sends one every second, forever."""
    head = b"0 BEAT"
    for n in range(6):  # byte by byte: a slice (buf[0:6] = ...) is a heap object on v1.22
        buf[n] = head[n]
    n = 6
    for k in range(4):
        value = fields[k]
        if value > MAX_SEQ:  # counters wrap (no "& MAX_SEQ" each time: a long int here)
            value &= MAX_SEQ
        buf[n] = 0x20
        n += 1
        v = value
        while v >= 10:  # n: where the last digit goes
            v //= 10
            n += 1
        i = n
        while True:
            buf[i] = 0x30 + value % 10
            value //= 10
            if not value:
                break
            i -= 1
        n += 1
    crc = crc16(buf, 0xFFFF, n)
    buf[n] = 0x20
    buf[n + 1] = 0x2A
    for k in range(4):
        d = (crc >> (12 - 4 * k)) & 15
        buf[n + 2 + k] = d + (0x30 if d < 10 else 0x37)
    buf[n + 6] = 0x0A
    return n + 7


def ack_upto(line, n):
    """The ``n`` of an ``0 ACK n *CRC`` frame in ``line[:n]`` (bytes, no line terminator),
    read from the bytes as they came; -1 for any other line, which ``decode`` then judges.

    The host answers every event with one, and decode's strings and Message took 2 ms of
    the hub's pass on the emulated Pico: this is a tenth of it. Whatever it accepts decode
    accepts with the same value; it leaves to decode the numbers of ten digits (over
    MicroPython's small ints) and every line it is unsure of.

    >>> line = encode_line(message("ACK", 0, 27))[:-1]
    >>> ack_upto(line, len(line)), ack_upto(b"0 ACK 027 *FFFF", 15)
    (27, -1)
    """
    end = n - 6  # where " *CRC" starts
    if end < 7 or end > 15:  # "0 ACK " and 1 to 9 digits
        return -1
    head = b"0 ACK "
    for i in range(6):
        if line[i] != head[i]:
            return -1
    if line[6] == 0x30 and end > 7:  # no leading zero
        return -1
    value = 0
    for i in range(6, end):
        digit = line[i] - 0x30
        if digit < 0 or digit > 9:
            return -1
        value = value * 10 + digit
    if line[end] != 0x20 or line[end + 1] != 0x2A:
        return -1
    crc = crc16(line, 0xFFFF, end)
    for i in range(n - 1, end + 1, -1):  # its four hex digits, the last first
        if _hex_digit(line[i]) != crc & 15:
            return -1
        crc >>= 4
    return value


def decode(line, kinds=None):
    """Parse one line (str or bytes, with or without its newline).

    Returns a ``Message`` or a ``DecodeError``; never raises. ``kinds``, when given, are
    the only message types this end accepts: any other is a ``DecodeError`` of code TYPE,
    its fields left unparsed (the hub passes ``HOST_TYPES``, so the parsers of the hub's
    own DIE and ERR fields, in :mod:`shared_rules.protocol.hub`, never load there).
    """
    if isinstance(line, (bytes, bytearray, memoryview)):
        raw = bytes(line)
        for b in raw:
            if b < 0x20 or b > 0x7E:
                if b in (0x0A, 0x0D):
                    continue
                return DecodeError(DecodeError.CHARSET, "byte 0x%02X" % b)
        line = raw.decode()
    elif not isinstance(line, str):
        return DecodeError(DecodeError.CHARSET, "not text")
    else:
        for ch in line:
            if not (" " <= ch <= "~") and ch not in "\r\n":
                return DecodeError(DecodeError.CHARSET, "character %r" % ch)
    while line and line[-1] in "\r\n":
        line = line[:-1]
    if not line:
        return DecodeError(DecodeError.EMPTY, "empty line")
    if len(line) > MAX_LINE:
        return DecodeError(DecodeError.TOO_LONG, "%d characters" % len(line))
    if "\r" in line or "\n" in line:
        return DecodeError(DecodeError.CHARSET, "line break inside the frame")
    star = line.rfind(" *")
    if star < 0 or len(line) - star != 6:
        return DecodeError(DecodeError.FRAMING, "no ' *CRC' at the end")
    body = line[:star]
    crc_text = line[star + 2:]
    crc = _parse_hex(crc_text)
    if crc is None:
        return DecodeError(DecodeError.FRAMING, "CRC is not 4 hex digits")
    if crc != crc16(body.encode()):
        return DecodeError(DecodeError.CRC, "CRC mismatch")
    tokens = body.split(" ")
    for t in tokens:
        if not t:
            return DecodeError(DecodeError.FRAMING, "empty field (doubled space)")
    if len(tokens) < 2:
        return DecodeError(DecodeError.FIELDS, "no message type")
    seq = _parse_int(tokens[0], MAX_SEQ)
    if seq is None:
        return DecodeError(DecodeError.VALUE, "bad sequence number")
    kind = tokens[1]
    spec = FIELDS.get(kind)
    if spec is None:
        return DecodeError(DecodeError.TYPE, "unknown type %s" % kind[:16])
    args = tokens[2:]
    if kinds is not None and kind not in kinds:
        return DecodeError(DecodeError.TYPE, "%s is not expected here" % kind)
    if kind == "DIE":  # only the host decodes it: its parser loads then
        from shared_rules.protocol.hub import die

        result = die(args, MAX_SEQ, MAX_DICE, MAX_FACE, DIE_STATES)
        if isinstance(result, str):
            return DecodeError(DecodeError.VALUE if result.startswith("DIE.") else
                               DecodeError.FIELDS, result)
        return Message("DIE", seq, result)
    if len(args) != len(spec):
        return DecodeError(DecodeError.FIELDS, "%s takes %d fields, got %d" % (
            kind, len(spec), len(args)))
    values = []
    for i in range(len(spec)):
        name, fkind, extra = spec[i]
        value = _decode_value(fkind, extra, args[i])
        if value is None:
            return DecodeError(DecodeError.VALUE, "%s.%s" % (kind, name))
        values.append(value)
    return Message(kind, seq, tuple(values))


# --- field kinds ---------------------------------------------------------------------

# MicroPython interns every one-character string it makes by iterating or indexing a str
# (``for ch in token``, ``token[0]``), and interned names are never freed: the hub would
# gather one per character it ever checks, until its name table needs another pool (5 KB).
# So tokens are checked byte by byte (``token.encode()``), or by slices for TEXT.

def _hex_digit(b):
    """The value of an upper-case hex digit's byte, or -1."""
    if 0x30 <= b <= 0x39:
        return b - 0x30
    if 0x41 <= b <= 0x46:
        return b - 0x37
    return -1


def _parse_int(token, upper):
    if not token or len(token) > 10:
        return None
    for b in token.encode():
        if b < 0x30 or b > 0x39:
            return None
    if len(token) > 1 and token.startswith("0"):
        return None
    value = int(token)
    if value > upper:
        return None
    return value


def _parse_hex(token):
    if len(token) != 4:
        return None
    value = 0
    for b in token.encode():
        digit = _hex_digit(b)
        if digit < 0:
            return None
        value = value * 16 + digit
    return value


def _is_hex(token, lengths_in_bytes=None, min_bytes=1, max_bytes=256):
    if len(token) % 2:
        return False
    n = len(token) // 2
    if lengths_in_bytes is not None:
        if n not in lengths_in_bytes:
            return False
    elif n < min_bytes or n > max_bytes:
        return False
    # In C, not byte by byte (1.8 ms for a TAP's record on the emulated Pico): every
    # character a hex digit (CPython's fromhex skips spaces: then fewer bytes), upper case.
    try:
        if len(bytes.fromhex(token)) != n:
            return False
    except ValueError:
        return False
    return token == token.upper()


def _is_word(token):
    """1..32 of [A-Za-z0-9._-]."""
    if not token or len(token) > 32:
        return False
    for b in token.encode():
        if not (0x61 <= b <= 0x7A or 0x41 <= b <= 0x5A or 0x30 <= b <= 0x39
                or b == 0x2E or b == 0x5F or b == 0x2D):  # a-z A-Z 0-9 . _ -
            return False
    return True


def _chars(text):
    """Each character of ``text`` as a fresh one-character string (never interned)."""
    for i in range(len(text)):
        yield text[i:i + 1]


def _escape(text):
    out = []
    for ch in _chars(text):
        if ch in _TEXT_ESCAPED or ch < " " or ch > "~":
            out.append("%%%02X" % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


def _decode_value(fkind, extra, token):
    if fkind == INT:
        return _parse_int(token, extra)
    if fkind == WORD:
        return token if _is_word(token) else None
    if fkind == BOOT:
        return token if _is_hex(token, (4,)) else None
    if fkind == UID:
        return token if _is_hex(token, (4, 7, 10)) else None
    if fkind == NDEF:
        if token == "-":
            return ""
        return token if _is_hex(token) else None
    if fkind == RECORD:
        return token if _is_hex(token) else None
    if fkind == CAPS:
        if token == "-":
            return ()
        words = token.split(",")
        for w in words:
            if not _is_word(w) or w == "-":
                return None
        return tuple(words)
    if fkind == TEXT:
        from shared_rules.protocol.hub import unescape

        return unescape(token, _TEXT_ESCAPED, MAX_TEXT)
    if fkind == COLOUR:
        return token if _is_hex(token, (3,)) else None
    if isinstance(fkind, tuple):  # an enum
        return token if token in fkind else None
    return None


def _check_value(fkind, extra, value):
    """The canonical value if ``value`` is valid for the field, else None."""
    if fkind == INT:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= extra:
            return value
        return None
    if fkind == FACES:
        if not (isinstance(value, tuple) and len(value) == 2):
            return None
        state, faces = value
        if state == "FACE":
            faces = tuple(faces)
            if not 1 <= len(faces) <= MAX_DICE:
                return None
            for f in faces:
                if not (isinstance(f, int) and 1 <= f <= MAX_FACE):
                    return None
            return (state, faces)
        if state in DIE_STATES and not faces:
            return (state, ())
        return None
    if fkind == CAPS:
        words = tuple(value)
        for w in words:
            # "-" alone is how an empty list is written, so it cannot be a capability.
            if not (isinstance(w, str) and _is_word(w)) or w == "-":
                return None
        return words
    if not isinstance(value, str):
        return None
    if fkind == TEXT:
        if not 0 < len(value) <= MAX_TEXT:
            return None
        for ch in _chars(value):
            if ord(ch) > 0xFF:  # one %XX escape per character keeps the codec simple
                return None
        return value
    if fkind == NDEF and value == "":
        return value
    if fkind in (UID, BOOT, NDEF, RECORD, COLOUR):
        value = value.upper()
    return value if _decode_value(fkind, extra, value) == value else None


def _encode_value(fkind, value):
    if fkind == INT:
        return str(value)
    if fkind == NDEF:
        return value or "-"
    if fkind == CAPS:
        return ",".join(value) or "-"
    if fkind == TEXT:
        return _escape(value)
    if fkind == FACES:
        state, faces = value
        if state == "FACE":
            return "FACE " + ",".join([str(f) for f in faces])
        return state
    return value
