"""Every game the referee can run, in one table: the menu, the run loop, replay and the
demo read it.

A game is known by its variant key, stored with each saved game. For each: the family and
label the menu shows, how many players it takes, how its seats are named, how to make its
rules engine for those players, and the presenter that draws it on the panel.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from host.i18n import N_, _, n_


def numbered_seats(n: int) -> tuple[str, ...]:
    """P1, P2, ...

    >>> numbered_seats(3)
    ('P1', 'P2', 'P3')
    """
    return tuple("P%d" % (i + 1) for i in range(n))


@dataclass(frozen=True)
class GameKind:
    variant: str  # the key stored with each saved game
    family: str  # the menu's first level: "Justice League Hexors"
    label: str  # the menu's second level: "Collector's"
    players: tuple[int, ...]  # how many players it takes
    new_game: Callable[[tuple[str, ...]], Any]  # seat names -> a fresh rules engine
    presenter: Callable[[], Any]  # -> the panel's presenter for it
    seats: Callable[[int], tuple[str, ...]] = numbered_seats  # seat names for n players
    cards: str = ""  # the catalogue prefix of its tiles and cards ("jl" for jl/016)


@dataclass(frozen=True)
class Choice:
    """One line of the game menu's second level: a game kind for a number of players."""

    label: str
    variant: str
    players: int


def _hexors(variant: str, family: str, label: str, players: tuple[int, ...]) -> GameKind:
    def new_game(seats: tuple[str, ...]):
        from shared_rules.hexors import HexorsGame

        return HexorsGame(variant=variant, players=len(seats))

    def presenter():
        from host.hexors_view import HexorsView

        return HexorsView(variant)

    return GameKind(variant, family, label, players, new_game, presenter,
                    cards=variant.split("-")[0])


def _heroscape(variant: str, label: str, dice: str) -> GameKind:
    def new_game(seats: tuple[str, ...]):
        from shared_rules.heroscape import HeroScapeGame

        return HeroScapeGame(dice=dice)

    def presenter():
        from host.heroscape_view import HeroScapeView

        return HeroScapeView(dice)

    return GameKind(variant, "HeroScape", label, (2,), new_game, presenter, cards="hs")


def _hexo() -> GameKind:
    def new_game(seats: tuple[str, ...]):
        from shared_rules.hexo import HexoGame

        return HexoGame(players=list(seats))

    def presenter():
        from host.hexo_view import HexoView

        return HexoView()

    return GameKind("hexo", "Hexo", "", (2, 3, 4, 5, 6), new_game, presenter, cards="hx")


def _invocations(variant: str, label: str, timed: bool) -> GameKind:
    def new_game(seats: tuple[str, ...]):
        from shared_rules.invocations import InvocationsGame

        return InvocationsGame(players=list(seats), timers=timed)

    def presenter():
        from host.invocations_view import InvocationsView

        return InvocationsView()

    def seats(n: int) -> tuple[str, ...]:
        from host.invocations_view import COLOURS

        return tuple(COLOURS[:n])  # each player's board has a colour (IN-1)

    return GameKind(variant, "Invocations", label, (2, 3, 4, 5, 6), new_game, presenter,
                    seats, cards="in")


JL, YGO = "Justice League Hexors", "Yu-Gi-Oh! Hexors"
GAMES: dict[str, GameKind] = {g.variant: g for g in (
    _hexors("jl-beginner", JL, N_("Beginner"), (2,)),
    _hexors("jl-collector", JL, N_("Collector's"), (2,)),
    _hexors("jl-ffa", JL, N_("Free-for-all"), (3, 4)),
    _hexors("jl-team", JL, N_("Teams of two (4 players)"), (4,)),
    _hexors("ygo-beginner", YGO, N_("Beginner"), (2,)),
    _hexors("ygo-collector", YGO, N_("Collector's"), (2,)),
    _heroscape("heroscape", N_("Die rolled per die"), "physical"),
    _heroscape("heroscape-virtual", N_("Virtual dice"), "virtual"),
    _hexo(),
    _invocations("invocations", "", True),
    _invocations("invocations-untimed", N_("No timers"), False),
)}


def game(variant: str) -> GameKind:
    """The game kind of ``variant``; a clear error naming the known ones otherwise."""
    if variant not in GAMES:
        raise ValueError("unknown game %r: known are %s" % (variant, ", ".join(sorted(GAMES))))
    return GAMES[variant]


def menu() -> tuple[tuple[str, tuple[Choice, ...]], ...]:
    """The game menu: each family with its choices, one per kind and player count, in
    the table's language.

    >>> [c.label for c in dict(menu())["Justice League Hexors"]][:3]
    ['Beginner', "Collector's", 'Free-for-all, 3 players']
    """
    families: dict[str, list[Choice]] = {}
    for kind in GAMES.values():
        lines = families.setdefault(kind.family, [])
        for n in kind.players:
            if len(kind.players) == 1:
                label = _(kind.label) if kind.label else kind.family
            elif kind.label:
                label = n_("%(variant)s, %(count)d player", "%(variant)s, %(count)d players",
                           n) % {"variant": _(kind.label), "count": n}
            else:
                label = n_("%d player", "%d players", n) % n
            lines.append(Choice(label, kind.variant, n))
    return tuple((family, tuple(lines)) for family, lines in families.items())


def open_game(variant: str, seats: tuple[str, ...]) -> tuple[Callable[[], Any], Any]:
    """(new_game, presenter) for a game of ``variant`` with these seats."""
    kind = game(variant)
    return (lambda: kind.new_game(seats)), kind.presenter()
