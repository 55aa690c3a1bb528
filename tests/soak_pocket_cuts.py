"""Soak: the pocket board's power cut at random points, many seeds (issue 25, item 3).

Each trial is a JL Collector's game on the emulated pocket board (the official MicroPython
v1.22 rp2 firmware, tests/pico/pocket_cuts_suite.py's ``play``) with two to five power cuts
of kinds drawn from the trial's seed (mid page program, any moment; mid-erase of the
journal block made after the first input, the board's only erase in play, for half of
the seeds without undo); an
odd seed's game has its first throw undone by BACK held (the power cut mid-write of the
undo) and thrown again. A trial passes when
every cut landed where it was meant to, every restore kept each entry the board had said
(and at most the one in flight), its panel was the Pi's screen for that journal, and the
game went on to the same winner, each input the Pi's session's for the same table.

    python tests/soak_pocket_cuts.py [--trials 12] [--seed N]

Prints each trial's seed (``--trials 1 --seed N`` replays that trial) and a summary; exits 1
if any trial failed. About a minute and a half a trial on an idle core.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

import pocket_cuts_suite  # noqa: E402
from pocket_rig import IMAGE  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tests/soak_pocket_cuts.py", description=__doc__)
    parser.add_argument("--trials", type=int, default=12)
    parser.add_argument("--seed", type=int, help="the first trial's seed (default: the clock)")
    args = parser.parse_args(argv)
    import subprocess

    subprocess.run(["make", "-s", "-C", str(ROOT), "pocket-image"], check=True,
                   stdout=subprocess.DEVNULL)
    first = args.seed if args.seed is not None else int(time.time()) % 100000
    failed = []
    for trial in range(args.trials):
        seed = first + trial
        draw = random.Random(seed)
        plan = [draw.choice(("program", "any")) for _ in range(draw.randint(2, 5))]
        undo = seed % 2 == 1
        if undo:
            plan = [("program", 0, 0)] + [(kind, None) for kind in plan[1:]]
        elif draw.random() < 0.5:
            # The board erases only as it makes a journal block (firmware/pocket/space.py):
            # the one made after the first input.
            plan = [("erase", 1, 0)] + plan[1:]
        started = time.monotonic()
        try:
            pocket_cuts_suite.play(IMAGE, seed, plan, undo=undo)
            verdict = "ok"
        except Exception:  # each trial says why, and the soak goes on
            verdict = "FAILED\n" + traceback.format_exc(limit=3)
            failed.append(seed)
        print("trial %d seed %d, %d cuts%s: %s (%.0f s)"
              % (trial + 1, seed, len(plan), ", undo" if undo else "", verdict,
                 time.monotonic() - started), flush=True)
    print("pocket power cuts: %d trials, %d failed%s"
          % (args.trials, len(failed), (" (seeds %s)" % failed) if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
