"""The contract between the referee session and a game's face on the panel.

A game's screens are its shared descriptor's (``screens(variant)``: shared_rules/games/
<game>/presenter.py), the same the pocket board draws; the Pi's presenter puts the
referee's menu and an input's message on them as the board does
(shared_rules/display/play.py). What the table's events mean is the rules engine's job
(``Game.input_for`` in shared_rules/core/engine.py); a presenter holds no game state of its
own (DESIGN.md, "The journal is the only state"): everything it shows it reads from what
the session hands it, a plain view model (``Seen``, host/session/adapter.py: the engine's
view, what the rules expect, the menu, the names, the timers), so a referee rebuilt from
the journal shows the same screen and a presenter cannot reach the session's internals.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from host.display import screens
from host.display.screens import View
from shared_rules.display import play

if TYPE_CHECKING:
    from host.session.adapter import Reaction, Seen


class Presenter:
    """A game's screens on the Pi's panel. ``game_screens``: the game's shared screens
    (``title``, ``view(seen)``); None before a game is chosen."""

    def __init__(self, game_screens: Any = None) -> None:
        self.screens = game_screens

    @property
    def title(self) -> str:
        """The game's title, said in the language spoken now."""
        return self.screens.title if self.screens is not None else "hexref"

    def view(self, seen: Seen) -> View:
        """The game's screen now (with no game: the title and what is expected next)."""
        if self.screens is None:
            return screens.note(self.title, seen.legal.prompt)
        return self.screens.view(seen)

    def screen(self, seen: Seen) -> View:
        """What the panel shows of the game: its ``view``; with the referee's menu open,
        the footer is the choice under the cursor (UP/DOWN turn it, OK does it), so the
        board stays in sight while choosing and the panel redraws one line."""
        return play.with_menu(self.view(seen), seen)

    def message(self, seen: Seen, reaction: Reaction) -> tuple[str, View] | None:
        """The message an input leaves on the panel (host/app/messages.py kinds): a refusal
        says what was wrong and what to do; a note ("Rolling...", "Unknown tile") rides in
        the footer over the board. The game's own screen never shows them, so a message's
        hold is the only clock."""
        return play.message(self.title, self.screen(seen), seen, reaction)
