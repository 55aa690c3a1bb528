"""A table for HeroScape with virtual dice (HS-6) on the emulated pocket board, for
tests/pico/pocket_games.py (issue 31, item 3).

Its faces come from the board's own random source, so no script written beforehand plays
it to a winner: this table plays a step, then waits for the board to say what it made of
it (its POCKET ENTRY lines, on the board's clock: it rides on the rig as a ``watcher``,
firmware/sim/emulated_pico/rig.py), and only then chooses the next one. Beside it runs a
twin of the board's session (shared_rules/core/session.py, on the board's own rules, as
tests/pico/pocket_table.py's ``Game``), told each step as it is played and each roll's
faces as the board journalled them; what the twin expects next (its ``legal()``) is what
the players do next:

- setup: the demo table's (host/games/heroscape/demo.py): the Zettian Guards tapped and
  taken by P1 (UP), Mimring by P2 (DOWN), which starts the battle;
- a roll (initiative, HS-3; attack and defense, HS-6): the roller presses their button,
  and the board rolls their dice;
- a card (HS-4): the player's card tapped; a target: the other player's;
- the height (HS-6): the attacker presses their button (their figure stands higher).

Each tile is lifted once its tap is journalled, each step played once the board has said
every entry the twin journalled for the one before (and the roll a roller's press asked),
so the board's order is the table's whatever the board's pace. Once ``cut_after`` entries
are said, between two attacks, the board is reset (the power cut): it restores the game
from its flash and the table goes on once it says so. The board's random bits come from
the rig's ``seed``: the same seed plays the same game again.
"""
from __future__ import annotations

import json

from pocket_table import Journal

from firmware.pocket.book import Book
from host.app.pocket_demo import (
    FIRST_MS,
    MENU_MS,
    PLAYER_BUTTON,
    POCKET,
    board_menu,
    listed,
    menu_presses,
    table_steps,
)
from shared_rules import games
from shared_rules.core.session import PLAYER_BUTTONS, Session
from shared_rules.protocol.events import TableEvent

VARIANT, DEMO = "heroscape-virtual", "heroscape"  # the demo table's cards and setup
STEP_MS = 250  # a step after the board said the last one's entries (a tile rests as long)
POCKET_BUTTON = {player: PLAYER_BUTTON[hub] for hub, player in PLAYER_BUTTONS.items()}


class FollowTheDice:
    """The players of a HeroScape game with virtual dice on the pocket, as the rig's
    ``watcher``: ``steps`` (the menu's presses, to begin with), ``twin`` (the Pi's session
    for the same table), ``expected`` (what the board must journal, as
    pocket_table.journalled reads it), ``rolls`` (each roll the board made: the dice asked,
    its faces, taken or not), ``winners`` once the twin has them, ``waiting`` (what the
    table waits for, said if the game stops)."""

    def __init__(self, cut_after: int, seed: int, book: Book | None = None,
                 players: int = 2) -> None:
        self.seed = seed  # the board's random bits (the rig's): said with what goes wrong
        self.book = book or Book(str(POCKET / "tiles"))
        assert self.book.key is not None, "the pocket's tiles have no collection key"
        descriptor, kind = games.find(VARIANT)
        seats = descriptor.seats(players)
        self.twin = Session(lambda: descriptor.engine(kind, seats), self.book, Journal(), seats)
        self.dice = descriptor.dice(kind)
        menu = listed(POCKET)
        assert any(kind[1] == VARIANT for _family, kinds in menu["games"] for kind in kinds), \
            "%s is not on the pocket's menu (build/pocket/screens/games.json)" % VARIANT
        self.steps = [{"do": "press", "button": b, "after": MENU_MS}
                      for b in menu_presses(board_menu(menu), VARIANT, "en", players)]
        demo = table_steps(DEMO, self.book.key)
        first_roll = next(i for i, step in enumerate(demo) if step["do"] == "roll")
        # Its taps and presses: this table lifts each tile itself, once its tap is said.
        self.setup = [dict(step) for step in demo[:first_roll] if step["do"] != "lift"]
        self.records = {step["uid"]: step["record"] for step in demo if step["do"] == "place"}
        self.cut_after = cut_after
        self.cutting = False  # the reset asked; the table waits for the board's restore
        self.restored: list[int] = []  # entries the board restored at each boot after a cut
        self.said = 0  # entries the board said (its journal's count)
        self.rolls_owed = 0  # the rolls a roller's press asked and the board has not said
        self.rolls: list[tuple[int, list[int], bool]] = []
        self.on_reader: str | None = None
        self.playing = False
        self.winners: list[int] = []
        self.waiting = "the game to be chosen in the menu"

    # --- what the board says ------------------------------------------------------------

    def line(self, rig, text: str) -> None:
        words = text.split(" ", 8)
        if text.startswith("POCKET PLAY %s " % VARIANT):
            self.playing = True
            self._next(rig, FIRST_MS)
        elif text.startswith("POCKET RESTORED %s " % VARIANT) and self.cutting:
            self.cutting = False
            self.restored.append(int(words[3]))
            self.said = int(words[3])
            self._next(rig, FIRST_MS)
        elif text.startswith("POCKET ENTRY ") and self.playing:
            self.said = int(words[2])
            if words[3] == "game" and words[8].startswith('["roll"'):
                self._rolled(json.loads(words[8])[1], words[4] == "1")
            self._compare(words)
            self._next(rig, STEP_MS)

    def _rolled(self, faces: list[int], taken: bool) -> None:
        """A roll the board made: the twin takes the same faces. Raised here (the rig
        stops the board and the test says it), not after a game that cannot go on: a roll
        nobody asked, or not of the dice the rules ask, or not taken."""
        legal = self.twin.legal()
        self.rolls.append((legal.dice, faces, taken))
        if not self.rolls_owed or not taken or len(faces) != legal.dice \
                or not all(1 <= face <= 6 for face in faces):
            raise AssertionError("seed %d: the board rolled %r (%s) where the Pi's session "
                                 "expects %s" % (self.seed, faces,
                                                 "taken" if taken else "refused", self.waiting))
        self.rolls_owed -= 1
        self._react(self.twin.on_event(TableEvent("DIE", die="FACE", faces=tuple(faces))))

    def _compare(self, words: list[str]) -> None:
        """The board's entry is the twin's, as soon as the board says it."""
        n = int(words[2])
        entries = self.twin.journal.entries
        want = entries[n - 1] if n <= len(entries) else None
        said = (words[3], words[4] == "1", words[8].split("{")[0])
        if want is None or said != (want.target, want.accepted,
                                    json.dumps(list(want.input))[:60].split("{")[0]):
            raise AssertionError("seed %d: the board's entry %d is %r, the Pi's session's %r"
                                 % (self.seed, n, said,
                                    want and (want.target, want.accepted, want.input)))

    # --- what the players do ------------------------------------------------------------

    def _next(self, rig, after: int) -> None:
        """The next step, once the board has said all the twin journalled and the rolls
        asked (and has come back from the cut)."""
        if self.cutting or self.rolls_owed or self.said < len(self.twin.journal.entries) \
                or self.winners:
            return
        if self.on_reader is not None:
            step = {"do": "lift", "after": STEP_MS}
        elif self.said >= self.cut_after and not self.restored and \
                self.twin.legal().expect in ("card", "target"):
            self.cutting = True
            self.waiting = "the board to restore the game after the cut"
            rig.script.steps.append({"do": "reset", "after": STEP_MS})
            return
        else:
            step = self._choose()
            step["after"] = after
        self._play(step)
        rig.script.steps.append(step)

    def _choose(self) -> dict:
        """What the players do for what the twin expects now."""
        if self.setup:
            return self.setup.pop(0)
        twin = self.twin
        legal = twin.legal()
        if legal.expect == "roll":
            return {"do": "press", "button": POCKET_BUTTON[legal.roll_by]}
        if legal.expect in ("card", "target"):
            uid = sorted(legal.tiles)[0]
            return {"do": "place", "uid": uid, "record": self.records[uid]}
        if legal.expect == "height":
            return {"do": "press", "button": POCKET_BUTTON[legal.actor]}
        raise AssertionError("the table has nothing to do for %r" % (legal,))

    def _play(self, step: dict) -> None:
        """The twin hears the step as the board's session will (firmware/pocket/main.py:
        UP and DOWN are the players' buttons, the referee's menu closed)."""
        twin = self.twin
        if step["do"] == "place":
            self.on_reader = step["uid"]
            reaction = twin.on_event(TableEvent("TAP", uid=step["uid"], record=step["record"]))
        elif step["do"] == "lift":
            reaction = twin.on_event(TableEvent("GONE", uid=self.on_reader))
            self.on_reader = None
        else:
            hub = next(h for h, p in PLAYER_BUTTONS.items() if POCKET_BUTTON[p] == step["button"])
            reaction = twin.on_event(TableEvent("BTN", button=hub, action="press"))
        self.waiting = "the board's entry %d (after %r)" % (len(twin.journal.entries), step)
        self._react(reaction)

    def _react(self, reaction) -> None:
        for command in self.dice.asked(self.twin.legal(), reaction):
            if command[0] == "ROLL":
                self.rolls_owed += 1
                self.waiting = "the board's roll of %d dice" % command[1]
        if reaction.won:
            self.winners = list(reaction.result.find("winner")["players"])

    @property
    def expected(self) -> list[tuple]:
        return [(e.target, e.accepted, json.dumps(list(e.input))[:60].split("{")[0])
                for e in self.twin.journal.entries if e.target != "none"]

    # --- the rest of a watcher's part: no power cut of its own, nothing to play again ---

    def played(self, rig, step: tuple) -> None:
        pass

    def flash_op(self, rig, op: int, addr: int) -> None:
        return None

    def cut(self, rig, what: str) -> None:
        pass

    def back(self, rig) -> list[dict]:
        return []
