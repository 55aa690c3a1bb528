"""Justice League Hexors and Yu-Gi-Oh! Hexors: one engine (shared_rules/hexors.py), one
presenter, two descriptors. Engines and screens are imported when a game is opened, so
``hexref --help`` stays quick."""
from __future__ import annotations

from host.common.i18n import N_
from host.games.descriptor import Demo, Descriptor, Variant, register


def _engine(v: Variant, seats: tuple[str, ...]):
    from shared_rules.hexors import HexorsGame

    return HexorsGame(variant=v.key, players=len(seats))


def _presenter(v: Variant):
    from host.games.hexors.presenter import HexorsView

    return HexorsView(v.key)


def _jl_beginner() -> Demo:
    from host.games.hexors.demo import beginner_script, demo_entries

    return Demo(demo_entries, beginner_script)


def _jl_collector() -> Demo:
    from host.games.hexors.demo import collector_script, demo_entries

    return Demo(demo_entries, collector_script)


def _ygo_beginner() -> Demo:
    from host.games.hexors.demo import (
        YGO_CORRECTIONS,
        YGO_UIDS,
        demo_entries,
        ygo_beginner_script,
    )

    return Demo(lambda: demo_entries(YGO_UIDS, YGO_CORRECTIONS), ygo_beginner_script)


def _odds(parsers) -> None:
    from host.games.hexors.odds import add_hexors_odds

    add_hexors_odds(parsers)


register(Descriptor(
    "Justice League Hexors", "JL Hexors", "jl",
    (Variant("jl-beginner", N_("Beginner"), (2,)),
     Variant("jl-collector", N_("Collector's"), (2,)),
     Variant("jl-ffa", N_("Free-for-all"), (3, 4)),
     Variant("jl-team", N_("Teams of two (4 players)"), (4,))),
    _engine, _presenter, demos={"jl-beginner": _jl_beginner, "jl-collector": _jl_collector},
    odds=_odds))
register(Descriptor(
    "Yu-Gi-Oh! Hexors", "YGO Hexors", "ygo",
    (Variant("ygo-beginner", N_("Beginner"), (2,)),
     Variant("ygo-collector", N_("Collector's"), (2,))),
    _engine, _presenter, demos={"ygo-beginner": _ygo_beginner}))
