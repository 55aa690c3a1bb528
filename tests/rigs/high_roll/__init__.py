"""High Roll: the small sixth game the tests add (tests/shared_rules/games/test_sixth_game.py), written as
docs/RECIPES.md ("Adding a game") says a game is written: one package holding its engine
(engine.py), its screens (presenter.py), its cards (cards.json) and its descriptor (here),
one line in the registry (shared_rules/games/__init__.py, ``PACKAGES``; the test adds it
there), and what only the Pi has of it (pi.py: its demo table and ``hexref odds
high-roll``). Nothing else in hexref changes for it.
"""
from shared_rules.core.cards import CardBook
from shared_rules.core.descriptor import Descriptor, Variant

UIDS = {"hr/knight": "04B5C00000E001", "hr/wizard": "04B5C00000E002"}


def _engine(variant, seats):
    from rigs.high_roll.engine import HighRollGame

    return HighRollGame()


def _screens(variant):
    from rigs.high_roll.presenter import HighRollScreens

    return HighRollScreens()


BOOK = CardBook("High Roll", {"champion": (("might", "int", 0, 6, True),)})

FAMILIES = (
    Descriptor("High Roll", "High Roll", "hr", (Variant("high-roll", "", (2,)),),
               _engine, _screens, book=lambda: BOOK, pi="rigs.high_roll.pi"),
)
