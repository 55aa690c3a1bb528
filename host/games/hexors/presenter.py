"""What the panel shows during a Hexors game (Justice League or Yu-Gi-Oh!).

The screens themselves are shared with the pocket board (shared_rules/hexors_presenter.py):
they read the session's plain view model and fill the screens with names and numbers the
rules engine has already decided. Here they are the Pi's presenter.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from host.display.screens import View
from host.games.presenter import Presenter
from shared_rules.hexors_presenter import CALLED_OFF, TITLES, HexorsScreens  # noqa: F401

if TYPE_CHECKING:
    from host.session.referee import Seen


class HexorsView(Presenter):
    def __init__(self, variant: str) -> None:
        self.screens = HexorsScreens(variant)
        self.variant = variant
        self.collector = self.screens.collector

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.screens.title

    def view(self, ref: Seen) -> View:
        return self.screens.view(ref)
