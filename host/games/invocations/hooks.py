"""Invocations' hooks: the Master's timers (the Attack timer, the 15 s hand-over)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from host.session.referee import Hooks
from shared_rules import decisions

if TYPE_CHECKING:
    from host.session.referee import Referee

LIMITS_MS = {"attack": decisions.IN_ATTACK_TIMER_MS,
             "handover": decisions.IN_HANDOVER_TIMER_MS}


def running(game: dict) -> dict[str, tuple]:
    """The timers that run now, each named by what it times (stable across replay)."""
    out: dict[str, tuple] = {}
    if not game["timers"] or game["phase"] == "over":
        return out
    if game["phase"] == "stage2" and not game["attack_timeout"]:
        out["attack"] = ("attack", game["round"], game["playoff"] is not None)
    if game["handover"] is not None:
        out["handover"] = ("handover", game["round"], game["effects"])
    return out


class InvocationsHooks(Hooks):
    def tick(self, ref: Referee, now: float) -> tuple | None:
        ran_out = ref.clocks.run(running(ref.game.view()), LIMITS_MS, now)
        return ("timeout", ran_out) if ran_out is not None else None

    def timers_ms(self, ref: Referee) -> dict[str, int]:
        return {kind: ref.clocks.left_ms(kind, what, LIMITS_MS[kind])
                for kind, what in running(ref.game.view()).items()}
