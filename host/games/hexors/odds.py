"""``hexref odds hexors``: the exact odds of a Hexors battle (JL or YGO), ties re-rolled."""
from __future__ import annotations

import argparse
from typing import Any

from host.common.failure import Failed
from host.common.i18n import N_, _, key_for


class SideError(ValueError):
    """A side of a Hexors battle that cannot be read; the message says how to give it."""


SIDE_FORMS = N_("six strike values green,blue,yellow,red,purple,white (2,3,5,1,2,2), written "
                "out (green=2,blue=3,yellow=5,red=1,purple=2,white=2), a catalogue id whose "
                "six values are printed, or an enrolled tile: its tag UID or OWNER:TILE "
                "(alice:superman)")


def _colours(keys) -> str:
    """Colour keys in the table's words (``vert, bleu``)."""
    from shared_rules.games.hexors.engine import DIE_COLOURS

    return ", ".join(_(DIE_COLOURS[c]) for c in keys)


def hexors_side(text: str, data: str | None = None) -> tuple[str, dict]:
    """(what it is, its six strike values) for one side of ``hexref odds hexors``."""
    from shared_rules import catalogue
    from shared_rules.games.hexors.decisions import COLOURS
    from shared_rules.games.hexors.engine import DIE_COLOURS

    text = text.strip()
    parts = [p.strip() for p in text.split(",")]
    if len(parts) == len(COLOURS) and all(p.lstrip("-").isdigit() for p in parts):
        return text, dict(zip(COLOURS, (int(p) for p in parts), strict=True))
    if "=" in text:
        strike: dict[str, int] = {}
        for part in parts:
            word, _sign, value = part.partition("=")
            colour = key_for(word, COLOURS)  # the table's colour words too: rouge=1
            if colour is None or not value.strip().lstrip("-").isdigit():
                raise SideError(_("%(part)r: give colour=value with the colours %(colours)s")
                                % {"part": part, "colours": _colours(COLOURS)})
            strike[colour] = int(value)
        missing = [c for c in COLOURS if c not in strike]
        if missing:
            raise SideError(_("%(side)s: no value for %(colours)s (a battle needs all six)")
                            % {"side": text, "colours": _colours(missing)})
        return text, {c: strike[c] for c in COLOURS}
    tile = _enrolled(text, data)
    if tile is not None:
        entry, named = tile
    elif "/" in text:
        try:
            entry, named = catalogue.get(text), text
        except KeyError:
            raise SideError(_("no tile %r in the catalogue or among the enrolled tiles")
                            % text) from None
    else:
        raise SideError(_("%(side)r is not a tile: give %(forms)s")
                        % {"side": text, "forms": _(SIDE_FORMS)})
    strike = entry.get("strike") or {}
    unknown = [c for c in COLOURS if strike.get(c) is None]
    if unknown:
        printed = ", ".join("%s=%s" % (_(DIE_COLOURS[c]), strike[c])
                            for c in COLOURS if c not in unknown)
        said = {"tile": named, "label": catalogue.label(entry), "colours": _colours(unknown),
                "printed": printed}
        if printed:
            raise SideError(_("%(tile)s (%(label)s): %(colours)s unknown; the rulebook prints "
                              "only %(printed)s. Give the six values read off the tile "
                              "(green=...,white=...), or correct the enrolled tile once with "
                              "hexref tiles correct UID --strike ... and name it by its UID")
                            % said)
        raise SideError(_("%(tile)s (%(label)s): %(colours)s unknown. Give the six values read "
                          "off the tile (green=...,white=...), or correct the enrolled tile "
                          "once with hexref tiles correct UID --strike ... and name it by "
                          "its UID") % said)
    return "%s (%s)" % (named, catalogue.label(entry)), {c: strike[c] for c in COLOURS}


def _enrolled(text: str, data: str | None) -> tuple[dict, str] | None:
    """An enrolled tile named by its tag UID or OWNER:TILE, with its corrections."""
    from host.storage.registry import Registry, Tile, normal_uid
    from shared_rules import catalogue

    registry = Registry.existing(data)
    if registry is None:
        try:
            unknown = normal_uid(text)
        except ValueError:
            return None
        raise SideError(_("tag %s is not enrolled: no tile is enrolled here yet (hexref "
                          "enroll); or give the six values read off the tile, "
                          "green=...,white=...") % unknown)
    try:
        rows = registry.tiles()
        try:
            uid: str | None = normal_uid(text)
        except ValueError:
            uid = None
        if uid is None:
            owner, colon, tile = text.partition(":")
            if not colon:
                return None
            wanted = tile.strip().lower()
            found = []
            for row in rows:
                if (row.owner or "").lower() != owner.strip().lower():
                    continue
                tile_row = registry.resolve(row.uid, "")
                if isinstance(tile_row, Tile) and wanted in (
                        row.entry.lower(), catalogue.label(tile_row.entry).lower()):
                    found.append(tile_row)
            if len(found) > 1:
                raise SideError(_("%(side)s names %(count)d tiles (%(uids)s): give one tag UID")
                                % {"side": text, "count": len(found),
                                   "uids": ", ".join(t.uid for t in found)})
            if not found:
                raise SideError(_("no enrolled tile of %(owner)r is %(tile)r (hexref tiles list "
                                  "shows them)") % {"owner": owner, "tile": tile})
            return found[0].entry, "%s:%s" % (owner, tile)
        if not any(row.uid == uid for row in rows):
            raise SideError(_("tag %s is not enrolled (hexref tiles list shows them)") % uid)
        tile_row = registry.resolve(uid, "")
        if not isinstance(tile_row, Tile):
            raise SideError(_("tag %(uid)s: %(reason)s") % {"uid": uid, "reason": tile_row.reason})
        return tile_row.entry, uid
    finally:
        registry.store.close()


def _odds_hexors(args: argparse.Namespace) -> int:
    import json

    from shared_rules.games.hexors.decisions import COLOURS
    from shared_rules.games.hexors.engine import DIE_COLOURS
    from shared_rules.games.hexors.odds import EndlessTie, battle_odds

    try:
        folder = args.data or str(args.cfg.data.path)
        attacker, attacker_strike = hexors_side(args.attacker, folder)
        defender, defender_strike = hexors_side(args.defender, folder)
    except SideError as exc:
        raise Failed(exc, 2) from None
    sides = (attacker_strike, args.attacker_bonus, defender_strike, args.defender_bonus)
    try:
        before = battle_odds(*sides)
        after = battle_odds(*sides, attacker_face=args.face) if args.face else None
    except EndlessTie as exc:
        raise Failed(_("no odds: %s") % exc) from None
    except ValueError as exc:
        raise Failed(exc, 2) from None
    if args.json:
        result = {"attacker": str(before[0]), "defender": str(before[1])}
        if after:
            result.update({"face": args.face, "colour": COLOURS[args.face - 1],
                           "attacker_after": str(after[0]), "defender_after": str(after[1])})
        print(json.dumps(result))
        return 0
    print(_("%(attacker)s against %(defender)s") % {"attacker": attacker,
                                                     "defender": defender})
    print(_("before any roll: %s") % _odds_said(*before))
    if after:
        print(_("attacker rolled %(face)d (%(colour)s): %(odds)s")
              % {"face": args.face, "colour": _(DIE_COLOURS[COLOURS[args.face - 1]]),
                 "odds": _odds_said(*after)})
    return 0


def add_hexors_odds(odds_games: Any) -> None:
    """``hexref odds hexors``: the Hexors games' odds (their descriptors' ``odds``)."""
    hexors = odds_games.add_parser(
        "hexors", help="a Hexors battle (JL or YGO): ties re-rolled (JL-B5, YG-5)",
        description="Each side: " + SIDE_FORMS + ". Bonuses are everything known added up.",
        epilog="e.g. hexref odds hexors --attacker green=7,blue=5,yellow=6,red=5,purple=4,"
               "white=8 --defender green=6,blue=4,yellow=5,red=8,purple=7,white=3 "
               "--defender-bonus 1; with enrolled tiles: --attacker 04A1B2C3D4E502 (its tag's "
               "UID) or --defender alice:doomsday")
    hexors.add_argument("--attacker", required=True, metavar="TILE|VALUES")
    hexors.add_argument("--defender", required=True, metavar="TILE|VALUES")
    hexors.add_argument("--attacker-bonus", type=int, default=0, metavar="N")
    hexors.add_argument("--defender-bonus", type=int, default=0, metavar="N")
    hexors.add_argument("--face", type=int, choices=range(1, 7), metavar="1-6",
                        help="the face the attacker already rolled")
    hexors.add_argument("--json", action="store_true", help="print JSON")
    hexors.add_argument("--data", help="the data folder of the enrolled tiles (default: "
                                       "as hexref tiles)")
    hexors.set_defaults(func=_odds_hexors)


def _odds_said(p_attacker, p_defender) -> str:
    """``attacker 23/36 = 63.9%, defender 13/36 = 36.1%`` in the table's language."""
    from host.common.i18n import share

    return _("attacker %(a)s = %(a_share)s, defender %(d)s = %(d_share)s") % {
        "a": p_attacker, "a_share": share(p_attacker),
        "d": p_defender, "d_share": share(p_defender)}
