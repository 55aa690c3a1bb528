"""Every screen as PNG on luma's dummy device, compared pixel by pixel with tests/snapshots.

Regenerate after an intended change with ``UPDATE_SNAPSHOTS=1 .venv/bin/pytest
tests/host/display/test_screens.py`` and look at the PNGs before committing them.
"""
from __future__ import annotations

import os

import pytest
from luma.core.device import dummy
from PIL import Image, ImageChops
from rigs.tree import ROOT

from host.devices.panel import Panel, render
from host.display import screens

SNAPSHOTS = ROOT / "tests" / "snapshots"
UPDATE = os.environ.get("UPDATE_SNAPSHOTS") == "1"

SCREENS = {
    "menu_game": screens.game_menu(
        "Choose a game", ("JL Hexors", "YGO Hexors", "HeroScape", "Hexo", "Invocations"), 1),
    "menu_variant": screens.game_menu(
        "JL Hexors", ("Beginner", "Collector's", "Free-for-all 3-4", "Teams of 2"), 3),
    "roster_setup": screens.roster_setup(
        "JL Collector's", ("P1", "P2"), (4, 1), 1, "B", "Martian Manhunter"),
    "battle": screens.battle(
        "JL Coll.  P2", (11, 12), "Superman beats Doomsday",
        "6 die +6 colour = 12", 1, stones="P1:2 P2:0"),
    "battle_tie": screens.battle(
        "JL Beginner  P2", (8, 8), "Tie! Roll again", "8 die = 8", None),
    "power_play": screens.power_play(
        "JL Coll.  P1", "P1", "Teamwork", 2, 1, "Superman +7 this turn"),
    "refused_stones": screens.refused(
        "JL Coll.  P1", "Not enough Stones: Teamwork costs 2, you have 1",
        "Play a cheaper Power or go on", "JL-C9"),
    "refused_unknown_tile": screens.refused(
        "JL Beginner", "Unknown tile 04A1B2C3", "Enroll it: hexref enroll"),
    "refused_no_roll": screens.refused(
        "JL Beginner  P1", "No roll expected", "Tap the moving tile first"),
    "reconnecting": screens.reconnecting(3, 4.0),
    "winner": screens.winner("JL Beginner", "P1", "Superman 6 : 4 Mars"),
}


def on_dummy(view: screens.View) -> Image.Image:
    device = dummy(width=128, height=64, mode="1")
    Panel([device]).show(view)
    return device.image


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_screen_matches_snapshot(name: str) -> None:
    image = on_dummy(SCREENS[name])
    path = SNAPSHOTS / (name + ".png")
    if UPDATE:
        SNAPSHOTS.mkdir(exist_ok=True)
        image.save(path)
    assert path.exists(), "no snapshot %s: run with UPDATE_SNAPSHOTS=1 and look at it" % path
    expected = Image.open(path).convert("1")
    assert expected.size == image.size
    diff = ImageChops.difference(expected.convert("L"), image.convert("L")).getbbox()
    assert diff is None, "%s differs from its snapshot in box %s" % (name, diff)


def test_every_screen_draws_something_in_each_band() -> None:
    """Header, body and footer all carry ink: no screen is accidentally blank."""
    for name, view in SCREENS.items():
        image = render(view)
        for top, bottom in ((0, 12), (14, 50), (52, 64)):
            band = image.crop((0, top, 128, bottom))
            assert band.getbbox() is not None, "%s: empty band %d-%d" % (name, top, bottom)


def test_menu_keeps_the_cursor_in_view() -> None:
    items = tuple("Game %d" % i for i in range(1, 8))
    for selected in range(len(items)):
        view = screens.game_menu("Choose", items, selected)
        assert view.lines[view.selected] == items[selected]
        assert len(view.lines) == screens.MENU_ROWS
    assert screens.game_menu("Choose", items, 99).lines[-1] == "Game 7"


def test_winner_total_is_underlined_on_its_side() -> None:
    left = render(screens.battle("h", (12, 11), "x", "y", 0))
    right = render(screens.battle("h", (12, 11), "x", "y", 1))
    from host.display import layout

    y = layout.BODY_TOP + layout.FONTS["10x20"][1] + 1  # one row under the 20 px digits
    under = (y, y + 1)
    assert left.crop((0, under[0], 40, under[1])).getbbox() is not None
    assert left.crop((88, under[0], 128, under[1])).getbbox() is None
    assert right.crop((88, under[0], 128, under[1])).getbbox() is not None


def test_long_refusal_wraps_instead_of_vanishing() -> None:
    view = screens.refused("h", "Not enough Stones: Teamwork costs 2, you have 1", "ok")
    image = render(view)
    assert image.crop((0, 26, 128, 37)).getbbox() is not None  # second line used


def test_text_says_what_the_panel_shows() -> None:
    lines = screens.text(SCREENS["battle"])
    assert lines == ["JL Coll.  P2  [P1:2 P2:0]", "   11  :  _12_",
                     "Superman beats Doomsday", "> 6 die +6 colour = 12"]
