"""``hexref enroll``: make a tag one of our tiles.

1. Tap the tag on the reader hub.
2. Choose its catalogue entry with UP / DOWN and OK (or give it on the command line:
   ``hexref enroll --entry jl/016``). Every game's entries are offered, grouped by game:
   first the game, then its tiles or cards (``--game hs``: only that game's). When the
   catalogue does not know all the values the referee needs (an unverified entry), set
   them from the physical tile or card: UP / DOWN change the value, OK goes to the next
   one (strike values by colour for a Hexors tile; Move, Range, Attack, Defense for a
   HeroScape card, a Companion's strength, an Invocations card's Attack and Defense), or
   give them on the command line (``--strike green=4,red=3``, ``--set attack=3``).
3. Hold OK (a physical hold: nobody enrolls a forged tile over ssh). A player button held
   on the reader hub counts too, for a referee built without buttons.
4. The host sends ``WRITE uid record`` with the signed record (``host/storage/tags.py``); the hub
   writes the tag and reads it back; the re-read ``TAP`` with the same record confirms it.
5. Only then is UID -> entry stored in the registry.

Nothing is stored when anything goes wrong (the tag is lifted, the hub reports an error,
the read-back differs, no confirmation comes in time), and the panel says what to do.

``Enrollment`` is the pure state machine (events in, commands and views out);
``Enroller`` joins it to the link, the buttons and the panel.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from host.common.i18n import N_, _
from host.display import screens
from host.display.screens import View
from host.games import descriptor as games
from host.storage import tags
from host.storage.registry import Registry, Tile
from shared_rules import catalogue

# WRITE to confirming TAP. The hub keeps a write waiting up to 10 s for its tag to come
# back on the reader (firmware/nfc.py WRITE_WAIT_MS): we wait a little longer than that.
WRITE_TIMEOUT_S = 12.0
# The hub's ERR codes for a write that did not happen (firmware/nfc.py, firmware/hub/loop.py),
# and what the player can do about each.
WRITE_ERRORS = {
    "NO_TAG": N_("The tag was not on the reader: place it, then hold OK again"),
    "WRITE_FAILED": N_("The reader could not write the tag: keep it still, hold OK again"),
    "NOT_NDEF": N_("This tag is not NDEF formatted: use an NTAG213/215/216"),
    "TOO_BIG": N_("The record does not fit on this tag: use a bigger tag"),
    "NO_WRITE": N_("This reader hub cannot write tags"),
}
HOLD_S = 2.0  # how long OK must be held to write a tag (a deliberate, physical act)

# States, in the order an enrollment goes through them.
TAP, CHOOSE, HOLD, WRITING, DONE, FAILED = "tap", "choose", "hold", "writing", "done", "failed"
CORRECT = "correct"  # between CHOOSE and HOLD: strike values read off the tile
QUIT = "quit"  # BACK while waiting for a tag


@dataclass(frozen=True)
class Write:
    """A command for the hub: write ``record`` (hex) on the tag ``uid``."""

    uid: str
    record: str


def choices_for(game: str | None = None) -> list[dict]:
    """Catalogue entries to choose from (one game, or every game's), grouped by game in
    catalogue order."""
    prefixes = (game,) if game else tuple(games.DESCRIPTORS)
    out: list[dict] = []
    for g in prefixes:
        out.extend(catalogue.load(g))
    return out


class Enrollment:
    """One tag's enrollment, step by step. ``entry_id`` (from the command line) skips the
    choosing; ``again`` starts over for the next tag after each one is done."""

    def __init__(self, registry: Registry, choices: list[dict], entry_id: str | None = None,
                 owner: str | None = None, again: bool = False,
                 strike: dict[str, int] | None = None,
                 values: dict[str, object] | None = None) -> None:
        if registry.key is None:
            raise ValueError(_("no collection key: enrolling signs tags with it"))
        self.registry = registry
        self.choices = choices
        self.fixed = None
        if entry_id is not None:
            self.fixed = registry.checked_entry(entry_id)  # ValueError: no such tile
        self.owner = registry.checked_owner(owner)
        # Values from the command line (--strike, --set): no correcting step.
        self.given: dict[str, int] | None = None
        self.given_fields: dict[str, object] = {}
        if strike is not None or values:
            if self.fixed is None:
                raise ValueError(_("values read off a tile are for one tile: give --entry "
                                   "too"))
            given = dict(strike or {})
            for name, value in (values or {}).items():  # text from --set, typed here
                if isinstance(value, str):
                    value = catalogue.parse_value(self.fixed, name, value)
                if name in catalogue.book(self.fixed).grouped(self.fixed)[1]:
                    given[name] = value  # type: ignore[assignment]
                else:
                    self.given_fields[name] = value
            # ValueError: a bad value, or one the rulebook prints otherwise
            registry.checked_correction(self.fixed, given or None, self.given_fields or None)
            self.given = given
        # The correcting step: ``slots`` are (key, lowest, highest) to set with UP/DOWN
        # (strike colours of a Hexors tile, or a card's unknown numbers), ``strike`` the
        # values being set by key, ``colour`` the slot the cursor is on.
        self.slots: list[tuple[str, int, int]] = []
        self.strike: dict[str, int | None] = {}
        self.colour = 0
        self.corrected = False
        self.groups: list[str] = []  # the games of the choices, in order
        for e in choices:
            if e["game"] not in self.groups:
                self.groups.append(e["game"])
        # The game being chosen from (None: choosing the game first).
        self.group: str | None = self.groups[0] if len(self.groups) == 1 else None
        self.group_index = 0
        self.again = again
        self.state = TAP
        self.uid: str | None = None
        self.present = False  # is the tag on the reader now?
        self.was: Tile | None = None  # what the tag already was, if it was trusted
        self.index = 0
        self.record = ""
        self.deadline = 0.0
        self.message = ""
        self.enrolled: list[tuple[str, str]] = []  # (uid, entry id), in order

    @property
    def entry(self) -> dict:
        return self.fixed if self.fixed is not None else self.choices[self.index]

    # --- events ----------------------------------------------------------------------

    def on_tap(self, uid: str, record_hex: str, now: float) -> list[Write]:
        if self.state in (WRITING, FAILED) and uid == self.uid and self.record and \
                record_hex == self.record:
            self._confirmed()  # the read-back: the tag holds our record (even if late)
            return []
        if self.state == WRITING:
            if uid != self.uid:
                self.message = _("Another tag: keep only the tile being written on the reader")
            else:
                self.present = True  # a read from before the write; the read-back follows
            return []
        if self.state in (DONE, FAILED) and self.again:
            self.state = TAP
        if self.state not in (TAP, CHOOSE, CORRECT, HOLD):
            return []
        if uid == self.uid and self.state != TAP:
            self.present = True  # the same tag again: keep going where we were
            return []
        found = self.registry.resolve(uid, record_hex)
        self.uid = found.uid
        self.present = True
        self.was = found if isinstance(found, Tile) else None
        if self.was is not None:
            self.message = _("Already %s: choose to enroll it again") % catalogue.label(
                self.was.entry)
            self._select(self.was.entry["id"])
        else:
            self.message = ""
        self.state = CHOOSE
        if self.fixed is not None:
            self._chosen()
        return []

    def on_gone(self, uid: str) -> None:
        if uid != self.uid:
            return
        self.present = False
        if self.state == WRITING:
            # The hub keeps the write waiting for the tag: it may still come back.
            self.message = _("Put the tag back on the reader: the write is waiting")

    def on_button(self, name: str, action: str, now: float) -> list[Write]:
        """Referee buttons UP/DOWN/OK/BACK; ``("OK", "long")`` is the physical hold."""
        if self.state == CHOOSE and self.group is None:
            step = 10 if action == "long" else 1
            if name == "UP":
                self.group_index = (self.group_index - step) % len(self.groups)
            elif name == "DOWN":
                self.group_index = (self.group_index + step) % len(self.groups)
            elif name == "OK":
                self.group = self.groups[self.group_index]
                self.index = self._members()[0]
            elif name == "BACK":
                self.state = TAP
                self.uid = None
            return []
        if self.state == CHOOSE:
            step = 10 if action == "long" else 1
            members = self._members()
            at = members.index(self.index) if self.index in members else 0
            if name == "UP":
                self.index = members[(at - step) % len(members)]
            elif name == "DOWN":
                self.index = members[(at + step) % len(members)]
            elif name == "OK":
                self.message = ""
                self._chosen()
            elif name == "BACK":
                if len(self.groups) > 1:
                    self.group = None  # back to the games
                else:
                    self.state = TAP
                    self.uid = None
            return []
        if self.state == CORRECT:
            key, low, high = self.slots[self.colour]
            value = self.strike.get(key)
            step = 5 if action == "long" else 1
            if name == "UP":
                self.strike[key] = max(low, min(high, (value or 0) + step))
            elif name == "DOWN":
                self.strike[key] = max(low, min(high, (value or 0) - step))
            elif name == "OK":
                self.colour += 1
                if self.colour == len(self.slots):
                    self.state = HOLD
                    self.corrected = True
            elif name == "BACK":
                if self.colour == 0:
                    self.state = CHOOSE if self.fixed is None else TAP
                else:
                    self.colour -= 1
            return []
        if self.state == HOLD:
            if name == "OK" and action == "long":
                return self._write(now)
            if name == "OK":
                self.message = _("Hold OK for %d s to write the tag") % HOLD_S
            elif name == "BACK":
                self.message = ""
                if self.corrected:
                    self.state, self.colour = CORRECT, len(self.slots) - 1
                else:
                    self.state = CHOOSE if self.fixed is None else TAP
            return []
        if self.state == FAILED and name == "OK" and action == "long":
            return self._write(now)  # try again, same tag, same tile
        if self.state == FAILED and name == "BACK":
            self.state = TAP
            self.message = ""
        elif self.state == DONE and name == "BACK":
            self.state = QUIT
        elif self.state == TAP and name == "BACK":
            self.state = QUIT
        return []

    def on_hub_error(self, code: str, text: str) -> None:
        """An ERR from the hub: fails the write if it is about it (not, say, the die)."""
        if self.state != WRITING:
            return
        if code in WRITE_ERRORS:
            self._fail(_(WRITE_ERRORS[code]))
        elif self.uid and self.uid in text:
            self._fail(_("The reader could not write the tag (%s): hold OK again") % code)

    def tick(self, now: float) -> None:
        if self.state == WRITING and now >= self.deadline:
            self._fail(_("The tag did not confirm the write: keep it on the reader, try again"))

    # --- steps -----------------------------------------------------------------------

    def _current(self) -> dict:
        """The chosen entry, with this tag's earlier corrections if it is the same one."""
        entry = self.entry
        if self.was is not None and self.was.entry["id"] == entry["id"]:
            return self.was.entry
        return entry

    def _chosen(self) -> None:
        """The tile is chosen: set the values the referee needs that the catalogue lacks
        (strike values of a tile; a card's unknown numbers)."""
        entry = self._current()
        self.corrected = False
        self.slots = [] if self.given is not None else _slots(self.entry, entry)
        if not self.slots:
            self.strike = {}
            self.state = HOLD
            return
        group = catalogue.book(entry).grouped(entry)[0]
        values = entry[group] if group is not None else entry
        self.strike = {key: values.get(key) for key, _, _ in self.slots}
        self.colour = 0
        self.state = CORRECT

    def corrections(self) -> dict[str, int] | None:
        """Strike values to store for this tag: those set on the tile that differ from the
        catalogue; None when there was no correcting step (or the entry is a card)."""
        if self.given is not None:
            if not self.given:
                return None  # only other fields were given: keep any earlier strike
            chosen: dict[str, int | None] = dict(self.given)
        elif self.corrected and catalogue.book(self.entry).grouped(self.entry)[0]:
            chosen = self.strike
        else:
            return None
        known = self.entry.get(catalogue.book(self.entry).grouped(self.entry)[0]) or {}
        return {c: v for c, v in chosen.items() if v is not None and v != known.get(c)}

    def card_values(self) -> dict[str, object]:
        """A card's values to store for this tag (and the fields given with ``--set``):
        the earlier corrections of this tag and the values set now, where they differ
        from the catalogue."""
        book = catalogue.book(self.entry)
        if book.grouped(self.entry)[0] is not None:
            return dict(self.given_fields)
        printed = self.entry
        current = self._current()
        out: dict[str, object] = {k: current[k] for k in book.fields(printed)
                                  if current.get(k) != printed.get(k)}
        if self.corrected:
            out.update({k: v for k, v in self.strike.items() if v is not None})
        out.update(self.given_fields)
        return {k: v for k, v in out.items() if v != printed.get(k)}

    def _members(self) -> list[int]:
        """Indices of the choices of the game being chosen from."""
        return [i for i, e in enumerate(self.choices) if e["game"] == self.group] or \
            list(range(len(self.choices)))

    def _select(self, entry_id: str) -> None:
        for i, e in enumerate(self.choices):
            if e["id"] == entry_id:
                self.index = i
                self.group = e["game"]
                if e["game"] in self.groups:
                    self.group_index = self.groups.index(e["game"])
                return

    def _write(self, now: float) -> list[Write]:
        assert self.uid is not None and self.registry.key is not None
        if not self.present:
            self.message = _("Put the tag back on the reader, then hold OK")
            return []
        self.record = tags.record_for(self.entry["id"], self.uid, self.registry.key)
        self.state = WRITING
        self.deadline = now + WRITE_TIMEOUT_S
        self.message = ""
        return [Write(self.uid, self.record)]

    def _confirmed(self) -> None:
        assert self.uid is not None
        row = self.registry.enroll(self.uid, self.entry["id"], owner=self.owner,
                                   strike=self.corrections(), **self.card_values())
        self.registry.signed_a_tag()
        self.enrolled.append((row.uid, row.entry))
        self.state = DONE
        self.message = _("Enrolled %(tag)s as %(entry)s") % {"tag": row.uid,
                                                             "entry": catalogue.label(self.entry)}

    def _fail(self, why: str) -> None:
        self.state = FAILED
        self.message = why

    @property
    def finished(self) -> bool:
        return self.state == QUIT or (self.state in (DONE, FAILED) and not self.again)

    # --- what the panel shows ----------------------------------------------------------

    def view(self) -> View:
        """The panel during enrollment (built from host/display/screens.py's screens).

        >>> from host.storage.store import Store
        >>> import tempfile
        >>> job = Enrollment(Registry(Store(tempfile.mkdtemp()), bytes(32)),
        ...                  choices_for("jl"), entry_id="jl/mars")
        >>> _ = job.on_tap("04A1B2C3", "", now=0.0)
        >>> screens.text(job.view())  # the rulebook prints only Mars' red 3
        ['Mars  [1/6]', '   green  :  ?', '? ? ? 3 ? ?', '> As on the tile: UP/DOWN, OK next']
        """
        header = _("Enroll a tile")
        if self.state in (TAP, QUIT):
            return screens.note(header, _("Tap a tag on the reader"),
                                self.message or _("BACK: quit"))
        entry = self.entry
        name = catalogue.label(entry)
        if self.state == CHOOSE and self.group is None:
            return screens.game_menu(_("Enroll: which game?"),
                                     tuple(games.family_name(g) for g in self.groups),
                                     self.group_index,
                                     hint=self.message or _("OK choose  BACK other tag"))
        if self.state == CHOOSE:
            members = self._members()
            labels = tuple(catalogue.label(self.choices[i]) for i in members)
            at = members.index(self.index) if self.index in members else 0
            title = header if len(self.groups) == 1 else games.short_name(self.group or "",
                                                                               header)
            return screens.game_menu(title, labels, at,
                                     hint=self.message or (_("OK choose  BACK other tag")
                                                           if len(self.groups) == 1
                                                           else _("OK choose  BACK games")))
        if self.state == CORRECT:
            key = self.slots[self.colour][0]
            value = self.strike.get(key)
            keys = [k for k, _, _ in self.slots]
            return View(header=name, header_right="%d/%d" % (self.colour + 1, len(keys)),
                        # A colour in the table's words; a card's field keeps its name
                        # (a shared word such as "strength" is another game's Power).
                        big=(_(key) if catalogue.book(entry).grouped(entry)[0] else key,
                             "?" if value is None else str(value)),
                        lines=(" ".join("?" if self.strike.get(k) is None else
                                        str(self.strike[k]) for k in keys),),
                        footer=_("As on the card: UP/DOWN, OK next")
                        if catalogue.book(entry).piece == "card"
                        else _("As on the tile: UP/DOWN, OK next"), kind="enroll")
        if self.state == HOLD:
            return View(header=header, lines=(name, _("on tag %s") % self.uid),
                        footer=self.message or _("Hold OK to write"), kind="enroll")
        if self.state == WRITING:
            return screens.note(header, _("Writing %s... keep the tag still") % name,
                                self.message)
        if self.state == DONE:
            return View(header=_("Enrolled"), big=(name,), lines=(self.uid or "",),
                        footer=_("Tap the next tag, BACK: quit") if self.again else _("Done"),
                        kind="enroll")
        return screens.refused(header, self.message, _("Hold OK: again  BACK: start over"))




def _slots(printed: dict, current: dict) -> list[tuple[str, int, int]]:
    """What the correcting step asks for, as (key, lowest, highest): the values the
    referee needs that the catalogue lacks, as the entry's game says (its book's
    ``slots``: a Hexors tile's six strike values, a card's unprinted numbers). [] when
    nothing is missing.

    >>> _slots(catalogue.get("hs/mimring"), catalogue.get("hs/mimring"))[0]
    ('move', 0, 20)
    """
    return list(catalogue.book(printed).slots(printed, current))


class Enroller:
    """Runs an ``Enrollment`` over the hub link: call ``step(now)`` in a loop.

    Every hub event is recorded in the store as taken (``took_hub_event``) before it is
    acknowledged, like a game input, so a game started afterwards on the same hub does not
    wait for those events again.
    """

    def __init__(self, enrollment: Enrollment, link, buttons=None,
                 show: Callable[[View], object] | None = None) -> None:
        self.enrollment = enrollment
        self.link = link
        self.buttons = buttons
        self.show = show
        self._errors_seen = len(link.stats.hub_errors)
        self._last_view: View | None = None

    def step(self, now: float) -> None:
        job = self.enrollment
        commands: list[Write] = []
        for rcv in self.link.read():
            msg = rcv.msg
            if msg.kind == "TAP":
                commands += job.on_tap(msg.uid, msg.ndef, now)
            elif msg.kind == "GONE":
                job.on_gone(msg.uid)
            elif msg.kind == "BTN" and msg.action == "long":
                commands += job.on_button("OK", "long", now)  # a hold on the hub
            job.registry.store.took_hub_event(rcv.boot, rcv.seq)
            self.link.ack(rcv.seq)
        errors = self.link.stats.hub_errors
        while self._errors_seen < len(errors):
            job.on_hub_error(*errors[self._errors_seen])
            self._errors_seen += 1
        if self.buttons is not None:
            for press in self.buttons.events(now):
                commands += job.on_button(press.button, press.action, now)
        job.tick(now)
        for cmd in commands:
            self.link.command("WRITE", cmd.uid, cmd.record)
        if self.show is not None:
            view = job.view()
            if view != self._last_view:
                self.show(view)
                self._last_view = view

    def run(self, clock: Callable[[], float] = time.monotonic,
            timeout_s: float | None = None) -> bool:
        """Step until the enrollment finishes (or ``timeout_s``); True when it enrolled."""
        self.link.open()
        start = clock()
        while not self.enrollment.finished:
            now = clock()
            if timeout_s is not None and now - start > timeout_s:
                break
            self.step(now)
        return bool(self.enrollment.enrolled)
