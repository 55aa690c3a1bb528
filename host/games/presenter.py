"""The contract between the referee session and a game's face on the panel.

One base class with real defaults (gpiozero's ``Device``): a game's presenter overrides
only what it changes. What the table's events mean is the rules engine's job
(``Game.input_for`` in shared_rules/engine.py); a presenter holds no game state of its own
(DESIGN.md, "The journal is the only state"): everything it shows it reads from the
referee, so a referee rebuilt from the journal shows the same screen.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from host.display import screens
from host.display.screens import View
from shared_rules.engine import Refusal

if TYPE_CHECKING:
    from host.session.referee import Reaction, Referee


class Presenter:
    """A game's screens. Override what your game changes."""

    title = "hexref"

    def view(self, referee: Referee) -> View:
        """The game's screen now (default: the title and what the rules expect next)."""
        return screens.note(self.title, referee.legal().prompt)

    def screen(self, referee: Referee) -> View:
        """What the panel shows of the game: its ``view``; with the referee's menu open,
        the footer is the choice under the cursor (UP/DOWN turn it, OK does it), so the
        board stays in sight while choosing and the panel redraws one line."""
        base = self.view(referee)
        menu = referee.menu() if referee.menu_open else []
        if not menu:
            return base
        i = min(referee.cursor, len(menu) - 1)
        return replace(base, footer="%d/%d %s" % (i + 1, len(menu), menu[i][0]),
                       inverted_footer=True)

    def message(self, referee: Referee, reaction: Reaction) -> tuple[str, View] | None:
        """The message an input leaves on the panel (host/app/messages.py kinds): a refusal
        says what was wrong and what to do; a note ("Rolling...", "Unknown tile") rides in
        the footer over the board. The game's own screen never shows them, so a message's
        hold is the only clock."""
        result = reaction.result
        if isinstance(result, Refusal):
            return "refused", screens.refused(self.title, result.message,
                                              result.instead or referee.legal().prompt,
                                              result.rule)
        if reaction.note:
            return "note", replace(self.screen(referee), footer=reaction.note,
                                   inverted_footer=True)
        return None
