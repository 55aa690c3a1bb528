"""Power cuts at random points on the emulated pocket board, undo by BACK held (issue 25,
item 3), on the official MicroPython v1.22 rp2 firmware (firmware/sim/emulated_pico/rig.py with ``pocket``).

The rig cuts the power where a seed says (tests/pico/power_cuts.py): while the board's flash
chip programs a page or erases a sector (torn as a real cut tears it: firmware/sim/emulated_pico/board.mjs),
or at any moment. After each cut the board boots and folds its journal; its panel must show
what the Pi's session shows for the journal it kept, which must hold every entry it had said
(``POCKET ENTRY``) and at most the one in flight besides; then the game plays on to the same
winner, each input the one the Pi's session journals for the same table.

``POCKET_CUT_SEED=N`` replays a seed (each test prints its own). Run by ``make test-pico``;
many seeds by ``make soak`` (tests/soak_pocket_cuts.py).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from pocket_rig import OUT, boot, pocket_image, save_png  # noqa: E402
from power_cuts import ERASES, PROGRAM, PowerCuts  # noqa: E402

from firmware.pocket.book import Book  # noqa: E402
from host.app.pocket_demo import POCKET, listed, pocket_steps, table_steps  # noqa: E402

# make test-pico: the pocket's tests in one worker (tests/pico/suite.py says why).
pytestmark = [pytest.mark.system, pytest.mark.xdist_group("pocket")]  # the emulated board

GAME_S = 900  # wall time for a whole game with its cuts (about three minutes unloaded)
# Each tile rests 500 ms, a table's unhurried pace: the Pi's session here hears the table's
# events in the order they are played, so they must reach the board in that order too
# (tests/pico/pocket_suite.py plays the quick taps).
TAP_MS = 500


@pytest.fixture(scope="module")
def image() -> Path:
    return pocket_image()


def with_undo(script: list[dict], menu: int) -> tuple[list[dict], int]:
    """The script with BACK held after its first throw (undo: the throw taken back) and the
    same throw made again, so the game goes on as before; and the undo's game step."""
    first = next(i for i, s in enumerate(script) if s["do"] == "roll")
    again = dict(script[first], after=1600)  # the finger off BACK (held 1 s) first
    return (script[:first + 1] + [{"do": "long", "button": "BACK", "after": 900}, again]
            + script[first + 1:], first + 2 - menu)  # BACK's game step, counted from 1


def board_journal(lines: list[str]) -> dict[int, tuple]:
    """The journal the board holds at the end, as its lines said it: each entry by its
    number, an entry said before a cut and not restored after it dropped."""
    held: dict[int, tuple] = {}
    for line in lines:
        if line.startswith("POCKET RESTORED "):
            kept = int(line.split()[3])
            held = {n: e for n, e in held.items() if n <= kept}
        elif line.startswith("POCKET ENTRY "):
            e = line.split(" ", 8)
            held[int(e[2])] = (e[3], e[4] == "1", e[8].split("{")[0])
    return held


def said(entry) -> tuple:
    """The Pi's entry as the board's line says it: an input up to its first catalogue entry
    (a dict's keys come in another order on the board; the line keeps 60 characters)."""
    return (entry.target, entry.accepted, json.dumps(list(entry.input))[:60].split("{")[0])


def play(image: Path, seed: int, plan: list, undo: bool = False):
    book = Book(str(ROOT / "build" / "pocket" / "tiles"))
    assert book.key is not None
    script = pocket_steps("jl-collector", book.key, listed(POCKET), tap_ms=TAP_MS)
    menu = len(script) - len(table_steps("jl-collector", book.key))  # the board's menu
    undo_step = None
    if undo:
        script, undo_step = with_undo(script, menu)
        plan = [(kind, undo_step + step if step is not None else None) + tuple(rest)
                for kind, step, *rest in plan]
    watcher = PowerCuts(seed, plan, book, len(script) - menu, menu)
    print("pocket power cuts, %s (POCKET_CUT_SEED=%d replays it)" % (watcher.describe(), seed))
    rig, lines, logs = boot(image, "POCKET WIN", GAME_S, steps=script, watcher=watcher,
                            seed=seed)
    text = "\n".join(lines) + "\n--- rig ---\n" + "\n".join(logs[-40:])
    assert "Traceback" not in text and "POCKET FAULT" not in text, text
    assert "POCKET NOTE" not in text, text
    assert len(watcher.restores) == len(plan) == len(rig.cuts), (watcher.describe(), text)
    for n, cut in enumerate(watcher.restores, 1):
        print("cut %d (%s): the flash %s; %d entries said, %d restored; played again: %s"
              % (n, cut.kind, cut.landed or "idle", cut.acked, cut.restored,
                 [s["do"] for s in cut.again] or "nothing"))
        where = "cut %d (%s, the flash %s; %s)" % (n, cut.kind, cut.landed, watcher.describe())
        # Mid-write means mid-write: the chip was programming (or erasing) when it landed.
        words = cut.landed.split()
        if cut.kind == "program":
            assert words[0] == str(PROGRAM) and 0 < int(words[2]) < int(words[3]), where
        if cut.kind == "erase":
            assert int(words[0]) in ERASES and 0 < int(words[2]) < int(words[3]), where
        # Every entry the board had said is back; at most the one in flight besides.
        assert cut.acked <= cut.restored <= cut.acked + 1, (where, cut.acked, cut.restored)
        # The restored game is the live one: the panel is the Pi's for that journal.
        if cut.panel != cut.pi:
            save_png_bytes(cut.panel, OUT / ("pocket-cut-%d.png" % n))
            raise AssertionError("%s: the restored panel differs from the Pi's screen for the "
                                 "same %d entries in %d pixels (build/pico/pocket-cut-%d.png)"
                                 % (where, cut.restored, differ(cut.panel, cut.pi), n))
    assert "POCKET WIN P1" in lines, text
    pi = watcher.pi
    assert pi.game.winners == [0], "the Pi's session for the same table has no winner"
    want = [said(e) for e in pi.journal.entries]
    got = board_journal(lines)
    assert max(got) == len(want), (len(got), len(want), text)
    for n, entry in got.items():  # each input the Pi's for the same table
        if entry[0] != "none":
            assert entry == want[n - 1], (n, entry, want[n - 1], watcher.describe())
    # The only entries the board never said: one kept in flight by a cut, at most per cut.
    assert len(want) - len(got) <= len(plan), (sorted(got), len(want))
    assert [b for b, _ms in rig.boots] == ["power"] * (1 + len(plan))
    return rig, lines, watcher, undo_step


def differ(got: bytes, want: bytes) -> int:
    return sum(bin(a ^ b).count("1") for a, b in zip(got, want, strict=True))


def save_png_bytes(frame: bytes, path: Path) -> None:
    rows = [[bool(frame[(y // 8) * 128 + x] >> (y % 8) & 1) for x in range(128)]
            for y in range(64)]
    save_png(rows, path)


def seed_for(default: int) -> int:
    return int(os.environ.get("POCKET_CUT_SEED", default))


def test_power_cuts_mid_program_mid_erase_and_anywhere_lose_nothing_acknowledged(image: Path):
    """One JL Collector's game with three power cuts where the seed says: while the flash
    chip programs a page, while it erases the journal block made after the first input, and
    at any moment. Each time the board
    comes back with every entry it had said, its panel the Pi's for that journal, and the
    game goes on to the same winner, each input the Pi's for the same table."""
    # The board erases only when it makes a journal block (firmware/pocket/space.py): when
    # the game starts, after its first input (one block erased ahead), then as each fills.
    rig, lines, watcher, _ = play(image, seed_for(2511), ["program", ("erase", 1, 0), "any"])
    save_png(rig.panel.image(), OUT / "pocket-cuts-win.png")
    note = ("pocket: JL Collector's to its winner through %d power cuts (%s): restored %s "
            "entries, each the Pi's screen" % (len(rig.cuts), watcher.describe(), ", ".join(
                "%d/%d said" % (c.restored, c.acked) for c in watcher.restores)))
    with (OUT / "summary-cuts.txt").open("w") as f:
        f.write(note + "\n")


def test_undo_by_back_held_on_the_pocket_survives_a_power_cut(image: Path):
    """BACK held on the pocket takes back the last input, as on the Pi: the first throw
    undone and thrown again; the power is cut while the undo is written to flash, and again
    at a moment after it; the board's journal is the Pi's session's after the same undo,
    the restored panel the Pi's, and the game goes on to the same winner."""
    rig, lines, watcher, undo_step = play(image, seed_for(2512), [("program", 0, 0), ("any", 1)],
                                          undo=True)
    undos = [x for x in lines if x.startswith("POCKET ENTRY ") and '["undo"]' in x]
    assert undos and undos[-1].split()[3:5] == ["referee", "1"], "\n".join(lines)
    assert any(e.input == ("undo",) and e.accepted for e in watcher.pi.journal.entries)
