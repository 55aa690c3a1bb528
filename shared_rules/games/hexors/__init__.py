"""Justice League Hexors and Yu-Gi-Oh! Hexors (RULES.md §1, §2): one engine (engine.py,
with battle.py, powers.py, legal.py), one set of screens (presenter.py), the tiles of both
families (jl.json, ygo.json, tiles.py), their odds (odds.py) and decisions (decisions.py).
This module is its two families' descriptors (shared_rules/core/descriptor.py); the Pi's
own part (its demo tables, ``hexref odds hexors``) is host/games/hexors/."""
from shared_rules.core.descriptor import Descriptor, Variant
from shared_rules.core.words import N_


def _engine(variant, seats):
    from shared_rules.games.hexors.engine import HexorsGame

    return HexorsGame(variant=variant.key, players=len(seats))


def _screens(variant):
    from shared_rules.games.hexors.presenter import HexorsScreens

    return HexorsScreens(variant.key)


def _book():
    from shared_rules.games.hexors import tiles

    return tiles


FAMILIES = (
    Descriptor("Justice League Hexors", "JL Hexors", "jl",
               (Variant("jl-beginner", N_("Beginner"), (2,)),
                Variant("jl-collector", N_("Collector's"), (2,)),
                # Not on the pocket's menu: three and four players' Hexors were never
                # played or measured on the board (its menu is two-player Hexors).
                Variant("jl-ffa", N_("Free-for-all"), (3, 4), {"pocket": False}),
                Variant("jl-team", N_("Teams of two (4 players)"), (4,), {"pocket": False})),
               _engine, _screens, data="jl.json", book=_book, numbered=True,
               pi="host.games.hexors"),
    Descriptor("Yu-Gi-Oh! Hexors", "YGO Hexors", "ygo",
               (Variant("ygo-beginner", N_("Beginner"), (2,)),
                Variant("ygo-collector", N_("Collector's"), (2,))),
               _engine, _screens, data="ygo.json", book=_book, numbered=True,
               pi="host.games.hexors"),
)
