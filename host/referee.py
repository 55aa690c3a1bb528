"""The referee session: hub events in, journal entries and views out.

It turns what the sensors say (a tag tapped, a die face, a player's button) into rules
inputs, records each one in the journal before the hub gets its ACK, applies it to the
game, and builds the view the panel shows. The rules live in ``shared_rules``; this module
only translates.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from host import tags
from host.journal import Entry, MemoryJournal
from host.link import Received
from host.screens import View
from shared_rules.engine import Outcome, Refusal

PLAYER_BUTTONS = {"A": 0, "B": 1}  # the hub's two player buttons


@dataclass
class Reaction:
    """What one hub event did: the entry journalled and what to tell the players."""

    entry: Entry
    result: Outcome | Refusal | None
    note: str = ""


class TileBook:
    """Catalogue entries by id, and what the table knows of each tag."""

    def __init__(self, entries: list[dict]) -> None:
        self.entries = {e["id"]: e for e in entries}

    def entry_for(self, record_hex: str, uid: str | None = None) -> dict | None:
        """The entry a tag names (``uid`` is for books that check trust: host/registry.py)."""
        entry_id = tags.entry_id_of(record_hex)
        return self.entries.get(entry_id) if entry_id else None


class Referee:
    def __init__(self, new_game: Callable[[], Any], book: TileBook, title: str,
                 journal: MemoryJournal | None = None, players: tuple[str, ...] = ("P1", "P2")
                 ) -> None:
        self.new_game = new_game
        self.game = new_game()
        self.book = book
        self.title = title
        self.journal = journal if journal is not None else MemoryJournal()
        self.players = players
        self.names: dict[str, str] = {}  # tile key (tag UID) -> name on the tile
        self.seat = 0  # whose roster is being tapped during setup
        self.last: Outcome | Refusal | None = None
        self.note = ""
        for entry in self.journal.entries:
            if entry.accepted:
                self._apply(entry.target, entry.input)

    # --- events ----------------------------------------------------------------------

    def on_event(self, rcv: Received) -> Reaction:
        """Decide what a hub event means, apply it, journal it. The caller ACKs after.

        The rules change nothing on a refusal, so the input is applied first and taken
        back if the journal cannot be written: memory never runs ahead of the journal.
        """
        target, inp, note = self._translate(rcv.msg)
        result: Outcome | Refusal | None = None
        if inp is not None:
            result = self._apply(target, inp)
        accepted = result is not None and result.accepted
        entry = Entry(target if inp is not None else "none",
                      inp if inp is not None else (rcv.msg.kind,), accepted, rcv.boot, rcv.seq)
        try:
            self.journal.append(entry)
        except BaseException:
            if accepted:
                self._take_back(target)
            raise
        if result is not None:
            self.last = result
        self.note = note
        return Reaction(entry, result, note)

    def _translate(self, msg) -> tuple[str, tuple | None, str]:
        kind = msg.kind
        expect = self.game.legal_inputs().expect
        if kind == "TAP":
            entry = self.book.entry_for(msg.ndef, msg.uid)
            if entry is None:
                return "game", None, "Unknown tile: enroll it first"
            self.names[msg.uid] = entry["name"]
            if expect == "roster":
                return "game", ("add", self.seat, msg.uid, entry), ""
            return "game", ("tap", msg.uid), ""
        if kind == "DIE":
            state, faces = msg.result
            if state == "ROLLING":
                return "none", None, "Rolling..."
            if state == "CROOKED":
                return "none", None, "Die is crooked: roll again"
            return "game", ("roll", faces[0]), ""
        if kind == "BTN":
            player = PLAYER_BUTTONS.get(msg.button)
            if player is None:
                return "none", None, "Unknown button " + msg.button
            if msg.action == "long":
                return "referee", ("undo", player), ""
            if expect == "roster":
                if player != self.seat:
                    return "none", None, "%s is tapping tiles" % self.players[self.seat]
                if self.seat + 1 < len(self.players):
                    return "referee", ("seat", self.seat + 1), ""
                return "game", self._start_input(), ""
            return "game", ("end",), ""
        return "none", None, ""  # GONE: lifting a tile is not an input

    def _start_input(self) -> tuple:
        for _label, inp in self.game.legal_inputs().choices:
            if inp[0] == "start":
                return tuple(inp)
        return ("start", 0)

    def _apply(self, target: str, inp: tuple) -> Outcome | Refusal:
        if target == "game":
            result = self.game.apply(inp)
            if inp[0] == "add":
                self.names[inp[2]] = inp[3]["name"]
            return result
        if inp[0] == "undo":
            if not self.game.inputs:
                return Refusal("UNDO", "Nothing to undo", "play on")
            self.game.undo()
            return Outcome([("undo", {})])
        if inp[0] == "seat":
            self.seat = inp[1]
            return Outcome([("seat", {"player": inp[1]})])
        raise ValueError("unknown referee input %r" % (inp,))

    def _take_back(self, target: str) -> None:
        if target == "game":
            self.game.undo()
        else:
            self.seat = max(0, self.seat - 1)

    # --- views -----------------------------------------------------------------------

    def name(self, key: str | None) -> str:
        return self.names.get(key or "", key or "?")

    def view(self) -> View:
        legal = self.game.legal_inputs()
        last = self.last
        if legal.expect == "roster":
            return self._setup_view(last)
        turn = getattr(self.game, "turn", None)
        right = "%s's turn" % self.players[turn] if turn is not None else ""
        if isinstance(last, Refusal):
            return View(header=self.title, header_right=right,
                        lines=(last.message, last.instead), footer=legal.prompt,
                        kind="refused", inverted_footer=True)
        winner = last.find("winner") if isinstance(last, Outcome) else None
        if winner is not None:
            who = " & ".join(self.players[p] for p in winner["players"])
            return View(header=self.title, big=(who + " wins",),
                        lines=(self._battle_line(last) or "Game over",),
                        footer="Game over", kind="winner")
        battle = last.find("battle") if isinstance(last, Outcome) else None
        if battle is not None:
            return self._battle_view(right, battle)
        b = getattr(self.game, "battle", None)
        if b is not None:
            totals = self.game.totals()
            shown = tuple(str(totals[b[side]].value) if b["rolls"][i] else "?"
                          for i, side in enumerate(("attacker", "defender")))
            line = self.note or "%s vs %s" % (self.name(b["attacker"]),
                                              self.name(b["defender"]))
            return View(header=self.title, header_right=right, big=shown, lines=(line,),
                        footer=legal.prompt, kind="battle")
        attacker = last.find("attacker") if isinstance(last, Outcome) else None
        if self.note:
            line = self.note
        elif attacker is not None:
            line = "%s moved" % self.name(attacker["tile"])
        elif legal.expect == "defender":
            line = "Tap the next tile to battle, or press your button to end the turn"
        else:
            line = "Tap the tile that moved"
        return View(header=self.title, header_right=right, lines=(line,),
                    footer=legal.prompt, kind="turn")

    def _setup_view(self, last: Outcome | Refusal | None) -> View:
        count = [0] * len(self.players)
        for inp in self.game.inputs:
            if inp[0] == "add":
                count[inp[1]] += 1
        lines = ["  ".join("%s: %d tile%s" % (p, c, "" if c == 1 else "s")
                           for p, c in zip(self.players, count))]
        if isinstance(last, Refusal):
            lines = [last.message, last.instead]
        elif self.note:
            lines.insert(0, self.note)
        elif isinstance(last, Outcome) and last.find("added"):
            added = last.find("added")
            lines.insert(0, "%s for %s" % (added["name"], self.players[added["player"]]))
        footer = "%s: tap tiles, then %s" % (self.players[self.seat], "ABCDEF"[self.seat])
        return View(header=self.title + " setup", lines=tuple(lines), footer=footer,
                    kind="setup")

    def _battle_view(self, right: str, battle: dict) -> View:
        att, dfn = battle["attacker"], battle["defender"]
        totals = battle["totals"]
        winner = battle.get("winner")
        if winner is None:
            line = "Tie! Roll again" if not battle.get("void") else "Battle called off"
            breakdown = self.game.legal_inputs().prompt
        else:
            loser = dfn if winner == att else att
            line = "%s beats %s" % (self.name(winner), self.name(loser))
            breakdown = str(totals[winner])
        return View(header=self.title, header_right=right,
                    big=(str(totals[att].value), str(totals[dfn].value)),
                    lines=(line,), footer=breakdown, kind="battle")

    def _battle_line(self, last: Outcome) -> str:
        battle = last.find("battle")
        if battle is None or battle.get("winner") is None:
            return ""
        att, dfn = battle["attacker"], battle["defender"]
        t = battle["totals"]
        return "%s %d : %d %s" % (self.name(att), t[att].value, t[dfn].value, self.name(dfn))

    def transcript_lines(self) -> list[str]:
        from host.screens import text

        return text(self.view())
