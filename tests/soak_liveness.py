"""Soak: no dead ends (issue 20), far longer than `make test` does it. Run by ``make soak``.

For every registered variant and player count: a breadth-first walk over 3000 distinct
states (tests/rigs/liveness.py: every offer accepted, something always moves the game on), a
random session to the end from every 50th of them, and 200 random sessions from setup, one
in ten checking every offer at every step (not only the ones it picks).

    python tests/soak_liveness.py [--states 3000] [--sessions 200] [--seed N] [only...]

Prints one line per variant and player count with its figures; on a dead end it prints
the inputs from setup that reach it and exits 1.
"""
from __future__ import annotations

import argparse
import sys
import time

from rigs.liveness import DeadEnd, Session, playout, sessions, walk  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=3000)
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("only", nargs="*", help="variants to run (default: all)")
    args = parser.parse_args()
    failed = 0
    for variant, players in sessions():
        if args.only and variant not in args.only:
            continue
        started = time.monotonic()
        try:
            session = Session(variant, players, seed=args.seed)
            visited = walk(session, args.states)
            for i, game in enumerate(visited[::50]):
                session.seed = args.seed + i
                playout(session, game)
            lengths = []
            for i in range(args.sessions):
                game = playout(Session(variant, players, seed=args.seed * 100003 + i),
                               check_all=i % 10 == 0)
                lengths.append(len(game.inputs))
        except DeadEnd as dead:
            failed += 1
            print("DEAD END %s\n" % dead, flush=True)
            continue
        print("%-20s %d players: %5d states walked, %d sessions ended (inputs %d..%d), %.1f s"
              % (variant, players, len(visited), len(lengths), min(lengths), max(lengths),
                 time.monotonic() - started), flush=True)
    print("liveness soak: %s" % ("%d dead ends" % failed if failed else "no dead end"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
