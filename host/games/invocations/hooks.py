"""Invocations' hooks: the Master's timers (the Attack timer, the 15 s hand-over), by the
rule both sides run (shared_rules/invocations_timers.py) on the session's clocks."""
from __future__ import annotations

from typing import TYPE_CHECKING

from host.session.referee import Hooks
from shared_rules.invocations_timers import LIMITS_MS, left_ms, ran_out, running

if TYPE_CHECKING:
    from host.session.referee import Referee

__all__ = ["LIMITS_MS", "InvocationsHooks", "running"]


class InvocationsHooks(Hooks):
    def tick(self, ref: Referee, now: float) -> tuple | None:
        return ran_out(ref.clocks, running(ref.game.view()), now)

    def timers_ms(self, ref: Referee) -> dict[str, int]:
        return left_ms(ref.clocks, running(ref.game.view()))
