"""Hexo: La vallée d'Utrisor (RULES.md §4), 2 to 6 players: its engine (engine.py), screens
(presenter.py), cards (cards.json, cards.py) and decisions (decisions.py). This module is
its descriptor (shared_rules/core/descriptor.py); the Pi's own part (its demo table) is
host/games/hexo/."""
from shared_rules.core.descriptor import Descriptor, Variant


def _engine(variant, seats):
    from shared_rules.games.hexo.engine import HexoGame

    return HexoGame(players=list(seats))


def _screens(variant):
    from shared_rules.games.hexo.presenter import HexoScreens

    return HexoScreens()


def _book():
    from shared_rules.games.hexo.cards import BOOK

    return BOOK


FAMILIES = (
    Descriptor("Hexo", "Hexo", "hx", (Variant("hexo", "", (2, 3, 4, 5, 6)),),
               _engine, _screens, book=_book, pi="host.games.hexo"),
)
