"""The referee as the Master of an Invocations game: its screens, timers and menu.

The screens themselves are shared with the pocket board
(shared_rules/invocations_presenter.py): they read the session's plain view model (the
engine's view, the ms left on each running timer: ``Seen.timers_ms``, from the game's
hooks) and fill the screens with names and numbers the rules engine has already decided.
Time never enters the engine as a clock: the referee's loop calls ``tick(referee, now)``
about every 100 ms, and only when a timer runs out does the session hand the engine an
input (host/games/invocations/hooks.py, by the rule both sides run:
shared_rules/invocations_timers.py). Here they are the Pi's presenter.

>>> InvocationsView().clock(60000, 0.0, 15.2)
'0:45'
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from host.display.screens import View
from host.games.presenter import Presenter
from shared_rules.invocations_presenter import HANDOVERS, InvocationsScreens  # noqa: F401

if TYPE_CHECKING:
    from host.session.referee import Seen


class InvocationsView(Presenter):
    title = InvocationsScreens.title

    def __init__(self) -> None:
        self.screens = InvocationsScreens()

    def left_ms(self, ref: Seen, kind: str) -> int | None:
        return self.screens.left_ms(ref, kind)

    def clock(self, limit_ms: int, start: float, now: float) -> str:
        return self.screens.clock(limit_ms, start, now)

    def view(self, ref: Seen) -> View:
        return self.screens.view(ref)
