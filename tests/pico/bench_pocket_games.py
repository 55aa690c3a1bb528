"""``make bench``: the games beyond Hexors on the pocket build (issue 25: "then each other game
the heap allows; measure and say which fit"), each demo played to its winner on the official
MicroPython v1.22 rp2 firmware on the emulated RP2040 (tests/pico/pocket_table.py's table,
a power cut in the middle). Prints, never asserts, per game: the heap in use after each
input at its peak (what the game needs of the 150 KB budget, the boot's modules, the
reader, the die and the panel included), the most allocated before a collection, each
input from its event to its screen on the glass, and the restore's time after the cut.

HEXREF_BENCH=quick plays none (a game takes minutes on the emulated board): it prints what
each game's table asks of the board.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys

from pocket_rig import IMAGE, ROOT, boot  # noqa: E402
from pocket_table import Game, entries  # noqa: E402

GAME_S = 900
GAMES = {"hexo": 90}  # each with the game step after which power is cut
BUDGET = 150 * 1024
QUICK = os.environ.get("HEXREF_BENCH") == "quick"


def quick(where: str) -> int:
    """No board: what each game's table asks of it (a game takes minutes on the board)."""
    print("%s quick mode: no game played on the board" % where)
    for variant in GAMES:
        game = Game(variant, cut_after=GAMES[variant])
        ms = sum(step.get("after", 0) for step in game.steps)
        print("%s %s, quick (the table only, no board): %d steps, %d inputs to journal, "
              "%.1f s of the board's time" % (where, variant, len(game.steps),
                                              len(game.expected), ms / 1000))
    return 0


def main() -> int:
    subprocess.run(["make", "-s", "-C", str(ROOT), "pocket-image"], check=True,
                   stdout=subprocess.DEVNULL)
    where = "[pocket, MicroPython v1.22 on rp2, emulated RP2040]"
    if QUICK:
        return quick(where)
    for variant, cut in GAMES.items():
        game = Game(variant, cut_after=cut)
        _rig, lines, logs = boot(IMAGE, "POCKET WIN", GAME_S, steps=game.steps)
        heap = [x for x in lines if x.startswith("POCKET HEAP ")]
        restored = [x for x in lines if x.startswith("POCKET RESTORED ")]
        said = entries(lines)
        if not heap or not restored:
            print("%s %s did not reach its winner:\n%s\n%s"
                  % (where, variant, "\n".join(lines[-20:]), "\n".join(logs[-20:])))
            return 1
        allocated = int(heap[0].split()[4])
        peak = max(int(e[7]) for e in said)  # both boots: each ENTRY says the heap in use
        shown = [int(e[6]) - int(e[5]) for e in said]
        print("%s %s (%d inputs, a power cut after %s): heap in use at its peak after an "
              "input %.1f KB of the 150 KB budget (%s, %.1f KB to spare); at most %.1f KB "
              "allocated before a collection (after the cut)"
              % (where, variant, len(said), restored[0].split()[3], peak / 1024,
                 "fits" if peak < BUDGET else "does NOT fit", (BUDGET - peak) / 1024,
                 allocated / 1024))
        print("%s %s event -> its screen on the glass: median %d ms, max %d ms; restored "
              "from its journal %s ms after the boot"
              % (where, variant, statistics.median(shown), max(shown), restored[0].split()[4]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
