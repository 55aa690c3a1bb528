"""The contract between the referee session and a game's face on the panel.

One base class with real defaults (gpiozero's ``Device``): a game's presenter overrides
only what it changes. What the table's events mean is the rules engine's job
(``Game.input_for`` in shared_rules/engine.py); a presenter holds no game state of its own
(DESIGN.md, "The journal is the only state"): everything it shows it reads from the
referee, so a referee rebuilt from the journal shows the same screen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from host import screens
from host.screens import View

if TYPE_CHECKING:
    from host.referee import Reaction, Referee


class Presenter:
    """A game's screens, and the hub commands it needs. Override what your game changes."""

    title = "hexref"

    def view(self, referee: Referee) -> View:
        """The game's screen now (default: the title and what the rules expect next)."""
        return screens.note(self.title, referee.legal().prompt)

    def opening_commands(self) -> list[tuple]:
        """Hub commands a game of this kind needs once opened (``("DIEMODE", "virtual")``);
        sent again after every restart, as a new hub may be listening."""
        return []

    def commands(self, referee: Referee, reaction: Reaction) -> list[tuple]:
        """Hub commands one reaction asks for, such as ``("ROLL", n)`` for n virtual dice;
        a function of the reaction and the referee, never of anything remembered."""
        return []

    def tick(self, referee: Referee, now: float) -> tuple | None:
        """An input that time makes (a timer that ran out), or None; the loop calls
        ``Referee.on_tick`` about every 100 ms and it is journalled like any other input.
        A clock is not game state: after a restart a running timer starts again."""
        return None
