"""Every game the referee can run, in one table: the menu, replay and the demo read it.

A game is known by its variant key (the rules engine's name for it). For each: what the
menu calls it, how many players it takes, how to make the rules engine for a number of
players, and the presenter that draws it on the panel.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameKind:
    variant: str  # the rules engine's key, stored with each saved game
    family: str  # the menu's first level: "Justice League Hexors"
    label: str  # the menu's second level: "Collector's"
    players: tuple[int, ...]  # how many players it takes
    new_game: Callable[[int], Any]  # players -> a fresh rules engine
    presenter: Callable[[], Any]  # -> the panel's presenter for it


def _hexors(variant: str, family: str, label: str, players: tuple[int, ...]) -> GameKind:
    def new_game(n: int):
        from shared_rules.hexors import HexorsGame

        return HexorsGame(variant=variant, players=n)

    def presenter():
        from host.hexors_view import HexorsView

        return HexorsView(variant)

    return GameKind(variant, family, label, players, new_game, presenter)


JL, YGO = "Justice League Hexors", "Yu-Gi-Oh! Hexors"
GAMES: dict[str, GameKind] = {g.variant: g for g in (
    _hexors("jl-beginner", JL, "Beginner", (2,)),
    _hexors("jl-collector", JL, "Collector's", (2,)),
    _hexors("jl-ffa", JL, "Free-for-all", (3, 4)),
    _hexors("jl-team", JL, "Teams of two", (4,)),
    _hexors("ygo-beginner", YGO, "Beginner", (2,)),
    _hexors("ygo-collector", YGO, "Collector's", (2,)),
)}


def register(kind: GameKind) -> None:
    """Add a game (each game family's module registers its own kinds)."""
    GAMES[kind.variant] = kind


def game(variant: str) -> GameKind:
    """The game kind of ``variant``; a clear error naming the known ones otherwise."""
    if variant not in GAMES:
        raise ValueError("unknown game %r: known are %s" % (variant, ", ".join(sorted(GAMES))))
    return GAMES[variant]


import host.demo_games  # noqa: E402, F401 - registers HeroScape, Hexo and Invocations
