"""Invocations: engine shared_rules/invocations.py; the referee is the Master (timers, the
Master's records on the referee's menu)."""
from __future__ import annotations

from host.common.i18n import N_
from host.games.descriptor import Demo, Descriptor, Variant, register


def _seats(n: int) -> tuple[str, ...]:
    # Imported when a game is set up: the shared presenter brings the layout with it,
    # which a --help must not load (tests/test_cli_imports.py).
    from host.games.invocations.seats import board_colours

    return board_colours(n)


def _engine(v: Variant, seats: tuple[str, ...]):
    from shared_rules.invocations import InvocationsGame

    return InvocationsGame(players=list(seats), timers=v.options["timers"])


def _presenter(v: Variant):
    from host.games.invocations.presenter import InvocationsView

    return InvocationsView()


def _hooks(v: Variant):
    from host.games.invocations.hooks import InvocationsHooks

    return InvocationsHooks()


def _demo() -> Demo:
    from host.games.invocations.demo import IN_PLAYERS, invocations_entries, invocations_script

    return Demo(invocations_entries, invocations_script, IN_PLAYERS)


register(Descriptor(
    "Invocations", "Invocations", "in",
    (Variant("invocations", "", (2, 3, 4, 5, 6), {"timers": True}),
     Variant("invocations-untimed", N_("No timers"), (2, 3, 4, 5, 6), {"timers": False})),
    _engine, _presenter, _hooks, _seats, demos={"invocations": _demo}))
