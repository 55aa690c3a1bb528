"""``hexref run``: the referee on the Pi, from power-on to the winner and back to the menu.

One loop, and everything it touches is handed to it (gpiozero's idea: the device code
does not know whether the pins are real): the connection to the hub, the panel, the
buttons, the buzzer, the store. Each pass:

1. hub events: journalled (in the game, or as "taken" when no game is open), then
   acknowledged — never the other way round;
2. the Pi's buttons: the game menu before a game, the referee's menu during one;
3. what the panel shows: a message if one holds it (host/app/messages.py), else the screen of
   the menu or the game; only a changed frame is drawn, only its changed window sent.

On start an unfinished game is restored from its journal and play goes on where it stood;
otherwise the game menu opens: choose a game, then its variant.

A write that fails (disk full, read-only, I/O error) pauses the game: the panel says
"Game paused" with the cause, the log says it once, and the hub event that could not be
journalled is not acknowledged: the hub keeps it and resends it every half second, each
resend a new try. A Pi button pressed meanwhile does nothing (the message says why); with
no event waiting, a small write is tried every second. The first write that works resumes
play where it stood, nothing lost (the hub still had it) and nothing doubled (nothing
unjournalled was ever taken).
"""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
from collections.abc import Callable
from dataclasses import astuple
from pathlib import Path
from typing import TYPE_CHECKING

from host.app import messages, starting
from host.app.speaker import Speaker
from host.common import i18n, logs
from host.common.config import Web
from host.common.i18n import _
from host.common.join import join_address
from host.devices.inputs import BACK, DOWN, OK, UP, Beeper, Controls, Press
from host.devices.panel import Panel
from host.display import layout, screens
from host.display.screens import View
from host.games.descriptor import Choice, menu, open_game
from host.games.presenter import Presenter
from host.hub.connection import (
    CONNECTED,
    DISCONNECTED,
    Connection,
    find_hub_port,
    open_serial,
)
from host.hub.link import Behind, Received, Skew, skew_sentence
from host.session.adapter import Reaction, Referee
from host.storage.store import DamagedRow, StoreError
from shared_rules.core.engine import Outcome
from shared_rules.display.menu import Menu, choice_label

if TYPE_CHECKING:
    from host.app.service_socket import ServiceSocket
    from host.storage.registry import Registry

log = logs.get("run")


VOICE_LEVELS = (25, 50, 75, 100)  # the game menu's steps of the voice's volume, then off


class GameMenu(Menu):
    """Choose a game, then its variant (shared_rules/display/menu.Menu, as the pocket board
    does): UP/DOWN move (wrapping), OK chooses, BACK goes up a level; after the games, the
    table's language, spoken from then on. Its next line here, "Phone page", shows the
    address of ``hexref web`` (``web``: the config's [web]) as a QR code until OK or BACK;
    with a voice, the last, "Voice: 80%", steps its volume up at each OK, then off."""

    def __init__(self, games=None, web: Web | None = None) -> None:
        Menu.__init__(self, games if games is not None else menu(),
                      tuple((lang, i18n.NAMES[lang]) for lang in i18n.LANGUAGES),
                      i18n.language())
        self.web = web or Web()
        self.phone: str | None = None  # the address shown as a QR code, while it is
        # The voice's volume in percent, 0 off; None: no voice (the config's [voice]
        # enabled = false), and no line for it.
        self.voice: int | None = None
        self.voice_changed: Callable[[int], None] = lambda volume: None

    @property
    def lang(self) -> str:
        return i18n.language()  # the table's, however it was chosen

    @lang.setter
    def lang(self, code: str) -> None:
        pass  # spoken by press(), through i18n

    def items(self) -> tuple[str, ...]:
        items = Menu.items(self)
        if self.game is not None:
            return items
        items += (_("Phone page"),)
        if self.voice is not None:
            items += (_("Voice: %d%%") % self.voice if self.voice else _("Voice: off"),)
        return items

    def press(self, button: str) -> Choice | None:
        """Move or choose; returns the chosen variant when there is one."""
        if self.phone is not None:
            if button in (OK, BACK):
                self.phone = None
            return None
        if button == OK and self.game is None and self.voice is not None and \
                self.cursor == len(self.games) + 2:
            # Each OK the next level, then off: a table sets it from across the room.
            self.voice = next((v for v in VOICE_LEVELS if v > self.voice), 0)
            log.info("voice %s chosen in the menu", "%d%%" % self.voice if self.voice else "off")
            self.voice_changed(self.voice)
            return None
        if button == OK and self.game is None and self.cursor == len(self.games) + 1:
            # Asked now, not at start: the Pi may have joined the network since.
            self.phone = join_address(self.web.host, self.web.port)
            log.info("phone page shown: %s", self.phone)
            return None
        family = self.games[self.game][0] if self.game is not None and \
            self.game < len(self.games) else ""
        chosen = Menu.press(self, button)
        if chosen is None:
            return None
        if chosen[0] == "speak":
            i18n.use(chosen[1])
            log.info("language %s chosen in the menu", i18n.language())
            return None
        _play, variant, players = chosen
        for label, kind, n, counts in dict(self.games)[family]:
            if kind == variant and n == players:
                return Choice(choice_label(family, label, n, counts), variant, players)
        return None

    def position(self) -> str:
        """Where the menu stands, kept between starts (the store's "menu" setting)."""
        return json.dumps([self.game, self.cursor])

    def restore(self, position: str | None) -> None:
        """Stand where ``position`` says, if this menu still has that place."""
        try:
            game, cursor = json.loads(position or "null")
        except (TypeError, ValueError):
            return
        if game is not None and not (isinstance(game, int) and 0 <= game <= len(self.games)):
            return
        self.game = game
        if isinstance(cursor, int) and 0 <= cursor < len(self.items()):
            self.cursor = cursor
        else:
            self.game = None

    def view(self, hint: str = "") -> View:
        if self.phone is not None:
            return screens.phone_page(self.phone, hint)
        return Menu.view(self, hint)


class HubThroughConnection:
    """The enroller's link while the referee enrolls for its operator: reads, ACKs and
    WRITEs go through the referee's Connection, which notices a pulled cable and finds the
    hub again, as in play."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.stats = conn.link.stats

    def open(self) -> None:
        pass  # the connection already said hello

    def read(self) -> list[Received]:
        return self.conn.poll()

    def ack(self, seq: int) -> None:
        self.conn.ack(seq)

    def command(self, kind: str, *values) -> None:
        self.conn.command(kind, *values)


class Enrolling:
    """An enrollment the operator asked for over the service socket (host/service_socket)."""

    def __init__(self, enroller, client) -> None:
        self.enroller = enroller
        self.client = client


# What a failed write raises: SQLite's errors (disk full, read-only, I/O) and ours.
WRITE_FAILED = (sqlite3.Error, StoreError)
RETRY_WRITE_S = 1.0  # with no hub event waiting, a paused game tries a small write this often

# A running hub answers the PING that opens its port within milliseconds: "Reader starting"
# is said only of one that has not after this long (a Pico booting takes about a second).
STARTING_SHOWN_S = 0.5

# The hub's player buttons in the game menu: (press, long press).
HUB_MENU = {"A": (DOWN, BACK), "B": (OK, BACK)}


class App:
    """The referee loop. ``store``: host.storage.store.Store; ``book``: the tile book (trusted
    tags only, host.storage.registry.RegistryBook); ``controls``/``beeper`` may be None."""

    def __init__(self, conn: Connection, panel: Panel, store, book,
                 controls: Controls | None = None, beeper: Beeper | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.conn = conn
        self.panel = panel
        self.store = store
        self.book = book
        self.controls = controls
        self.beeper = beeper
        self.clock = clock
        self.board = messages.MessageBoard()
        self.menu = GameMenu()
        self.referee: Referee | None = None
        self.presenter: Presenter = Presenter()  # the open game's (host/games/<game>/)
        self.game_id: int | None = None
        self.transcript: list[str] = []
        self.service: ServiceSocket | None = None  # the operator's requests
        self.registry: Registry | None = None  # to enroll for the operator
        self.names: tuple[str, ...] = ()  # [players] names: who sits at each new game's seats
        self.enrolling: Enrolling | None = None
        self._hub_seen = ("", "", "")  # (state, reason, boot) last logged
        self._hub_silent = False
        self._behind_seen: Behind | None = None
        self._skew_said: Skew | None = None
        self.paused: tuple[str, str] | None = None  # (cause, advice) while nothing saves
        self._retry_at = 0.0
        self._unsaved_finish: tuple[int, str] | None = None  # (game, winner) to mark
        self.damaged: DamagedRow | None = None
        self.won = False  # the open game is over: the winner is on the panel
        self.variant = ""
        self.speaker: Speaker | None = None  # the voice (host/app/speaker.py), if any
        row = store.unfinished()
        if row is not None:
            try:
                with starting.restoring(panel, row.id, clock=clock):
                    self._open(row.id, row.variant, tuple(row.players))
            except DamagedRow as exc:
                # The game cannot be folded: say which row, hold the panel, take nothing.
                self.referee, self.game_id, self.damaged = None, None, exc
                log.error("cannot restore the game: %s", exc)
                self.board.post("storage", screens.damaged_row(exc.game, exc.n),
                                self.clock())
            else:
                self._finish_if_won()
        else:
            self.menu.restore(store.setting("menu"))  # a restart mid-choice goes on there
        conn.link.positions.update(store.positions())
        # Fewer entries than were acknowledged (the mark beside the database says so): a
        # -wal that lost its newest frames. Nothing is taken until a backup is restored or
        # the players reset the reader to go on without them.
        self.mark_behind = store.mark_behind()
        self._behind_boot: str | None = None
        if self.mark_behind is not None:
            from host.storage.checkup import behind_finding

            log.error("journal behind: %s", behind_finding(store.path, *self.mark_behind).detail)
            self.board.post("storage", screens.journal_behind(
                self.mark_behind[1] - self.mark_behind[2]), self.clock())

    # --- games -----------------------------------------------------------------------

    def _open(self, game_id: int, variant: str, players: tuple[str, ...]) -> None:
        self.game_id = game_id
        self.won = False
        self.variant = variant
        opened = open_game(variant, players)
        self.presenter = opened.presenter
        self.referee = Referee(opened.new_game, self.book, opened.hooks,
                               journal=self.store.journal(game_id), players=players)

    def _finish_if_won(self) -> None:
        """A host stopped between journalling the winning input and marking the game
        finished left a won game open: it would be restored, over, at every start. The
        restore's own fold says whether the journal ends on a win; finish it as play would
        have (the winner on the panel until a button is pressed)."""
        referee = self.referee
        assert referee is not None
        winner = referee.restored_winner
        if winner is not None:
            self._finish(" & ".join(referee.kept_name(p) for p in winner["players"]),
                         self.clock())
            self.board.post("winner", self.presenter.screen(referee.seen()), self.clock())

    def start(self, choice: Choice, seats: tuple[str, ...] | None = None) -> None:
        """Open a new game; ``seats``: the players' names (default: the game's own)."""
        from host.games.descriptor import game

        players = seats or game(choice.variant).seats(choice.players)
        try:
            game_id = self.store.new_game(choice.variant, list(players))
        except WRITE_FAILED as exc:
            self._write_failed(exc, self.clock())  # chosen again once it can be saved
            return
        self._write_worked(self.clock())
        log.info("game %d started: %s, %s", game_id, choice.variant, " ".join(players))
        self._open(game_id, choice.variant, players)
        assert self.referee is not None
        for seat, name in enumerate(self.names[:len(players)]):
            try:
                self.referee.name_seat(seat, name)  # journalled like any input
            except WRITE_FAILED as exc:
                self._write_failed(exc, self.clock())
                return

    def _close_game(self) -> None:
        self.referee = None
        self.game_id = None
        self.won = False
        self.board.clear("winner")

    # --- one pass of the loop ----------------------------------------------------------

    def step(self) -> None:
        if self.service is not None:
            for client, request in self.service.poll():
                self.on_request(client, request)
        if self.enrolling is not None:
            self._enroll_step()
            return
        for rcv in self.conn.poll():
            if not self.on_hub_event(rcv):
                break  # not journalled: it and those after it come again from the hub
        self._watch_hub()
        if self.mark_behind is not None:
            self._watch_reset()
        now = self.clock()
        if self.paused is not None and now >= self._retry_at:
            self._try_writing(now)
        if self.controls is not None:
            for press in self.controls.events(now):
                self.on_press(press)
        if self.referee is not None and self.paused is None and self.mark_behind is None:
            try:
                ticked = self.referee.on_tick(now)  # a game's timers (Invocations)
            except WRITE_FAILED as exc:
                self._write_failed(exc, now)  # the timer fires again on a later pass
                ticked = None
            if ticked is not None:
                self._react(ticked, now)
            for command in self.referee.drain_commands():  # e.g. ROLL n virtual dice
                self.conn.command(*command)
        self._link_message(now)
        if self.beeper is not None:
            self.beeper.poll(now)
        self._voice_problem(now)
        self.show(now)

    def _watch_reset(self) -> None:
        """The players go on without the lost entries by resetting the reader: a boot
        other than the first one heard while the panel said so."""
        boot = self.conn.link.boot if self.conn.state == CONNECTED else None
        if boot is None:
            return
        if self._behind_boot is None:
            self._behind_boot = boot
        elif boot != self._behind_boot:
            assert self.mark_behind is not None
            log.warning("the reader was reset: going on without the %d lost entries of "
                        "game %d", self.mark_behind[1] - self.mark_behind[2],
                        self.mark_behind[0])
            self.mark_behind = None
            self.store.forget_mark()
            self.board.clear("storage")

    # --- the operator's requests (hexref doctor, hexref enroll) ------------------------

    def status(self) -> dict:
        hub = self.conn.link.hub
        return {"pid": os.getpid(), "hub": self.conn.state, "port": self.conn.path,
                "reason": self.conn.reason,
                "firmware": hub.firmware if hub else None, "board": hub.board if hub else None,
                "boot": hub.boot if hub else None, "panel_errors": self.panel.errors,
                "game": self.game_id, "enrolling": self.enrolling is not None,
                "silent_s": round(self.conn.quiet_for(), 1) if self.conn.silent() else None,
                "starting": self.conn.starting(),
                "behind": list(astuple(self.conn.link.behind)) if self.conn.link.behind
                else None,
                "paused": list(self.paused) if self.paused else None,
                "skew": skew_sentence(self.conn.link.skew) if self.conn.link.skew else None,
                "damaged": str(self.damaged) if self.damaged else None,
                "mark_behind": list(self.mark_behind) if self.mark_behind else None}

    def on_request(self, client, request: dict) -> None:
        op = request.get("op")
        if op == "status":
            client.send({"status": self.status()})
            client.close()
        elif op == "enroll":
            error = self._start_enrolling(client, request)
            if error:
                log.info("enrollment refused: %s", error)
                client.send({"error": error})
                client.close()
        else:
            client.send({"error": "unknown request %r" % (op,)})
            client.close()

    def _start_enrolling(self, client, request: dict) -> str:
        from host.app.enroll import Enroller, Enrollment, choices_for

        if self.enrolling is not None:
            return "an enrollment is already running on this referee"
        if self.registry is None:
            return "this referee keeps no tile registry"
        try:
            job = Enrollment(self.registry, choices_for(request.get("game")),
                             entry_id=request.get("entry"), owner=request.get("owner"),
                             again=bool(request.get("many")), strike=request.get("strike"),
                             values=request.get("values") or {})
        except ValueError as exc:
            return str(exc)
        buttons = self.controls
        if buttons is None and job.fixed is None:
            return "no referee buttons to choose the tile with: give it with --entry, and " \
                   "hold a player button on the reader hub to confirm"

        def show(view: View) -> None:
            client.send({"screen": layout.shown(view)})  # as the panel shows it

        self.enrolling = Enrolling(Enroller(job, HubThroughConnection(self.conn), buttons,
                                            show=show), client)
        log.info("enrolling for the operator (play paused)")
        return ""

    def _enroll_step(self) -> None:
        assert self.enrolling is not None
        enrolling = self.enrolling
        now = self.clock()
        job = enrolling.enroller.enrollment
        if not enrolling.client.closed:
            enrolling.client.read()  # notices the operator leaving (Ctrl-C)
        if not enrolling.client.closed:
            enrolling.enroller.step(now)
        self._watch_hub()
        if job.finished or enrolling.client.closed:
            for uid, entry_id in job.enrolled:
                log.info("enrolled tag %s as %s", uid, entry_id)
            enrolling.client.send({"done": [list(pair) for pair in job.enrolled]})
            enrolling.client.close()
            self.enrolling = None
            log.info("enrollment over, play goes on")
        self._link_message(now)
        self.show(now)

    def _watch_hub(self) -> None:
        """Log the hub's comings and goings once each: found (and what it said in its
        HELLO), lost, a port that cannot be opened, a hub that has gone quiet."""
        conn = self.conn
        hub = conn.link.hub if conn.state == CONNECTED else None
        seen = (conn.state, conn.reason, hub.boot if hub is not None else "")
        if seen != self._hub_seen:
            was = self._hub_seen
            self._hub_seen = seen
            if conn.state == CONNECTED and was[0] != CONNECTED:
                log.info("hub found on %s", conn.path)
            elif conn.state == DISCONNECTED and was[0] == CONNECTED:
                log.warning("hub lost: %s; the game is saved, looking for the hub again",
                            conn.reason)
            elif conn.state != CONNECTED and conn.reason != was[1]:
                level = log.warning if conn.reason.startswith("cannot") else log.info
                level("hub: %s (trying again every few seconds)", conn.reason)
            if hub is not None and seen[2] != was[2]:
                log.info("hub says HELLO: firmware %s, board %s, boot %s, can %s",
                         hub.firmware, hub.board, hub.boot, ",".join(hub.caps) or "-")
                self.board.clear("rolling")  # a roll under way ended with the hub's last boot
        behind = conn.link.behind
        if behind != self._behind_seen:
            self._behind_seen = behind
            if behind is not None:
                log.error("journal behind the hub: it had acknowledged events 1-%d of boot %s "
                          "but the journal holds %d (a deleted -wal file? an old backup "
                          "restored? the hub's ring full: %s): %d inputs are missing. "
                          "Nothing more is "
                          "taken from this boot: restore the newest backup (hexref restore) "
                          "or reset the hub to go on without them", behind.acked, behind.boot,
                          behind.journalled,
                          "yes" if any(c == "RING_FULL" for c, _t in
                                       conn.link.stats.hub_errors) else "no",
                          behind.missing)
            else:
                log.warning("journal no longer behind the hub (boot %s): play goes on",
                            conn.link.boot)
        skew = conn.link.skew
        if skew is not None and skew != self._skew_said:
            log.error("%s; nothing is taken from it or acknowledged, and it keeps its events",
                      skew_sentence(skew))
        self._skew_said = skew
        silent = conn.silent()
        if silent and not self._hub_silent:
            if not conn.greeted():
                log.warning("hub on %s has said nothing since its port opened %.0f s ago (a "
                            "hub booting says HELLO within a few seconds): asked it to answer "
                            "(PING); the panel says Reader not answering", conn.path,
                            conn.quiet_for())
            else:
                log.warning("hub silent for %.0f s on %s: asked it to answer (PING); the "
                            "panel says Reader not answering", conn.quiet_for(), conn.path)
        elif self._hub_silent and not silent and conn.state == CONNECTED:
            log.info("hub speaking again")
        self._hub_silent = silent

    def on_hub_event(self, rcv: Received) -> bool:
        """Journal, acknowledge and act on one hub event; False when it could not be
        journalled (not acknowledged: the hub sends it again)."""
        now = self.clock()
        kind = rcv.msg.kind
        if self.damaged is not None or self.mark_behind is not None:
            self.conn.link.give_back(rcv)  # no game to put it in: the hub keeps it
            return False
        # A table with no buttons on the Pi takes the winner away with a player's button.
        closing = self.won and kind == "BTN" and rcv.msg.button in HUB_MENU
        choosing = self.referee is None and kind == "BTN" and rcv.msg.button in HUB_MENU
        before = self.menu.position()
        choice = None
        try:
            if self.referee is None or closing:
                if choosing:
                    # The menu moves with the event's record: a restart goes on from here.
                    choice = self.menu.press(HUB_MENU[rcv.msg.button][rcv.msg.action == "long"])
                self.store.took_hub_event(rcv.boot, rcv.seq,  # journalled, then ACK
                                          self.menu.position() if choosing else None)
                reaction = None
            else:
                reaction = self.referee.on_event(rcv.event)
        except WRITE_FAILED as exc:
            self.menu.restore(before)
            self.conn.link.give_back(rcv)
            self._write_failed(exc, now)
            return False
        self._write_worked(now)
        if kind != "GONE":  # lifting a tile off the reader is not an input
            self.board.input({"TAP": messages.TAP, "DIE": messages.DIE}.get(
                kind, messages.PLAYER), now)
        if reaction is None:
            self.conn.ack(rcv.seq)
            if closing:
                self._close_game()
            elif choosing:
                # A table with no buttons on the Pi chooses with the hub's: A next, B OK.
                self.board.input(messages.BUTTON, now)
                if choice is not None:
                    self.start(choice)
            elif kind != "GONE":
                self.board.post("note", screens.note("hexref", _("Choose a game first"),
                                                     self.menu_hint()), now)
            return True
        self.conn.ack(rcv.seq)  # only now: the input is in the journal
        if reaction.result is None and reaction.note and (
                kind == "TAP" or (kind == "DIE" and rcv.msg.result[0] == "CROOKED")):
            log.debug("not taken: %s: %s", rcv.msg, reaction.note)
            self._beep("refused", now)  # an unknown tile, a crooked die: nothing changed
        rolling = kind == "DIE" and rcv.msg.result[0] == "ROLLING"
        self._react(reaction, now, "rolling" if rolling else "")
        return True

    def on_press(self, press: Press) -> None:
        now = self.clock()
        showing = self.board.showing(now)
        self.board.input(messages.BUTTON, now)
        if showing == "winner":
            self._close_game()  # the button that takes the winner away opens the menu
            return
        if showing in ("link", "storage"):
            return  # nothing to choose while the reader is away or nothing can be saved
        if self.referee is None:
            if press.action == "press":
                choice = self.menu.press(press.button)
                try:
                    self.store.put_setting("menu", self.menu.position())
                except WRITE_FAILED as exc:
                    log.warning("the menu's place is not kept: %s", exc)
                if choice is not None:
                    self.start(choice)
            return
        try:
            reaction = self.referee.on_press(press.button, press.action)
        except WRITE_FAILED as exc:
            self._write_failed(exc, now)  # not taken: pressed again once it can be saved
            return
        self._react(reaction, now)

    def _react(self, reaction: Reaction, now: float, note_kind: str = "") -> None:
        """``note_kind``: how a note the reaction leaves is held (host/app/messages.py),
        when not as a note: "rolling" for a die that started rolling."""
        referee = self.referee
        assert referee is not None
        message = self.presenter.message(referee.seen(), reaction)
        if message is not None:
            kind = note_kind if note_kind and message[0] == "note" else message[0]
            self.board.post(kind, message[1], now)
        result = reaction.result
        if result is None:
            return
        self._say(result)
        if not result.accepted:
            log.info("refused: %s", result)  # the rule's ID is here, not on the panel
            self._beep("refused", now)
        elif reaction.won and isinstance(result, Outcome):
            self._beep("win", now)
            winner = result.find("winner")
            names = " & ".join(referee.kept_name(p) for p in winner["players"])
            self._finish(names, now)
            log.info("game %s won by %s", self.game_id, names)
            self.board.post("winner", self.presenter.screen(referee.seen()), now)
        else:
            self._beep("accepted", now)

    def use_voice(self, speaker: Speaker, volume: int) -> None:
        """Speak through ``speaker`` at ``volume`` percent, or at the volume last chosen in
        the game menu (kept in the store: a restart keeps it)."""
        kept = self.store.setting("voice")
        if kept is not None and kept.isdigit() and 0 <= int(kept) <= 100:
            volume = int(kept)
        self.speaker = speaker
        speaker.set_volume(volume)
        self.menu.voice = volume

        def changed(level: int) -> None:
            speaker.set_volume(level)
            try:
                self.store.put_setting("voice", str(level))
            except WRITE_FAILED as exc:
                log.warning("the voice's volume is not kept: %s", exc)

        self.menu.voice_changed = changed

    def _say(self, result) -> None:
        """The result aloud: its sentences handed to the voice's own thread, which the
        loop never waits for (host/app/speaker.py)."""
        if self.speaker is None or self.referee is None:
            return
        from host.games.spoken import said_at

        if self.menu.voice == 0:
            return  # switched off in the menu
        texts = said_at(self.referee, result, self.variant)
        self.speaker.say(texts, i18n.language())
        self.transcript.extend("said: %s" % text for text in texts)

    def _voice_problem(self, now: float) -> None:
        """A voice or sound card that failed: said once, on the panel and in the log (the
        speaker logged it); the game goes on."""
        problem = self.speaker.take_problem() if self.speaker is not None else None
        if problem is not None:
            self.board.post("note", screens.note("hexref", _("No sound: %s") % problem,
                                                 _("the game goes on")), now)

    # --- a store that cannot write ---------------------------------------------------

    def _finish(self, winner: str, now: float) -> None:
        """Mark the game won; if that cannot be saved, keep trying (the winning input is
        in the journal already, so a restart would finish it too)."""
        self.won = True
        self._unsaved_finish = (self.game_id, winner)  # type: ignore[assignment]
        self._try_writing(now)

    def _try_writing(self, now: float) -> None:
        try:
            if self._unsaved_finish is not None:
                self.store.finish(*self._unsaved_finish)
                self._unsaved_finish = None
            elif self.paused is not None:
                self.store.probe_write()
        except WRITE_FAILED as exc:
            self._write_failed(exc, now)
            return
        self._write_worked(now)

    def _write_failed(self, exc: BaseException, now: float) -> None:
        problem = screens.write_problem(exc)
        if self.paused != problem:
            log.error("cannot save (%s: %s): game paused, the hub keeps its events until "
                      "they can be saved (free space, check the SD card, see hexref doctor)",
                      exc.__class__.__name__, exc)
        self.paused = problem
        self._retry_at = now + RETRY_WRITE_S
        self.board.post("storage", screens.paused(*problem), now)

    def _write_worked(self, now: float) -> None:
        if self.paused is not None:
            log.warning("saving works again: play resumes")
            self.paused = None
            self.board.clear("storage")

    def _beep(self, pattern: str, now: float) -> None:
        if self.beeper is not None:
            self.beeper.play(pattern, now)

    def _link_message(self, now: float) -> None:
        if self.conn.state == CONNECTED:
            behind = self.conn.link.behind
            if behind is not None:
                self.board.post("link", screens.journal_behind(behind.missing), now)
            elif self.conn.link.skew is not None:
                skew = self.conn.link.skew
                self.board.post("link", screens.version_skew(skew.firmware, skew.newer), now)
            elif self.conn.starting(now):
                # At once after "Reader disconnected" (its port is back: it boots).
                if now - self.conn.opened_at >= STARTING_SHOWN_S or \
                        self.board.showing(now) == "link":
                    self.board.post("link", screens.reader_starting(), now)
            elif self.conn.silent(now):
                self.board.post("link", screens.not_answering(), now)
            else:
                self.board.clear("link")
        elif self.conn.state == DISCONNECTED or self.referee is not None:
            self.board.post("link", screens.reconnecting(
                self.conn.attempt, self.conn.retry_in(now)), now)

    def base_view(self) -> View:
        if self.enrolling is not None:
            return self.enrolling.enroller.enrollment.view()
        if self.referee is not None:
            return self.presenter.screen(self.referee.seen())
        if self.menu.phone is not None:  # its own footer, reader or not (B is OK on the hub)
            return self.menu.view("" if self.controls is not None else _("B: menu"))
        if self.conn.state != CONNECTED:
            return self.menu.view(_("Reader: not found yet"))
        return self.menu.view("" if self.controls is not None else self.menu_hint())

    def menu_hint(self) -> str:
        if self.controls is None:
            return _("A next  B choose  A held: back")
        return _("UP/DOWN, then OK")

    def show(self, now: float) -> bool:
        view = self.board.view(self.base_view(), now)
        drawn = self.panel.show(view)
        if drawn:
            self.transcript.append("--- frame %04d ---" % self.panel.frames)
            self.transcript.extend(layout.shown(view))  # exactly what the panel shows
        return drawn

    def run(self, stop: Callable[[], bool] = lambda: False) -> None:
        while not stop():
            self.step()

    def close(self) -> None:
        if self.service is not None:
            self.service.close()
        self.conn.close()
        if self.controls is not None:
            self.controls.close()
        if self.beeper is not None:
            self.beeper.close()
        if self.speaker is not None:
            self.speaker.close()


def speaker(cfg, archive: Path | None = None, cache: Path | None = None) -> Speaker:
    """The voice the config names (``[voice]``): espeak-ng, or piper for its model's
    language; played on the config's ALSA device; the rendered phrases cached under the
    data folder (voice/, at most ``cache_mb``), or ``cache``."""
    from host.devices.voice import Cache, Espeak, Piper, Player

    v = cfg.voice
    espeak = Espeak(v.rate)
    voice: Espeak | Piper = espeak
    if v.engine == "piper":
        voice = Piper(Path(v.piper_model).expanduser(), espeak)
        missing = voice.missing()
        if missing is not None:  # espeak-ng speaks every language meanwhile
            log.warning("the piper voice cannot speak (%s): espeak-ng speaks instead", missing)
            voice = espeak
    return Speaker(voice, Player(v.device),
                   Cache(cache or cfg.data.path / "voice", v.cache_mb * 1024 * 1024),
                   v.volume, archive)


def build(cfg, emulate: Path | None = None, gpio: bool = True) -> App:
    """An App wired from the config: the hub on USB, the OLED on I2C, the buttons on GPIO.
    ``emulate``: draw the panel as PNG frames (and in the terminal) instead."""
    from host.app.service_socket import ServiceSocket
    from host.devices.inputs import BACK, DOWN, OK
    from host.devices.oled import open_panel
    from host.devices.panel import emulated_panel
    from host.storage.registry import Registry, RegistryBook

    registry = Registry.open(cfg.data.path)
    try:
        panel = starting.take_panel()  # "Starting…" is on it already
        if panel is None and emulate is not None:
            panel = emulated_panel(emulate)
        elif panel is None:
            panel = Panel([open_panel(cfg.panel.driver, cfg.panel.port, cfg.panel.address,
                                      cfg.panel.rotate)])
    except BaseException:
        registry.store.close()  # main tries again: one store open at a time
        raise
    controls = beeper = None
    try:
        if gpio:
            b = cfg.buttons
            encoder = (cfg.encoder.clk, cfg.encoder.dt, cfg.encoder.sw) \
                if cfg.encoder.enabled else None
            controls = Controls({UP: b.up, DOWN: b.down, OK: b.ok, BACK: b.back}, encoder,
                                debounce_s=b.debounce_ms / 1000.0, long_s=b.long_press_s)
            if cfg.buzzer.enabled:
                beeper = Beeper.on_pin(cfg.buzzer.pin)
    except BaseException:
        registry.store.close()
        if controls is not None:
            controls.close()
        starting.give_back(panel)  # the next try draws on it, frames numbered on
        raise
    conn = Connection(lambda: find_hub_port(cfg.hub.vid, cfg.hub.pid, cfg.hub.port),
                      lambda path: open_serial(path, cfg.hub.baud), where=cfg.hub.port)
    app = App(conn, panel, registry.store, RegistryBook(registry), controls, beeper)
    app.registry = registry
    app.names = cfg.players.names
    app.menu.web = cfg.web  # the phone page's address, for the menu's QR code
    app.service = ServiceSocket(cfg.data.path)  # hexref doctor and enroll ask through it
    if cfg.voice.enabled:
        app.use_voice(speaker(cfg), cfg.voice.volume)
    return app


def describe(cfg, emulate: Path | None, gpio: bool) -> str:
    """The configuration in one line, for the log at start."""
    hub = cfg.hub.port if cfg.hub.port != "auto" else "auto (%04X:%s)" % (
        cfg.hub.vid, ("%04X" % cfg.hub.pid) if cfg.hub.pid else "any")
    panel = ("emulated in %s" % emulate) if emulate is not None else \
        "%s at 0x%02X on /dev/i2c-%d" % (cfg.panel.driver, cfg.panel.address, cfg.panel.port)
    if not gpio:
        buttons = "none (hub buttons only)"
    else:
        b = cfg.buttons
        buttons = "GPIO up %d down %d ok %d back %d%s" % (
            b.up, b.down, b.ok, b.back, ", encoder" if cfg.encoder.enabled else "")
    return "config %s; data %s; hub %s; panel %s; buttons %s" % (
        cfg.source, cfg.data.path, hub, panel, buttons)


def _stopped(signum, frame) -> None:
    raise KeyboardInterrupt


STORAGE_RETRY_S = 2.0
START_RETRY_S = 5.0  # a missing panel or pin: as often as systemd's RestartSec= would


def _storage_finding(cfg):
    """What keeps the referee from its database (host/storage/checkup.py), or None. Damaged
    rows do not: the game that holds them says so on the panel when it is restored
    (``App``), and a finished game's rows are not folded in play."""
    from host.storage.checkup import examine

    finding = examine(cfg.data.path)
    if finding is not None and finding.kind in ("row", "behind"):
        return None  # the App says these on the panel and takes nothing from the game
    return finding


def _open_failed(exc: StoreError):
    from host.storage.checkup import Finding

    return Finding("open", *screens.write_problem(exc.cause or exc), str(exc))


def _look(cfg, finding):
    """The data folder looked at again: what keeps the referee from its database, or None
    once it opens. The look takes the run lock, so it never lands inside a ``hexref
    restore`` (which holds it while it builds the database again: a look in between found
    a half-made schema, "table games already exists", and put "Cannot save" on the panel
    for a folder about to be whole); while a restore holds it, ``finding`` stands until
    the next look. A folder where no lock can be made (read-only...) is looked at as is."""
    from host.storage.backup import Busy, hold_run_lock
    from host.storage.store import Store

    try:
        lock = hold_run_lock(cfg.data.path)
    except Busy:
        return finding
    except OSError:
        lock = None
    try:
        found = _storage_finding(cfg)
        if found is None:
            try:
                Store(cfg.data.path).close()
            except StoreError as again:
                found = _open_failed(again)
        return found
    finally:
        if lock is not None:
            os.close(lock)


def _wait_for_storage(cfg, emulate: Path | None, finding) -> bool:
    """The database cannot be used (host/storage/checkup.py names why: missing beside a
    collection key, damaged, newer, on a read-only or full card...): say what and what to
    do on the panel and, once per change, in the log, and look again every few seconds
    rather than exit (under systemd: a restart every 5 s with a blank panel). The run lock
    is held only for each look (``_look``), so ``hexref restore`` can put a backup in. True once the
    database opens; False when no panel can say it (the caller reports and exits)."""
    from host.devices.oled import open_panel
    from host.devices.panel import emulated_panel

    try:
        panel = emulated_panel(emulate) if emulate is not None else Panel([open_panel(
            cfg.panel.driver, cfg.panel.port, cfg.panel.address, cfg.panel.rotate)])
    except Exception:  # noqa: BLE001 - no panel either: the caller logs and exits
        return False
    said = None
    while True:
        if finding is not None:
            if finding != said:
                log.error("cannot open the database: %s; the panel says %s: %s; looking "
                          "again every %.0f s", finding.detail, finding.what, finding.todo,
                          STORAGE_RETRY_S)
                panel.show(screens.paused(finding.what, finding.todo))
                said = finding
            time.sleep(STORAGE_RETRY_S)
            finding = _look(cfg, finding)
            continue
        log.warning("the database opens again: starting")
        for device in panel.devices:
            close = getattr(device, "close", None)
            if close is not None:
                close()  # build opens the panel again
        return True


def main(cfg, emulate: Path | None = None, gpio: bool = True) -> int:
    from host.common.version import version
    from host.storage.backup import Busy, hold_run_lock

    log.info("hexref %s starting: %s", version(), describe(cfg, emulate, gpio))
    signal.signal(signal.SIGTERM, _stopped)  # systemctl stop: close the port, say so
    try:
        finding = _storage_finding(cfg)
        if finding is not None and not _wait_for_storage(cfg, emulate, finding):
            log.error("cannot start (storage): %s; run `hexref doctor`", finding.detail)
            return 1
    except KeyboardInterrupt:
        log.info("hexref stopped")
        return 0
    try:
        hold_run_lock(cfg.data.path)  # held until we exit: no restore under our feet
    except Busy as exc:
        log.error("cannot start: %s", exc)
        return 1
    except OSError as exc:
        log.error("cannot start (storage): cannot use the data folder %s: %s: %s",
                  cfg.data.path, exc.__class__.__name__, exc)
        return 1
    said = ""
    while True:
        try:
            try:
                app = build(cfg, emulate, gpio)
            except StoreError as exc:
                if not _wait_for_storage(cfg, emulate, _open_failed(exc)):
                    raise
                app = build(cfg, emulate, gpio)
            break
        except KeyboardInterrupt:
            log.info("hexref stopped")
            return 0
        except (StoreError, sqlite3.Error) as exc:
            log.error("cannot start (storage): %s: %s; run `hexref doctor` to see what is "
                      "missing", exc.__class__.__name__, exc)
            return 1
        except Exception as exc:  # noqa: BLE001 - say what failed and where to look
            # A panel or pin that is missing: the maker may be fixing the wire. Try again
            # here rather than exit: under systemd each restart would also restart the
            # page and the publisher (PartOf), and flap them every 5 s.
            kind = "start" if isinstance(exc, OSError) else ""
            text = "%s: %s" % (exc.__class__.__name__, exc)
            if text != said:
                log.error("cannot start%s: %s; run `hexref doctor` to see what is missing; "
                          "trying again every %.0f s", " (%s)" % kind if kind else "", text,
                          START_RETRY_S)
                said = text
            try:
                time.sleep(START_RETRY_S)
            except KeyboardInterrupt:
                log.info("hexref stopped")
                return 0
    if said:
        log.warning("started after all: %s is no longer in the way", said.split(":")[0])
    try:
        app.run()
    except KeyboardInterrupt:
        pass
    except (StoreError, sqlite3.Error) as exc:
        # Nothing unjournalled was acknowledged: the hub still holds it for the restart.
        log.error("storage problem, stopping: %s: %s", exc.__class__.__name__, exc)
        return 1
    finally:
        app.close()
    log.info("hexref stopped")
    return 0


# --- the command line (host/commands/main.py calls this) ----------------------------------------
