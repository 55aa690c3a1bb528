"""The Invocations demo (host/games/invocations/demo.py) on the emulated pocket board, for
tests/pico/pocket_games.py (``make soak``) and tests/pico/bench_pocket.py (``make bench``).

The players do what ``hexref demo --board pocket`` has them do (host/app/pocket_demo.py):
the game chosen in the board's menu for the demo's three players, each of the Master's
choices made on the pocket's buttons (OK opens the referee's menu, DOWN to the line, OK),
every tag signed with the pocket's key; here with a power cut once Stage 3's second card
is read. What the board must journal is what the shared session (shared_rules/core/session.py)
journals following the same table, dispatching the buttons as the board does: every
input, accepted or not, entry for entry. The Master's timers (IN-4) run on the board's
clock all game: at this pace (Stage 2 takes 31 s and 41 s of the board's minute, a
hand-over 1.1 s of its 15 s) none runs out, and one that did would be an entry the
session here has not.
"""
from __future__ import annotations

import statistics
from pathlib import Path

from pocket_rig import ROOT, boot
from pocket_table import Game, entries, journalled

from firmware.pocket.book import Book
from host.games.invocations.demo import IN_UIDS

VARIANT, PLAYERS = "invocations", 3
GAME_S = 900  # wall time for the game on the emulated board (2-5 minutes on 2 busy cores)


def pocket_script(book: Book, cut_after: str | None = None) -> tuple[list, list]:
    """The board's script (a reset once the card ``cut_after`` was tapped and lifted,
    between two of the table's steps, not in the middle of a choice on the menu) and what
    the shared session journals for the same table (pocket_table.Game)."""
    game = Game(VARIANT, PLAYERS, book=book)
    assert game.winners == [2], "the demo game ends without the Green board's win"
    steps = game.steps
    if cut_after is not None:
        at = [i for i, step in enumerate(steps)
              if step.get("uid") == IN_UIDS[cut_after]][0] + 2  # its place and lift
        steps = steps[:at] + [{"do": "reset", "after": 200}] + steps[at:]
    return steps, game.expected


class Played:
    """A game played on the emulated pocket board: its lines, what they say, the figures."""

    def __init__(self, rig, lines: list[str], logs: list[str], expected: list) -> None:
        self.rig, self.lines, self.logs, self.expected = rig, lines, logs, expected
        self.restored = [x for x in lines if x.startswith("POCKET RESTORED ")]
        cut = lines.index(self.restored[0]) if self.restored else len(lines)
        self.before = len([x for x in lines[:cut] if x.startswith("POCKET ENTRY ")])
        self.held = int(self.restored[0].split()[3]) if self.restored else 0
        self.entries = entries(lines)
        self.got = journalled(lines)
        heap = [x for x in lines if x.startswith("POCKET HEAP ")]
        self.heap = tuple(int(v) for v in heap[0].split()[2:5]) if heap else None

    def figures(self) -> str:
        live, _since_cut, allocated = self.heap or (0, 0, 0)
        peak = max(int(e[7]) for e in self.entries)  # both boots: each ENTRY says its heap
        shown = [int(e[6]) - int(e[5]) for e in self.entries]
        return ("%d inputs, the power cut after %d; heap in use at its peak after an input "
                "%.1f KB of the 150 KB budget (%.1f KB at the winner), at most %.1f KB "
                "allocated before a collection (after the cut); event to glass median %d ms, "
                "max %d ms" % (len(self.entries), self.held, peak / 1024, live / 1024,
                               allocated / 1024, statistics.median(shown), max(shown)))


def play(image: Path) -> Played:
    """The demo played on the board booted from ``image``, a power cut once Stage 3's second
    card (in/card-02) is read."""
    book = Book(str(ROOT / "build" / "pocket" / "tiles"))
    assert book.key is not None, "the pocket's tiles have no collection key"
    script, expected = pocket_script(book, cut_after="in/card-02")
    rig, lines, logs = boot(image, "POCKET WIN", GAME_S, steps=script)
    return Played(rig, lines, logs, expected)
