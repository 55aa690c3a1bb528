"""Host work per input, and what the panel costs per screen change. Prints, never asserts.

DESIGN.md targets: host work per input (decode, journal commit, rules, render) p99 under
5 ms on a laptop-class CPU; bytes sent to the panel per screen change, over a whole demo
game, under 40% of full frames.

Each demo game (host/app/demo.py's scripts, both variants) is played from the hub's encoded
lines, through the real HubLink decoder, the referee with its SQLite journal (durable:
committed before the ACK, as on the Pi), the Hexors presenter and our SSD1306 driver on a
byte-counting bus. The stock luma ssd1306 driver gets the same frames for comparison.

usage: .venv/bin/python tests/bench_host.py [games]
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

from luma.oled.device import ssd1306  # noqa: E402
from rigs.host_port import HostPort  # noqa: E402

from host.app.demo import demo_script
from host.devices.oled import SSD1306  # noqa: E402
from host.devices.panel import Panel, render  # noqa: E402
from host.display.screens import View  # noqa: E402
from host.games.descriptor import game as kind_of  # noqa: E402
from host.games.hexors.demo import demo_entries
from host.hub.link import HubLink  # noqa: E402
from host.session.adapter import Referee, TileBook  # noqa: E402
from host.storage.store import Store  # noqa: E402
from shared_rules.games.hexors.engine import HexorsGame  # noqa: E402
from shared_rules.protocol import codec as protocol  # noqa: E402


class CountingBus:
    """A panel bus that only counts: luma calls command(*ints) and data(list)."""

    def __init__(self) -> None:
        self.bytes = 0

    def command(self, *cmd: int) -> None:
        self.bytes += len(cmd)

    def data(self, data) -> None:
        self.bytes += len(data)

    def cleanup(self) -> None:
        pass


def hub_lines(steps: list[dict], boot: str) -> list[bytes]:
    """The lines the hub would send for the demo script, numbered from 1."""
    from host.app.demo import hub_events

    lines = [protocol.encode_line(protocol.message("HELLO", 0, protocol.VERSION, "0.1.0",
                                                   "bench", boot, (), 0))]
    for seq, event in enumerate(hub_events(steps), start=1):
        lines.append(protocol.encode_line(protocol.message(event[0], seq, *event[1:])))
    return lines


class TimedJournal:
    """The store's journal, with the time each commit took."""

    def __init__(self, journal) -> None:
        self.journal = journal
        self.last_ms = 0.0

    def __getattr__(self, name):
        return getattr(self.journal, name)

    def append(self, entry) -> None:
        t = time.perf_counter()
        self.journal.append(entry)
        self.last_ms = (time.perf_counter() - t) * 1000.0


def play(variant: str, folder: str, durable: bool, stock: bool):
    store = Store(folder, durable=durable)
    game_id = store.new_game(variant, ["P1", "P2"])
    journal = TimedJournal(store.journal(game_id))
    referee = Referee(lambda: HexorsGame(variant=variant, players=2), TileBook(demo_entries()),
                      journal=journal)  # type: ignore[arg-type]
    presenter = kind_of(variant).presenter()
    ours_bus, stock_bus = CountingBus(), CountingBus()
    ours = SSD1306(ours_bus)
    devices = [ours] + ([ssd1306(stock_bus)] if stock else [])
    panel = Panel(devices)
    port = HostPort()
    link = HubLink(port)
    panel.show(presenter.screen(referee.seen()))
    start_ours, start_stock = ours_bus.bytes, stock_bus.bytes
    changes_before = ours.updates
    timings = []  # per input: decode, journal, rules, render (ms)
    for line in hub_lines(demo_script(variant), "BE0C0001"):
        t0 = time.perf_counter()
        port.pending = line
        events = link.read()
        t1 = time.perf_counter()
        for rcv in events:
            referee.on_event(rcv.event)
            t2 = time.perf_counter()
            link.ack(rcv.seq)
            panel.show(presenter.screen(referee.seen()))
            t3 = time.perf_counter()
            on_event = (t2 - t1) * 1000.0
            timings.append(((t1 - t0) * 1000.0, journal.last_ms,
                            on_event - journal.last_ms, (t3 - t2) * 1000.0))
    changes = ours.updates - changes_before
    store.close()
    won = referee.last is not None and getattr(referee.last, "find", lambda k: None)("winner")
    return timings, changes, ours_bus.bytes - start_ours, stock_bus.bytes - start_stock, \
        bool(won)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    quick = os.environ.get("HEXREF_BENCH") == "quick"  # make test: tests/benches.py
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1 if quick else 20
    render(View(header="warm-up", big=("0",)))  # fonts load once, as on the Pi
    print("host work per input (%d games of each demo script; SQLite synchronous=FULL):"
          % games)
    for durable in (True, False):
        rows = []
        for variant in ("jl-beginner", "jl-collector"):
            for _ in range(games):
                with tempfile.TemporaryDirectory() as folder:
                    rows += play(variant, folder, durable, stock=False)[0]
        totals = [sum(r) for r in rows]
        label = "durable (FULL)" if durable else "synchronous=NORMAL"
        print("  %s, %d inputs:" % (label, len(rows)))
        for i, stage in enumerate(("decode", "journal commit", "rules", "render+panel")):
            col = [r[i] for r in rows]
            print("    %-15s median %.3f ms  p99 %.3f ms" % (
                stage, statistics.median(col), pct(col, 0.99)))
        p99 = pct(totals, 0.99)
        print("    %-15s median %.3f ms  p99 %.3f ms  -> target p99 < 5 ms: %s" % (
            "total", statistics.median(totals), p99, "met" if p99 < 5 else "MISSED"))


def panel_share(variant: str) -> tuple[int, int, int, bool]:
    """Screen changes, our bytes and stock luma's bytes over a demo rig's whole script,
    played in-process with every screen the panel would show (messages included)."""
    from host.app.demo import rehearse

    ours_bus, stock_bus = CountingBus(), CountingBus()
    ours = SSD1306(ours_bus)
    panel = Panel([ours, ssd1306(stock_bus)])
    panel.show(View(header="hexref"))
    start_ours, start_stock, changes_before = ours_bus.bytes, stock_bus.bytes, ours.updates
    referee, _ = rehearse(variant, on_view=panel.show)
    won = referee.last is not None and getattr(referee.last, "find", lambda k: None)("winner")
    return (ours.updates - changes_before, ours_bus.bytes - start_ours,
            stock_bus.bytes - start_stock, bool(won))


def every_game() -> None:
    from host.app.demo import rigs

    print("panel bytes per screen change, every demo game played in-process:")
    for variant in sorted(rigs()):
        changes, ours, stock, won = panel_share(variant)
        share = ours / stock if stock else 0
        print("  %-13s %3d screen changes: %5.1f%% of full frames, target < 40%%: %s%s" % (
            variant, changes, share * 100, "met" if share < 0.40 else "MISSED",
            "" if won else " (the game did not reach a winner!)"))


if __name__ == "__main__":
    main()
    every_game()
