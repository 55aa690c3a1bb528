"""A frame read back into its texts (host/display/reading.py), as ``hexref demo --board
pocket`` reads the pocket's glass for its transcript (issue 35, item 5): every screen of
every demo game, with the referee's menu open on each of its choices, and the run loop's
menus and its own screens, in English, French and Spanish, read off its pixels exactly as
``layout.shown`` says the view; a frame that is no laid-out screen is not guessed at."""
from __future__ import annotations

import random

import pytest
from PIL import Image

from host.app.demo import rehearse, rigs
from host.common.i18n import LANGUAGES, speaking
from host.devices.panel import render
from host.display import layout, screens
from host.display.reading import read
from host.display.screens import View


def _unread(views: list[View]) -> list[str]:
    """Each view whose frame does not read as it is said (trailing spaces aside: a wrapped
    line's last space lights nothing)."""
    out = []
    for view in dict.fromkeys(views):
        want = [line.rstrip(" ") for line in layout.shown(view)]
        got = read(render(view))
        if got != want:
            out.append("%r read as %r" % (want, got))
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_of_every_demo_game_reads_as_the_pi_says_it(lang: str):
    views: list[View] = []
    with speaking(lang):
        for variant in sorted(rigs()):
            rehearse(variant, on_view=views.append, every_menu=True)
        unread = _unread(views)
    assert not unread, "%d of %d screens in %s:\n%s" % (
        len(unread), len(set(views)), lang, "\n".join(unread[:20]))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_run_loops_menus_and_its_own_screens_read_as_said(lang: str):
    from host.app.run import GameMenu

    views: list[View] = []
    with speaking(lang):
        menu = GameMenu()
        for level in [None, *range(len(menu.games) + 1)]:
            menu.game = level
            for cursor in range(len(menu.items())):
                menu.cursor = cursor
                views += [menu.view(), menu.view("A next  B choose  A held: back")]
        views += [screens.reconnecting(attempt, 8.0) for attempt in (0, 1, 12)]
        views += [screens.not_answering(), screens.reader_starting(),
                  screens.version_skew("0.10.12", True), screens.version_skew("0.0.9", False),
                  screens.journal_behind(1024), screens.damaged_row(12, 10345),
                  screens.paused(*screens.write_problem(OSError("database or disk is full")))]
        unread = _unread(views)
    assert not unread, "\n".join(unread)


def test_a_frame_that_is_no_screen_is_not_guessed():
    assert read(Image.new("1", (128, 64), 0)) == []  # dark: the panel before it is drawn
    noise = random.Random(35)
    speckled = Image.frombytes("L", (128, 64), bytes(noise.choice((0, 255))
                                                     for _ in range(128 * 64)))
    assert read(speckled.convert("1")) is None
    # The phone page's code is drawn by the Pi alone (the pocket has no page).
    assert read(render(screens.phone_page("http://192.168.1.23:8080/"))) is None
    # One pixel off a screen, and it is not that screen any more.
    battle = View(header="JL Beginner", header_right="P1's turn", big=("12", "16"),
                  lines=("Superman beats Doomsday",), footer="7 strike +6 colour +3",
                  inverted_footer=True, mark=1)
    frame = render(battle)
    assert read(frame) == layout.shown(battle)
    frame.putpixel((127, 40), 1)
    assert read(frame) is None
