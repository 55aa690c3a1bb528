"""The parsers of the fields only the hub sends: a DIE frame's roll and result and an ERR's
free text. :mod:`shared_rules.protocol` loads this module the first time it decodes such a
field (on the host) and hands it the limits; it imports nothing, protocol least of all.
The hub decodes only the host's commands (``decode(line, HOST_TYPES)``), so these
parsers never take room in its heap.

>>> faces("3,5,1", 20, 6)
(3, 5, 1)
>>> unescape("no%20card", " *%", 120)
'no card'
"""
_HEX = "0123456789ABCDEF"


def die(args, max_seq, most, highest, states):
    """A DIE frame's fields (``roll FACE n,n,...``, ``roll CROOKED``, ``roll ROLLING``) as
    its values ``(roll, (state, faces))``; else why not, in words ("DIE.roll" or
    "DIE.result" for a field that is wrong)."""
    if len(args) != (3 if args[1:2] == ["FACE"] else 2):
        return "DIE takes a roll id, a result and its faces"
    roll = None
    if args[0] and len(args[0]) <= 10 and (args[0] == "0" or args[0][0] != "0"):
        roll = _number(args[0])
    if roll is None or roll > max_seq:
        return "DIE.roll"
    state = args[1]
    result = ()
    if state == "FACE":
        result = faces(args[2], most, highest)
    if result is None or state not in states:
        return "DIE.result"
    return (roll, (state, result))


def _number(token):
    for d in token:
        if not "0" <= d <= "9":
            return None
    return int(token)


def faces(token, most, highest):
    """The faces in ``token`` (``3,5,1``): 1 to ``most`` of them, each a decimal number
    1..``highest`` with no sign and no leading zero; None if it is anything else."""
    parts = token.split(",")
    if len(parts) > most:
        return None
    out = []
    for p in parts:
        if not p or len(p) > 10 or p[0] == "0":
            return None
        for d in p:
            if not "0" <= d <= "9":
                return None
        face = int(p)
        if face > highest:
            return None
        out.append(face)
    return tuple(out)


def unescape(token, escaped, longest):
    """The text a TEXT field spells: ``%XX`` for each character of ``escaped`` and each
    one outside printable ASCII, and only for those (one spelling per text keeps
    decode∘encode exact); 1..``longest`` characters. None if it is anything else."""
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
            if not (c in escaped or code < 0x20 or code > 0x7E):
                return None
            out.append(c)
            i += 3
        elif ch in escaped:
            return None
        else:
            out.append(ch)
            i += 1
    text = "".join(out)
    if not text or len(text) > longest:
        return None
    return text
