"""The games beyond Hexors on the pocket build (issue 25, item 1), each played to its winner
on the official MicroPython v1.22 rp2 firmware on the emulated RP2040 (tests/pico/rig.py
with ``pocket``), entry for entry with the Pi's session.

Run by ``make soak`` (a whole game on the emulated board takes 1-6 minutes of wall time,
too long for ``make test``'s budget beside the JL Collector's game of test-pico), but for
the short look at HeroScape's virtual dice, which ``make test-pico`` runs too. HeroScape
with virtual dice is played to its winner by tests/pico/pocket_dice.py's table, which
follows the faces the board rolled; ``make
bench`` plays the same games for their heap figures (tests/pico/bench_pocket.py,
tests/pico/bench_pocket_games.py). Hexo and HeroScape are played on
tests/pico/pocket_table.py's table; Invocations on tests/pico/pocket_invocations.py's, its
timers running.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from pocket_dice import VARIANT as VIRTUAL  # noqa: E402
from pocket_dice import FollowTheDice  # noqa: E402
from pocket_invocations import play  # noqa: E402
from pocket_rig import OUT, boot, pocket_image, save_png  # noqa: E402
from pocket_table import Game, entries, journalled  # noqa: E402
from rigs.panel_ram import page_bytes  # noqa: E402

from firmware.pocket.book import Book  # noqa: E402
from host.app.pocket_demo import table_steps  # noqa: E402
from host.devices.panel import render  # noqa: E402
from host.games import descriptor  # noqa: E402
from host.session.adapter import Seen  # noqa: E402

# make test-pico: the pocket's tests in one worker (tests/pico/suite.py says why).
pytestmark = [pytest.mark.system, pytest.mark.xdist_group("pocket")]  # the emulated board


@pytest.fixture(scope="module")
def image() -> Path:
    return pocket_image()


def test_an_invocations_game_on_the_pocket_with_its_timers_and_a_power_cut(image: Path):
    """Invocations refereed on the pocket alone: chosen in its menu, the Master's choices
    made on the pocket's buttons as ``hexref demo --board pocket`` makes them (OK, DOWN to
    the line, OK: tests/pico/pocket_invocations.py), the cards read by the PN532
    twin and trusted by their signatures, the Master's timers (IN-4) running on the
    board's clock all the while and never running out at this table's pace (one that did
    would be an entry the Pi's session has not), a reset once Stage 3's second card is
    read; the board comes back with every input it acknowledged and plays on to the Pi's
    winner, Green (IN-10), each input the one the Pi's session journals for the same
    table."""
    played = play(image)
    text = "\n".join(played.lines)
    assert "Traceback" not in text and "POCKET NOTE" not in text, text
    assert "POCKET PLAY invocations 3" in played.lines, text + "\n".join(played.logs[-30:])
    assert len(played.restored) == 1, "the board did not come back from the cut:\n" + text
    assert played.held in (played.before, played.before + 1), text
    assert played.got == played.expected, text
    assert "POCKET WIN Green" in played.lines, text
    assert [boot for boot, _ms in played.rig.boots] == ["power", "reset"]
    save_png(played.rig.panel.image(), OUT / "pocket-invocations-win.png")
    with (OUT / "summary.txt").open("a") as f:
        f.write("pocket: Invocations (3 players, timers on) played to its winner on the "
                "emulated board with a power cut; %s\n" % played.figures())


GAME_S = 900  # wall time for a whole game on the emulated board
# Each game with the step after which the power is cut (mid-game, inputs acknowledged).
CUTS = {"hexo": 90, "heroscape": 30}  # HeroScape: after the Guards, as Mimring is next
# HeroScape with virtual dice: once the battle is under way (setup and initiative are 10
# entries at least), between two attacks; the game is 21-96 entries long (median 34).
VIRTUAL_CUT = 12
VIRTUAL_SEED = None  # the board's random bits: None, another game each run; a seed, that game


def the_pis_last_screen(variant: str, game: Game | FollowTheDice) -> bytes:
    """The screen the Pi's presenter draws (Pillow) for the same table, from its view
    model (``Seen``) of the twin session the script was played on."""
    twin = game.twin
    seen = Seen(twin.game.view(), twin.legal(), twin.last, tuple(twin.players), twin.seat,
                dict(twin.names))
    return page_bytes(render(descriptor.game(variant).presenter().screen(seen)))


@pytest.mark.parametrize("variant", sorted(CUTS))
def test_a_whole_game_on_the_pocket_with_a_power_cut(image: Path, variant: str):
    """The pocket alone referees the game's demo to its winner: chosen in its menu with its
    buttons, cards read by the PN532 twin and trusted by their signatures, the referee's
    menu worked with OK and DOWN, the players' buttons on UP/DOWN; the board reset mid-game
    comes back with every input it acknowledged and plays on to the same winner."""
    game = Game(variant, cut_after=CUTS[variant])
    rig, lines, logs = boot(image, "POCKET WIN", GAME_S, steps=game.steps)
    text = "\n".join(lines)
    assert "Traceback" not in text and "POCKET NOTE" not in text, text
    assert "POCKET PLAY %s 2" % variant in lines, text + "\n".join(logs[-20:])
    restored = [x for x in lines if x.startswith("POCKET RESTORED ")]
    assert len(restored) == 1, "the board did not come back from the cut:\n" + text
    before = entries(lines[:lines.index(restored[0])])
    held = int(restored[0].split()[3])
    assert held == len(before), (held, len(before), text)  # every input acknowledged
    assert held >= 10, "the cut came before the game was under way"
    assert journalled(lines) == game.expected, text
    assert "POCKET WIN %s" % " ".join(game.twin.players[p] for p in game.winners) in lines
    assert [b for b, _ms in rig.boots] == ["power", "reset"]
    save_png(rig.panel.image(), OUT / ("pocket-win-%s.png" % variant))
    got, want = rig.panel.frame(), the_pis_last_screen(variant, game)
    assert got == want, "the winner's screen differs from the Pi's (build/pico/pocket-win-%s" \
        ".png)" % variant
    heap = [x for x in lines if x.startswith("POCKET HEAP ")]
    assert heap, text
    live_peak = max(int(e[7]) for e in entries(lines))  # both boots
    shown = [int(e[6]) - int(e[5]) for e in entries(lines)]
    with (OUT / "summary.txt").open("a") as f:
        f.write("pocket: %s played to its winner on the emulated board with a power cut after "
                "%d entries; heap in use at most %.1f KB after an input (budget 150 KB); "
                "event to glass %d-%d ms\n"
                % (variant, held, live_peak / 1024, min(shown), max(shown)))


def test_heroscape_with_virtual_dice_played_to_its_winner_on_the_pocket(image: Path):
    """HS-6 with virtual dice chosen in the pocket's menu and played to a winner on the
    board's own die, a power cut between two attacks (tests/pico/pocket_dice.py): each
    roller's press rolls their dice on the board, and the table plays on from the faces
    the board rolled, as the Pi's session for the same table expects them. Every roll is
    of the dice the rules ask and taken, every other input the one the Pi's session
    journals; the board comes back from the cut with every entry it said, its die virtual
    again, and the winner's screen is the Pi's for the same journal."""
    seed = VIRTUAL_SEED if VIRTUAL_SEED is not None else random.randrange(1 << 20)
    table = FollowTheDice(cut_after=VIRTUAL_CUT, seed=seed)
    rig, lines, logs = boot(image, "POCKET WIN", GAME_S, steps=table.steps, watcher=table,
                            seed=seed)
    text = "seed %d (VIRTUAL_SEED plays it again)\n%s" % (seed, "\n".join(lines))
    assert "Traceback" not in text and "POCKET NOTE" not in text, text
    assert "POCKET PLAY %s 2" % VIRTUAL in lines, text + "\n".join(logs[-20:])
    assert table.winners, "the game stopped, waiting for %s:\n%s" % (table.waiting, text)
    restored = [x for x in lines if x.startswith("POCKET RESTORED ")]
    assert len(restored) == 1, "the board did not come back from the cut:\n" + text
    held = int(restored[0].split()[3])
    assert held == len(entries(lines[:lines.index(restored[0])])) >= VIRTUAL_CUT, text
    # Each roll of all the roller's dice, fair faces, taken: checked as the board said it
    # (pocket_dice.FollowTheDice stops the board at the first that is not, and each entry
    # that is not the Pi's session's).
    assert len(table.rolls) >= 4, table.rolls  # the initiative's, one attack's at least
    rolled_after = [e for e in entries(lines[lines.index(restored[0]):])
                    if e[8].startswith('["roll"')]
    assert rolled_after, "no die rolled after the cut:\n" + text
    assert journalled(lines) == table.expected, text
    assert "POCKET WIN %s" % " ".join(table.twin.players[p] for p in table.winners) in lines, \
        text
    assert [b for b, _ms in rig.boots] == ["power", "reset"]
    save_png(rig.panel.image(), OUT / "pocket-win-heroscape-virtual.png")
    got, want = rig.panel.frame(), the_pis_last_screen(VIRTUAL, table)
    assert got == want, "seed %d: the winner's screen differs from the Pi's (build/pico/" \
        "pocket-win-heroscape-virtual.png)" % seed
    live_peak = max(int(e[7]) for e in entries(lines))  # both boots
    shown = [int(e[6]) - int(e[5]) for e in entries(lines)]
    with (OUT / "summary.txt").open("a") as f:
        f.write("pocket: HeroScape with virtual dice played to its winner on the emulated "
                "board following its %d rolls (seed %d), %d entries, a power cut after %d; "
                "heap in use at most %.1f KB after an input (budget 150 KB); event to glass "
                "%d-%d ms\n" % (len(table.rolls), seed, len(shown), held, live_peak / 1024,
                                min(shown), max(shown)))


def test_heroscape_virtual_dice_are_rolled_by_the_pockets_own_die(image: Path, tmp_path: Path):
    """HS-6 with virtual dice on the pocket, make test-pico's short look (the whole game,
    chosen in the menu, is the test above, make soak's): a game its flash already holds,
    as a table that chose it would leave it; the board opens its own die as the Pi's hub
    is told to (DIEMODE virtual), and each roller's press rolls all their dice on it (ROLL
    n, carried out on the board: firmware/die.py, faces from the RP2040's random source),
    taken by the game as a roll of that many faces; the other player's press rolls
    nothing."""
    kept = tmp_path / "game.json"
    kept.write_text(json.dumps({"variant": "heroscape-virtual", "players": 2}))
    virtual = tmp_path / "pocket-hs-virtual.img"
    deploy = [ROOT / "build" / "pocket" / name
              for name in ("firmware", "shared_rules", "fonts", "words", "screens", "tiles",
                           "main.py")]
    subprocess.run([sys.executable, "-m", "firmware.sim.emulated_pico.image", "-o",
                    str(virtual), *map(str, deploy), str(kept)], check=True,
                   stdout=subprocess.DEVNULL, cwd=ROOT)
    setup = table_steps("heroscape", Book(str(ROOT / "build" / "pocket" / "tiles")).key)[:6]
    assert [s["do"] for s in setup] == ["place", "lift", "press", "place", "lift", "press"]
    setup[0]["after"] = 2500
    # Initiative (HS-3): P1 rolls first, then P2; P2's press before P1's rolls nothing.
    presses = [{"do": "press", "button": b, "after": 1500} for b in ("DOWN", "UP", "DOWN")]
    _rig, lines, logs = boot(virtual, "POCKET ENTRY", 300, steps=setup + presses, times=11)
    text = "\n".join(lines)
    assert "Traceback" not in text and "POCKET NOTE" not in text, text
    assert any(x.startswith("POCKET RESTORED heroscape-virtual 0 ") for x in lines), text
    said = [(e[3], e[4], e[8]) for e in entries(lines)]
    rolls = [json.loads(inp) for target, accepted, inp in said
             if target == "game" and accepted == "1" and inp.startswith('["roll"')]
    assert len(rolls) == 2, text + "\n".join(logs[-20:])
    for roll in rolls:  # five dice each, fair faces, rolled at once on the board
        assert len(roll[1]) == 5 and all(1 <= face <= 6 for face in roll[1]), roll
    # Each roll came right after its roller's press, the first press (P2's) rolled nothing.
    kinds = [inp.split(",")[0] for _t, _a, inp in said]
    assert kinds[-5:] == ['["BTN"', '["BTN"', '["roll"', '["BTN"', '["roll"'], said
