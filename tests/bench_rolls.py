"""Roll detector bench: the dice thrown, shaken, set down and pushed in MuJoCo
(tests/portable/traces/physics/, made by ``make traces``), replayed through
``firmware.rolls.RollDetector`` with each build's own calibrated face table. Prints, never
asserts (tests/firmware/test_rolls_physics.py asserts the outcomes):

- per kind: the traces whose events are the physics' (right), those with a result before
  the die's last rest on the table (in the hand, mid-air, on a pause), handling taken as a
  roll (any event where the die did not tumble);
- the line: ``throws N/M right, shakes N/M clean, handling taken N/M, crooked N/M,
  rest->result median X ms``, then the caught dice and the results before the last rest
  (target: rest -> result median at most 100 ms).

The committed set is the one the detector was made on; the held-out set (576 traces from
other seeds, build/traces/physics-large, made by ``make traces``, replayed by ``make
soak``) is the fairer measure, and is printed too when it is there.

usage: .venv/bin/python tests/bench_rolls.py [DIR]
"""
import os
import sys

import traceset

from firmware.rolls import RollDetector

HELD_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "traces",
                        "physics-large")


def report(directory, label):
    kinds, classes, latencies = traceset.tally(lambda table: RollDetector(table),
                                               directory=directory)
    for kind in sorted(kinds):
        right, early, taken, n = kinds[kind]
        print("[rolls] %s %-16s %3d/%-3d right, %d results before the last rest, %d handling "
              "taken" % (label, kind, right, n, early, taken))
    print("[rolls] %s %s   (target: rest->result median <= 100 ms)"
          % (label, traceset.summary(kinds, classes, latencies)))


def main(argv):
    if argv:
        report(argv[0], "set %s:" % argv[0])
        return
    report(traceset.PHYSICS, "committed:")
    if os.path.isdir(HELD_OUT):
        report(HELD_OUT, "held-out:")


if __name__ == "__main__":
    main(sys.argv[1:])
