"""What the panel shows during a Hexo game.

The screens themselves are shared with the pocket board (shared_rules/hexo_presenter.py):
they read the session's plain view model and fill the screens with names and numbers the
rules engine has already decided. Here they are the Pi's presenter.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from host.display.screens import View
from host.games.presenter import Presenter
from shared_rules.hexo_presenter import HexoScreens

if TYPE_CHECKING:
    from host.session.referee import Seen


class HexoView(Presenter):
    title = HexoScreens.title

    def __init__(self) -> None:
        self.screens = HexoScreens()

    def view(self, ref: Seen) -> View:
        return self.screens.view(ref)
