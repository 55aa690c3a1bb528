"""The referee session's core, the same on the Pi and on the pocket board: table events and
the referee's buttons in, journal entries and outcomes out.

It turns what the table does (a tag tapped, a die face, a player's button: an event with
``kind``, ``uid``, ``die``, ``faces``, ``button``, ``action``, ``boot``, ``seq`` and
``said()``, as shared_rules/protocol/events.py's ``TableEvent``) and what the referee's own buttons
say (UP / DOWN / OK / BACK) into rules inputs, records each one in the journal before the
table hears it was taken, and applies it to the game. It knows neither the wire, the
screens nor the storage: the journal is handed in (``entries`` and ``append``: SQLite on the
Pi, host/storage/journal.py; the append-only file on the pocket, firmware/pocket/journal.py),
and so is the tile book (``entry_for(record, uid)``: the catalogue entry a tag names, or
None when the table does not trust it). The Pi's session (host/session/adapter.py) adds
what only the Pi has: the hub's commands, the timers, the presenters' view model.

What an event means is the rules engine's answer (``Game.input_for``): a tapped entry,
whose button, a die face in; an input, a note or "the generic meaning" out.

The session's state is the fold of the journal: game inputs go to the rules engine,
referee inputs (``("seat", n)``: the next player taps their roster; ``("name", seat,
name)``; ``("die", player)``: that player took the die, ROLL-2; ``("undo",)``) are kept
here. Undo takes back the last accepted input of either
kind by folding the others again, so it is the same operation as recovering after a crash
or a power cut. Each entry says who did what: an input names its player where it has one,
and an event that is no input is journalled as what it was (``("BTN", "A", "press")``,
``("TAP", uid)``, ``("DIE", "CROOKED")``). Nothing else is kept: a session rebuilt from
the journal shows the same screen and answers the next event the same way
(tests/host/session/test_rebuilt_equals_live.py). Only the menu's cursor is not journalled: it is where
a hand is, not what the table did.

The referee's buttons open a menu of what may be done now (the engine's ``choices``, then
the ``records`` the table keeps by hand; both from ``legal_inputs()``): UP/DOWN move, OK
does it, BACK closes; BACK held is undo. A player's button is the quick way to say "yes" to
the choice that is theirs (their pod, ending their turn, their roster is complete).

Written for MicroPython too (it runs on the pocket board's heap): no dataclasses or typing
at run time, no dict order relied on, nothing allocated per event beyond the entry itself.
"""
from shared_rules.core import words
from shared_rules.core.engine import Outcome, Refusal
from shared_rules.core.words import _
from shared_rules.core.words import name as tile_name

PLAYER_BUTTONS = {"A": 0, "B": 1}  # the hub's two player buttons: seat -> button
SEAT_BUTTONS = "AB"


class Entry:
    """One journalled input. ``boot``/``seq`` say which hub event it came from (None for
    the referee's own buttons); ``target`` is "game" (the rules engine), "referee" (setup
    bookkeeping the rules do not see, and undo) or "none" (an event that was no input)."""

    __slots__ = ("target", "input", "accepted", "boot", "seq")

    def __init__(self, target, input, accepted, boot=None, seq=None):
        self.target = target
        self.input = input
        self.accepted = accepted
        self.boot = boot
        self.seq = seq

    def __eq__(self, other):
        return isinstance(other, Entry) and self.row() == other.row()

    def __repr__(self):
        return "Entry%r" % (self.row(),)

    def row(self):
        return (self.target, self.input, self.accepted, self.boot, self.seq)


class Reaction:
    """What one input did: the entry journalled and what to tell the players."""

    def __init__(self, entry, result, note=""):
        self.entry = entry
        self.result = result
        self.note = note

    @property
    def accepted(self):
        return self.result is not None and self.result.accepted

    @property
    def won(self):
        return self.accepted and self.result.find("winner") is not None

    def __eq__(self, other):
        return isinstance(other, Reaction) and (self.entry, self.result, self.note) == \
            (other.entry, other.result, other.note)

    def __repr__(self):
        return "Reaction(%r, %r, %r)" % (self.entry, self.result, self.note)


def standing_inputs(entries):
    """The accepted inputs that still stand once every undo in ``entries`` has taken back
    the input before it, as (target, input); and what the last of those undos took back
    (None if the journal does not end on an undo).

    Resolving undos first lets a restore fold the journal once, however many undos it
    holds (docs/DESIGN.md, principle 6).

    >>> e = [Entry("game", ("tap", "A"), True), Entry("game", ("tap", "B"), True),
    ...      Entry("referee", ("undo",), True), Entry("game", ("roll", 9), False)]
    >>> standing_inputs(e)
    ([('game', ('tap', 'A'))], ('game', ('tap', 'B')))
    """
    kept = []
    undone = None
    for e in entries:
        if not e.accepted:
            continue
        if e.target == "referee" and e.input[0] == "undo":
            undone = kept.pop() if kept else None
        else:
            kept.append((e.target, e.input))
            undone = None
    return kept, undone


def _printable(text):
    try:
        return text.isprintable()
    except AttributeError:  # MicroPython: no control characters
        for ch in text:
            code = ord(ch)
            if code < 32 or 0x7F <= code < 0xA0:
                return False
        return True


def _unknown_owner(uid):
    return None


def _no_owners():
    return []


class Session:
    """One game refereed: ``new_game`` makes its engine, ``book`` names tapped tiles,
    ``journal`` holds every entry (``entries``, ``append``); ``players``, given when it is
    made, are the seats' own names as the games table keeps them (the code's English:
    "Red", "P1"), kept as ``seats``, and the ``players`` property says each seat as the
    table names it now. The state is restored from the journal when made."""

    Entry = Entry  # what the journal keeps (the Pi's storage has its own, the same fields)

    def __init__(self, new_game, book, journal, players=("P1", "P2")):
        self.new_game = new_game
        self.game = new_game()
        self.book = book
        self.journal = journal
        self.seats = players  # the game's own seat names, as journalled (the code's English)
        self.given = {}  # seat -> the name given at setup (a "name" input)
        self._said = None  # ``players`` as last said, in the language installed then
        self._said_in = 0
        self.names = {}  # tile key (tag UID) -> name on the tile
        self.seat = 0  # whose roster is being tapped during setup
        self.applied = []  # accepted (target, input), undo taken into account
        self.last = None  # what the last input did: an Outcome or a Refusal
        self.menu_open = False
        self.cursor = 0
        self.restored_winner = None  # the winner event the journal ends on
        self.holder = None  # who took the die with their button (ROLL-2), until they rolled
        self._restore()

    @property
    def players(self):
        """Each seat as the table names it now: the name given at setup, as given, else
        the seat's own name in the table's language (``words.seat``). Said again only
        when a name or the language changed."""
        spoken = words.spoken()
        if self._said is None or self._said_in != spoken:
            self._said = tuple([self.given.get(i) or words.seat(own)
                                for i, own in enumerate(self.seats)])
            self._said_in = spoken
        return self._said

    def kept_name(self, seat):
        """A seat as the games table keeps it (its winner): the name given at setup, else
        the seat's own name in the code's English, said in each table's language where it
        is shown."""
        return self.given.get(seat) or self.seats[seat]

    def legal(self):
        return self.game.legal_inputs()

    # --- table events ----------------------------------------------------------------

    def on_event(self, event):
        """A table event: decide what it means, apply it, journal it. The table hears it
        was taken after, whatever it meant: even an event that changes nothing is
        journalled (as what it was, and whose), so the journal knows how far the hub's
        numbering has been taken."""
        target, inp, note = self._translate(event)
        return self._record(target, inp, note, event.boot, event.seq, event.said())

    def _translate(self, event):
        kind = event.kind
        if kind == "TAP":
            entry = self.book.entry_for(event.record, event.uid)
            if entry is None:
                return "game", None, _("Unknown tile: enroll it with hexref enroll")
            return self._meaning(("tap", event.uid, entry))
        if kind == "DIE":
            state = event.die
            if state == "ROLLING":
                return "none", None, _("Rolling...")
            if state == "CROOKED":
                return "none", None, _("Die is crooked: roll again")
            # ROLL-2: the die cannot tell who threw it: the player who took it with their
            # button, else (the engine fills it in) the player the rules name
            held = () if self.holder is None else (self.holder,)
            return self._meaning(("roll", tuple(event.faces)) + held)
        if kind == "BTN":
            player = PLAYER_BUTTONS.get(event.button)
            if player is None or player >= len(self.players):
                return "none", None, _("Unknown button %s") % event.button
            if event.action == "long" and self.legal().expect == "roll":
                return "referee", ("die", player), ""  # ROLL-2: this player takes the die
            said = self._meaning(("button", player, event.action))
            if said[1] is not None or said[2]:
                return said
            if event.action == "long":
                return "none", None, _("To undo, hold BACK on the referee")
            return self._player_button(player)
        return "none", None, ""  # GONE: lifting a tile is not an input

    def _meaning(self, event):
        """The rules engine's answer to a table event: an input, a note or nothing."""
        said = self.game.input_for(event, self.seat, tuple(self.players))
        if said is None:
            return "none", None, ""
        if isinstance(said, str):
            return "none", None, said
        return "game", tuple(said), ""

    def _player_button(self, player):
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
                if inp[0] in ("end", "start", "moved"):
                    return "game", tuple(inp), ""
            return "game", ("end",), ""  # the engine says why not
        who = self.players[legal.actor] if legal.actor is not None else "nobody"
        return "none", None, _("It is %s's move") % who

    def _roster_done(self):
        if self.seat + 1 < len(self.players):
            return "referee", ("seat", self.seat + 1), ""
        for _label, inp in self.legal().choices:
            if inp[0] == "start":
                return "game", tuple(inp), ""
        return "game", ("start", 0), ""

    # --- the referee's own buttons ---------------------------------------------------

    def on_press(self, button, action):
        """UP / DOWN / OK / BACK on the referee (``action``: "press" or "long")."""
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

    def on_time(self, inp):
        """An input time made (a game's timer that ran out, by the session's clocks:
        shared_rules/core/clocks.py), journalled like any other."""
        return self._record("game", tuple(inp), "", None, None, ("TICK",))

    def name_seat(self, seat, name):
        """Who sits at ``seat`` (from the config, or the phone): journalled like any input."""
        return self._record("referee", ("name", seat, name), "", None, None, ("NAME",))

    def menu(self):
        """What the referee's menu offers now: (label, target, input)."""
        legal = self.legal()
        if legal.expect == "roster":
            return [(_("%s done") % self.players[self.seat],) + self._roster_done()[:2]] + \
                self._naming()
        return [(label, "game", tuple(inp)) for label, inp in legal.choices + legal.records]

    def _naming(self):
        """At setup, who sits at the seat whose roster is tapped: an owner the tile book
        knows (first the owners of the tiles this seat has tapped), or a guest (the seat
        keeps its own name and counts as nobody's)."""
        seat = self.seat
        owner_of = getattr(self.book, "owner_of", _unknown_owner)
        owners = []
        for _t, inp in self.applied:
            if inp[0] == "add" and len(inp) > 2 and inp[1] == seat:
                owner = owner_of(inp[2])
                if owner and owner not in owners:
                    owners.append(owner)
        for owner in getattr(self.book, "owners", _no_owners)():
            if owner not in owners:
                owners.append(owner)
        own = words.seat(self.seats[seat])
        items = [(_("%(seat)s is %(name)s") % {"seat": own, "name": owner},
                  "referee", ("name", seat, owner))
                 for owner in owners if owner not in self.given.values()]
        if seat in self.given:
            items.append((_("%s is a guest") % own, "referee", ("name", seat, "")))
        return items

    # --- journal and state -----------------------------------------------------------

    def _restore(self):
        """Rebuild the session from its journal in one fold: undos are resolved over the
        entries first, then every input that still stands is applied once. ``last`` (what
        the screens show of the latest input) comes out as play left it."""
        entries = self.journal.entries
        kept, undone = standing_inputs(entries)
        result = None
        for target, inp in kept:
            result = self._apply(target, inp)
        # The input that still stands last decides whether the journal holds a won game.
        self.restored_winner = result.find("winner") if isinstance(result, Outcome) else None
        final = None
        for i in range(len(entries) - 1, -1, -1):
            if entries[i].target != "none":
                final = entries[i]
                break
        if final is None:
            return
        if not final.accepted:
            self.last = self._apply(final.target, final.input)  # refused again: no change
        elif undone is not None:
            self.last = Outcome([("undo", {"input": list(undone[1])})])
        else:
            self.last = result

    def apply_entry(self, entry):
        """Apply a journal entry as it was taken at the table (replay, restore)."""
        return self._record(entry.target, entry.input, "", entry.boot, entry.seq,
                            tuple(entry.input))

    def _record(self, target, inp, note, boot, seq, what):
        """Apply, then journal; memory never runs ahead of the journal (a failed write
        takes the input back before the error goes on)."""
        result = None
        if inp is not None:
            result = self._apply(target, inp)
        accepted = result is not None and result.accepted
        entry = self.Entry(target if inp is not None else "none",
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

    def _apply(self, target, inp):
        if target == "game":
            result = self.game.apply(inp)
            if result.accepted:
                self.applied.append((target, inp))
                self._learn_names(inp)
                if self.holder is not None and self.legal().roll_by != self.holder:
                    self.holder = None  # their roll is made (or was called off): die put down
            return result
        if inp[0] == "undo":
            if not self.applied:
                return Refusal("UNDO", _("Nothing to undo"), _("play on"))
            undone = self._take_back()
            return Outcome([("undo", {"input": list(undone[1])})])
        if inp[0] == "name":
            return self._name(inp)
        if inp[0] == "die":
            return self._take_die(inp)
        if inp[0] == "seat":
            if self.legal().expect != "roster" or inp[1] != self.seat + 1:
                return Refusal("SETUP", _("Not setting up rosters"), _("play on"))
            self.seat = inp[1]
            self.applied.append((target, inp))
            return Outcome([("seat", {"player": inp[1]})])
        raise ValueError("unknown referee input %r" % (inp,))

    def _take_die(self, inp):
        """``("die", player)``: a player held their button to take the die (ROLL-2), so the
        hub's next roll is theirs; refused at once, before anyone throws, unless the rules
        expect that player to roll."""
        by = self.legal().roll_by
        if by is None:
            return Refusal("ROLL-2", _("no roll is expected now"), _("play on"))
        if inp[1] != by:
            who = self.players[by]
            return Refusal("ROLL-2", _("It is %s's roll") % who, _("hand the die to %s") % who)
        self.holder = inp[1]
        self.applied.append(("referee", inp))
        return Outcome([("die", {"player": inp[1]})])

    def _name(self, inp):
        """``("name", seat, name)``: who sits there, journalled like any input (and taken
        back by undo like one); given at setup, before play or while rosters are tapped. An
        empty name gives the seat its own name back (a guest)."""
        if len(inp) != 3 or not isinstance(inp[1], int) or not 0 <= inp[1] < len(self.seats):
            return Refusal("SETUP", _("No such seat"), _("play on"))
        name = " ".join(inp[2].split()) if isinstance(inp[2], str) else None
        if name is None or len(name) > 40 or not _printable(name):
            return Refusal("SETUP", _("A name is a few letters, like Sam"), _("play on"))
        playing = False
        for t, _i in self.applied:
            if t == "game":
                playing = True
                break
        if playing and self.legal().expect != "roster":
            return Refusal("SETUP", _("Seats are named at setup"), _("play on"))
        self._seat_named(inp[1], name)
        self.applied.append(("referee", inp))
        return Outcome([("named", {"player": inp[1], "name": self.players[inp[1]]})])

    def _seat_named(self, seat, name):
        name = " ".join(name.split())
        if name and name != self.seats[seat]:
            self.given[seat] = name
        elif seat in self.given:
            del self.given[seat]  # a guest: the seat's own name again
        self._said = None

    def _refold(self):
        """The state as the journal has it (the restore's fold), after a write that failed;
        what the screens show of the latest input stays."""
        last = self.last
        self.game = self.new_game()
        self._forget()
        self._restore()
        self.last = last

    def _forget(self):
        """Nothing applied yet: what a fold starts from."""
        self.applied = []
        self.seat = 0
        self.names = {}
        self.given = {}
        self._said = None
        self.holder = None

    def _learn_names(self, inp):
        """A tile's name, from an input that carries its catalogue entry after its key
        (``("add", seat, uid, entry)``, ``("card", player, uid, entry)``): the journal
        holds it, so a rebuilt session knows the same names."""
        for i in range(1, len(inp) - 1):
            if isinstance(inp[i], str) and isinstance(inp[i + 1], dict) \
                    and "name" in inp[i + 1]:
                self.names[inp[i]] = tile_name(inp[i + 1])

    def _take_back(self):
        """Undo the last accepted input by folding all the others again, in their order
        (who holds the die depends on where the game stood when they took it)."""
        last = self.applied.pop()
        kept = self.applied
        self._forget()
        self.game.replay(())
        for target, inp in kept:
            if not self._apply(target, inp).accepted:
                raise ValueError("journal input %r refused on replay" % (inp,))
        return last

    def name(self, key):
        """A tile's name by its key (the tag UID), the key itself when unknown."""
        return self.names.get(key or "", key or "?")
