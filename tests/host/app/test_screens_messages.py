"""How long messages hold the panel and what takes them away (host/app/messages.py)."""
from __future__ import annotations

import pytest

from host.app import messages
from host.app.messages import BUTTON, DIE, PLAYER, TAP, MessageBoard

BASE = "game screen"


def test_refused_holds_two_and_a_half_seconds():
    board = MessageBoard()
    assert board.post("refused", "refused!", now=10.0)
    assert board.view(BASE, 12.4) == "refused!"
    assert board.view(BASE, 12.5) == BASE
    assert board.next_change(10.0) is None  # gone already: nothing pending


def test_a_die_roll_takes_a_refusal_away_at_once():
    board = MessageBoard()
    board.post("refused", "refused!", now=0.0)
    assert board.next_change(0.0) == 2.5
    board.input(DIE, 0.3)
    assert board.view(BASE, 0.3) == BASE


def test_winner_holds_until_a_referee_button_and_nothing_else():
    board = MessageBoard()
    board.post("winner", "P1 wins", now=0.0)
    for what in (TAP, DIE, PLAYER):
        board.input(what, 1.0)
    assert board.view(BASE, 3600.0) == "P1 wins"
    assert board.next_change(3600.0) is None
    board.input(BUTTON, 3600.0)
    assert board.view(BASE, 3600.0) == BASE


def test_reconnecting_overrides_everything_until_the_link_is_back():
    board = MessageBoard()
    board.post("winner", "P1 wins", now=0.0)
    board.post("refused", "refused!", now=0.0)  # beneath the winner, timed
    assert board.view(BASE, 0.1) == "P1 wins"
    assert board.post("link", "Reader disconnected", now=1.0)
    for what in messages.ANY_INPUT:
        board.input(what, 2.0)
    assert board.view(BASE, 60.0) == "Reader disconnected"
    assert board.showing(60.0) == "link"
    board.clear("link")
    # The winner is still there (it waits for a button); the refusal ran out meanwhile.
    assert board.view(BASE, 60.0) == "P1 wins"
    board.input(BUTTON, 61.0)
    assert board.view(BASE, 61.0) == BASE


def test_a_lower_message_does_not_hide_a_higher_one():
    board = MessageBoard()
    board.post("refused", "refused!", now=0.0)
    assert not board.post("note", "Rolling...", now=1.5)
    assert board.view(BASE, 2.0) == "refused!"
    assert board.view(BASE, 2.6) == "Rolling..."  # its own 1.5 s still had time left
    assert board.view(BASE, 3.0) == BASE


def test_a_new_refusal_replaces_the_old_one_and_restarts_its_time():
    board = MessageBoard()
    board.post("refused", "first", now=0.0)
    board.post("refused", "second", now=2.0)
    assert board.view(BASE, 4.0) == "second"
    assert board.view(BASE, 4.5) == BASE


def test_every_kind_has_a_named_priority_and_hold():
    assert messages.NOTE < messages.REFUSED < messages.WINNER < messages.LINK
    assert messages.HOLDS["refused"].seconds == 2.5
    assert DIE in messages.HOLDS["refused"].dismissed_by
    assert messages.HOLDS["winner"].dismissed_by == (BUTTON,)
    assert messages.HOLDS["link"].dismissed_by == ()
    with pytest.raises(ValueError, match="unknown message kind"):
        MessageBoard().post("shout", "x", now=0.0)
