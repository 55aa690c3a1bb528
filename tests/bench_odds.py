"""Time exact Hexors battle odds (target: under 1 ms per query on CPython). Prints, never asserts.

usage: .venv/bin/python tests/bench_odds.py
       node tests/mpy/bench.mjs tests/bench_odds.py      (the same script under MicroPython)
"""
import sys
import time

from shared_rules.games.hexors.odds import EndlessTie, battle_odds, describe  # noqa: E402

if hasattr(time, "perf_counter"):
    def now_us():
        return time.perf_counter() * 1e6
else:  # MicroPython
    def now_us():
        return time.ticks_us()


def tiles(count):
    """The same pseudo-random tiles on every interpreter (a tiny LCG, not ``random``)."""
    state = 12345
    out = []
    for _ in range(count):
        row = []
        for _ in range(6):
            state = (state * 1103515245 + 12345) % 2147483648
            row.append(state % 9)
        state = (state * 1103515245 + 12345) % 2147483648
        out.append((row, state % 8))
    return out


def per_query_us(pairs, face, repeat):
    queries = 0
    start = now_us()
    for _ in range(repeat):
        for (att, ab), (dfd, db) in pairs:
            try:
                battle_odds(att, ab, dfd, db, face)
            except EndlessTie:
                pass
            queries += 1
    return (now_us() - start) / queries


def main():
    impl = sys.implementation.name
    pool = tiles(40)
    pairs = [(pool[i], pool[(i * 7 + 3) % len(pool)]) for i in range(len(pool))]
    repeat = 25 if impl == "micropython" else 100
    print("hexors battle odds (exact Fractions, ties re-rolled) on %s, per query:" % impl)
    before = per_query_us(pairs, None, repeat)
    after = per_query_us(pairs, 3, repeat)
    print("  before any roll:        %8.1f us" % before)
    print("  after attacker's roll:  %8.1f us" % after)
    (att, ab), (dfd, db) = pairs[0]
    print("  example %r+%d vs %r+%d: %s" % (att, ab, dfd, db, describe(*battle_odds(att, ab, dfd, db))))
    worst = before if before > after else after
    if impl == "micropython":
        print("slowest: %.1f us (the 1 ms target is for CPython)" % worst)
    else:
        print("target under 1 ms (1000 us) on CPython: %.1f us -> %s"
              % (worst, "met" if worst < 1000 else "MISSED"))


if __name__ == "__main__":
    main()
