"""How long a message stays on the panel, and what may take it away.

The game's own screen (whose turn, the last battle) is what the panel shows when nothing
else holds it. On top of it come messages: a refused input, a passing note, the winner,
the reader being disconnected. Each kind has a named priority and a hold, both written
down here so that "why did the screen change?" has one answer:

========== ========== ============== ===========================================
kind       priority   holds          taken away early by
========== ========== ============== ===========================================
note       NOTE       1.5 s          any input (a tap, a roll, a button)
rolling    NOTE       until the roll any input (the die's result is one), a new
                      ends           boot of the hub
refused    REFUSED    2.5 s          a die roll, a tap, a button
winner     WINNER     until a button a referee button (UP/DOWN/OK/BACK)
link       LINK       until restored nothing: only the link coming back clears it
storage    STORAGE    until it writes nothing: only a write that works clears it
========== ========== ============== ===========================================

"Rolling..." is a note that lasts as long as the roll does: a die may tumble for longer than
a note's 1.5 s, and the game's own screen would then ask again for the roll under way.

A higher priority hides a lower one without cancelling it: a refusal that arrives while
the reader is disconnected is still timed underneath and is gone if its time ran out when
the link comes back; a winner stays until someone presses a button.

>>> board = MessageBoard()
>>> board.post("refused", "Not your tile", now=0.0)
True
>>> board.view("turn screen", now=1.0)
'Not your tile'
>>> board.view("turn screen", now=3.0)
'turn screen'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Priorities, low to high (the game's own screen, below them all, shows when nothing holds).
NOTE = 1
REFUSED = 2
WINNER = 3
LINK = 4
STORAGE = 5  # the game is paused: nothing can be saved, so nothing can be played

# The inputs that may take a message away (``MessageBoard.input``).
TAP = "tap"          # a tile tapped on the reader
DIE = "die"          # a die roll arrived
PLAYER = "player"    # a player's button on the hub
BUTTON = "button"    # a referee button on the Pi (UP/DOWN/OK/BACK or the encoder)
ANY_INPUT = (TAP, DIE, PLAYER, BUTTON)


@dataclass(frozen=True)
class Hold:
    """How a kind of message behaves. ``seconds`` None: until dismissed or cleared."""

    kind: str
    priority: int
    seconds: float | None
    dismissed_by: tuple[str, ...]


NOTE_HOLD = Hold("note", NOTE, 1.5, ANY_INPUT)
ROLLING_HOLD = Hold("rolling", NOTE, None, ANY_INPUT)
REFUSED_HOLD = Hold("refused", REFUSED, 2.5, (DIE, TAP, PLAYER, BUTTON))
WINNER_HOLD = Hold("winner", WINNER, None, (BUTTON,))
LINK_HOLD = Hold("link", LINK, None, ())
STORAGE_HOLD = Hold("storage", STORAGE, None, ())

HOLDS = {h.kind: h for h in (NOTE_HOLD, ROLLING_HOLD, REFUSED_HOLD, WINNER_HOLD, LINK_HOLD, STORAGE_HOLD)}


@dataclass
class Message:
    hold: Hold
    view: Any
    since: float

    def expired(self, now: float) -> bool:
        return self.hold.seconds is not None and now - self.since >= self.hold.seconds


class MessageBoard:
    """The messages standing on the panel, highest priority first."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    def post(self, kind: str, view: Any, now: float) -> bool:
        """Put up a message of ``kind`` (a key of ``HOLDS``), shown at once unless a
        higher one holds the panel. It replaces the message of its own kind and any lower
        timed one (a note or a refusal is about an input that is now history); a lower
        untimed one (the winner) stays beneath and comes back. Returns True when it is the
        one now shown."""
        hold = HOLDS.get(kind)
        if hold is None:
            raise ValueError("unknown message kind %r: one of %s" % (kind, ", ".join(HOLDS)))
        self._expire(now)
        self.messages = [m for m in self.messages if m.hold is not hold and (
            m.hold.priority > hold.priority or m.hold.seconds is None)]
        self.messages.append(Message(hold, view, now))
        self.messages.sort(key=lambda m: -m.hold.priority)
        return self.messages[0].hold is hold

    def input(self, what: str, now: float) -> None:
        """An input arrived: the shown message goes if ``what`` may take it away. Messages
        hidden beneath a higher one stay (the players never saw them go)."""
        self._expire(now)
        if self.messages and what in self.messages[0].hold.dismissed_by:
            self.messages.pop(0)

    def clear(self, kind: str) -> None:
        """Take down every message of ``kind`` (the link is back, a new game started)."""
        self.messages = [m for m in self.messages if m.hold.kind != kind]

    def showing(self, now: float) -> str | None:
        """The kind of message on the panel, or None for the game's own screen."""
        self._expire(now)
        return self.messages[0].hold.kind if self.messages else None

    def view(self, base: Any, now: float) -> Any:
        """What the panel shows at ``now``: the top message, else ``base``."""
        self._expire(now)
        return self.messages[0].view if self.messages else base

    def next_change(self, now: float) -> float | None:
        """When the shown message runs out (so a loop knows when to redraw), or None."""
        self._expire(now)
        if not self.messages or self.messages[0].hold.seconds is None:
            return None
        top = self.messages[0]
        seconds = top.hold.seconds
        return None if seconds is None else top.since + seconds

    def _expire(self, now: float) -> None:
        self.messages = [m for m in self.messages if not m.expired(now)]
