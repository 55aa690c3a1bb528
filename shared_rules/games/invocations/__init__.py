"""Invocations (RULES.md §5): the referee is the Master. Its engine (engine.py), screens
and seats (presenter.py: the boards' colours, IN-1), the Master's timers (timers.py),
cards (cards.json, cards.py) and decisions (decisions.py). This module is its descriptor
(shared_rules/core/descriptor.py); the Pi's own part (its demo table) is
host/games/invocations/."""
from shared_rules.core.descriptor import Descriptor, Variant
from shared_rules.core.words import N_


def _engine(variant, seats):
    from shared_rules.games.invocations.engine import InvocationsGame

    return InvocationsGame(players=list(seats), timers=variant.options["timers"])


def _screens(variant):
    from shared_rules.games.invocations.presenter import InvocationsScreens

    return InvocationsScreens()


def _seats(n):
    # The seats are the boards' colours (IN-1), kept in the code's English.
    from shared_rules.games.invocations.presenter import board_colours

    return board_colours(n)


def _timers(variant):
    from shared_rules.games.invocations import timers

    return timers


def _book():
    from shared_rules.games.invocations.cards import BOOK

    return BOOK


FAMILIES = (
    Descriptor("Invocations", "Invocations", "in",
               (Variant("invocations", "", (2, 3, 4, 5, 6), {"timers": True}),
                Variant("invocations-untimed", N_("No timers"), (2, 3, 4, 5, 6),
                        {"timers": False})),
               _engine, _screens, seats=_seats, timers=_timers, book=_book,
               pi="host.games.invocations"),
)
