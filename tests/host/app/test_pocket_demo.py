"""What ``hexref demo --board pocket`` has the players do (host/app/pocket_demo.py), checked
without the emulated board: the buttons it presses in the board's menu start the game asked
for in the language asked for, on the menu the board shows; every tag it taps is one the
pocket's book trusts under the pocket's key; and its table, played into the session the
board runs (shared_rules/core/session.py, the board's button dispatch), ends with the winner the
Pi's demo declares. tests/host/app/test_demo_pocket.py plays it on the emulated board."""
from __future__ import annotations

import pytest

from firmware.pocket.book import Book
from host.app import pocket_screens, pocket_tiles
from host.app.demo import rehearse, rigs
from host.app.pocket_demo import board_menu, menu_presses, pocket_steps, pocket_variants
from host.common.i18n import LANGUAGES, speaking
from shared_rules.core.session import Session
from shared_rules.protocol.events import TableEvent

LISTED = {"games": pocket_screens.games(), "languages": pocket_screens.languages()}
KEY = bytes(range(32))
BOARD_BUTTON = {"UP": "A", "DOWN": "B"}  # the board's (firmware/pocket/main.PLAYER_BUTTON)


def test_the_demo_plays_the_variants_the_pocket_lists_that_have_a_demo():
    listed = [kind[1] for _family, kinds in LISTED["games"] for kind in kinds]
    assert pocket_variants(LISTED) == [v for v in listed if v in rigs()]
    assert "jl-collector" in pocket_variants(LISTED)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", pocket_variants(LISTED))
def test_its_presses_in_the_boards_menu_speak_the_language_and_start_the_game(variant, lang):
    menu = board_menu(LISTED)
    # The menu the demo works on is the one the board boots into (the suite checks that
    # one against the board's pixels).
    with speaking("en"):
        assert menu.view() == pocket_screens.menu("en").view()
    players = len(rigs()[variant].players)  # the demo table's: Invocations' three
    presses = menu_presses(board_menu(LISTED), variant, lang, players)
    board = pocket_screens.menu("en")
    said = [board.press(button) for button in presses]
    assert said[-1] == ("play", variant, players)
    assert board.lang == lang
    assert ("speak", lang) in said or lang == "en"


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Book:
    tiles = tmp_path_factory.mktemp("tiles")
    assert pocket_tiles.main([str(tiles), "--demo", "--key", KEY.hex()]) == 0
    return Book(str(tiles))


@pytest.mark.parametrize("variant", pocket_variants(LISTED))
def test_its_table_is_trusted_by_the_pocket_and_ends_with_the_pis_winner(variant, book):
    steps = pocket_steps(variant, KEY, LISTED)
    rig = rigs()[variant]
    game = steps[len(menu_presses(board_menu(LISTED), variant, "en", len(rig.players))):]

    class Journal:
        def __init__(self) -> None:
            self.entries: list = []

        def append(self, entry) -> None:
            self.entries.append(entry)

    session = Session(rig.new_game, book, Journal(), rig.players)
    placed = None
    for step in game:
        do = step["do"]
        if do == "place":
            assert book.entry_for(step["record"], step["uid"]) is not None, step
            placed = step["uid"]
            session.on_event(TableEvent("TAP", uid=step["uid"], record=step["record"]))
        elif do == "lift":
            session.on_event(TableEvent("GONE", uid=placed))
        elif do == "roll":
            session.on_event(TableEvent("DIE", die="FACE", faces=(step["face"],)))
        elif do in ("press", "long"):  # as the board dispatches its buttons
            if not session.menu_open and step["button"] in BOARD_BUTTON:
                session.on_event(TableEvent("BTN", button=BOARD_BUTTON[step["button"]],
                                            action=do))
            else:
                session.on_press(step["button"], do)
    referee, _said = rehearse(variant)
    assert session.game.phase == referee.game.phase == "over", variant
    # The whole game as its engine sees it, the winners among it (HeroScape names one,
    # ``winner``; the others ``winners``).
    assert session.game.view() == referee.game.view()
