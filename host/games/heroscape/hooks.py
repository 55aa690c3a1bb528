"""HeroScape's hooks: virtual dice are rolled by the hub (DIEMODE, ROLL).

>>> HeroScapeHooks("virtual").opening_commands()
[('DIEMODE', 'virtual')]
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from host.session.referee import PLAYER_BUTTONS, Hooks

if TYPE_CHECKING:
    from host.session.referee import Reaction, Referee


class HeroScapeHooks(Hooks):
    def __init__(self, dice: str = "physical") -> None:
        self.dice = dice

    def opening_commands(self) -> list[tuple]:
        return [("DIEMODE", "virtual")] if self.dice == "virtual" else []

    def commands(self, ref: Referee, reaction: Reaction) -> list[tuple]:
        """The roller's press rolls the virtual dice: the hub is asked for all of them."""
        what: tuple = reaction.entry.input if reaction.entry is not None else ()
        legal = ref.legal()
        if self.dice == "virtual" and reaction.result is None and what[:1] == ("BTN",) \
                and len(what) == 3 and what[2] == "press" and legal.expect == "roll" \
                and PLAYER_BUTTONS.get(what[1]) == legal.roll_by:
            return [("ROLL", legal.dice)]
        return []
