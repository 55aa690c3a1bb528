"""What the panel says while the reader boots and while the die rolls (issue 35, item 5):
``hexref run``'s loop on a cable (a pty) to the real firmware link, a clock the test moves
(tests/rigs/app_table.py).

- A hub whose port has appeared but whose loop is not running yet (a Pico booting: about
  a second; the emulated one several) is *starting*, not silent: "Reader starting", and
  "Reader not answering" only for one that never says HELLO, or that went quiet after it.
- A die that tumbles for longer than a note's 1.5 s still says "Rolling...": the game's
  own screen must not ask again for the roll under way.
"""
from __future__ import annotations

import json

from rigs.app_table import Table, hub_events
from rigs.doctor_pi import FakePi

from firmware.hub.link import Link
from firmware.sim.hub import FdPort
from host.app import doctor
from host.app.demo import demo_script
from host.app.doctor import NOTE
from host.common.config import Config, Data
from host.games.hexors.demo import demo_entries
from host.session.adapter import TileBook


class Booting:
    """The hub while MicroPython boots: its port is there, its loop not yet (it reads and
    says nothing)."""

    def poll(self, ms: int) -> None:
        pass


def _wait(t: Table, seconds: float) -> list[str]:
    """Let ``seconds`` pass on the table's clock in half-second strides; the panel's kinds
    seen, in order, without repeats."""
    kinds: list[str] = []
    for _ in range(int(seconds * 2)):
        t.clock.t += 0.5
        t.ms += 500
        t.step(2)
        if not kinds or kinds[-1] != t.view.kind:
            kinds.append(t.view.kind)
    return kinds


def _plugged_in_booting(t: Table) -> None:
    """The cable out and in again: the Pico restarts, its port comes back before its hub."""
    t.cable.unplug()
    t.step(5)
    assert t.view.kind == "reconnecting"
    t.cable.plug()
    t.hub = Booting()


def _hub_runs(t: Table, boot: str) -> None:
    t.hub = Link(FdPort(t.cable.master), boot, board="test", resend_ms=200)
    t.hub.start(t.ms)  # its first words: HELLO


def test_a_booting_hub_is_starting_not_silent_and_the_game_goes_on(tmp_path):
    t = Table(tmp_path)
    try:
        t.step(10)
        t.press(22)
        t.press(22)  # Justice League Hexors, Beginner
        assert t.view.kind == "setup"
        _plugged_in_booting(t)
        shown = []
        for _ in range(150):  # its port found again within the backoff's 0.5 s
            t.step(1)
            shown.append((t.app.conn.connected, t.view.kind))
        # As soon as its port is back, no longer "Reader disconnected": it boots.
        assert {kind for connected, kind in shown if connected} == {"reader-starting"}, shown
        kinds = _wait(t, 8.0)  # longer than NOT_ANSWERING_S: still booting
        assert kinds == ["reader-starting"], kinds
        assert "not-answering" not in kinds, kinds
        assert t.view.header == "Reader starting"
        # hexref doctor, asking the running referee, says the same.
        pi = FakePi()
        pi.service_status = lambda folder: json.loads(json.dumps(t.app.status()))
        hub = doctor.check_hub(Config(data=Data(dir=str(tmp_path))), pi, talk=False)
        assert hub.status == NOTE and "is starting" in hub.text, hub.line()
        _hub_runs(t, "5EED0002")
        t.step(10)
        assert t.view.kind == "setup", t.view
        # A hub that went quiet after its HELLO is not starting: it is not answering.
        t.hub = Booting()
        kinds = _wait(t, 6.0)
        assert kinds[-1] == "not-answering", kinds
        assert "reader-starting" not in kinds, kinds
    finally:
        t.close()


def test_a_hub_that_never_says_hello_is_not_answering_after_the_boot_time(tmp_path):
    t = Table(tmp_path)
    try:
        t.step(10)
        _plugged_in_booting(t)
        kinds = _wait(t, 14.0)  # past BOOT_S (10 s): stuck, not booting
        assert kinds[-2:] == ["reader-starting", "not-answering"], kinds
        assert t.view.header == "Reader not answering"
        _hub_runs(t, "5EED0003")
        t.step(10)
        assert t.view.kind == "menu"
    finally:
        t.close()


def test_rolling_stays_on_the_panel_until_the_die_rests(tmp_path):
    """The first battle's attacker rolls; the die tumbles 3 s (a long throw, or the
    emulated board under load) before its face comes."""
    t = Table(tmp_path)
    try:
        t.app.book = TileBook(demo_entries())
        t.step(10)
        t.press(22)
        t.press(22)
        events = hub_events(demo_script("jl-beginner"))
        first_roll = next(i for i, e in enumerate(events) if e[0] == "DIE")
        for event in events[:first_roll]:
            t.hub.send_event(t.ms, *event)
            t.step(3)
        asked = t.view.footer
        assert asked.endswith("roll the die"), t.view
        roll = events[first_roll]
        t.hub.send_event(t.ms, "DIE", roll[1], ("ROLLING", ()))
        t.step(3)
        assert t.view.footer == "Rolling..."
        for _ in range(6):
            t.clock.t += 0.5
            t.step(2)
            assert t.view.footer == "Rolling...", "the panel asked again for the roll " \
                                                  "under way: %s" % (t.view,)
        t.hub.send_event(t.ms, *roll)  # the die rests: its face
        t.step(3)
        assert t.view.footer not in ("Rolling...", asked), t.view
        assert t.view.big[0] != "?", t.view  # the attacker's total is up
    finally:
        t.close()


def test_a_hub_that_restarts_mid_roll_takes_rolling_away(tmp_path):
    """The roll never ends if the hub restarts under it: its HELLO (a new boot) takes the
    note away, and the game asks for the roll again."""
    t = Table(tmp_path)
    try:
        t.app.book = TileBook(demo_entries())
        t.step(10)
        t.press(22)
        t.press(22)
        events = hub_events(demo_script("jl-beginner"))
        first_roll = next(i for i, e in enumerate(events) if e[0] == "DIE")
        for event in events[:first_roll]:
            t.hub.send_event(t.ms, *event)
            t.step(3)
        asked = t.view.footer
        t.hub.send_event(t.ms, "DIE", 1, ("ROLLING", ()))
        t.step(3)
        assert t.view.footer == "Rolling..."
        _plugged_in_booting(t)
        t.clock.t += 2
        t.step(5)
        _hub_runs(t, "5EED0004")
        t.step(10)
        assert t.view.footer == asked, t.view
    finally:
        t.close()
