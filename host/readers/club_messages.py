"""Every message on the club's broker, as one declared schema.

A message is read in three steps, each of which may refuse it with a ``Rejected`` whose text
says why in words the organiser can act on: its JSON (at most ``MAX_BYTES``), its shape
(``JournalEntry``, ``TableIndex`` or ``Resend``: each field's type and bounds, checked by
``from_json``), and, for what a table publishes, its signature: an HMAC-SHA256 of the
canonical JSON of every other field, keyed with the code the table was paired with
(``hexref club-join``). Nothing that fails a step reaches the night.

The pairing code is derived from the organiser's own secret and the table's name, so the
organiser keeps one secret, not a list of keys; its last two characters check the table's
name, so a code typed for the wrong table is refused at ``club-join``, not discovered later.

>>> secret = bytes(32)
>>> code = pairing_code(secret, "Table 3")
>>> code
'NAOT-S4TA-ZAY7-MTVD-JZPF'
>>> check_code(code.lower().replace("-", " "), "Table 3") == code.replace("-", "")
True
>>> check_code(code, "Table 4")
Traceback (most recent call last):
...
host.readers.club_messages.Rejected: this code is for another table's name
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
from dataclasses import asdict, dataclass
from typing import Any

from host.common.i18n import _

MAX_BYTES = 16 * 1024  # a journal entry is ~600 bytes; an index of 200 games ~16 KB
MAX_NAME = 64  # a table's or a player's name
MAX_SEATS = 8
MAX_SEQ = 1_000_000  # entries in one game (a long game has a few thousand)
MAX_GAMES = 200  # games in one table's index (a night has a dozen)
TARGETS = ("game", "referee", "none")
CODE_LETTERS = 18  # 90 bits from the organiser's secret, then 2 that check the table's name


class Rejected(ValueError):
    """A message the organiser does not take; its text is the reason shown on the page."""


def _text(data: dict, name: str, most: int = MAX_NAME, empty: bool = False) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise Rejected(_("%s is not text") % name)
    if len(value) > most or (not value and not empty) or "\x00" in value:
        raise Rejected(_("%s is empty or too long") % name)
    return value


def _count(data: dict, name: str, least: int, most: int) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejected(_("%s is not a whole number") % name)
    if not least <= value <= most:
        raise Rejected(_("%s is out of range") % name)
    return value


def _names(data: dict, name: str) -> tuple[str, ...]:
    value = data.get(name)
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
        raise Rejected(_("%(field)s is not a list of 1 to %(most)d names")
                       % {"field": name, "most": MAX_SEATS})
    return tuple(_text({name: v}, name) for v in value)


def _variant(data: dict) -> str:
    from host.games.descriptor import GAMES

    variant = _text(data, "variant")
    if variant not in GAMES:
        raise Rejected(_("a game this referee does not know"))
    return variant


def _input_value(value: Any, depth: int = 0) -> Any:
    """An input's value as the journal keeps it: a scalar, a short list (a roll's faces) or
    a tile's card (a small map), nested at most three deep."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str) and len(value) <= 1000:
        return value
    if depth < 3 and isinstance(value, list) and len(value) <= 32:
        return [_input_value(v, depth + 1) for v in value]
    if depth < 3 and isinstance(value, dict) and len(value) <= 64:
        return {_text({"key": k}, "key"): _input_value(v, depth + 1) for k, v in value.items()}
    raise Rejected(_("input holds something that is not a journal's value"))


@dataclass(frozen=True)
class JournalEntry:
    """One journal entry of one game of one table (``seq``: its number in the game)."""

    table: str
    game: int
    seq: int
    variant: str
    players: tuple[str, ...]
    created: str
    target: str
    input: tuple[Any, ...]
    accepted: bool
    boot: str | None
    hub_seq: int | None
    time: str  # the table's clock when it was journalled: shown, never trusted
    night: str  # the night the organiser opened, as the table heard it

    @classmethod
    def from_json(cls, data: Any) -> JournalEntry:
        if not isinstance(data, dict):
            raise Rejected(_("not a JSON object"))
        target = data.get("target")
        if target not in TARGETS:
            raise Rejected(_("target is not one of %s") % ", ".join(TARGETS))
        raw = data.get("input")
        if not isinstance(raw, list) or not 1 <= len(raw) <= 8 or not isinstance(raw[0], str):
            raise Rejected(_("input is not a list that starts with its kind"))
        if not isinstance(data.get("accepted"), bool):
            raise Rejected(_("accepted is not true or false"))
        boot = data.get("boot")
        if boot is not None:
            boot = _text(data, "boot", 16)
        hub_seq = data.get("hub_seq")
        if hub_seq is not None:
            hub_seq = _count(data, "hub_seq", 0, 2**32)
        return cls(_text(data, "table"), _count(data, "game", 1, 2**31),
                   _count(data, "seq", 1, MAX_SEQ), _variant(data), _names(data, "players"),
                   _text(data, "created", 32), target, tuple(_input_value(v) for v in raw),
                   data["accepted"], boot, hub_seq, _text(data, "time", 32, empty=True),
                   _text(data, "night", 32))


@dataclass(frozen=True)
class IndexedGame:
    entries: int
    variant: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class TableIndex:
    """What a table has: its games of the night and how many entries each (retained)."""

    table: str
    games: dict[int, IndexedGame]
    night: str = ""  # "": the table has heard of no night yet

    @classmethod
    def from_json(cls, data: Any) -> TableIndex:
        if not isinstance(data, dict):
            raise Rejected(_("not a JSON object"))
        games = data.get("games")
        if not isinstance(games, dict) or len(games) > MAX_GAMES:
            raise Rejected(_("games is not a map of at most %d games") % MAX_GAMES)
        out = {}
        for key, game in games.items():
            if not re.fullmatch(r"[1-9][0-9]{0,9}", key):
                raise Rejected(_("a game's number is not a number"))
            if not isinstance(game, dict):
                raise Rejected(_("a game is not an object"))
            out[int(key)] = IndexedGame(_count(game, "entries", 0, MAX_SEQ), _variant(game),
                                        _names(game, "players"))
        return cls(_text(data, "table"), out, _text(data, "night", 32, empty=True)
                   if "night" in data else "")


@dataclass(frozen=True)
class NightOpened:
    """The organiser's word to a table (retained on its topic, signed with its key): the
    night it opened, and its number, which only grows from one night to the next (the
    organiser's clock at the opening, in seconds, or one past its last night's). A table
    takes a night only if its number is above the one it holds: last week's message,
    replayed, cannot take it back to last week. The table publishes the games from then
    on, by its journal, whatever its clock says."""

    night: str
    number: int

    @classmethod
    def from_json(cls, data: Any) -> NightOpened:
        # Exactly these fields: a table's own message, signed with the same key, replayed
        # on the night's topic, is not a night.
        if not isinstance(data, dict) or set(data) - {"sig"} != {"night", "number"}:
            raise Rejected(_("not a night's message"))
        return cls(_text(data, "night", 32), _count(data, "number", 1, 2**53))


@dataclass(frozen=True)
class Resend:
    """The organiser asks a table for one game's entries from ``start`` on."""

    game: int
    start: int

    @classmethod
    def from_json(cls, data: Any) -> Resend:
        if not isinstance(data, dict):
            raise Rejected(_("not a JSON object"))
        return cls(_count(data, "game", 1, 2**31), _count(data, "from", 1, MAX_SEQ))


def parse(payload: bytes) -> Any:
    """A payload's JSON, refused when too big or not JSON."""
    if len(payload) > MAX_BYTES:
        raise Rejected(_("larger than %d KB") % (MAX_BYTES // 1024))
    try:
        return json.loads(payload)
    except (ValueError, RecursionError):
        raise Rejected(_("not JSON")) from None


def table_topic(table: str) -> str:
    """A table's name as one topic level (no ``/``, ``+`` or ``#``).

    >>> table_topic("Table 3/back room")
    'Table 3_back room'
    """
    return re.sub(r"[/+#\x00]", "_", table) or "table"


# --- signatures -------------------------------------------------------------------------

def canonical(data: dict) -> bytes:
    """The bytes a signature covers: every field but ``sig``, keys sorted, no spaces."""
    body = {k: v for k, v in data.items() if k != "sig"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False).encode()


def sign(data: dict, key: bytes) -> dict:
    """``data`` with its ``sig``."""
    return dict(data, sig=hmac.new(key, canonical(data), hashlib.sha256).hexdigest())


def verify(data: Any, key: bytes | None) -> None:
    """Refuse ``data`` unless it carries a good signature under ``key``."""
    sig = data.get("sig") if isinstance(data, dict) else None
    if not isinstance(sig, str):
        raise Rejected(_("not signed (pair the table: hexref club-join)"))
    if key is None:
        raise Rejected(_("signed, but the table is not one the club knows"))
    try:
        body = canonical(data)
    except ValueError:
        raise Rejected(_("not canonical JSON")) from None
    if not hmac.compare_digest(sig, hmac.new(key, body, hashlib.sha256).hexdigest()):
        raise Rejected(_("the signature does not match (forged, or paired for another "
                         "table)"))


def _letters(raw: bytes, n: int) -> str:
    return base64.b32encode(raw).decode()[:n]


def _check(table_level: str, body: str) -> str:
    return _letters(hashlib.sha256(("%s\x00%s" % (table_level, body)).encode()).digest(), 2)


def pairing_code(secret: bytes, table: str) -> str:
    """The code the organiser's page shows for ``table``, typed into ``hexref club-join``."""
    level = table_topic(table)
    body = _letters(hmac.new(secret, ("pair\x00" + level).encode(), hashlib.sha256).digest(),
                    CODE_LETTERS)
    code = body + _check(level, body)
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def check_code(typed: str, table: str) -> str:
    """A typed code, cleaned (any case, with or without dashes and spaces), when it is one
    made for ``table``; else Rejected saying what is wrong."""
    code = re.sub(r"[\s-]", "", typed).upper()
    if not re.fullmatch(r"[A-Z2-7]{%d}" % (CODE_LETTERS + 2), code):
        raise Rejected("a code is %d letters and digits (2 to 7), as the organiser's page "
                       "shows it" % (CODE_LETTERS + 2))
    if _check(table_topic(table), code[:CODE_LETTERS]) != code[CODE_LETTERS:]:
        raise Rejected("this code is for another table's name")
    return code


def key_of(code: str) -> bytes:
    """The signing key a (clean) code stands for."""
    return hashlib.sha256(b"hexref club\x00" + code[:CODE_LETTERS].encode()).digest()


def as_json(message: JournalEntry | TableIndex) -> dict:
    """A message as it is published (before its signature)."""
    data = asdict(message)
    if isinstance(message, TableIndex):
        data["games"] = {str(g): dict(asdict(v), players=list(v.players))
                         for g, v in message.games.items()}
    else:
        data["players"], data["input"] = list(message.players), list(message.input)
    return data
