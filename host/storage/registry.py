"""The tile registry: which tags are ours, what tile each one is, whose it is.

The trust rule (DESIGN.md, Tags): a tag is trusted only if

1. its UID is in the registry (``hexref enroll`` put it there, or ``hexref tiles import``),
   and then the registry says what tile it is, whatever the tag now says; or
2. its UID was never revoked (``hexref tiles forget`` or ``hexref tiles revoke``: a lost,
   stolen or sold tile) and its record's signature, of the current record version,
   verifies with the collection key for this UID and entry.

A version 1 record (written before issue 13, no ``v=`` on the tag) is trusted only through
rule 1: its signature did not separate the UID from the entry id. Enrolling it again
rewrites it as version 2.

Anything else (no record, a record that is not ours, an unsigned or hand-written record,
a record copied from another tag, a wrong signature) is an *Unknown tile*, and the answer
says how to enroll it. The registry also keeps each tile's owner label and the strike
values players read off the physical tile where the catalogue has none or has them wrong.

>>> import tempfile
>>> from host.storage.store import Store
>>> reg = Registry(Store(tempfile.mkdtemp()), key=bytes(32))
>>> reg.resolve("04A1B2C3", "").message
'Unknown tile: enroll it with hexref enroll'
>>> _ = reg.enroll("04A1B2C3", "jl/016", owner="Sam")
>>> reg.resolve("04A1B2C3", "").entry["id"]
'jl/016'
"""
from __future__ import annotations

import csv
import io
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from host.common.config import data_dir
from host.common.i18n import N_, _, n_
from host.storage import keys, tags
from host.storage.store import DB_NAME, Store, TileRow, now_text
from shared_rules import catalogue, games
from shared_rules.games import example_entry

UNKNOWN = "Unknown tile"
HOW_TO_ENROLL = N_("enroll it with hexref enroll")
FORMATS = ("json", "csv")


def _books() -> list[Any]:
    """Each game's book (how its tiles or cards are corrected), once, in the registry's
    order."""
    out: list[Any] = []
    for d in games.families():
        book = d.book()
        if book not in out:
            out.append(book)
    return out


def csv_columns() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An export's value columns: the first game's, always there (so an empty collection's
    export is a sheet to fill in), then the others', each where some row uses it."""
    books = _books()
    always = tuple(books[0].columns())
    rest: list[str] = []
    for book in books[1:]:
        rest += [c for c in book.columns() if c not in always and c not in rest]
    return always, tuple(rest)


EXPORT_KIND = "hexref-tiles"


@dataclass(frozen=True)
class Tile:
    """A trusted tag. ``entry`` is the catalogue entry with the table's corrections;
    ``how`` says why it is trusted: "registry" or "signature"."""

    uid: str
    entry: dict
    owner: str | None
    how: str

    accepted = True


@dataclass(frozen=True)
class Unknown:
    """A tag we do not trust. ``reason`` is for the log and ``hexref tiles``; players see
    ``message``."""

    uid: str
    reason: str
    entry_id: str | None = None

    accepted = False
    message = UNKNOWN + ": " + HOW_TO_ENROLL
    instead = HOW_TO_ENROLL


def normal_uid(uid: Any) -> str:
    """``04:a1:b2:c3`` -> ``04A1B2C3``; ValueError for anything that is not a tag UID."""
    if not isinstance(uid, str):
        raise ValueError(_("a tag UID is text like 04A1B2C3D4E5F6, not %r") % (uid,))
    text = uid.replace(":", "").replace(" ", "").replace("-", "").upper()
    keys.uid_bytes(text)  # raises ValueError with the reason
    return text


class Registry:
    """The tile registry over a ``Store``, with the collection ``key`` that signs tags.

    ``lookup`` finds a catalogue entry by id (``catalogue.get``; tests may hand in a
    smaller book). ``key=None`` means "no key yet": only registered UIDs are trusted.
    """

    def __init__(self, store: Store, key: bytes | None,
                 lookup: Callable[[str], dict] = catalogue.get) -> None:
        self.store = store
        self.key = key
        self.lookup = lookup

    @classmethod
    def existing(cls, folder: str | os.PathLike | None = None) -> Registry | None:
        """The registry for reading only: None when there is no database yet; opened
        read-only (``Store.read_only``), with no collection key made (reading needs
        none): a command that only looks creates nothing and needs no right to write."""
        where = data_dir(folder)
        if not (where / DB_NAME).exists():
            return None
        return cls(Store.read_only(where), None)

    @classmethod
    def open(cls, folder: str | os.PathLike | None = None) -> Registry:
        """The registry in the data folder, making the collection key if there is none."""
        where = data_dir(folder)
        store = Store(where)
        return cls(store, keys.collection_key(where))

    def signed_a_tag(self) -> None:
        """Note that this key has signed a tag (its fingerprint, never the key)."""
        if self.key is not None:
            self.store.remember_key(keys.fingerprint(self.key), "signed tags")

    def key_problems(self) -> list[str]:
        """What is wrong with the collection key, said for ``hexref doctor``."""
        if self.key is None:
            return ["no collection key: hexref enroll makes one"]
        current = keys.fingerprint(self.key)
        others = [f for f in self.store.key_fingerprints() if f != current]
        if others:
            return [n_("tags were signed with %(n)d other collection key (%(keys)s): they "
                       "are trusted only while their UIDs are in the registry; restore the "
                       "old collection.key from a backup to trust them by signature again",
                       "tags were signed with %(n)d other collection keys (%(keys)s): they "
                       "are trusted only while their UIDs are in the registry; restore the "
                       "old collection.key from a backup to trust them by signature again",
                       len(others)) % {"n": len(others), "keys": ", ".join(others)}]
        return []

    # --- trust -------------------------------------------------------------------------

    def resolve(self, uid: str, record_hex: str) -> Tile | Unknown:
        """What a tapped tag is, by the trust rule above."""
        try:
            uid = normal_uid(uid)
        except ValueError:
            return Unknown(str(uid), _("not a tag UID"))
        row = self.store.tile(uid)
        record = tags.read(record_hex)
        if row is not None:
            return self._tile(row.uid, row.entry, row.owner, row.strike, row.fields,
                              "registry")
        if record is None:
            return Unknown(uid, _("no hexref record on the tag") if not record_hex
                           else _("the tag's record is not a hexref record"))
        if record.signature is None:
            return Unknown(uid, _("unsigned record (hand-written?)"), record.entry_id)
        if self.store.is_revoked(uid):
            return Unknown(uid, _("revoked (hexref tiles forget/revoke): enroll it again to "
                             "trust it"), record.entry_id)
        if record.version != keys.RECORD_VERSION:
            return Unknown(uid, _("signed as record version %d, no longer trusted by its "
                             "signature alone: enroll it again to rewrite it")
                           % record.version, record.entry_id)
        if self.key is None or not keys.verify(self.key, uid, record.entry_id,
                                               record.signature):
            return Unknown(uid, _("wrong signature (copied from another tag, or another "
                             "collection's key)"), record.entry_id)
        return self._tile(uid, record.entry_id, None, None, None, "signature")

    def _tile(self, uid: str, entry_id: str, owner: str | None, strike: dict | None,
              fields: dict | None, how: str) -> Tile | Unknown:
        try:
            entry = self.lookup(entry_id)
        except KeyError:
            return Unknown(uid, _("%s is not in this catalogue") % entry_id, entry_id)
        if strike or fields:
            try:
                entry = catalogue.apply_correction(entry, strike=strike, **(fields or {}))
            except ValueError as e:
                return Unknown(uid, _("its correction no longer fits the catalogue (%s): "
                                 "correct it again with hexref tiles correct") % e, entry_id)
        return Tile(uid, entry, owner, how)

    # --- changes -----------------------------------------------------------------------

    def checked_entry(self, entry_id: Any) -> dict:
        if not isinstance(entry_id, str):
            raise ValueError(_("a catalogue entry id is text like %(example)s, not %(given)r")
                             % {"example": example_entry(), "given": entry_id})
        try:
            return self.lookup(entry_id)
        except KeyError:
            raise ValueError(_("no tile %(id)r in the catalogue (ids look like %(ids)s)")
                             % {"id": entry_id, "ids": ", ".join(
                                 catalogue.load(p)[0]["id"] for p in catalogue.prefixes())}
                             ) from None

    def checked_correction(self, entry: dict, strike: Any, fields: Any
                            ) -> tuple[dict[str, int] | None, dict[str, Any] | None]:
        """Strike values and other fields read off the tile or card, checked by the
        catalogue's one correction path (ValueError says what is wrong; a value the
        rulebook prints cannot change); None for "nothing corrected"."""
        strike = strike or None
        fields = fields or None
        if strike is not None and not isinstance(strike, dict):
            raise ValueError("strike values are given by colour, e.g. {\"red\": 5}")
        if fields is not None and not isinstance(fields, dict):
            raise ValueError("corrected fields are given by name, e.g. {\"kind\": ...}")
        if strike is not None or fields is not None:
            catalogue.apply_correction(entry, strike=strike, **(fields or {}))
        if strike is not None:
            keys = catalogue.book(entry).grouped(entry)[1]
            strike = {c: strike[c] for c in keys if c in strike}
        return strike, fields

    def checked_owner(self, owner: Any) -> str | None:
        if owner is None or owner == "":
            return None
        if not isinstance(owner, str) or len(owner) > 40 or not owner.isprintable():
            raise ValueError(_("an owner is a short name like Sam, not %r") % (owner,))
        return owner.strip()

    def enroll(self, uid: str, entry_id: str, owner: str | None = None,
               strike: dict | None = None, **fields: Any) -> TileRow:
        """Put (or move) a tag in the registry. Re-enrolling a tag as the same tile keeps
        its owner and corrections unless new ones are given; as another tile drops them."""
        uid = normal_uid(uid)
        entry = self.checked_entry(entry_id)
        new_owner = self.checked_owner(owner)
        old = self.store.tile(uid)
        if old is not None and old.entry == entry_id:
            new_owner = new_owner if owner is not None else old.owner
            strike = strike if strike is not None else old.strike
            fields = fields or old.fields or {}
        new_strike, new_fields = self.checked_correction(entry, strike, fields)
        row = TileRow(uid, entry_id, new_owner, new_strike, now_text(self.store.clock),
                      new_fields)
        self.store.put_tiles([row])
        return row

    def _row(self, uid: str) -> TileRow:
        row = self.store.tile(normal_uid(uid))
        if row is None:
            raise ValueError(_("tag %(uid)s is not enrolled: %(how)s") % {"uid": uid,
                                                                       "how": _(HOW_TO_ENROLL)})
        return row

    def enrolled_entry(self, uid: str) -> dict:
        """The catalogue entry an enrolled tag is (as printed, without its corrections);
        ValueError when the tag is not enrolled."""
        return self.checked_entry(self._row(uid).entry)

    def correct(self, uid: str, strike: dict | None = None, **fields: Any) -> dict:
        """Record values read off the physical tile or card; returns the corrected entry.
        Hexors tiles: strike values by colour, and name, kind, colour, element, ally,
        bonus; other games' cards: their values by name (``attack=3``, see
        ``catalogue.correctable``). Later corrections add to earlier ones; a refused
        one changes nothing."""
        row = self._row(uid)
        entry = self.checked_entry(row.entry)
        merged_strike = dict(row.strike or {})
        merged_strike.update(strike or {})
        merged_fields = dict(row.fields or {})
        merged_fields.update(fields)
        new_strike, new_fields = self.checked_correction(entry, merged_strike, merged_fields)
        self.store.put_tiles([TileRow(row.uid, row.entry, row.owner, new_strike, row.enrolled,
                                      new_fields)])
        return catalogue.apply_correction(entry, strike=new_strike, **(new_fields or {}))

    def forget(self, uid: str) -> bool:
        """Take a tag out of the registry and revoke it: from now on it is an unknown tile
        even with a valid signature, until it is enrolled again. Works for a UID that was
        never enrolled (a signed tile you no longer have). True if it was enrolled."""
        return self.store.forget_tile(normal_uid(uid))

    revoke = forget

    def tiles(self) -> list[TileRow]:
        return self.store.tiles()

    # --- import and export ---------------------------------------------------------------

    def export(self, fmt: str = "json") -> str:
        """Every registered tile as JSON or CSV text (what ``import_`` reads back)."""
        rows = self.store.tiles()
        if fmt == "json":
            return json.dumps({"kind": EXPORT_KIND, "version": 1, "tiles": [
                {"uid": r.uid, "entry": r.entry, "owner": r.owner, "strike": r.strike,
                 "fields": r.fields, "enrolled": r.enrolled} for r in rows]}, indent=1, sort_keys=True) + "\n"
        if fmt == "csv":
            always, rest = csv_columns()
            used = {f for r in rows for f in (r.fields or {})}
            columns = always + tuple(f for f in rest if f in used)
            out = io.StringIO()
            writer = csv.writer(out, lineterminator="\n")
            writer.writerow(("uid", "entry", "owner") + columns + ("enrolled",))
            for r in rows:
                values = dict(r.fields or {})
                values.update(r.strike or {})
                writer.writerow([r.uid, r.entry, r.owner or ""]
                                + ["" if values.get(c) is None else values[c] for c in columns]
                                + [r.enrolled])
            return out.getvalue()
        raise ValueError("unknown format %r: use %s" % (fmt, " or ".join(FORMATS)))

    def import_(self, text: str, fmt: str = "json") -> dict[str, int]:
        """Read tiles exported by ``export``; all rows or none. Returns counts of
        ``added``, ``changed`` and ``same``. A bad row raises ValueError naming it."""
        if fmt == "json":
            raw = _json_rows(text)
        elif fmt == "csv":
            raw = _csv_rows(text)
        else:
            raise ValueError("unknown format %r: use %s" % (fmt, " or ".join(FORMATS)))
        rows: dict[str, TileRow] = {}
        for where, item in raw:
            try:
                uid = normal_uid(item.get("uid"))
                entry = self.checked_entry(item.get("entry"))
                given = item.get("fields")
                strike_given = item.get("strike")
                if item.get("cells"):  # spreadsheet text, typed as this entry's values
                    given, strike_given = dict(given or {}), dict(strike_given or {})
                    grouped = catalogue.book(entry).grouped(entry)[1]
                    for name, cell in item["cells"].items():
                        value = catalogue.parse_value(entry, name, cell)
                        (strike_given if name in grouped else given)[name] = value
                strike, fields = self.checked_correction(entry, strike_given, given)
                owner = self.checked_owner(item.get("owner"))
            except ValueError as e:
                raise ValueError("%s: %s" % (where, e)) from None
            if uid in rows and rows[uid].entry != entry["id"]:
                raise ValueError(_("%(where)s: tag %(uid)s is listed twice as different tiles")
                                 % {"where": where, "uid": uid})
            try:
                enrolled = _checked_enrolled(item.get("enrolled")) or now_text(
                    self.store.clock)
            except ValueError as e:
                raise ValueError("%s: %s" % (where, e)) from None
            rows[uid] = TileRow(uid, entry["id"], owner, strike, enrolled, fields)
        counts = {"added": 0, "changed": 0, "same": 0}
        for row in rows.values():
            old = self.store.tile(row.uid)
            counts["added" if old is None else "same" if old == row else "changed"] += 1
        self.store.put_tiles(list(rows.values()))
        return counts


MAX_DEPTH = 4  # {"tiles": [{"strike": {...}}]}: an export is 4 levels deep
TILE_KEYS = ("uid", "entry", "owner", "strike", "fields", "enrolled")
_DIGITS = "0123456789"


def _depth(text: str) -> int:
    """How deeply ``text``'s JSON arrays and objects nest, counted before parsing (the
    parser recurses once per level, so a few thousand levels would exhaust the stack)."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    return deepest


def _checked_enrolled(value: Any) -> str | None:
    """``enrolled`` as export writes it (``2026-11-22T18:10:00.123Z``, UTC), or None."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) not in (20, 24) or not value.endswith("Z") \
            or any(c not in _DIGITS for c in value[:4] + value[5:7] + value[8:10]
                   + value[11:13] + value[14:16] + value[17:19] + value[20:-1]):
        raise ValueError(_("enrolled must be a UTC time like 2026-11-22T18:10:00.123Z, "
                           "not %r") % (value,))
    try:
        time.strptime(value[:19], "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        raise ValueError(_("enrolled %r is not a real date and time") % value) from None
    return value


def _json_rows(text: str) -> list[tuple[str, dict]]:
    if _depth(text) > MAX_DEPTH:
        raise ValueError("not a hexref tile list: nested more than %d levels deep"
                         % MAX_DEPTH)
    try:
        data = json.loads(text)
    except ValueError as e:
        raise ValueError(_("not JSON: %s") % e) from None
    if isinstance(data, dict):
        if data.get("kind") != EXPORT_KIND:
            raise ValueError(_("not a hexref tile list (no \"kind\": \"%s\")") % EXPORT_KIND)
        if data.get("version") not in (None, 1) or isinstance(data.get("version"), bool):
            raise ValueError("a tile list of version %r: this hexref reads version 1; "
                             "upgrade hexref" % (data.get("version"),))
        unknown = sorted(set(data) - {"kind", "version", "tiles"})
        if unknown:
            raise ValueError("unknown key %s in the tile list (known: kind, version, tiles)"
                             % ", ".join(map(repr, unknown)))
        data = data.get("tiles")
    if not isinstance(data, list):
        raise ValueError(_("a tile list is a JSON list of tiles"))
    out = []
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            raise ValueError(_("tile %d: a tile is an object with uid and entry") % (i + 1))
        unknown = sorted(set(item) - set(TILE_KEYS))
        if unknown:
            raise ValueError("tile %d: unknown key %s (a tile has %s)" % (
                i + 1, ", ".join(map(repr, unknown)), ", ".join(TILE_KEYS)))
        out.append((_("tile %d") % (i + 1), item))
    return out


def _csv_rows(text: str) -> list[tuple[str, dict]]:
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames is None or not {"uid", "entry"} <= set(reader.fieldnames):
        always, _rest = csv_columns()
        raise ValueError("a tile CSV starts with a header line: %s"
                         % ",".join(("uid", "entry", "owner") + always + ("enrolled",)))
    out = []
    for item in reader:
        where = _("line %d") % reader.line_num
        # Every value cell as text, typed by the row's entry (its game's book) on import.
        cells = {name: (cell or "").strip() for name, cell in item.items()
                 if name not in ("uid", "entry", "owner", "enrolled") and (cell or "").strip()}
        out.append((where, {"uid": item.get("uid"), "entry": (item.get("entry") or "").strip(),
                            "owner": item.get("owner") or None, "cells": cells,
                            "enrolled": item.get("enrolled") or None}))
    return out


class RegistryBook:
    """The registry as the referee's tile book: ``entry_for`` gives the entry of a
    trusted tag and None for anything else (the referee then says "Unknown tile")."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self._owners: tuple[float, list[str]] | None = None

    def owners(self) -> list[str]:
        """Everyone the registry knows as a tile's owner: who may sit at a table (read
        again at most every 10 s: the panel's menu asks at every frame)."""
        now = time.monotonic()
        if self._owners is None or now - self._owners[0] > 10:
            self._owners = (now, sorted({r.owner for r in self.registry.tiles() if r.owner},
                                        key=str.casefold))
        return self._owners[1]

    def owner_of(self, uid: str) -> str | None:
        """Whose tile this is, as the registry says."""
        row = self.registry.store.tile(uid)
        return row.owner if row is not None else None

    def entry_for(self, record_hex: str, uid: str | None = None) -> dict | None:
        if uid is None:
            return None  # without the UID neither rule can be checked
        found = self.registry.resolve(uid, record_hex)
        return found.entry if isinstance(found, Tile) else None
