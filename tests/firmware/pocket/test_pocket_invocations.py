"""Invocations on the pocket board (issue 25, item 1): the Master's timers (IN-4) run on the
board's clock (``ticks_ms``, which wraps) by the rule the Pi's hooks run
(shared_rules/games/invocations/timers.py on shared_rules/core/clocks.py), run out when the Pi's do,
once, and are journalled like any other input; the screens are the shared ones
(shared_rules/games/invocations/presenter.py), seats named by their boards' colours (IN-1).
Under CPython and MicroPython."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)

from pocket_folder import folder as board_folder
from pocket_folder import screens_of

from firmware.clock import ticks_add
from firmware.pocket import game, screen
from firmware.pocket.book import Book
from shared_rules.core.clocks import Clocks
from shared_rules.games.invocations.timers import ran_out, running

NEAR_WRAP = ticks_add(0, -20000)  # the board's clock wraps 20 s into the timer


def folder(name):
    return board_folder(name, bytes(32))


def choose(session, label):
    """The referee's menu: opened, the cursor on ``label``, OK."""
    labels = [item[0] for item in session.menu()]
    assert label in labels, (label, labels)
    session.on_press("OK", "press")
    session.cursor = labels.index(label)
    return session.on_press("OK", "press")


def started(name, variant="invocations"):
    root = folder(name)
    played = game.start(root, variant, 3, Book(root + "/tiles"))
    assert played.session.players == ("Red", "Blue", "Green")  # IN-1: boards' colours
    reaction = choose(played.session, "start")
    assert reaction.accepted
    played.changed()
    return root, played


def timeouts(played):
    return [e.input for e in played.session.journal.entries if e.input[0] == "timeout"]


def test_in_4_the_attack_timer_runs_out_on_the_boards_clock_when_the_pis_does():
    root, played = started("in-attack")
    assert choose(played.session, "Red spell").accepted  # a Spell the Master may force
    played.changed()
    screens = screens_of("invocations")
    assert played.tick(NEAR_WRAP) is None
    assert played.timers_ms() == {"attack": 60000}
    assert screen.game(screens, played.session, None, played.timers_ms()).big == ("1:00",)
    assert played.tick(ticks_add(NEAR_WRAP, 15200)) is None
    assert screen.game(screens, played.session, None, played.timers_ms()).big == ("0:45",)
    assert played.tick(ticks_add(NEAR_WRAP, 59999)) is None
    assert played.timers_ms() == {"attack": 1}
    # The Pi's clock (seconds) over the same minute, by the same rule.
    pi = Clocks()
    timing = running(played.session.game.view())
    assert ran_out(pi, timing, 100.0) is None and ran_out(pi, timing, 159.999) is None
    assert ran_out(pi, timing, 160.0) == ("timeout", "attack")
    ran = played.tick(ticks_add(NEAR_WRAP, 60000))
    assert ran.accepted and ran.entry.input == ("timeout", "attack")
    shown = screen.game(screens, played.session, ran, played.timers_ms())
    assert shown.big == ("Time!",) and shown.footer == "The Master may force a Spell"
    assert played.tick(ticks_add(NEAR_WRAP, 75000)) is None  # said once, journalled once
    assert timeouts(played) == [("timeout", "attack")]
    assert "force Red" in [item[0] for item in played.session.menu()]
    # After a power cut the journal holds the timeout; the timer does not run again.
    played.journal.close()
    again = game.saved(root, Book(root + "/tiles"))
    assert again.session.game.view() == played.session.game.view()
    assert again.tick(0) is None and again.tick(120000) is None
    assert timeouts(again) == [("timeout", "attack")]


def test_in_4_the_hand_over_timer_and_the_master_performing_the_steal():
    _root, played = started("in-handover")
    assert choose(played.session, "Red steals Blue").accepted
    played.changed()
    assert played.tick(NEAR_WRAP) is None
    assert played.tick(ticks_add(NEAR_WRAP, 4000)) is None
    shown = screen.game(screens_of("invocations"), played.session, None,
                        played.timers_ms())
    assert shown.big == ("0:11",) and shown.lines == ("Blue: card to Red",)
    assert shown.footer == "B: handed"
    assert played.tick(ticks_add(NEAR_WRAP, 14999)) is None
    done = played.tick(ticks_add(NEAR_WRAP, 15000))
    assert done.accepted and done.result.find("master_performs") == {
        "player": 1, "kind": "steal", "rule": "IN-4"}
    assert timeouts(played) == [("timeout", "handover")]


def test_in_4_no_timer_runs_in_the_untimed_game():
    _root, played = started("in-untimed", "invocations-untimed")
    assert played.tick(NEAR_WRAP) is None and played.tick(ticks_add(NEAR_WRAP, 600000)) is None
    assert played.timers_ms() == {} and timeouts(played) == []
    shown = screen.game(screens_of("invocations"), played.session)
    assert shown.big == ("Stage 2",)
