"""Time exact HeroScape attack odds (target: 15 vs 15 dice under 5 ms). Prints, never asserts.

usage: .venv/bin/python tests/bench_heroscape_odds.py
"""
import time

from shared_rules.games.heroscape.odds import attack_odds  # noqa: E402


def per_query_ms(a, d, repeat):
    start = time.perf_counter()
    for _ in range(repeat):
        attack_odds(a, d)
    return (time.perf_counter() - start) / repeat * 1000.0


def main():
    print("heroscape odds (exact Fractions), per query:")
    for a, d in ((3, 2), (2, 7), (10, 10), (15, 15), (20, 20)):
        ms = per_query_ms(a, d, 200)
        print("  %2d vs %2d dice: %.3f ms   (%s)" % (a, d, ms, attack_odds(a, d).p_destroy.percent()))
    ms = per_query_ms(15, 15, 500)
    print("target 15 vs 15 under 5 ms: %.3f ms -> %s" % (ms, "met" if ms < 5 else "MISSED"))


if __name__ == "__main__":
    main()
