"""The same screens on both sides (issue 25, item 2): every screen of the Hexors demo games
(Justice League Beginner and Collector's, Yu-Gi-Oh! Beginner), of the Invocations demo, of the
Hexo demo and of the HeroScape demo, with the referee's menu open on each of their choices,
as the Pi lays it out and draws it with Pillow, against the same
view laid out on the pocket board's side by the shared layout (shared_rules/display/
layout.py) and drawn by firmware/pocket/glyphs.py with MicroPython's framebuf (the
WebAssembly port, tests/mpy/pocket_screens.mjs) from the fonts packed for the board
(host/display/fontpack.py): pixel for pixel, in English, French and Spanish.

And the board's own words (issue 25, item 2): the shared screens made on the board, their
words read from the catalogues packed for it (host/common/wordpack.py, read by
firmware/pocket/words.py: a title, the menu's hints, a roster's and a Power's counts at
0, 1 and 2, which French and Spanish say differently, a tile's name as its game's
rulebook prints it), are the Pi's same screens made with gettext, pixel for pixel."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from rigs.panel_ram import page_bytes
from rigs.tree import ROOT

from host.app.demo import rehearse
from host.common import wordpack
from host.common.i18n import LANGUAGES, speaking
from host.devices.panel import render
from host.display import screens
from host.display.fontpack import write_all
from host.display.screens import View
from shared_rules.core import words
from shared_rules.core.fraction import Fraction

pytestmark = pytest.mark.system  # real processes, browsers or brokers


VARIANTS = ("jl-beginner", "jl-collector", "ygo-beginner")
FIELDS = ("header", "footer", "header_right", "big", "lines", "kind", "inverted_footer",
          "selected", "mark", "wrap")


def fields(view: View) -> dict:
    """A view as the board's runner takes it: ``View(**fields)`` there."""
    return {name: getattr(view, name) for name in FIELDS}


def views(variant: str) -> list[View]:
    seen: list[View] = []
    rehearse(variant, on_view=seen.append, every_menu=True)
    return seen


# Shared screens as the board makes them: (function, args); {"_": text} is said in the
# table's language, {"name": entry} is a tile's name (shared_rules.core.words.name).
LAST_STAND = {"name": {"game": "jl", "name": "Last Stand"}}
CALLS = [
    ("game_menu", [{"_": "Choose a game"}, ["Justice League Hexors", "Yu-Gi-Oh! Hexors",
                                            {"_": "Beginner"}], 0, {"_": "OK choose"}]),
    ("game_menu", [{"_": "Language"}, ["English", "Français", "Español"], 2]),
    ("game_menu", [{"_": "Choose a game"}, [], 0]),
    *[("roster_setup", [{"_": "JL Beginner"}, ["P1", "P2"], [n, 1], 0, "A", LAST_STAND])
      for n in (0, 1, 2)],
    *[("power_play", [{"_": "JL Collector"}, "P2", LAST_STAND, 2, n, {"_": "end turn"}])
      for n in (0, 1, 2)],
    ("battle", [{"_": "JL Collector"}, [7, 12], "Superman 7 : 12 Doomsday",
                "6 strike +6 colour = 12", 1, "P1 2 P2 0"]),
    ("refused", [{"_": "JL Beginner"}, {"_": "Not enough Stones"}, {"_": "end turn"}, "JL-C9"]),
    ("note", ["hexref", {"_": "Rolling..."}]),
    ("starting", []),
    ("restoring", [12, 3]),
    ("winner", [{"_": "JL Beginner"}, "P1", ""]),
    ("winner", [{"_": "JL Beginner"}, "P2", "Superman 6 : 4 Mars"]),
    # HeroScape's odds, a share written the table's way (the pack's "\x01share" record).
    ("note", ["HeroScape", {"share": [2, 3]}, {"share": [1, 1]}]),
]


def said(arg):
    """An argument of ``CALLS`` as the Pi says it (the board's runner does the same)."""
    if isinstance(arg, list):
        return tuple(said(a) for a in arg)
    if isinstance(arg, dict) and "_" in arg:
        return words._(arg["_"])
    if isinstance(arg, dict) and "name" in arg:
        return words.name(arg["name"])
    if isinstance(arg, dict) and "share" in arg:
        return words.share(Fraction(*arg["share"]))
    return arg


def board_frames(tmp_path: Path, lang: str, shown: list[View], calls: list) -> list[bytes]:
    fonts, packed = tmp_path / "fonts", tmp_path / "words"
    write_all(fonts)
    wordpack.write_all(packed)
    path = tmp_path / "screens.json"
    path.write_text(json.dumps({"lang": lang, "views": [fields(view) for view in shown],
                                "calls": calls}))
    run = subprocess.run(["node", str(ROOT / "tests" / "mpy" / "pocket_screens.mjs"),
                          str(fonts), str(packed), str(path)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.split()
    n = len(shown) + len(calls)
    assert len(lines) == 2 * n, run.stdout[-2000:]
    whole, over = lines[:n], lines[n:]
    # Each screen painted over the one before (only what changed painted again: the
    # board's show, issue 31) is the screen painted whole.
    changed = [i for i in range(n) if over[i] != whole[i]]
    assert not changed, "painted over screen %d, not as painted whole (of %d)" % (
        changed[0], len(changed))
    return [bytes.fromhex(line) for line in whole]


def same_pixels(lang: str, shown: list[View], pi: list[bytes], board: list[bytes]) -> None:
    for n, (view, ours, theirs) in enumerate(zip(shown, pi, board, strict=True)):
        if ours != theirs:
            diff = sum(bin(a ^ b).count("1") for a, b in zip(ours, theirs, strict=True))
            raise AssertionError("screen %d (%s): %d pixels differ: %r" % (
                n, lang, diff, view))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_lays_out_and_draws_every_hexors_demo_screen_as_the_pi_does(lang, tmp_path):
    with speaking(lang):
        shown = list(dict.fromkeys(view for variant in VARIANTS for view in views(variant)))
        pi = [page_bytes(render(view)) for view in shown]
    assert len(shown) > 90
    same_pixels(lang, shown, pi, board_frames(tmp_path, lang, shown, []))


# The other games the pocket referees, each with its own shared presenter
# (shared_rules/games/hexo/presenter.py, shared_rules/games/heroscape/presenter.py): every screen of its demo, menus open, as for Hexors.
OTHER_GAMES = ("hexo", "heroscape")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", OTHER_GAMES)
def test_the_board_lays_out_and_draws_every_screen_of_the_other_games_as_the_pi_does(
        variant, lang, tmp_path):
    with speaking(lang):
        shown = list(dict.fromkeys(views(variant)))
        pi = [page_bytes(render(view)) for view in shown]
    assert len(shown) > 40
    same_pixels(lang, shown, pi, board_frames(tmp_path, lang, shown, []))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_lays_out_and_draws_every_invocations_demo_screen_as_the_pi_does(lang, tmp_path):
    """Invocations' screens (shared_rules/games/invocations/presenter.py, the presenter both sides
    run): the three boards' colours, the Master's timers counting down, the hand-over, the
    Shields' tie-break, the dominant player, the winner; with the referee's menu open on
    each of its choices."""
    with speaking(lang):
        shown = list(dict.fromkeys(views("invocations")))
        pi = [page_bytes(render(view)) for view in shown]
    assert len(shown) > 150
    assert any(view.big == ("1:00",) for view in shown)  # the Attack timer (IN-4)
    assert any(view.big == ("0:15",) for view in shown)  # the hand-over's 15 s (IN-4)
    same_pixels(lang, shown, pi, board_frames(tmp_path, lang, shown, []))


def game_frames(tmp_path: Path, lang: str, variant: str, players: int, names: tuple,
                prefixes: list) -> list[bytes]:
    """The board's own screens of a game (tests/mpy/pocket_game_screens.mjs): its session
    restored from each journal prefix, its screen and its menus made and drawn there."""
    fonts, packed = tmp_path / "fonts", tmp_path / "words"
    write_all(fonts)
    wordpack.write_all(packed)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"lang": lang, "variant": variant, "players": players,
                                "names": list(names), "prefixes": prefixes}))
    run = subprocess.run(["node", str(ROOT / "tests" / "mpy" / "pocket_game_screens.mjs"),
                          str(fonts), str(packed), str(path)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:] + run.stdout[-2000:]
    return [bytes.fromhex(line) for line in run.stdout.split()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_boards_own_invocations_session_makes_the_pis_screens(lang, tmp_path):
    """Invocations' screens made on the board, not only drawn there: its session
    (shared_rules/core/session.py under MicroPython) restored from the demo's journal cut after
    each input, its screen made by firmware/pocket/screen.py from the shared presenter, the
    seats the board names (the boards' colours in the table's language, IN-1), the
    timers as a session shows them before it winds them, the referee's menu open on each
    choice; against the Pi's referee restored from the same journal with the game's
    descriptor, its presenter and hooks: pixel for pixel."""
    from host.games import descriptor
    from host.session.adapter import Referee, TileBook
    from host.storage.journal import MemoryJournal
    from shared_rules.games.invocations.presenter import board_colours

    played, _said = rehearse("invocations")
    rows = [(e.target, e.input, e.accepted) for e in played.journal.entries]
    prefixes = [rows[:n] for n in range(len(rows) + 1)
                if n == 0 or rows[n - 1][0] != "none"]
    shown: list[View] = []
    with speaking(lang):
        seats = board_colours(3)
        for prefix in prefixes:
            journal = MemoryJournal()
            journal.entries = [Referee.Entry(t, i, a) for t, i, a in prefix]
            opened = descriptor.open_game("invocations", seats)
            ref = Referee(opened.new_game, TileBook([]), opened.hooks, journal=journal,
                          players=seats)
            shown.append(opened.presenter.screen(ref.seen()))
            for cursor in range(len(ref.menu())):
                ref.menu_open, ref.cursor = True, cursor
                shown.append(opened.presenter.screen(ref.seen()))
        pi = [page_bytes(render(view)) for view in shown]
    assert len(prefixes) > 25 and len(shown) > 300
    board = game_frames(tmp_path, lang, "invocations", 3, seats,
                        [[list(row) for row in prefix] for prefix in prefixes])
    same_pixels(lang, shown, pi, board)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_says_its_screens_in_the_tables_language_as_the_pi(lang, tmp_path):
    with speaking(lang):
        made = [getattr(screens, name)(*[said(a) for a in args]) for name, args in CALLS]
        pi = [page_bytes(render(view)) for view in made]
    if lang != "en":  # the words are the language's, not the code's English
        english = [getattr(screens, name)(*[said(a) for a in args]) for name, args in CALLS]
        assert sum(a != b for a, b in zip(made, english, strict=True)) >= 10
    same_pixels(lang, made, pi, board_frames(tmp_path, lang, [], CALLS))
