"""What the phone page costs and how late it is. Prints, never asserts.

- Push delay: from the referee's journal commit to the page's data arriving on an open
  event stream of a real ``hexref web`` process (the issue's goal: within half a second of
  the panel), for each input of the demo game; and to the page redrawn in Chromium.
- Folding: the page's data for a game of 10,000 journal entries, read at once (a page
  opened late in a long game) and one entry more (each push after).
- What one push weighs (JSON bytes) at the end of the demo game.

usage: .venv/bin/python tests/bench_web.py
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))

from rigs.table_rig import Table, demo_game_events  # noqa: E402
from rigs.web_rig import Events, Server  # noqa: E402

from host.readers.web import Reader  # noqa: E402
from host.storage.journal import Entry  # noqa: E402
from host.storage.store import Store  # noqa: E402


def _stats(samples: list[float]) -> str:
    s = sorted(samples)
    return "median %.1f ms  p99 %.1f ms  max %.1f ms (%d inputs)" % (
        s[len(s) // 2] * 1e3, s[min(len(s) - 1, int(len(s) * 0.99))] * 1e3, s[-1] * 1e3,
        len(s))


def bench_push() -> None:
    data = Path(tempfile.mkdtemp())
    store = Store(data)
    table = Table(store)
    with Server("web", "--data", str(data)) as web:
        stream = Events(web.url)
        stream.wait_for(lambda s: s.get("game") is not None)
        delays = []
        for event in demo_game_events():
            table.play([event])
            t = time.perf_counter()
            n = len(table.journal.entries)
            stream.wait_for(lambda s, n=n: len(s.get("history") or []) >= n)
            delays.append(time.perf_counter() - t)
        size = len(json.dumps(stream.states[-1], separators=(",", ":")))
        stream.close()
    print("push delay, commit to event stream: %s (goal: under 500 ms)" % _stats(delays))
    print("one push at the end of the demo game: %d bytes of JSON" % size)


def bench_page() -> None:
    """The same delay as a player sees it: commit to the phone page redrawn, in Debian's
    headless Chromium (the page's body says how many entries it has drawn)."""
    from rigs.web_rig import chromium

    data = Path(tempfile.mkdtemp())
    store = Store(data)
    table = Table(store)
    driver = chromium()
    try:
        with Server("web", "--data", str(data)) as web:
            driver.get(web.url + "/")
            delays = []
            for event in demo_game_events():
                table.play([event])
                t = time.perf_counter()
                n = str(len(table.journal.entries))
                while driver.find_element("tag name", "body").get_attribute(
                        "data-entries") != n:
                    if time.perf_counter() - t > 10:
                        raise SystemExit("the page never drew entry %s" % n)
                    time.sleep(0.005)
                delays.append(time.perf_counter() - t)
    finally:
        driver.quit()
    print("page delay, commit to the phone page redrawn (Chromium): %s (goal: under 500 ms)"
          % _stats(delays))


def bench_fold(n: int = 10_000) -> None:
    data = Path(tempfile.mkdtemp())
    store = Store(data, durable=False)
    table = Table(store)
    table.play(demo_game_events())
    journal = store.journal(table.game_id)
    for i in range(n - len(journal.entries)):  # after the winner: refused rolls
        journal.append(Entry("game", ("roll", i % 6 + 1), False, "0A1B2C3D", 10_000 + i))
    t = time.perf_counter()
    reader = Reader(data)  # reads the database at once: the page's first answer
    first = time.perf_counter() - t
    journal.append(Entry("game", ("roll", 4), False, "0A1B2C3D", 99_999))
    t = time.perf_counter()
    reader.refresh()
    more = time.perf_counter() - t
    reader.close()
    print("page data for a game of %d entries: %.0f ms at once, %.1f ms for one more "
          "entry (with the die check over every roll)" % (n, first * 1e3, more * 1e3))


if __name__ == "__main__":
    bench_push()
    bench_page()
    bench_fold(1000 if os.environ.get("HEXREF_BENCH") == "quick" else 10_000)
