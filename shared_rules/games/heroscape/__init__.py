"""HeroScape, basic rules (RULES.md §3): its engine (engine.py), screens (presenter.py),
army cards (cards.json, cards.py), odds (odds.py), what it asks of the die (dice.py) and
its decisions (decisions.py). This module is its descriptor (shared_rules/core/
descriptor.py); the Pi's own part (its demo table, ``hexref odds heroscape``) is
host/games/heroscape/."""
from shared_rules.core.descriptor import Descriptor, Variant
from shared_rules.core.words import N_


def _engine(variant, seats):
    from shared_rules.games.heroscape.engine import HeroScapeGame

    return HeroScapeGame(dice=variant.options["dice"])


def _screens(variant):
    from shared_rules.games.heroscape.presenter import HeroScapeScreens

    return HeroScapeScreens(variant.options["dice"])


def _dice(variant):
    from shared_rules.games.heroscape.dice import Dice

    return Dice(variant.options["dice"])


def _book():
    from shared_rules.games.heroscape.cards import BOOK

    return BOOK


FAMILIES = (
    Descriptor("HeroScape", "HeroScape", "hs",
               (Variant("heroscape", N_("Die rolled per die"), (2,), {"dice": "physical"}),
                Variant("heroscape-virtual", N_("Virtual dice"), (2,), {"dice": "virtual"})),
               _engine, _screens, dice=_dice, book=_book, pi="host.games.heroscape"),
)
