"""The screens the Pi and the pocket board share (shared_rules/display/; issue 25), the same
under CPython and MicroPython: the game menu walked with the four buttons, and where the
layout puts a menu's and a battle's texts (the pixel comparison with the Pi's drawing is
tests/host/app/test_pocket_screens.py)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from shared_rules.display import screens
from shared_rules.display.layout import lay_out
from shared_rules.display.menu import Menu, choice_label

GAMES = (("Justice League Hexors", (("Beginner", "jl-beginner", 2, (2,)),
                                    ("Free-for-all", "jl-ffa", 3, (3, 4)),
                                    ("Free-for-all", "jl-ffa", 4, (3, 4)))),
         ("HeroScape", (("", "heroscape", 2, (2,)),)))
LANGUAGES = (("en", "English"), ("fr", "Français"), ("es", "Español"))


def test_the_menu_walks_games_kinds_and_languages():
    menu = Menu(GAMES, LANGUAGES, "fr")
    view = menu.view()
    assert view.lines == ("Justice League Hexors", "HeroScape", "Language: Français")
    assert (view.header_right, view.selected, view.footer) == ("1/3", 0, "OK choose")
    assert menu.press("UP") is None and menu.cursor == 2  # wraps
    assert menu.press("OK") is None
    assert menu.view().header == "Language" and menu.cursor == 1  # on the one spoken
    menu.press("DOWN")
    assert menu.press("OK") == ("speak", "es")
    assert (menu.lang, menu.game, menu.cursor) == ("es", None, 2)
    menu.press("DOWN")  # round to the first game
    assert menu.press("OK") is None
    assert menu.items() == ("Beginner", "Free-for-all, 3 players", "Free-for-all, 4 players")
    assert menu.cursor == 0 and menu.view().footer == "OK start  BACK back"
    menu.press("DOWN")
    menu.press("DOWN")
    assert menu.press("OK") == ("play", "jl-ffa", 4)
    assert (menu.game, menu.cursor) == (None, 0)
    menu.press("DOWN")
    menu.press("OK")
    assert menu.items() == ("HeroScape",)  # one kind: the game's own name
    assert menu.press("BACK") is None and (menu.game, menu.cursor) == (None, 1)
    assert menu.press("BACK") is None and (menu.game, menu.cursor) == (None, 1)


def test_a_kind_is_named_for_its_players():
    assert choice_label("JL", "Collector's", 2, (2,)) == "Collector's"
    assert choice_label("JL", "Free-for-all", 1, (1, 3)) == "Free-for-all, 1 player"
    assert choice_label("Hexo", "", 3, (2, 3, 4)) == "3 players"


def test_a_menu_is_laid_out_in_rows_under_its_header():
    placed = lay_out(screens.game_menu("Choose a game", ("JL", "YGO", "Language: English"),
                                       1, "OK choose"))
    said = [(p.part, p.text, p.font, p.x, p.y, p.selected) for p in placed]
    assert said == [("header", "Choose a game", "6x10", 0, 0, False),
                    ("right", "2/3", "6x10", 110, 0, False),
                    ("rule", "", "5x8", 0, 11, False),
                    ("line", "JL", "6x10", 1, 13, False),
                    ("line", "YGO", "6x10", 1, 24, True),
                    ("line", "Language: English", "6x10", 1, 35, False),
                    ("footer", "OK choose", "6x10", 0, 54, False)]


def test_a_battle_keeps_both_totals_large_and_its_breakdown_whole():
    view = screens.battle("JL Collector", (11, 12), "Superman beats Doomsday",
                          "6 strike +6 colour +3 pod = 15", 1, "Stones P1 2 P2 0")
    placed = lay_out(view)
    bigs = [(p.text, p.font, p.x) for p in placed if p.part == "big"]
    # The breakdown takes two lines: the totals a size smaller, not a word cut.
    assert bigs == [("11", "9x15", 0), ("12", "9x15", 110)]
    footer = [p.text for p in placed if p.part == "footer"]
    assert len(footer) == 2
    assert "".join(footer).replace(" ", "") == "6strike+6colour+3pod=15"  # nothing cut
    for p in placed:
        assert p.x >= 0 and p.y >= 0 and p.x + len(p.text) * int(p.font.split("x")[0]) <= 128
    assert screens.text(view)[1] == "   11  :  _12_"
