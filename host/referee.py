"""The referee session: what the table does in, journal entries and views out.

It turns what the sensors say (a tag tapped, a die face, a player's button on the hub) and
what the referee's own buttons say (UP / DOWN / OK / BACK on the Pi) into rules inputs,
records each one in the journal before the hub gets its ACK, applies it to the game, and
asks the game's presenter for the view the panel shows. The rules live in ``shared_rules``;
this module only translates, for every game alike.

The session's state is the fold of the journal: game inputs go to the rules engine,
referee inputs (``("seat", n)``: the next player taps their roster; ``("undo",)``) are
kept here. Undo takes back the last accepted input of either kind by folding the others
again, so it is the same operation as recovering after a crash.

The Pi's buttons open a menu of what may be done now (the engine's ``choices``): UP/DOWN
move, OK does it, BACK closes; BACK held is undo. A player's button on the hub is the quick
way to say "yes" to the choice that is theirs (their pod, ending their turn, their roster
is complete).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from host import tags
from host.journal import Entry, MemoryJournal, standing_inputs
from host.link import Received
from host.screens import View
from shared_rules.engine import Outcome, Refusal

PLAYER_BUTTONS = {"A": 0, "B": 1}  # the hub's two player buttons
SEAT_BUTTONS = "AB"


@dataclass
class Reaction:
    """What one input did: the entry journalled and what to tell the players."""

    entry: Entry | None
    result: Outcome | Refusal | None
    note: str = ""

    @property
    def accepted(self) -> bool:
        return self.result is not None and self.result.accepted

    @property
    def won(self) -> bool:
        return self.accepted and self.result.find("winner") is not None  # type: ignore[union-attr]


class TileBook:
    """Catalogue entries by id, and what the table knows of each tag."""

    def __init__(self, entries: list[dict]) -> None:
        self.entries = {e["id"]: e for e in entries}

    def entry_for(self, record_hex: str, uid: str | None = None) -> dict | None:
        """The entry a tag names (``uid`` is for books that check trust: host/registry.py)."""
        entry_id = tags.entry_id_of(record_hex)
        return self.entries.get(entry_id) if entry_id else None


class Presenter(Protocol):
    """What a game needs beyond the generic translation: its views and its dice.

    Optional hooks a presenter may define (the referee looks them up):

    - ``tap_input(referee, uid, entry) -> tuple | None``: the input a tapped tag makes
      when a game needs more than ``("tap", uid)`` (the default, or ``("add", seat, uid,
      entry)`` during roster setup); None to ignore the tap.
    - ``tick(referee, now) -> tuple | None``: an input that time makes (a timer that ran
      out); the loop calls ``Referee.on_tick`` about every 100 ms and it is journalled
      like any other input.
    - ``button_input(referee, player, action) -> tuple | str | None``: what a player's
      hub button means in a game whose buttons say more than "yes, mine" (HeroScape's
      height for either side): an input, a note (nothing to apply), or None for the
      generic meaning.
    - ``more_choices(referee) -> list[(label, input)]``: menu lines the engine's
      ``choices`` leave out but the table needs (Invocations' Shields and recorded
      effects); appended after them.
    - ``commands(referee) -> list[tuple]``: hub commands the game needs now, such as
      ``("ROLL", n)`` for n virtual dice; the loop sends what ``Referee.drain_commands``
      returns after each input.
    """

    title: str

    def view(self, referee: Referee) -> View: ...

    def roll_input(self, faces: tuple[int, ...]) -> tuple: ...


class Referee:
    def __init__(self, new_game: Callable[[], Any], book: TileBook, presenter: Presenter,
                 journal: MemoryJournal | None = None,
                 players: tuple[str, ...] = ("P1", "P2")) -> None:
        self.new_game = new_game
        self.game = new_game()
        self.book = book
        self.presenter = presenter
        self.journal = journal if journal is not None else MemoryJournal()
        self.players = players
        self.names: dict[str, str] = {}  # tile key (tag UID) -> name on the tile
        self.seat = 0  # whose roster is being tapped during setup
        self.applied: list[tuple[str, tuple]] = []  # accepted inputs, undo taken into account
        self.last: Outcome | Refusal | None = None
        self.menu_open = False
        self.cursor = 0
        self.restored_winner: dict | None = None  # the winner event the journal ends on
        self._restore()

    @property
    def title(self) -> str:
        return self.presenter.title

    def legal(self):
        return self.game.legal_inputs()

    # --- hub events ------------------------------------------------------------------

    def on_event(self, rcv: Received) -> Reaction:
        """A hub event: decide what it means, apply it, journal it. The caller ACKs after,
        whatever it meant: even an event that changes nothing is journalled, so the
        journal knows how far the hub's numbering has been taken."""
        target, inp, note = self._translate(rcv.msg)
        # An event that is no input is journalled as what it was (kind, tag UID if any).
        uid = getattr(rcv.msg, "uid", None) if rcv.msg.kind in ("TAP", "GONE") else None
        what = (rcv.msg.kind, uid) if uid else (rcv.msg.kind,)
        return self._record(target, inp, note, rcv.boot, rcv.seq, what)

    def _translate(self, msg) -> tuple[str, tuple | None, str]:
        kind = msg.kind
        if kind == "TAP":
            entry = self.book.entry_for(msg.ndef, msg.uid)
            if entry is None:
                return "game", None, "Unknown tile: enroll it with hexref enroll"
            self.names[msg.uid] = entry["name"]
            custom = getattr(self.presenter, "tap_input", None)
            if custom is not None:
                return "game", custom(self, msg.uid, entry), ""
            if self.legal().expect == "roster":
                return "game", ("add", self.seat, msg.uid, entry), ""
            return "game", ("tap", msg.uid), ""
        if kind == "DIE":
            state, faces = msg.result
            if state == "ROLLING":
                return "none", None, "Rolling..."
            if state == "CROOKED":
                return "none", None, "Die is crooked: roll again"
            return "game", self.presenter.roll_input(faces), ""
        if kind == "BTN":
            player = PLAYER_BUTTONS.get(msg.button)
            if player is None or player >= len(self.players):
                return "none", None, "Unknown button " + msg.button
            custom = getattr(self.presenter, "button_input", None)
            said = custom(self, player, msg.action) if custom is not None else None
            if said is not None:  # an input, or a note when the press asks for none
                return ("game", said, "") if isinstance(said, tuple) else ("none", None, said)
            if msg.action == "long":
                return "none", None, "To undo, hold BACK on the referee"
            return self._player_button(player)
        return "none", None, ""  # GONE: lifting a tile is not an input

    def _player_button(self, player: int) -> tuple[str, tuple | None, str]:
        legal = self.legal()
        if legal.expect == "roster":
            if player != self.seat:
                return "none", None, "%s is tapping tiles" % self.players[self.seat]
            return self._roster_done()
        for _label, inp in legal.choices:
            if inp[0] == "pod" and inp[1] == player:
                return "game", tuple(inp), ""
        if legal.actor == player:
            for _label, inp in legal.choices:
                if inp[0] in ("end", "start"):
                    return "game", tuple(inp), ""
            return "game", ("end",), ""  # the engine says why not
        who = self.players[legal.actor] if legal.actor is not None else "nobody"
        return "none", None, "It is %s's move" % who

    def _roster_done(self) -> tuple[str, tuple, str]:
        if self.seat + 1 < len(self.players):
            return "referee", ("seat", self.seat + 1), ""
        for _label, inp in self.legal().choices:
            if inp[0] == "start":
                return "game", tuple(inp), ""
        return "game", ("start", 0), ""

    # --- time and the hub's commands -------------------------------------------------

    def on_tick(self, now: float) -> Reaction | None:
        """Let time act (a game's timers); None when it had nothing to say."""
        tick = getattr(self.presenter, "tick", None)
        inp = tick(self, now) if tick is not None else None
        if inp is None:
            return None
        return self._record("game", tuple(inp), "", None, None, ("TICK",))

    def drain_commands(self) -> list[tuple]:
        """Hub commands the game wants sent now (each is asked for once)."""
        want = getattr(self.presenter, "commands", None)
        return list(want(self)) if want is not None else []

    # --- the referee's own buttons ---------------------------------------------------

    def on_press(self, button: str, action: str) -> Reaction:
        """UP / DOWN / OK / BACK on the Pi (``action``: "press" or "long")."""
        if button == "BACK" and action == "long":
            self.menu_open = False
            return self._record("referee", ("undo",), "", None, None, ("BACK",))
        menu = self.menu()
        if button in ("UP", "DOWN"):
            if not menu:
                return Reaction(None, None, "Nothing to choose now")
            if self.menu_open:
                step = 1 if button == "DOWN" else -1
                self.cursor = (self.cursor + step) % len(menu)
            else:
                self.menu_open, self.cursor = True, 0
            return Reaction(None, None)
        if button == "OK":
            if not menu:
                return Reaction(None, None, "Nothing to choose now")
            if not self.menu_open:
                self.menu_open, self.cursor = True, 0
                return Reaction(None, None)
            _label, target, inp = menu[min(self.cursor, len(menu) - 1)]
            self.menu_open = False
            return self._record(target, inp, "", None, None, ("OK",))
        if button == "BACK":
            self.menu_open = False
            return Reaction(None, None)
        return Reaction(None, None, "Unknown button " + button)

    def menu(self) -> list[tuple[str, str, tuple]]:
        """What the Pi's menu offers now: (label, target, input)."""
        legal = self.legal()
        if legal.expect == "roster":
            return [("%s done" % self.players[self.seat],) + self._roster_done()[:2]]
        items = [(label, "game", tuple(inp)) for label, inp in legal.choices]
        more = getattr(self.presenter, "more_choices", None)
        if more is not None:
            items += [(label, "game", tuple(inp)) for label, inp in more(self)]
        return items

    # --- journal and state -----------------------------------------------------------

    def _restore(self) -> None:
        """Rebuild the session from its journal in one fold: undos are resolved over the
        entries first, then every input that still stands is applied once. ``last`` (what
        the screens show of the latest input) comes out as play left it."""
        kept, undone = standing_inputs(self.journal.entries)
        result: Outcome | Refusal | None = None
        for target, inp in kept:
            result = self._apply(target, inp)
        # The input that still stands last decides whether the journal holds a won game.
        self.restored_winner = result.find("winner") if isinstance(result, Outcome) else None
        final = next((e for e in reversed(self.journal.entries) if e.target != "none"), None)
        if final is None:
            return
        if not final.accepted:
            self.last = self._apply(final.target, final.input)  # refused again: no change
        elif undone is not None:
            self.last = Outcome([("undo", {"input": list(undone[1])})])
        else:
            self.last = result


    def apply_entry(self, entry: Entry) -> Reaction:
        """Apply a journal entry as it was taken at the table (replay, restore)."""
        return self._record(entry.target, entry.input, "", entry.boot, entry.seq,
                            tuple(entry.input))

    def _record(self, target: str, inp: tuple | None, note: str, boot: str | None,
                seq: int | None, what: tuple) -> Reaction:
        """Apply, then journal; memory never runs ahead of the journal (a failed write
        takes the input back before the error goes on)."""
        result: Outcome | Refusal | None = None
        if inp is not None:
            result = self._apply(target, inp)
        accepted = result is not None and result.accepted
        entry = Entry(target if inp is not None else "none",
                      inp if inp is not None else what, accepted, boot, seq)
        try:
            self.journal.append(entry)
        except BaseException:
            if accepted:
                self._refold()  # an undo is taken back by folding, like any input
            raise
        if result is not None:
            self.last = result
        return Reaction(entry, result, note)

    def _apply(self, target: str, inp: tuple) -> Outcome | Refusal:
        if target == "game":
            result = self.game.apply(inp)
            if result.accepted:
                self.applied.append((target, inp))
                if inp[0] == "add":
                    self.names[inp[2]] = inp[3]["name"]
            return result
        if inp[0] == "undo":
            if not self.applied:
                return Refusal("UNDO", "Nothing to undo", "play on")
            undone = self._take_back()
            return Outcome([("undo", {"input": list(undone[1])})])
        if inp[0] == "seat":
            if self.legal().expect != "roster" or inp[1] != self.seat + 1:
                return Refusal("SETUP", "Not setting up rosters", "play on")
            self.seat = inp[1]
            self.applied.append((target, inp))
            return Outcome([("seat", {"player": inp[1]})])
        raise ValueError("unknown referee input %r" % (inp,))

    def _refold(self) -> None:
        """The state as the journal has it (the restore's fold), after a write that failed;
        what the screens show of the latest input stays."""
        last = self.last
        self.game = self.new_game()
        self.applied = []
        self.seat = 0
        self._restore()
        self.last = last

    def _take_back(self) -> tuple[str, tuple]:
        """Undo the last accepted input by folding all the others again."""
        last = self.applied.pop()
        kept = self.applied
        self.applied = []
        self.seat = 0
        self.game.replay([inp for target, inp in kept if target == "game"])
        self.applied = kept
        for target, inp in kept:
            if target == "referee" and inp[0] == "seat":
                self.seat = inp[1]
        return last

    # --- views -----------------------------------------------------------------------

    def name(self, key: str | None) -> str:
        return self.names.get(key or "", key or "?")

    def message_for(self, reaction: Reaction) -> tuple[str, View] | None:
        """The message an input leaves on the panel (host/messages.py kinds): a refusal
        says what was wrong and what to do; a note ("Rolling...", "Unknown tile") passes.
        The game's own screen never shows them, so a message's hold is the only clock."""
        from host import screens

        result = reaction.result
        if isinstance(result, Refusal):
            return "refused", screens.refused(self.title, result.message,
                                              result.instead or self.legal().prompt,
                                              result.rule)
        if reaction.note:
            # A passing word rides in the footer: the board stays as it was.
            return "note", replace(self.view(), footer=reaction.note, inverted_footer=True)
        return None

    def view(self) -> View:
        """The game's screen; with the menu open, its footer is the choice under the
        cursor (UP/DOWN turn it, OK does it): the board stays in sight while choosing,
        and the panel redraws one line, not the whole screen."""
        base = self.presenter.view(self)
        if self.menu_open:
            menu = self.menu()
            if menu:
                i = min(self.cursor, len(menu) - 1)
                return replace(base, footer="%d/%d %s" % (i + 1, len(menu), menu[i][0]),
                               inverted_footer=True)
        return base
