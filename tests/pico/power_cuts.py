"""Power cuts on the emulated pocket board, and the Pi's session for the same table.

A ``PowerCuts`` watcher rides on firmware/sim/emulated_pico/rig.py's board (``watcher=``). Its plan says
what to cut, in order: ``"program"`` (the power goes while the flash chip programs a page),
``"erase"`` (while it erases a sector) or ``"any"`` (at a random board time, whatever the
board is doing). Each cut is armed after a game step drawn from the seed (or the one the
plan names: ``("any", step)``, game steps counted from 1), then lands on the next program
or erase the board begins (or the one after it, or the one after that: drawn too, or named:
``("program", step, skip)``) at a random point of its busy time, or at a random moment up
to 0.7 s later. A seed drives every draw, and the board's own random bits (``Rig(seed=)``).

Alongside, it keeps the Pi's session for the same table (host/session/adapter.Referee, the
Pi's own, with its memory journal): each event the board's hub will see, from each step the
table plays (a tile on the reader is a TAP, lifted a GONE, a throw ROLLING then its FACE, UP
and DOWN the players' buttons A and B, BACK held the referee's undo). After a cut, once the
board runs again, it hears how many entries the board restored (``POCKET RESTORED``), cuts
the Pi's journal to as many and folds it again (the Pi's restore), keeps the board's panel
and the Pi's screen for that journal, and gives the table back what the players see was
lost: a throw or a press whose input the board never kept is made again; a tile still
resting on the reader is read again by the board, which the Pi's session is told too.
"""
from __future__ import annotations

import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from rigs.panel_ram import page_bytes  # noqa: E402

from host.devices.panel import render  # noqa: E402
from host.games.descriptor import game as kind_of  # noqa: E402
from host.session.adapter import Referee  # noqa: E402
from host.storage.journal import MemoryJournal  # noqa: E402
from shared_rules.games.hexors.engine import HexorsGame  # noqa: E402
from shared_rules.protocol.events import TableEvent  # noqa: E402

VARIANT = "jl-collector"
PLAYER_BUTTON = {"UP": "A", "DOWN": "B"}  # the pocket's UP and DOWN, menu closed
PROGRAM, ERASES = 0x02, (0x20, 0x52, 0xD8)
FLASH_US = {0x02: 400, 0x20: 45000, 0x52: 120000, 0xD8: 150000}  # firmware/sim/emulated_pico/board.mjs
ANY_WITHIN_MS = 700


class Restore:
    """One cut and the boot after it, as the test reads them back."""

    def __init__(self, kind: str, acked: int, restored: int, panel: bytes, pi: bytes,
                 lost: list, again: list) -> None:
        self.kind = kind
        self.acked = acked  # entries the board had said (POCKET ENTRY) before the cut
        self.restored = restored  # entries it folded at the next boot (POCKET RESTORED)
        self.panel = panel  # the panel's RAM once it runs again
        self.pi = pi  # the Pi's screen for the same journal
        self.lost = lost  # the steps whose events the board had not kept
        self.again = again  # the steps the table played again
        self.landed = ""  # what the flash chip was doing when the power went


class PowerCuts:
    def __init__(self, seed: int, plan: list, book, game_steps: int, menu_steps: int = 3) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.book = book
        self.menu_steps = menu_steps  # the game menu's presses: no table events
        self.played_steps = 0
        self.pi = Referee(self._new_game, book)
        self.origin: list[tuple] = []  # the step each of the Pi's entries came from
        self.on_reader: tuple | None = None  # the tile resting on the reader (its step)
        # Each cut: (kind, the game step after which it is armed, flash ops to let pass).
        self.plan = []
        for item in plan:
            item = (item,) if isinstance(item, str) else tuple(item)
            kind, step, skip = item + (None,) * (3 - len(item))
            if step is None:
                step = self.rng.randrange(2, game_steps - 3)
            if skip is None:
                skip = self.rng.randrange(3)
            self.plan.append((kind, menu_steps + step, skip))
        self.plan.sort(key=lambda p: p[1])
        self.planned = list(self.plan)
        self.armed: tuple | None = None
        self.landed = ("?", "")  # the last cut: its kind, what the flash was doing
        self.restores: list[Restore] = []
        self.lines: list[str] = []  # the board's, as the rig heard them
        self.acked = 0  # the last entry the board said
        self.cut_acked: int | None = None  # the last it had said when the power went
        self.restored: tuple | None = None  # (said, restored, panel) once it has come back

    @staticmethod
    def _new_game():
        return HexorsGame(variant=VARIANT, players=2)

    def describe(self) -> str:
        return "seed %d: %s" % (self.seed, ", ".join(
            "%s after game step %d (skip %d)" % (k, s - self.menu_steps, n)
            for k, s, n in self.planned))

    # --- what the board says on its USB line, as it reaches the computer ---------------

    def line(self, rig, text: str) -> None:
        """A line of the board's: its entries said, and after a cut what it restored (the
        panel kept as it was then: the restored screen, before this boot's first event)."""
        self.lines.append(text)
        words = text.split()
        if text.startswith("POCKET ENTRY "):
            self.acked = int(words[2])
        elif text.startswith("POCKET RESTORED "):
            self.acked = int(words[3])
            if self.cut_acked is not None:
                self.restored = (self.cut_acked, int(words[3]), rig.panel.frame())
                self.cut_acked = None
        elif text.startswith("POCKET MENU ") and self.cut_acked is not None:
            self.restored = (self.cut_acked, 0, rig.panel.frame())  # the game lost: said
            self.cut_acked = None

    # --- the rig's side ----------------------------------------------------------------

    def played(self, rig, step: tuple) -> None:
        """A step the table played: the Pi's session hears the events it makes."""
        self.played_steps += 1
        if self.played_steps <= self.menu_steps:
            return
        self._table(step)
        # Armed once its step is played (or later, if the cut before it is still pending).
        if self.plan and self.plan[0][1] <= self.played_steps and self.armed is None:
            kind, _step, skip = self.plan.pop(0)
            self.armed = (kind, skip)
            if kind == "any":
                at = rig.clock.us() + self.rng.randrange(10_000, ANY_WITHIN_MS * 1000)
                rig.later(rig.clock.now, rig.cut_at(at))

    def _table(self, step: tuple) -> None:
        pi = self.pi
        before = len(pi.journal.entries)
        if step[0] == "place":
            self.on_reader = step
            pi.on_event(TableEvent("TAP", uid=step[1], record=step[2]))
        elif step[0] == "lift":
            if self.on_reader is not None:
                pi.on_event(TableEvent("GONE", uid=self.on_reader[1]))
            self.on_reader = None
        elif step[0] == "roll":
            pi.on_event(TableEvent("DIE", die="ROLLING"))
            pi.on_event(TableEvent("DIE", die="FACE", faces=(step[1],)))
        elif step[0] == "press":
            pi.on_event(TableEvent("BTN", button=PLAYER_BUTTON[step[1]], action="press"))
        elif step[0] == "long" and step[1] == "BACK":
            pi.on_press("BACK", "long")
        else:
            raise ValueError("the Pi's table has no step %r" % (step,))
        self.origin += [step] * (len(pi.journal.entries) - before)

    def flash_op(self, rig, op: int, addr: int) -> str:
        """The board's flash chip begins a program or an erase: the armed cut lands in it."""
        if self.armed is None or self.armed[0] == "any":
            return "."
        kind, skip = self.armed
        if (kind == "program") != (op == PROGRAM):
            return "."
        if skip:
            self.armed = (kind, skip - 1)
            return "."
        busy = FLASH_US[op]
        return rig.cut_at(rig.clock.us() + 1 + self.rng.randrange(busy - 2))

    def cut(self, rig, what: str) -> None:
        """The power went: nothing more is cut until the board runs again."""
        self.landed = (self.armed[0] if self.armed is not None else "?", what)
        self.armed = None
        if self.on_reader is not None:
            # The panel goes dark and the player takes the tile back: whatever of it the
            # board kept, it is played again in its turn (back()), not read first at boot
            # before a press the board lost (seed 8: an attacker read as a roster tile).
            rig.pn532.lift()
            self.on_reader = None
        self.cut_acked = self.acked
        self.restored = None

    def back(self, rig) -> list[dict] | None:
        """The board runs again after a cut: the Pi's journal cut to what the board kept
        and folded again; the steps the players make again (None until the board has said
        what it restored)."""
        if self.restored is None:
            return None
        acked, restored, frame = self.restored
        self.restored = None
        kind, landed = self.landed
        # Said at once (the run ends with it), not after a game that cannot go on.
        if not acked <= restored <= acked + 1:
            raise AssertionError("cut %d (%s, the flash %s; %s): %d entries said, %d restored"
                                 % (len(self.restores) + 1, kind, landed, self.describe(),
                                    acked, restored))
        entries = list(self.pi.journal.entries)
        lost_steps = []
        for step in self.origin[restored:]:
            if step not in lost_steps:
                lost_steps.append(step)
        journal = MemoryJournal()
        journal.entries = entries[:restored]
        self.pi = Referee(self._new_game, self.book, journal=journal)
        self.origin = self.origin[:restored]
        pi_screen = page_bytes(render(kind_of(VARIANT).presenter().screen(self.pi.seen())))
        again: list[dict] = []
        for step in lost_steps:
            if step[0] == "roll":
                again.append({"do": "roll", "face": step[1], "after": 300})
            elif step[0] in ("press", "long"):
                again.append({"do": step[0], "button": step[1], "after": 300})
            elif step[0] == "place" and step != self.on_reader:
                again += [{"do": "place", "uid": step[1], "record": step[2], "after": 300},
                          {"do": "lift", "after": 500}]
        record = Restore(kind, acked, restored, frame, pi_screen, lost_steps,
                         again)
        record.landed = landed
        self.restores.append(record)
        # Played again: the Pi hears them through played() as the table plays them.
        self.played_steps -= len(again)
        return again
