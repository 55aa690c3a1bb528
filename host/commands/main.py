"""The ``hexref`` command line."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from host.common.i18n import _


def _demo(args: argparse.Namespace) -> int:
    from host.app.demo import run_demo

    live = None if args.live == "auto" else args.live == "yes"
    return run_demo(Path(args.out), live=live, variant=args.variant, board=args.board)


class SideError(ValueError):
    """A side of a Hexors battle that cannot be read; the message says how to give it."""


SIDE_FORMS = ("six strike values green,blue,yellow,red,purple,white (2,3,5,1,2,2), written "
              "out (green=2,blue=3,yellow=5,red=1,purple=2,white=2), a catalogue id whose "
              "six values are printed, or an enrolled tile: its tag UID or OWNER:TILE "
              "(alice:superman)")


def hexors_side(text: str, data: str | None = None) -> tuple[str, dict]:
    """(what it is, its six strike values) for one side of ``hexref odds hexors``."""
    from shared_rules import catalogue
    from shared_rules.decisions import COLOURS

    text = text.strip()
    parts = [p.strip() for p in text.split(",")]
    if len(parts) == len(COLOURS) and all(p.lstrip("-").isdigit() for p in parts):
        return text, dict(zip(COLOURS, (int(p) for p in parts), strict=True))
    if "=" in text:
        strike: dict[str, int] = {}
        for part in parts:
            colour, _, value = part.partition("=")
            colour = colour.strip().lower()
            if colour not in COLOURS or not value.strip().lstrip("-").isdigit():
                raise SideError("%r: give colour=value with the colours %s"
                                % (part, ", ".join(COLOURS)))
            strike[colour] = int(value)
        missing = [c for c in COLOURS if c not in strike]
        if missing:
            raise SideError("%s: no value for %s (a battle needs all six)"
                            % (text, ", ".join(missing)))
        return text, {c: strike[c] for c in COLOURS}
    tile = _enrolled(text, data)
    if tile is not None:
        entry, named = tile
    elif "/" in text:
        try:
            entry, named = catalogue.get(text), text
        except KeyError:
            raise SideError("no tile %r in the catalogue or among the enrolled tiles" % text
                            ) from None
    else:
        raise SideError("%r is not a tile: give %s" % (text, SIDE_FORMS))
    strike = entry.get("strike") or {}
    unknown = [c for c in COLOURS if strike.get(c) is None]
    if unknown:
        printed = ", ".join("%s=%s" % (c, strike[c]) for c in COLOURS if c not in unknown)
        raise SideError("%s (%s): %s unknown%s. Give the six values read off the tile "
                        "(green=...,white=...), or correct the enrolled tile once with "
                        "hexref tiles correct UID --strike ... and name it by its UID"
                        % (named, catalogue.label(entry), ", ".join(unknown),
                           "; the rulebook prints only " + printed if printed else ""))
    return "%s (%s)" % (named, catalogue.label(entry)), {c: strike[c] for c in COLOURS}


def _enrolled(text: str, data: str | None) -> tuple[dict, str] | None:
    """An enrolled tile named by its tag UID or OWNER:TILE, with its corrections."""
    from host.commands.store import existing_registry
    from host.storage.registry import normal_uid
    from shared_rules import catalogue

    registry = existing_registry(data)
    if registry is None:
        return None
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
                if tile_row.accepted and wanted in (
                        row.entry.lower(), catalogue.label(tile_row.entry).lower()):
                    found.append(tile_row)
            if len(found) > 1:
                raise SideError("%s names %d tiles (%s): give one tag UID" % (
                    text, len(found), ", ".join(t.uid for t in found)))
            if not found:
                raise SideError("no enrolled tile of %r is %r (hexref tiles list shows them)"
                                % (owner, tile))
            return found[0].entry, "%s:%s" % (owner, tile)
        if not any(row.uid == uid for row in rows):
            raise SideError("tag %s is not enrolled (hexref tiles list shows them)" % uid)
        tile_row = registry.resolve(uid, "")
        if not tile_row.accepted:
            raise SideError("tag %s: %s" % (uid, tile_row.reason))
        return tile_row.entry, uid
    finally:
        registry.store.close()


def _odds_hexors(args: argparse.Namespace) -> int:
    import json

    from shared_rules.decisions import COLOURS
    from shared_rules.hexors import DIE_COLOURS
    from shared_rules.odds import EndlessTie, battle_odds

    try:
        attacker, attacker_strike = hexors_side(args.attacker, args.data)
        defender, defender_strike = hexors_side(args.defender, args.data)
    except SideError as exc:
        print("hexref odds hexors: %s" % exc, file=sys.stderr)
        return 2
    sides = (attacker_strike, args.attacker_bonus, defender_strike, args.defender_bonus)
    try:
        before = battle_odds(*sides)
        after = battle_odds(*sides, attacker_face=args.face) if args.face else None
    except EndlessTie as exc:
        print("no odds: %s" % exc, file=sys.stderr)
        return 1
    except ValueError as exc:
        print("hexref odds hexors: %s" % exc, file=sys.stderr)
        return 2
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
        epilog="e.g. hexref odds hexors --attacker 04A1B2C3D4E502 --defender "
               "green=6,blue=4,yellow=5,red=8,purple=7,white=3 --defender-bonus 1")
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


def add_heroscape_odds(odds_games: Any) -> None:
    """``hexref odds heroscape``: HeroScape's odds (its descriptor's ``odds``)."""
    heroscape = odds_games.add_parser(
        "heroscape", help="a HeroScape attack: skulls against shields (HS-6, HS-7)",
        description="Attack and Defense are dice counts, height die already added.")
    heroscape.add_argument("--attack", type=int, required=True, metavar="A")
    heroscape.add_argument("--defense", type=int, required=True, metavar="D")
    heroscape.add_argument("--json", action="store_true",
                           help="print the full distribution of unblocked skulls as JSON")
    heroscape.set_defaults(func=_odds_heroscape)


def _odds_said(p_attacker, p_defender) -> str:
    """``attacker 23/36 = 63.9%, defender 13/36 = 36.1%`` in the table's language."""
    from host.common.i18n import share

    return _("attacker %(a)s = %(a_share)s, defender %(d)s = %(d_share)s") % {
        "a": p_attacker, "a_share": share(p_attacker),
        "d": p_defender, "d_share": share(p_defender)}


def _odds_heroscape(args: argparse.Namespace) -> int:
    import json

    from shared_rules.heroscape_odds import attack_odds

    try:
        odds = attack_odds(args.attack, args.defense)
    except ValueError as exc:
        print("hexref odds heroscape: %s" % exc, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(odds.as_dict()))
        return 0
    p = odds.p_destroy
    from host.common.i18n import number, share

    print(_("%(attack)d attack dice vs %(defense)d defense dice (HS-7: more skulls than "
            "shields destroys)") % {"attack": args.attack, "defense": args.defense})
    print(_("destroy: %(fraction)s = %(decimal)s (%(share)s)")
          % {"fraction": p, "decimal": number(p.to_float(), 6, exact=True), "share": share(p)})
    return 0


def version() -> str:
    """The installed distribution's version (pyproject.toml's, once installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("hexref")
    except PackageNotFoundError:
        return "unknown (not installed: pip install -e .)"


def build_parser() -> argparse.ArgumentParser:
    from host.common.logs import LEVELS

    parser = argparse.ArgumentParser(
        prog="hexref", description="Companion referee for hexagonal tile battle games.")
    parser.add_argument("--version", action="version", version="hexref " + version())
    parser.add_argument("--log-level", choices=LEVELS,
                        help="what goes to stderr (the journal under systemd): debug adds "
                             "every refused input (default info; warning for the demo, "
                             "whose transcript says it all)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    demo = commands.add_parser(
        "demo", help="play a scripted game (Hexors, HeroScape, Hexo, Invocations) with no "
                     "hardware",
        description="Runs the real hub firmware against simulated sensors over a "
                    "pseudo-terminal, referees a whole game, saves every frame as PNG.")
    demo.add_argument("--out", default="out/demo", help="where frames go (default out/demo)")
    from host.app.demo import rigs  # every game's demo tables, a registered one's too

    demo.add_argument("--variant", choices=sorted(rigs()), default="jl-beginner",
                      help="which scripted game (default jl-beginner)")
    demo.add_argument("--live", choices=("auto", "yes", "no"), default="auto",
                      help="draw the panel in the terminal (default: when on a terminal)")
    demo.add_argument("--board", choices=("sim", "pico"), default="sim",
                      help="the reader hub: the firmware under CPython (sim, default) or on "
                           "an emulated Raspberry Pi Pico running the official MicroPython "
                           "(pico: slower; from a checkout, after make setup)")
    demo.set_defaults(func=_demo)

    odds = commands.add_parser(
        "odds", help="exact odds of a battle or an attack",
        description="Exact probabilities, as fractions, with the game's re-roll rules.")
    odds_games = odds.add_subparsers(dest="game", metavar="GAME")
    from host.games.descriptor import DESCRIPTORS  # each game adds its own odds, if it has any

    for game in DESCRIPTORS.values():
        if game.odds is not None:
            game.odds(odds_games)

    def _odds_help(args: argparse.Namespace) -> int:
        odds.print_help()
        return 2

    odds.set_defaults(func=_odds_help)

    from host.commands.store import add_commands  # enroll, tiles, replay

    add_commands(commands)
    from host.app.run import add_commands as add_run_commands  # run, doctor

    add_run_commands(commands)
    from host.readers.web import add_commands as add_web_commands  # web, die-check

    add_web_commands(commands)
    from host.readers.club import add_commands as add_club_commands  # club

    add_club_commands(commands)
    _add_lang(parser, top=True)
    return parser


def _add_lang(parser: argparse.ArgumentParser, top: bool = False) -> None:
    """``--lang`` before the command or after it (``hexref demo --lang fr``)."""
    from host.common.i18n import LANGUAGES

    parser.add_argument(
        "--lang", metavar="|".join(LANGUAGES), default=None if top else argparse.SUPPRESS,
        help="the language players are spoken to in (default: the config's "
             "[players] language, else the locale's, else English)")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                _add_lang(sub)


def _speak(args: argparse.Namespace) -> str | None:
    """Choose the table's language (--lang, the config, the locale); a message if the
    asked one is not spoken."""
    from host.common import i18n
    from host.common.config import ConfigError, load

    configured = ""
    try:
        configured = load(getattr(args, "config", None)).players.language
    except ConfigError:
        pass  # the command that reads the config says what is wrong with it
    try:
        i18n.use(i18n.choose(args.lang, configured))
    except ValueError as exc:
        return str(exc)
    return None


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from host.common import logs

    logs.setup(args.log_level or ("warning" if args.command == "demo" else "info"))
    problem = _speak(args)
    if problem:
        print("hexref: %s" % problem, file=sys.stderr)
        return 2
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:
        # `hexref replay last | head -1`: the reader left; say nothing more to it.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # what a shell reports for a command ended by SIGPIPE
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
