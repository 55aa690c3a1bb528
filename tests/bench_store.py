"""What the store costs: a journal commit (durable, before the ACK), restoring a game after
a restart, resolving a tapped tag, importing a collection. Prints, never asserts.

The commit is part of DESIGN.md's "host work per input" (p99 under 5 ms); restoring is
what a player waits for after a power cut.

usage: .venv/bin/python tests/bench_store.py
"""
from __future__ import annotations

import sys
import tempfile
import time

from host.storage import tags  # noqa: E402
from host.storage.journal import Entry  # noqa: E402
from host.storage.registry import Registry  # noqa: E402
from host.storage.store import Store, TileRow  # noqa: E402

ENROLLED = "2026-11-22T18:10:00.000Z"  # as an export writes it (UTC): the import checks it


def _stats(samples: list[float]) -> str:
    s = sorted(samples)
    return "median %.3f ms  p99 %.3f ms  max %.3f ms (%d runs)" % (
        s[len(s) // 2] * 1e3, s[min(len(s) - 1, int(len(s) * 0.99))] * 1e3, s[-1] * 1e3,
        len(s))


def bench_commit(durable: bool, n: int = 2000) -> list[float]:
    store = Store(tempfile.mkdtemp(), durable=durable)
    journal = store.journal(store.new_game("jl-beginner", ["P1", "P2"]))
    out = []
    for i in range(n):
        t = time.perf_counter()
        journal.append(Entry("game", ("roll", i % 6 + 1), True, "0A1B2C3D", i + 1))
        out.append(time.perf_counter() - t)
    return out


def bench_restore(n: int = 500, runs: int = 20) -> list[float]:
    folder = tempfile.mkdtemp()
    store = Store(folder, durable=False)
    journal = store.journal(store.new_game("jl-beginner", ["P1", "P2"]))
    for i in range(n):
        journal.append(Entry("game", ("roll", i % 6 + 1), True, "0A1B2C3D", i + 1))
    store.close()
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        again = Store(folder)
        row = again.unfinished()
        assert row is not None
        again.journal(row.id)
        again.positions()
        out.append(time.perf_counter() - t)
        again.close()
    return out


def bench_resolve(tiles: int = 1000, runs: int = 2000) -> tuple[list[float], list[float]]:
    registry = Registry(Store(tempfile.mkdtemp(), durable=False), bytes(range(32)))
    registry.store.put_tiles([TileRow("04%012X" % i, "jl/mars", None, {"red": 3}, ENROLLED)
                              for i in range(tiles)])
    signed = tags.record_for("jl/superman", "04A1B2C3D4E5F6", registry.key)
    by_uid, by_sig = [], []
    for i in range(runs):
        t = time.perf_counter()
        registry.resolve("04%012X" % (i % tiles), "")
        by_uid.append(time.perf_counter() - t)
        t = time.perf_counter()
        registry.resolve("04A1B2C3D4E5F6", signed)
        by_sig.append(time.perf_counter() - t)
    return by_uid, by_sig


def bench_import(tiles: int = 1000) -> float:
    first = Registry(Store(tempfile.mkdtemp(), durable=False), None)
    first.store.put_tiles([TileRow("04%012X" % i, "jl/mars", "Sam", {"red": 3}, ENROLLED)
                           for i in range(tiles)])
    text = first.export("csv")
    second = Registry(Store(tempfile.mkdtemp()), None)
    t = time.perf_counter()
    second.import_(text, "csv")
    return time.perf_counter() - t


def main() -> int:
    print("journal commit, durable (synchronous=FULL, as on the Pi): "
          + _stats(bench_commit(True)))
    print("journal commit, synchronous=NORMAL (for comparison):       "
          + _stats(bench_commit(False)))
    print("restore a 500-input game (open, find, read journal):       "
          + _stats(bench_restore()))
    by_uid, by_sig = bench_resolve()
    print("resolve a tap, registered UID (1000 tiles):                " + _stats(by_uid))
    print("resolve a tap, signed tag not in the registry:             " + _stats(by_sig))
    print("import 1000 tiles from CSV (one transaction):              %.1f ms"
          % (bench_import() * 1e3))
    print("target: host work per input p99 under 5 ms (the commit is one part of it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
