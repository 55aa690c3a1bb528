"""The referee session: what the table does in, journal entries and views out.

It turns what the table does (a tag tapped, a die face, a player's button on the hub, as
plain ``TableEvent`` data: host/common/events.py) and what the referee's own buttons say (UP /
DOWN / OK / BACK on the Pi) into rules inputs, records each one in the journal before the
hub gets its ACK, applies it to the game, and asks the game's hooks (``Hooks``)
for the hub commands and timers it needs. It knows neither the wire (the link decodes
frames) nor the screens: a game's presenter (host/games/presenter.py) draws what the
session holds, and the app puts it on the panel; the rules live in ``shared_rules``.

What an event means is the rules engine's answer (``Game.input_for``): a tapped entry,
whose button, a die face in; an input, a note or "the generic meaning" out.

The session's state is the fold of the journal: game inputs go to the rules engine,
referee inputs (``("seat", n)``: the next player taps their roster; ``("undo",)``) are
kept here. Undo takes back the last accepted input of either kind by folding the others
again, so it is the same operation as recovering after a crash. Each entry says who did
what: an input names its player where it has one, and an event that is no input is
journalled as what it was (``("BTN", "A", "press")``, ``("TAP", uid)``, ``("DIE",
"CROOKED")``). Nothing else is kept: a referee rebuilt from the journal shows the same
screen and answers the next event the same way (tests/test_rebuilt_equals_live.py). Only
the menu's cursor is not journalled: it is where a hand is, not what the table did.

The Pi's buttons open a menu of what may be done now (the engine's ``choices``, then the
``records`` the table keeps by hand; both from ``legal_inputs()``): UP/DOWN
move, OK does it, BACK closes; BACK held is undo. A player's button on the hub is the quick
way to say "yes" to the choice that is theirs (their pod, ending their turn, their roster
is complete).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from host.common.events import TableEvent
from host.common.i18n import _
from host.session.clocks import Clocks
from host.storage import tags
from host.storage.journal import Entry, MemoryJournal, standing_inputs
from shared_rules import words
from shared_rules.engine import Outcome, Refusal


class Hooks:
    """No hub command and no timer: what most games need."""

    def opening_commands(self) -> list[tuple]:
        """Hub commands a game of this kind needs once opened (``("DIEMODE", "virtual")``);
        sent again after every restart, as a new hub may be listening."""
        return []

    def commands(self, referee: Referee, reaction: Reaction) -> list[tuple]:
        """Hub commands one reaction asks for, such as ``("ROLL", n)`` for n virtual dice;
        a function of the reaction and the referee, never of anything remembered."""
        return []

    def tick(self, referee: Referee, now: float) -> tuple | None:
        """An input that time makes (a timer that ran out), or None; the loop calls
        ``Referee.on_tick`` about every 100 ms and it is journalled like any other input.
        A clock is not game state: after a restart a running timer starts again."""
        return None

    def timers_ms(self, referee: Referee) -> dict[str, int]:
        """What the panel counts down: ms left on each running timer, by kind."""
        return {}


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
        """The entry a tag names (``uid`` is for books that check trust: host/storage/registry.py)."""
        entry_id = tags.entry_id_of(record_hex)
        return self.entries.get(entry_id) if entry_id else None


class Referee:
    def __init__(self, new_game: Callable[[], Any], book: TileBook, hooks: Hooks | None = None,
                 journal: MemoryJournal | None = None,
                 players: tuple[str, ...] = ("P1", "P2")) -> None:
        self.new_game = new_game
        self.game = new_game()
        self.book = book
        self.hooks = hooks if hooks is not None else Hooks()
        self.journal = journal if journal is not None else MemoryJournal()
        self.seats = players  # the game's own seat names, for a seat nobody named
        self.players = players  # as named at setup (a "name" input), else the seat's own
        self.names: dict[str, str] = {}  # tile key (tag UID) -> name on the tile
        self.seat = 0  # whose roster is being tapped during setup
        self.applied: list[tuple[str, tuple]] = []  # accepted inputs, undo taken into account
        self.last: Outcome | Refusal | None = None
        self.menu_open = False
        self.cursor = 0
        self.outbox: list[tuple] = list(self.hooks.opening_commands())
        self.clocks = Clocks()  # a game's running timers (not in the journal: host/session/clocks.py)
        self.restored_winner: dict | None = None  # the winner event the journal ends on
        self._restore()

    def legal(self):
        return self.game.legal_inputs()

    # --- hub events ------------------------------------------------------------------

    def on_event(self, event: TableEvent) -> Reaction:
        """A table event (host/common/events.py): decide what it means, apply it, journal it. The
        caller ACKs after, whatever it meant: even an event that changes nothing is
        journalled (as what it was, and whose), so the journal knows how far the hub's
        numbering has been taken."""
        target, inp, note = self._translate(event)
        reaction = self._record(target, inp, note, event.boot, event.seq, event.said())
        self.outbox += self.hooks.commands(self, reaction)
        return reaction

    def _translate(self, event: TableEvent) -> tuple[str, tuple | None, str]:
        kind = event.kind
        if kind == "TAP":
            entry = self.book.entry_for(event.record, event.uid)
            if entry is None:
                return "game", None, _("Unknown tile: enroll it with hexref enroll")
            return self._meaning(("tap", event.uid, entry))
        if kind == "DIE":
            state, faces = event.die, event.faces
            if state == "ROLLING":
                return "none", None, _("Rolling...")
            if state == "CROOKED":
                return "none", None, _("Die is crooked: roll again")
            return self._meaning(("roll", tuple(faces)))
        if kind == "BTN":
            player = PLAYER_BUTTONS.get(event.button)
            if player is None or player >= len(self.players):
                return "none", None, _("Unknown button %s") % event.button
            said = self._meaning(("button", player, event.action))
            if said[1] is not None or said[2]:
                return said
            if event.action == "long":
                return "none", None, _("To undo, hold BACK on the referee")
            return self._player_button(player)
        return "none", None, ""  # GONE: lifting a tile is not an input

    def _meaning(self, event: tuple) -> tuple[str, tuple | None, str]:
        """The rules engine's answer to a table event: an input, a note or nothing."""
        said = self.game.input_for(event, self.seat, tuple(self.players))
        if said is None:
            return "none", None, ""
        if isinstance(said, str):
            return "none", None, said
        return "game", tuple(said), ""

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
        return "none", None, _("It is %s's move") % who

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
        inp = self.hooks.tick(self, now)
        if inp is None:
            return None
        return self._record("game", tuple(inp), "", None, None, ("TICK",))

    def drain_commands(self) -> list[tuple]:
        """Hub commands the game wants sent now (each is asked for once)."""
        out, self.outbox = self.outbox, []
        return out

    # --- the referee's own buttons ---------------------------------------------------

    def on_press(self, button: str, action: str) -> Reaction:
        """UP / DOWN / OK / BACK on the Pi (``action``: "press" or "long")."""
        if button == "BACK" and action == "long":
            self.menu_open = False
            return self._record("referee", ("undo",), "", None, None, ("BACK",))
        menu = self.menu()
        if button in ("UP", "DOWN"):
            if not menu:
                return Reaction(None, None, _("Nothing to choose now"))
            if self.menu_open:
                step = 1 if button == "DOWN" else -1
                self.cursor = (self.cursor + step) % len(menu)
            else:
                self.menu_open, self.cursor = True, 0
            return Reaction(None, None)
        if button == "OK":
            if not menu:
                return Reaction(None, None, _("Nothing to choose now"))
            if not self.menu_open:
                self.menu_open, self.cursor = True, 0
                return Reaction(None, None)
            _label, target, inp = menu[min(self.cursor, len(menu) - 1)]
            self.menu_open = False
            return self._record(target, inp, "", None, None, ("OK",))
        if button == "BACK":
            self.menu_open = False
            return Reaction(None, None)
        return Reaction(None, None, _("Unknown button %s") % button)

    def name_seat(self, seat: int, name: str) -> Reaction:
        """Who sits at ``seat`` (from the config, or the phone): journalled like any input."""
        return self._record("referee", ("name", seat, name), "", None, None, ("NAME",))

    def menu(self) -> list[tuple[str, str, tuple]]:
        """What the Pi's menu offers now: (label, target, input)."""
        legal = self.legal()
        if legal.expect == "roster":
            return [(_("%s done") % self.players[self.seat],) + self._roster_done()[:2]] + \
                self._naming()
        return [(label, "game", tuple(inp)) for label, inp in legal.choices + legal.records]

    def _naming(self) -> list[tuple[str, str, tuple]]:
        """At setup, who sits at the seat whose roster is tapped: an owner the tile book
        knows (first the owners of the tiles this seat has tapped), or a guest (the seat
        keeps its own name and counts as nobody's)."""
        seat = self.seat
        owner_of = getattr(self.book, "owner_of", lambda uid: None)
        tapped = [owner_of(inp[2]) for _t, inp in self.applied
                  if inp[0] == "add" and len(inp) > 2 and inp[1] == seat]
        owners = list(dict.fromkeys([o for o in tapped if o] +
                                    getattr(self.book, "owners", lambda: [])()))
        items = [(_("%(seat)s is %(name)s") % {"seat": self.seats[seat], "name": owner},
                  "referee", ("name", seat, owner))
                 for owner in owners if owner not in self.players]
        if self.players[seat] != self.seats[seat]:
            items.append((_("%s is a guest") % self.seats[seat], "referee", ("name", seat, "")))
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
                self._learn_names(inp)
            return result
        if inp[0] == "undo":
            if not self.applied:
                return Refusal("UNDO", _("Nothing to undo"), _("play on"))
            undone = self._take_back()
            return Outcome([("undo", {"input": list(undone[1])})])
        if inp[0] == "name":
            return self._name(inp)
        if inp[0] == "seat":
            if self.legal().expect != "roster" or inp[1] != self.seat + 1:
                return Refusal("SETUP", _("Not setting up rosters"), _("play on"))
            self.seat = inp[1]
            self.applied.append((target, inp))
            return Outcome([("seat", {"player": inp[1]})])
        raise ValueError("unknown referee input %r" % (inp,))

    def _name(self, inp: tuple) -> Outcome | Refusal:
        """``("name", seat, name)``: who sits there, journalled like any input (and taken
        back by undo like one); given at setup, before play or while rosters are tapped. An
        empty name gives the seat its own name back (a guest)."""
        if len(inp) != 3 or not isinstance(inp[1], int) or not 0 <= inp[1] < len(self.seats):
            return Refusal("SETUP", _("No such seat"), _("play on"))
        name = " ".join(inp[2].split()) if isinstance(inp[2], str) else None
        if name is None or len(name) > 40 or not name.isprintable():
            return Refusal("SETUP", _("A name is a few letters, like Sam"), _("play on"))
        playing = any(t == "game" for t, _i in self.applied)
        if playing and self.legal().expect != "roster":
            return Refusal("SETUP", _("Seats are named at setup"), _("play on"))
        self._seat_named(inp[1], name)
        self.applied.append(("referee", inp))
        return Outcome([("named", {"player": inp[1], "name": self.players[inp[1]]})])

    def _seat_named(self, seat: int, name: str) -> None:
        players = list(self.players)
        players[seat] = " ".join(name.split()) or self.seats[seat]
        self.players = tuple(players)

    def _refold(self) -> None:
        """The state as the journal has it (the restore's fold), after a write that failed;
        what the screens show of the latest input stays."""
        last = self.last
        self.game = self.new_game()
        self.applied = []
        self.seat = 0
        self.names = {}
        self.players = self.seats
        self._restore()
        self.last = last

    def _learn_names(self, inp: tuple) -> None:
        """A tile's name, from an input that carries its catalogue entry after its key
        (``("add", seat, uid, entry)``, ``("card", player, uid, entry)``): the journal
        holds it, so a rebuilt referee knows the same names."""
        for i in range(1, len(inp) - 1):
            if isinstance(inp[i], str) and isinstance(inp[i + 1], dict) \
                    and "name" in inp[i + 1]:
                self.names[inp[i]] = words.name(inp[i + 1])

    def _take_back(self) -> tuple[str, tuple]:
        """Undo the last accepted input by folding all the others again."""
        last = self.applied.pop()
        kept = self.applied
        self.applied = []
        self.seat = 0
        self.names = {}
        self.players = self.seats
        self.game.replay([inp for target, inp in kept if target == "game"])
        self.applied = kept
        for target, inp in kept:
            if target == "referee" and inp[0] == "seat":
                self.seat = inp[1]
            elif target == "referee" and inp[0] == "name":
                self._seat_named(inp[1], inp[2])
            else:
                self._learn_names(inp)
        return last

    # --- views -----------------------------------------------------------------------

    def name(self, key: str | None) -> str:
        return self.names.get(key or "", key or "?")

    def seen(self) -> Seen:
        """The session as its presenter sees it (``Seen``)."""
        return Seen(self.game.view(), self.legal(), self.last, tuple(self.players), self.seat,
                    dict(self.names),
                    tuple(label for label, *_ in self.menu()) if self.menu_open else (),
                    self.menu_open, self.cursor, self.hooks.timers_ms(self))
