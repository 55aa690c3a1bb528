"""Every game the referee can run, one descriptor each, in one table: the menu, the run loop,
enroll, the tiles commands, replay, the demo and odds read it (DESIGN.md principle 7).

A game is its rules engine, its catalogue data, its screens and one registration: each
game's folder (host/games/hexors/, ...) registers itself here when ``host.games`` is
imported. Its descriptor says:

- ``family``: its name (the menu's first level, enroll's list of games); ``short`` the
  header over its cards in enroll;
- ``cards``: the catalogue prefix of its tiles and cards (``jl`` in ``jl/016``): the one
  key every module uses for a game's cards;
- ``variants``: what the menu's second level offers, each with its key (stored with each
  saved game), label, player counts and the options its engine and screens are given;
- ``engine(variant, seats)``: a fresh rules engine; ``presenter(variant)``: its presenter
  (host/games/presenter.py), the pure function from the game to the panel;
  ``hooks(variant)``: what the session does for it besides the rules (hub commands, timers:
  host/session/referee.py, Hooks), the default doing nothing;
- ``seats``: the seats' own names for n players (numbered, or Invocations' board colours
  in the code's English: the games table and the journal keep them so, and
  ``shared_rules.words.seat`` says them in the table's language where shown);
- ``data`` and ``card_fields``: where a registered game's catalogue lives and the values
  its cards carry (shared_rules/catalogue.py, cards.py); the five built-in games keep theirs
  in shared_rules, where the hub reads them too;
- ``demos``: the demo tables of its variants, {variant: a function making its Demo} (the
  scripts are imported when a demo is made, not to list them in ``hexref demo --help``);
- ``odds(parsers)``: adds its ``hexref odds`` command, if it has one (both Hexors games
  share ``hexref odds hexors``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the session is imported when a game is opened, not to list the games
    from host.session.referee import Hooks


def numbered_seats(n: int) -> tuple[str, ...]:
    """P1, P2, ...

    >>> numbered_seats(3)
    ('P1', 'P2', 'P3')
    """
    return tuple("P%d" % (i + 1) for i in range(n))


@dataclass(frozen=True)
class Variant:
    key: str  # the key stored with each saved game: "jl-beginner"
    label: str  # the menu's second level: "Collector's" ("" when the game has one variant)
    players: tuple[int, ...]  # how many players it takes
    options: dict = field(default_factory=dict, hash=False)  # for its engine and screens


@dataclass(frozen=True)
class Demo:
    """One scripted table: the cards on it, what the players do, who sits there."""

    entries: Callable[[], list[dict]]
    script: Callable[[], list[dict]]
    players: tuple[str, ...] = ("P1", "P2")


def no_hooks(v: Variant) -> Hooks:
    """A game that needs nothing of the session besides its rules."""
    from host.session.referee import Hooks

    return Hooks()


@dataclass(frozen=True)
class Descriptor:
    family: str
    short: str
    cards: str
    variants: tuple[Variant, ...]
    engine: Callable[[Variant, tuple[str, ...]], Any]
    presenter: Callable[[Variant], Any]
    hooks: Callable[[Variant], Hooks] = no_hooks
    seats: Callable[[int], tuple[str, ...]] = numbered_seats
    data: str = ""
    card_fields: dict = field(default_factory=dict, hash=False)
    demos: dict[str, Callable[[], Demo]] = field(default_factory=dict, hash=False)
    odds: Callable[[Any], None] | None = None  # adds its ``hexref odds`` command


@dataclass(frozen=True)
class GameKind:
    """One variant of one game, as the menu and a saved game know it."""

    variant: str  # the key stored with each saved game
    family: str  # the menu's first level: "Justice League Hexors"
    label: str  # the menu's second level: "Collector's"
    players: tuple[int, ...]  # how many players it takes
    new_game: Callable[[tuple[str, ...]], Any]  # seat names -> a fresh rules engine
    presenter: Callable[[], Any]  # -> the panel's presenter for it
    hooks: Callable[[], Hooks]  # -> the session's hooks for it (hub commands, timers)
    seats: Callable[[int], tuple[str, ...]] = numbered_seats  # seat names for n players
    cards: str = ""  # the catalogue prefix of its tiles and cards ("jl" for jl/016)


@dataclass(frozen=True)
class Choice:
    """One line of the game menu's second level: a game kind for a number of players."""

    label: str
    variant: str
    players: int


DESCRIPTORS: dict[str, Descriptor] = {}  # by catalogue prefix
GAMES: dict[str, GameKind] = {}  # by variant key


def register(game: Descriptor) -> Descriptor:
    """Add a game to the table (and its cards to the catalogue when it brings its own)."""
    for v in game.variants:
        if v.key in GAMES and GAMES[v.key].cards != game.cards:
            raise ValueError("variant %r is already %s's" % (v.key, GAMES[v.key].family))
    if game.data:
        from shared_rules import cards, catalogue

        catalogue.add_game(game.cards, game.data)
        if game.card_fields:
            cards.add_game(game.cards, game.family, game.card_fields)
    DESCRIPTORS[game.cards] = game
    for v in game.variants:
        GAMES[v.key] = _kind(game, v)
    return game


def _kind(game: Descriptor, v: Variant) -> GameKind:
    return GameKind(v.key, game.family, v.label, v.players,
                    lambda seats: game.engine(v, seats), lambda: game.presenter(v),
                    lambda: game.hooks(v), game.seats, game.cards)


def game(variant: str) -> GameKind:
    """The game kind of ``variant``; a clear error naming the known ones otherwise."""
    if variant not in GAMES:
        raise ValueError("unknown game %r: known are %s" % (variant, ", ".join(sorted(GAMES))))
    return GAMES[variant]


def family_name(prefix: str) -> str:
    """A game's name by its catalogue prefix (the prefix itself when unknown)."""
    return DESCRIPTORS[prefix].family if prefix in DESCRIPTORS else prefix


def short_name(prefix: str, unknown: str = "") -> str:
    """A game's short name by its catalogue prefix, a header over its list of cards."""
    return DESCRIPTORS[prefix].short if prefix in DESCRIPTORS else (unknown or prefix)


# A line of the game menu's second level, in the code's English: (label, variant, players,
# the variant's player counts); shared_rules/display/menu.choice_label says it.
Kind = tuple[str, str, int, tuple[int, ...]]


def menu(variants: tuple[str, ...] | None = None) -> tuple[tuple[str, tuple[Kind, ...]], ...]:
    """The game menu, for the Pi's (host/app/run.GameMenu) and the pocket board's
    (shared_rules/display/menu.Menu, which says it in the table's language): each family
    with its kinds, one per variant and player count; ``variants``: only those.

    >>> [kind[:3] for kind in dict(menu())["Justice League Hexors"]][:3]
    [('Beginner', 'jl-beginner', 2), ("Collector's", 'jl-collector', 2), ('Free-for-all', 'jl-ffa', 3)]
    """
    families: dict[str, list[Kind]] = {}
    for kind in GAMES.values():
        if variants is not None and kind.variant not in variants:
            continue
        lines = families.setdefault(kind.family, [])
        for n in kind.players:
            lines.append((kind.label, kind.variant, n, tuple(kind.players)))
    return tuple((family, tuple(lines)) for family, lines in families.items())


@dataclass(frozen=True)
class Opened:
    """A game of one variant, opened for its seats: what the session and the panel need."""

    new_game: Callable[[], Any]  # a fresh rules engine (the session folds into it)
    hooks: Hooks  # the session's: hub commands and timers
    presenter: Any  # the panel's: view models to screens


def open_game(variant: str, seats: tuple[str, ...]) -> Opened:
    """The engine maker, the session's hooks and the presenter of a game of ``variant``."""
    kind = game(variant)
    return Opened(lambda: kind.new_game(seats), kind.hooks(), kind.presenter())


def demo_variants() -> list[str]:
    """The variants that have a demo table, without making any."""
    return [variant for g in DESCRIPTORS.values() for variant in g.demos]


def demos() -> dict[str, tuple[Descriptor, Demo]]:
    """Every demo table of every game, by variant."""
    return {variant: (g, make()) for g in DESCRIPTORS.values()
            for variant, make in g.demos.items()}
