"""Whose roll it is, on the Pi as a table plays it (RULES.md ROLL-1, ROLL-2): ``hexref
run``'s loop on a cable to the real firmware link (tests/rigs/app_table.py), the JL
Beginner demo up to its first battle. The defender holds their button to take the die
before the attacker rolled: the panel refuses it at once and names the attacker; the
attacker holds theirs and rolls: the journal keeps the roll as theirs, and a referee
restarted on the same folder shows the same battle."""
from __future__ import annotations

from rigs.app_table import Table

from host.storage.store import Store


def _to_first_roll(t: Table) -> tuple:
    events, first_roll = t.beginner_demo()
    for event in events[:first_roll]:
        t.hub.send_event(t.ms, *event)
        t.step(3)
    return events[first_roll]


def _journal(t: Table) -> list:
    store = Store(t.folder)
    return store.journal(store.games()[-1].id).entries


def test_roll_2_the_wrong_players_hold_is_refused_at_once_and_the_roll_is_the_holders(tmp_path):
    t = Table(tmp_path)
    try:
        roll = _to_first_roll(t)
        attacker = t.app.referee.legal().roll_by
        assert t.view.footer == "P%d: roll the die" % (attacker + 1), t.view
        mine, theirs = ("A", "B") if attacker == 0 else ("B", "A")
        before = t.app.referee.game.view()
        t.hub.send_event(t.ms, "BTN", theirs, "long")
        t.step(3)
        assert t.view.kind == "refused", t.view
        shown = " ".join(t.view.lines) + " " + t.view.footer
        assert "It is P%d's roll" % (attacker + 1) in shown, t.view
        assert t.app.referee.game.view() == before
        assert _journal(t)[-1].accepted is False
        t.hub.send_event(t.ms, "BTN", mine, "long")
        t.step(3)
        assert t.app.referee.holder == attacker
        t.hub.send_event(t.ms, *roll)
        t.step(3)
        assert t.view.big[0] != "?", t.view  # the attacker's strike is up
        last = _journal(t)[-1]
        assert last.accepted and list(last.input) == ["roll", roll[2][1][0], attacker], last
        shown_live = t.view
        t.app.close()
        t.app = t.new_app()  # the referee restarts on the same folder
        t.step(10)
        assert t.app.referee.holder is None and t.view == shown_live, (t.view, shown_live)
    finally:
        t.close()
