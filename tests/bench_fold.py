"""What restoring and undoing cost in a long game (DESIGN.md targets: restoring or undoing
in a 10,000-entry game with 200 undos takes at most 2x one plain fold). Prints, never
asserts.

The game is an Invocations round whose 1-minute Attack timer ticks (the longest journals a
table makes); one input in 50 is taken back with an undo. "Plain fold" is a referee
restored from a journal of the same length without undos.

usage: .venv/bin/python tests/bench_fold.py
"""
from __future__ import annotations

import os
import sys
import time

from host.app.demo import rigs
from host.session.adapter import Referee, TileBook  # noqa: E402
from host.storage.journal import Entry, MemoryJournal  # noqa: E402

ENTRIES = 10000
UNDO_EVERY = 50


def journal(entries: int, undo_every: int | None) -> MemoryJournal:
    j = MemoryJournal()
    j.append(Entry("game", ("start",), True))
    while len(j.entries) < entries:
        if undo_every and (len(j.entries) + 1) % undo_every == 0:
            j.append(Entry("referee", ("undo",), True))
        else:
            j.append(Entry("game", ("tick", 1), True))
    return j


def restore(j: MemoryJournal) -> tuple[Referee, float]:
    rig = rigs()["invocations"]
    t = time.perf_counter()
    referee = Referee(rig.new_game, TileBook([]), rig.hooks(), j, rig.players)
    return referee, time.perf_counter() - t


def best(samples: list[float]) -> float:
    return min(samples) * 1e3


def main() -> int:
    runs = 1 if os.environ.get("HEXREF_BENCH") == "quick" else 5  # quick: make test
    with_undos = journal(ENTRIES, UNDO_EVERY)
    undos = sum(1 for e in with_undos.entries if e.input == ("undo",))
    plain = [restore(journal(ENTRIES, None))[1] for _ in range(runs)]
    restored = [restore(with_undos)[1] for _ in range(runs)]
    undo = []
    for _ in range(runs):
        referee, _t = restore(journal(ENTRIES, None))
        t = time.perf_counter()
        assert referee.on_press("BACK", "long").accepted
        undo.append(time.perf_counter() - t)
    print("restore %d entries, %d undos: %.1f ms (plain fold %.1f ms)"
          % (ENTRIES, undos, best(restored), best(plain)))
    print("undo at %d entries: %.1f ms (plain fold %.1f ms)" % (ENTRIES, best(undo), best(plain)))
    print("target: each at most 2x one plain fold (best of %d runs)" % runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
