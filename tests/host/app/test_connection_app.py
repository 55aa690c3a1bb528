"""``hexref run``'s loop end to end: menu, setup taps, the cable pulled and put back, a
restart of the host; the hub is the real firmware link on a pty, the panel luma's dummy,
the buttons gpiozero mock pins."""
from __future__ import annotations

import pytest
from rigs.app_table import ATLANTIS, STRANGER, SUPERMAN, Table

from firmware.sim.hub import FdPort
from host.app.run import GameMenu
from host.devices.inputs import BACK, DOWN, OK, UP
from host.storage.store import Store


@pytest.fixture
def table(tmp_path):
    t = Table(tmp_path)
    yield t
    t.close()


def test_menu_then_setup_survives_unplug_and_host_restart(table):
    table.step(10)
    assert table.view.header == "Choose a game" and table.view.kind == "menu"
    table.press(22)  # OK: Justice League Hexors
    assert table.view.header == "Justice League Hexors"
    table.press(22)  # OK: Beginner
    assert table.view.kind == "setup" and table.app.game_id is not None

    table.tap(SUPERMAN)
    assert "P1: 1 tile " in table.view.lines[0]

    table.tap(STRANGER)  # an unknown tag: said, and nothing changes
    assert "Unknown tile" in table.view.footer  # a note, over the setup screen
    table.clock.t += 3
    table.step(2)

    table.cable.unplug()
    table.step(5)
    assert table.view.kind == "reconnecting" and table.view.header == "Reader disconnected"
    table.hub.send_event(table.ms, "TAP", 0, ATLANTIS, "")  # tapped while the cable is out
    table.step(5)

    table.cable.plug()
    table.hub.port = FdPort(table.cable.master)
    table.clock.t += 10
    table.step(40)
    assert table.view.kind == "setup"
    assert "P1: 2 tiles" in table.view.lines[0]
    assert table.hub.unacked == 0

    # The host restarts (new process, same database): the game is where it was.
    accepted = [e.input[0] for e in table.app.referee.journal.entries if e.accepted]
    table.app.close()
    table.app = table.new_app()
    table.step(30)  # the hub resends nothing new; HELLO again after PING
    assert table.app.referee is not None and table.view.kind == "setup"
    assert "P1: 2 tiles" in table.view.lines[0]
    assert [e.input[0] for e in table.app.referee.journal.entries if e.accepted] == accepted
    assert accepted == ["add", "add"]


def test_events_with_no_game_open_are_acknowledged_and_said(table):
    table.step(10)
    table.tap(SUPERMAN)
    assert table.view.lines == ("Choose a game first",)
    assert table.hub.unacked == 0
    table.clock.t += 2
    table.step(2)
    assert table.view.kind == "menu"
    store = Store(table.folder)
    assert store.positions()["5EED0001"] == 2  # TAP and GONE taken, not to be retaken


def test_game_menu_walks_games_and_variants():
    menu = GameMenu()
    assert menu.press(DOWN) is None and menu.cursor == 1
    for _ in range(len(menu.items()) - 1):  # every game on the list, then round again
        menu.press(DOWN)
    assert menu.cursor == 0  # wraps
    menu.press(OK)
    assert menu.items()[0] == "Beginner"
    menu.press(UP)
    assert menu.view().lines[menu.view().selected] == "Teams of two (4 players)"
    menu.press(BACK)
    assert menu.game is None and menu.cursor == 0
    menu.press(DOWN)
    menu.press(OK)
    choice = menu.press(DOWN) or menu.press(OK)
    assert choice.variant == "ygo-collector" and choice.players == 2


def test_whole_beginner_game_with_the_cable_pulled_mid_battle(tmp_path):
    """JL Beginner from the menu to the winner; the USB cable comes out during the first
    battle and the second roll is made while it is out. The game ends as the demo's does,
    and the winner waits for a button that brings back the menu."""
    t = Table(tmp_path)
    try:
        events, first_roll = t.beginner_demo()
        for i, event in enumerate(events):
            if i == first_roll + 1:
                t.cable.unplug()
                t.step(5)
                assert t.view.kind == "reconnecting"
            t.hub.send_event(t.ms, *event)
            t.step(3)
            if i == first_roll + 1:
                t.cable.plug()
                t.hub.port = FdPort(t.cable.master)
                t.clock.t += 10
                t.step(30)
        t.step(20)
        assert t.view.kind == "winner" and t.view.big == ("P1 wins",)
        assert t.hub.unacked == 0
        assert t.app.conn.disconnects == 1 and t.app.conn.reconnects == 1
        store = Store(t.folder)
        finished = store.games()[-1]
        assert finished.finished is not None and finished.winner == "P1"
        # Every hub event is in the journal once (menu-free: the game was open for all).
        entries = store.journal(finished.id).entries
        assert [e.seq for e in entries] == list(range(1, len(events) + 1))
        t.clock.t += 600
        t.step(5)
        assert t.view.kind == "winner"  # still there: it waits for a button
        t.press(23)  # BACK takes it away
        assert t.view.kind == "menu" and t.app.referee is None
    finally:
        t.close()


def test_buzzer_says_accepted_refused_and_win(tmp_path):
    from host.devices.inputs import Beeper

    class Buzzer:
        def on(self) -> None:
            pass

        def off(self) -> None:
            pass

    t = Table(tmp_path)
    try:
        t.app.beeper = Beeper(Buzzer())
        events, _first_roll = t.beginner_demo()
        t.tap(STRANGER)  # not in the demo book: unknown
        t.hub.send_event(t.ms, "DIE", 1, ("CROOKED", ()))
        t.step(3)
        for event in events:
            t.hub.send_event(t.ms, *event)
            t.step(3)
        played = t.app.beeper.played
        assert played[:2] == ["refused", "refused"]
        assert played[-1] == "win" and "accepted" in played
    finally:
        t.close()


def test_with_no_buttons_on_the_pi_the_hub_buttons_choose_the_game(table):
    table.app.controls.close()
    table.app.controls = None
    table.step(10)
    assert table.view.footer == "A next  B choose  A held: back"
    for button in ("A", "B", "A", "B"):  # YGO Hexors, Collector's
        table.hub.send_event(table.ms, "BTN", button, "press")
        table.step(5)
    assert table.app.referee is not None and table.view.kind == "setup"
    assert table.view.header.startswith("YGO Collector")
    assert table.hub.unacked == 0
