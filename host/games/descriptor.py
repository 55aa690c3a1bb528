"""The games on the Pi: the shared registry's descriptors (shared_rules/games/, one package a
game) with what only the Pi has of each, found through its descriptor (DESIGN.md principle
7). The menu, the run loop, enroll, the tiles commands, replay, the demo, odds, the page
and the club read a game here; nothing on the Pi names a game outside its folders.

What only the Pi has of a game is the module its descriptor's ``pi`` names
(host/games/<game>/): ``DEMOS``, its demo tables ({variant: a function making its
``Demo``}; the scripts are imported when a demo is made, not to list them in ``hexref
demo --help``), and ``add_odds(parsers)``, its ``hexref odds`` command, if it has one. A
game's screens, hooks and seats are its shared descriptor's: the Pi draws the same screens
as the pocket board (host/games/presenter.py), and its session runs the same timers and
asks the die the same (host/session/adapter.py, ``Hooks``).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from shared_rules import games as registry
from shared_rules.core.descriptor import Descriptor, Variant, numbered_seats

if TYPE_CHECKING:  # the session is imported when a game is opened, not to list the games
    from host.session.adapter import Hooks

__all__ = ["DESCRIPTORS", "GAMES", "Choice", "Demo", "Descriptor", "GameKind", "Opened",
           "Variant", "default_demo", "demo_variants", "demos", "families", "family_name", "game",
           "menu", "virtual_die",
           "numbered_seats", "odds_commands", "open_game", "refresh", "short_name"]


@dataclass(frozen=True)
class Demo:
    """One scripted table: the cards on it, what the players do, who sits there."""

    entries: Callable[[], list[dict]]
    script: Callable[[], list[dict]]
    players: tuple[str, ...] = ("P1", "P2")


@dataclass(frozen=True)
class GameKind:
    """One variant of one game, as the menu and a saved game know it."""

    variant: str  # the key stored with each saved game
    family: str  # the menu's first level: "Justice League Hexors"
    label: str  # the menu's second level: "Collector's"
    players: tuple[int, ...]  # how many players it takes
    descriptor: Descriptor
    kind: Variant

    @property
    def cards(self) -> str:
        """The catalogue prefix of its tiles and cards ("jl" for jl/016)."""
        return self.descriptor.cards

    def seats(self, n: int) -> tuple[str, ...]:
        """The seats' own names for ``n`` players."""
        return tuple(self.descriptor.seats(n))

    def new_game(self, seats: tuple[str, ...]) -> Any:
        """A fresh rules engine for these seats."""
        return self.descriptor.engine(self.kind, seats)

    def presenter(self) -> Any:
        """The panel's presenter: the game's shared screens (host/games/presenter.py)."""
        from host.games.presenter import Presenter

        return Presenter(self.descriptor.screens(self.kind))

    def hooks(self) -> Hooks:
        """The session's hooks: the game's timers and what it asks of the die."""
        from host.session.adapter import Hooks

        return Hooks(self.descriptor.dice(self.kind), self.descriptor.timers(self.kind))


@dataclass(frozen=True)
class Choice:
    """One line of the game menu's second level: a game kind for a number of players."""

    label: str
    variant: str
    players: int


DESCRIPTORS: dict[str, Descriptor] = {}  # by catalogue prefix
GAMES: dict[str, GameKind] = {}  # by variant key


def refresh() -> None:
    """Read the registry's games (again: a test that adds a game package calls it; the
    tables are changed in place, so every holder of them sees it)."""
    DESCRIPTORS.clear()
    DESCRIPTORS.update({d.cards: d for d in registry.families()})
    GAMES.clear()
    GAMES.update({v.key: GameKind(v.key, d.family, v.label, v.players, d, v)
                  for d in DESCRIPTORS.values() for v in d.variants})


refresh()


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


def pi_part(descriptor: Descriptor) -> ModuleType | None:
    """What only the Pi has of a game: the module its descriptor names (``pi``), or None."""
    return importlib.import_module(descriptor.pi) if descriptor.pi else None


def _pi_parts() -> list[ModuleType]:
    """Each game's Pi part once (both Hexors families have the same)."""
    found: list[ModuleType] = []
    for d in DESCRIPTORS.values():
        part = pi_part(d)
        if part is not None and part not in found:
            found.append(part)
    return found


def demo_variants() -> list[str]:
    """The variants that have a demo table, without making any."""
    return [variant for part in _pi_parts() for variant in getattr(part, "DEMOS", {})]


def default_demo() -> str:
    """The demo ``make demo`` and ``hexref demo`` play unless told: the first game's first
    demo, in the registry's order."""
    return demo_variants()[0]


def families() -> list[str]:
    """The games' families by name, in the registry's order, each once ("Justice League
    Hexors", "HeroScape"...)."""
    return list(dict.fromkeys(d.family for d in DESCRIPTORS.values()))


def virtual_die(variant: str) -> bool:
    """True when the game rolls the hub's virtual dice (a press of the roll button), not the
    physical die: its rolls say nothing of the die (``hexref die-check``)."""
    kind = game(variant)
    dice = kind.descriptor.dice(kind.kind)
    return dice is not None and ("DIEMODE", "virtual") in dice.opening()


def demos() -> dict[str, Demo]:
    """Every demo table of every game, by variant."""
    return {variant: make() for part in _pi_parts()
            for variant, make in getattr(part, "DEMOS", {}).items()}


def odds_commands() -> list[Callable[[Any], None]]:
    """Each game's ``hexref odds`` command (``add_odds(parsers)``), for those that have one."""
    return [part.add_odds for part in _pi_parts() if hasattr(part, "add_odds")]
