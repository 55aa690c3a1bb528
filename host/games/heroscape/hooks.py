"""HeroScape's hooks: virtual dice are rolled by the hub (DIEMODE, ROLL), as
shared_rules/heroscape_dice.py asks (the pocket board asks its own die the same).

>>> HeroScapeHooks("virtual").opening_commands()
[('DIEMODE', 'virtual')]
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from host.session.referee import Hooks
from shared_rules import heroscape_dice

if TYPE_CHECKING:
    from host.session.referee import Reaction, Referee


class HeroScapeHooks(Hooks):
    def __init__(self, dice: str = "physical") -> None:
        self.dice = dice

    def opening_commands(self) -> list[tuple]:
        return heroscape_dice.opening(self.dice)

    def commands(self, ref: Referee, reaction: Reaction) -> list[tuple]:
        """The roller's press rolls the virtual dice: the hub is asked for all of them."""
        return heroscape_dice.asked(self.dice, ref.legal(), reaction)
