"""The fields only the hub sends, decoded: a DIE result and an ERR's free text. Part of the
codec in :mod:`shared_rules.protocol`, which loads it the first time it decodes such a
frame (on the host). The hub decodes only the host's commands (``decode(line,
HOST_TYPES)``), so these parsers never take room in its heap.
"""
from shared_rules.protocol import (
    _TEXT_ESCAPED,
    DIE_STATES,
    MAX_DICE,
    MAX_FACE,
    MAX_SEQ,
    MAX_TEXT,
    DecodeError,
    Message,
    _parse_int,
)

_HEX = "0123456789ABCDEF"


def decode_die(seq, args):
    if len(args) < 2:
        return DecodeError(DecodeError.FIELDS, "DIE takes a roll id and a result")
    roll = _parse_int(args[0], MAX_SEQ)
    if roll is None:
        return DecodeError(DecodeError.VALUE, "DIE.roll")
    state = args[1]
    if state == "FACE":
        if len(args) != 3:
            return DecodeError(DecodeError.FIELDS, "DIE FACE takes one list of faces")
        faces = _parse_faces(args[2])
        if faces is None:
            return DecodeError(DecodeError.VALUE, "DIE.result")
        return Message("DIE", seq, (roll, (state, faces)))
    if state in DIE_STATES:
        if len(args) != 2:
            return DecodeError(DecodeError.FIELDS, "DIE %s takes no more fields" % state)
        return Message("DIE", seq, (roll, (state, ())))
    return DecodeError(DecodeError.VALUE, "DIE.result")


def _parse_faces(token):
    parts = token.split(",")
    if len(parts) > MAX_DICE:
        return None
    faces = []
    for p in parts:
        face = _parse_int(p, MAX_FACE)
        if face is None or face < 1:
            return None
        faces.append(face)
    return tuple(faces)


def unescape(token):
    out = []
    i = 0
    n = len(token)
    while i < n:
        ch = token[i]
        if ch == "%":
            pair = token[i + 1:i + 3]
            if len(pair) != 2:
                return None
            code = 0
            for d in pair:
                k = _HEX.find(d)
                if k < 0:
                    return None
                code = code * 16 + k
            c = chr(code)
            # Only what must be escaped may be: one spelling per text keeps decode∘encode exact.
            if not (c in _TEXT_ESCAPED or code < 0x20 or code > 0x7E):
                return None
            out.append(c)
            i += 3
        elif ch in _TEXT_ESCAPED:
            return None
        else:
            out.append(ch)
            i += 1
    text = "".join(out)
    if not text or len(text) > MAX_TEXT:
        return None
    return text
