"""The Pi's adapter of the one referee session (shared_rules/core/session.py's ``Session``,
the pocket board's too): ``Referee`` is that session with the hub's commands, the timers and
the presenters' view model. There is no second session: this module only adapts the shared
one to the Pi.

The session's core (shared_rules/core/session.py: a table event or a referee's button in, an
input decided, applied and journalled, the roster, undo, restore by folding the journal) is
the same code the pocket board runs (firmware/pocket/). What only the Pi has is here: the
journal is SQLite's (host/storage/journal.py, its ``Entry``), a tile is named by the tile
book (``TileBook``; host/storage/registry.py checks trust), a game's ``Hooks`` ask for hub
commands and timers after each reaction, and ``seen()`` gives a presenter
(host/games/presenter.py) the session as a plain view model. The rules live in
``shared_rules``; the session knows neither the wire nor the screens.

The Pi's buttons open a menu of what may be done now (UP/DOWN move, OK does it, BACK closes;
BACK held is undo); a player's button on the hub says "yes" to the choice that is theirs.
The loop calls ``on_tick`` about every 100 ms for the game's timers.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from host.storage import tags
from host.storage.journal import Entry, MemoryJournal
from shared_rules.core.clocks import Clocks
from shared_rules.core.engine import Outcome, Refusal
from shared_rules.core.session import PLAYER_BUTTONS, SEAT_BUTTONS, Reaction, Session
from shared_rules.protocol.events import TableEvent

__all__ = ["PLAYER_BUTTONS", "SEAT_BUTTONS", "Hooks", "Reaction", "Referee", "Seen", "TileBook"]


class Hooks:
    """What a game needs of the session besides its rules, from its descriptor
    (shared_rules/core/descriptor.py): ``dice``, what it asks of the die (HeroScape's
    virtual dice: ``opening()``, ``asked(legal, reaction)``), and ``timers``, the rule of
    its timers (Invocations': ``running``, ``ran_out``, ``left_ms``); most games need
    neither. The pocket board runs the same two from the same descriptor."""

    def __init__(self, dice: Any = None, timers: Any = None) -> None:
        self.dice = dice
        self.timers = timers

    def opening_commands(self) -> list[tuple]:
        """Hub commands a game of this kind needs once opened (``("DIEMODE", "virtual")``);
        sent again after every restart, as a new hub may be listening."""
        return self.dice.opening() if self.dice is not None else []

    def commands(self, referee: Referee, reaction: Reaction) -> list[tuple]:
        """Hub commands one reaction asks for, such as ``("ROLL", n)`` for n virtual dice;
        a function of the reaction and the referee, never of anything remembered."""
        if self.dice is None:
            return []
        return self.dice.asked(referee.legal(), reaction)

    def tick(self, referee: Referee, now: float) -> tuple | None:
        """An input that time makes (a timer that ran out), or None; the loop calls
        ``Referee.on_tick`` about every 100 ms and it is journalled like any other input.
        A clock is not game state: after a restart a running timer starts again."""
        if self.timers is None:
            return None
        return self.timers.ran_out(referee.clocks, self.timers.running(referee.game.view()),
                                   now)

    def timers_ms(self, referee: Referee) -> dict[str, int]:
        """What the panel counts down: ms left on each running timer, by kind."""
        if self.timers is None:
            return {}
        return self.timers.left_ms(referee.clocks, self.timers.running(referee.game.view()))


@dataclass(frozen=True)
class Seen:
    """What a presenter is given to draw (host/games/presenter.py): the session as a plain
    view model, built by ``Referee.seen()``. A presenter reads this and nothing else, so it
    cannot reach the session's internals (the engine, the journal, the clocks) and draws
    the same screen for a referee rebuilt from the journal."""

    game: dict  # the engine's view model (``Game.view()``)
    legal: Any  # what the rules expect next: prompt, expect, choices, records
    last: Outcome | Refusal | None  # what the last input did
    players: tuple[str, ...]  # as named at setup, else the seats' own names
    seat: int  # whose roster is being tapped during setup
    names: dict[str, str] = field(default_factory=dict, hash=False)  # tile key -> its name
    menu: tuple[str, ...] = ()  # the referee's menu: each choice's label
    menu_open: bool = False
    cursor: int = 0
    timers_ms: dict[str, int] = field(default_factory=dict, hash=False)  # kind -> ms left

    def name(self, key: str | None) -> str:
        """A tile's name by its key (the tag UID), the key itself when unknown."""
        return self.names.get(key or "", key or "?")


class TileBook:
    """Catalogue entries by id, and what the table knows of each tag."""

    def __init__(self, entries: list[dict]) -> None:
        self.entries = {e["id"]: e for e in entries}

    def entry_for(self, record_hex: str, uid: str | None = None) -> dict | None:
        """The entry a tag names (``uid`` is for books that check trust: host/storage/registry.py)."""
        entry_id = tags.entry_id_of(record_hex)
        return self.entries.get(entry_id) if entry_id else None


class Referee(Session):
    """The shared session (shared_rules/core/session.py) with a game's ``Hooks``: the hub
    commands each reaction asks for (``drain_commands``), the timers (``on_tick``, kept by
    ``clocks``), and ``seen()`` for the presenter."""

    # The SQLite journal's entries: the shared Entry's fields, as a typed frozen dataclass.
    Entry = Entry  # type: ignore[assignment]

    def __init__(self, new_game: Callable[[], Any], book: TileBook, hooks: Hooks | None = None,
                 journal: MemoryJournal | None = None,
                 players: tuple[str, ...] = ("P1", "P2")) -> None:
        self.hooks = hooks if hooks is not None else Hooks()
        self.outbox: list[tuple] = list(self.hooks.opening_commands())
        self.clocks = Clocks()  # a game's running timers (not in the journal: shared_rules/core/clocks.py)
        self.game: Any
        self.names: dict[str, str]
        self.players: tuple[str, ...]
        self.seat: int
        self.applied: list[tuple[str, tuple]]
        self.last: Outcome | Refusal | None
        self.journal: MemoryJournal
        self.restored_winner: dict | None
        self.holder: int | None  # who took the die with their button (ROLL-2)
        Session.__init__(self, new_game, book, journal if journal is not None else MemoryJournal(),
                         players)

    def on_event(self, event: TableEvent) -> Reaction:
        """A table event (shared_rules/protocol/events.py): decide what it means, apply it, journal it
        (``Session.on_event``); the caller ACKs after. Then the hub commands the game's
        hooks ask for."""
        reaction = Session.on_event(self, event)
        self.outbox += self.hooks.commands(self, reaction)
        return reaction

    # --- time and the hub's commands -------------------------------------------------

    def on_tick(self, now: float) -> Reaction | None:
        """Let time act (a game's timers); None when it had nothing to say."""
        inp = self.hooks.tick(self, now)
        if inp is None:
            return None
        return self.on_time(inp)

    def drain_commands(self) -> list[tuple]:
        """Hub commands the game wants sent now (each is asked for once)."""
        out, self.outbox = self.outbox, []
        return out

    # --- views -----------------------------------------------------------------------

    def seen(self) -> Seen:
        """The session as its presenter sees it (``Seen``)."""
        return Seen(self.game.view(), self.legal(), self.last, tuple(self.players), self.seat,
                    dict(self.names),
                    tuple(label for label, *_ in self.menu()) if self.menu_open else (),
                    self.menu_open, self.cursor, self.hooks.timers_ms(self))
