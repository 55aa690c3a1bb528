"""What the panel shows during a HeroScape game.

The screens themselves are shared with the pocket board (shared_rules/heroscape_presenter.py,
where the two ways to roll several dice are told): they read the session's plain view
model and fill the screens with names and numbers the rules engine has already decided.
Here they are the Pi's presenter; its virtual dice are rolled by the hub
(host/games/heroscape/hooks.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from host.display.screens import View
from host.games.presenter import Presenter
from shared_rules.heroscape_presenter import HeroScapeScreens

if TYPE_CHECKING:
    from host.session.referee import Seen


class HeroScapeView(Presenter):
    title = HeroScapeScreens.title

    def __init__(self, dice: str = "physical") -> None:
        self.screens = HeroScapeScreens(dice)
        self.dice = dice

    def view(self, ref: Seen) -> View:
        return self.screens.view(ref)
