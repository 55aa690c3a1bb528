"""Roll detector bench: the dice thrown, shaken, set down and pushed in MuJoCo
(tests/portable/traces/physics/, made by ``make traces``), replayed through
``firmware.rolls.RollDetector`` with each build's own calibrated face table. Prints, never
asserts (tests/firmware/test_rolls_physics.py asserts the outcomes):

- per kind: the traces whose events are the physics' (right), those with a result before
  the die's last rest on the table (in the hand, mid-air, on a pause), handling taken as a
  roll (any event where the die did not tumble);
- the line: ``throws N/M right, shakes N/M clean, handling taken N/M, crooked N/M,
  caught N/M no result, results before the last rest N, rest->result median X ms``
  (target: rest -> result median at most 100 ms).

usage: .venv/bin/python tests/bench_rolls.py
"""
import traceset

from firmware.rolls import RollDetector


def main():
    kinds, classes, latencies = traceset.tally(lambda table: RollDetector(table))
    for kind in sorted(kinds):
        right, early, taken, n = kinds[kind]
        print("[rolls] %-16s %2d/%-2d right, %d results before the last rest, %d handling "
              "taken" % (kind, right, n, early, taken))
    print("[rolls] %s   (target: rest->result median <= 100 ms)"
          % traceset.summary(kinds, classes, latencies))


if __name__ == "__main__":
    main()
