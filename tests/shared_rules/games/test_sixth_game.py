"""A sixth game is its package and one line in the registry (DESIGN.md principle 7;
docs/RECIPES.md, "Adding a game"): High Roll (tests/rigs/high_roll/: its descriptor, engine,
screens, cards and what only the Pi has of it) is added to the registry here and nowhere
else, then chosen on the menu of ``hexref run``, its card enrolled with a value read off
the card, played through the run loop to a winner, replayed from the store, rehearsed as a
demo, asked for its odds, and listed on the pocket board's menu."""
from __future__ import annotations

import pytest
from rigs import high_roll
from rigs.app_table import Table

from host.app.demo import rehearse
from host.app.enroll import CHOOSE, CORRECT, DONE, HOLD, Enrollment, choices_for
from host.commands.main import main
from host.display.screens import text
from host.games import descriptor as games
from host.readers.replay import replay
from host.readers.web_sentences import fight_lines, said_input
from host.storage import tags
from host.storage.registry import Registry
from host.storage.store import Store
from shared_rules import games as registry

KEY = bytes(range(32))
UP, OK = 17, 22  # the Pi's buttons (tests/host/app/test_connection_app.py)


@pytest.fixture
def registered(monkeypatch):
    """High Roll's line in the registry (shared_rules/games/__init__.py, ``PACKAGES``), the
    one change a sixth game makes outside its own folders; taken out after the test."""
    def load():
        return high_roll

    monkeypatch.setattr(registry, "PACKAGES", registry.PACKAGES + [("high_roll", load)])
    games.refresh()
    yield
    monkeypatch.undo()
    games.refresh()


def enroll_wizard(folder) -> str:
    """``hexref enroll``: the tag tapped, High Roll chosen from the list of games, the
    Wizard from its cards, its Might (not printed in the catalogue) set to 3 as read off the
    card, OK held, the tag written and read back."""
    uid = high_roll.UIDS["hr/wizard"]
    job = Enrollment(Registry(Store(folder), KEY), choices_for())
    job.on_tap(uid, "", 0.0)
    assert job.state == CHOOSE and job.groups[-1] == "hr"
    job.on_button("UP", "press", 0.1)  # the list wraps: the last game
    assert "[High Roll]" in text(job.view())
    job.on_button("OK", "press", 0.2)
    assert "Knight" in text(job.view())[1]
    job.on_button("DOWN", "press", 0.3)
    job.on_button("OK", "press", 0.4)
    assert job.state == CORRECT and job.view().big[0] == "might"
    for _ in range(3):
        job.on_button("UP", "press", 0.5)
    job.on_button("OK", "press", 0.6)
    assert job.state == HOLD
    (write,) = job.on_button("OK", "long", 1.0)
    assert write.uid == uid and write.record == tags.record_for("hr/wizard", uid, KEY)
    job.on_tap(uid, write.record, 1.2)  # the hub reads the written tag back
    assert job.state == DONE and job.enrolled == [(uid, "hr/wizard")]
    return write.record


def test_a_registered_game_through_menu_enroll_play_and_replay(tmp_path, registered):
    table = Table(tmp_path)
    try:
        record = enroll_wizard(tmp_path)
        knight = high_roll.UIDS["hr/knight"]
        Registry(Store(tmp_path), KEY).enroll(knight, "hr/knight")
        assert table.app.book.entry_for(record, high_roll.UIDS["hr/wizard"])["might"] == 3

        table.step(10)
        assert "High Roll" in table.app.menu.items()
        table.press(UP)  # the menu wraps: its last line (the phone page)
        table.press(UP)  # the language
        table.press(UP)  # and the last game
        assert "[High Roll]" in text(table.view)
        table.press(OK)
        table.press(OK)  # its one variant, two players
        game_id = table.app.game_id
        assert table.app.store.game(game_id).variant == "high-roll"

        table.tap(knight)
        table.hub.send_event(table.ms, "BTN", "A", "press")
        table.step(5)
        table.hub.send_event(table.ms, "TAP", 0, high_roll.UIDS["hr/wizard"], record)
        table.step(5)
        assert text(table.view)[1:3] == ["P1: Knight", "P2: Wizard"]
        table.hub.send_event(table.ms, "BTN", "B", "press")
        table.step(5)
        for face in (6, 5, 6):  # Knight 6+2, Wizard 5+3, Knight 8+6+2 = 16 (HR-3)
            table.hub.send_event(table.ms, "DIE", face, ("FACE", (face,)))
            table.step(5)
        assert text(table.view)[:2] == ["High Roll", "   P1 wins"]
        assert table.app.store.game(game_id).winner == "P1"
    finally:
        table.close()

    said = replay(Store(tmp_path), game_id)
    assert said[0].startswith("Game %d: high-roll, P1 vs P2" % game_id)
    assert any("P1 adds Knight" in line for line in said)
    assert any("P2 adds Wizard" in line for line in said)
    assert said[-4:] == ["    | High Roll", "    |    P1 wins", "    | 16 : 8",
                         "    | > OK: new game"]
    # The page says its events and inputs with the shared sentences (it has none of its own,
    # host/games/telling.py): a winner, an input only it has, in words.
    assert fight_lines([("winner", {"players": [0]})], {}, ("P1", "P2"), "high-roll") == \
        ["P1 wins the game"]
    assert said_input(("boast", 1), {}, ("P1", "P2"), 1, "", "high-roll") == "P2: boast 1"


def test_a_registered_game_has_its_demo_and_odds(registered, capsys):
    referee, said = rehearse("high-roll")
    assert referee.game.winner == 0 and "P1 wins" in said[-1]
    assert main(["odds", "high-roll", "--score", "8", "--might", "2"]) == 0
    assert capsys.readouterr().out == "next roll wins: 5/6\n"  # any face but 1 (HR-3)


def test_a_registered_game_is_on_the_pocket_boards_menu_with_its_package(registered):
    """The pocket board finds a game the same way (its menu from the descriptors, the
    package it imports kept beside each variant: host/app/pocket_screens.py)."""
    from host.app import pocket_screens

    assert ["High Roll", [["", "high-roll", 2, [2]]]] in pocket_screens.games()
    assert pocket_screens.packages()["high-roll"] == "high_roll"
    described, kind = registry.find("high-roll", "high_roll")
    assert described.screens(kind).title == "High Roll"
