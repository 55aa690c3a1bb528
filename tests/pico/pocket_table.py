"""A table for the games beyond Hexors on the emulated pocket board (issue 25: "then each other game the
heap allows"): a Pi demo game played on the pocket as ``hexref demo --board pocket`` plays
it (host/app/pocket_demo.py's ``pocket_steps``: the game chosen in the board's menu with
its buttons, each tag signed with the pocket's collection key, the players' buttons A and B
on the pocket's UP and DOWN, a referee's choice pressed OK, DOWN..., OK), with a power cut
(a reset) mid-game, and what the board must journal for it.

What the board must journal is what a twin of the board's session journals, run here on
the board's own rules (the game's descriptor as firmware/pocket/game.py reads it: engine and seats, the board's tiles)
with every step the board gets, each press read as the board reads it
(firmware/pocket/main.py: UP and DOWN are the players' buttons while the referee's menu is
closed). The twin also says where a power cut may come: between two inputs with the menu
closed (its cursor is not journalled; a choice half made would be made again). For
tests/pico/pocket_games.py and tests/pico/bench_pocket_games.py.
"""
from __future__ import annotations

import json

from firmware.pocket.book import Book  # noqa: E402
from host.app.pocket_demo import (  # noqa: E402
    PLAYER_BUTTON,
    POCKET,
    board_menu,
    listed,
    menu_presses,
    pocket_steps,
)
from shared_rules import games  # noqa: E402
from shared_rules.core.session import Session  # noqa: E402
from shared_rules.protocol.events import TableEvent  # noqa: E402

BUTTON_OF = {pocket: hub for hub, pocket in PLAYER_BUTTON.items()}  # UP: A, DOWN: B


class Journal:
    def __init__(self) -> None:
        self.entries: list = []

    def append(self, entry) -> None:
        self.entries.append(entry)


def menu_length(variant: str, players: int = 2) -> int:
    """How many presses choose ``variant`` for ``players`` in the board's menu as it boots
    (in English)."""
    return len(menu_presses(board_menu(listed(POCKET)), variant, "en", players))


class Game:
    """A demo game as the pocket's rig plays it: ``steps`` (the rig's script, the menu's
    presses first, the cut after the first input boundary from ``cut_after`` of the game's
    steps on), ``expected`` (the twin's journal: target, accepted, the input up to its
    first catalogue entry, as POCKET ENTRY gives it) and ``winners``."""

    def __init__(self, variant: str, players: int = 2, cut_after: int | None = None,
                 book: Book | None = None) -> None:
        self.variant = variant
        self.book = book or Book(str(POCKET / "tiles"))
        assert self.book.key is not None, "the pocket's tiles have no collection key"
        descriptor, kind = games.find(variant)
        seats = descriptor.seats(players)
        self.twin = Session(lambda: descriptor.engine(kind, seats), self.book, Journal(), seats)
        self.winners: list[int] = []  # as the winning input's outcome names them
        steps = pocket_steps(variant, self.book.key, listed(POCKET))
        menu = menu_length(variant, players)
        game = steps[menu:]
        held = None
        boundaries = []  # where the twin's menu is closed: a cut may come there
        for i, step in enumerate(game):
            if step["do"] == "place":
                held = step["uid"]
            self._play(step, held)
            if not self.twin.menu_open:
                boundaries.append(i + 1)
        assert self.winners, "the demo game itself has no winner"
        if cut_after is not None:
            at = next(b for b in boundaries if b >= cut_after)
            # Once the last input is on the glass (acknowledged: its POCKET ENTRY said).
            game = game[:at] + [{"do": "reset", "after": 1000}] + game[at:]
        self.steps = steps[:menu] + game
        self.expected = [(e.target, e.accepted, json.dumps(list(e.input))[:60].split("{")[0])
                         for e in self.twin.journal.entries if e.target != "none"]

    def _play(self, step: dict, held: str | None) -> None:
        twin = self.twin
        do = step["do"]
        if do == "place":
            reaction = twin.on_event(TableEvent("TAP", uid=step["uid"], record=step["record"]))
        elif do == "lift":
            reaction = twin.on_event(TableEvent("GONE", uid=held))
        elif do == "roll":
            reaction = twin.on_event(TableEvent("DIE", die="FACE", faces=(step["face"],)))
        elif do in ("press", "long"):
            name, action = step["button"], "long" if do == "long" else "press"
            if not twin.menu_open and name in BUTTON_OF:
                reaction = twin.on_event(TableEvent("BTN", button=BUTTON_OF[name],
                                                    action=action))
            else:
                reaction = twin.on_press(name, action)
        else:
            raise ValueError("a step the pocket's rig does not play: %r" % (step,))
        if reaction.won:
            self.winners = list(reaction.result.find("winner")["players"])


def entries(lines: list[str]) -> list[list[str]]:
    """The board's POCKET ENTRY lines, split: n, target, accepted, ms at the event, ms on
    the glass, heap in use, input."""
    return [x.split(" ", 8) for x in lines if x.startswith("POCKET ENTRY ")]


def journalled(lines: list[str]) -> list[tuple]:
    """What the board journalled, as ``Game.expected`` says it: an input up to its first
    catalogue entry (a dict's keys come in another order on the board), 60 characters."""
    return [(e[3], e[4] == "1", e[8].split("{")[0]) for e in entries(lines) if e[3] != "none"]
