"""The whole chain of a tap, on simulated clocks, for ``make bench`` (tests/pico/bench.py):
from the tag entering the reader's field to the changed pixels on the OLED.

- **hub**: the tag placed on the PN532 twin -> the TAP line at the computer's end of the
  USB cable, on the emulated Pico's clock (bus, chip and USB frame times modelled: see
  firmware/sim/emulated_pico/rig.py TIMES);
- **host**, on this computer's clock, with the real code the Pi runs: the line decoded
  (host.hub.link), the referee's journal commit (SQLite synchronous=FULL: fsync before
  the ACK), the rules (the rest of Referee.on_event), the screen rendered;
- **panel**: the changed windows our SSD1306 driver sends, timed as I2C writes at the
  Pi's 400 kHz (luma's i2c interface: each command one write with its control byte, data
  in writes of 32 bytes; START, address, bytes and STOP at 9 bit times a byte).

The board's own lines are fed to the host in the order it sent them (its HELLO, every
event: the link takes only the next one it expects), and each TAP's stages are timed.
"""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from bench_host import TimedJournal  # noqa: E402
from rigs.host_port import HostPort  # noqa: E402

from host.devices.oled import SSD1306  # noqa: E402
from host.devices.panel import Panel  # noqa: E402
from host.games.descriptor import game as kind_of  # noqa: E402
from host.games.hexors.demo import demo_entries  # noqa: E402
from host.hub.link import HubLink  # noqa: E402
from host.session.adapter import Referee, TileBook  # noqa: E402
from host.storage.store import Store  # noqa: E402
from shared_rules.games.hexors.engine import HexorsGame  # noqa: E402
from shared_rules.protocol import codec as protocol  # noqa: E402

PANEL_HZ = 400_000
PANEL_CHUNK = 32  # luma.core's i2c interface writes data 32 bytes at a time
STAGES = ("hub (tag in field -> TAP at the computer)", "decode", "journal commit (fsync)",
          "rules", "render", "panel update (I2C 400 kHz)")


class TimedI2C:
    """The panel's bus as luma's i2c interface drives it, charged in I2C time."""

    def __init__(self) -> None:
        self.us = 0.0

    def _write(self, n: int) -> None:
        # START + address + control byte + n bytes + STOP: (n + 2) bytes of 9 bits, and
        # a bit time each for START and STOP
        self.us += ((n + 2) * 9 + 2) * 1e6 / PANEL_HZ

    def command(self, *cmd: int) -> None:
        self._write(len(cmd))

    def data(self, data) -> None:
        data = list(data)
        for i in range(0, len(data), PANEL_CHUNK):
            self._write(len(data[i:i + PANEL_CHUNK]))

    def cleanup(self) -> None:
        pass


def host_side(lines: list[str], variant: str = "jl-beginner") -> list[tuple[float, ...]]:
    """Each TAP the board sent through the host, in the board's order: per TAP
    (decode, journal commit, rules, render, panel) in ms."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(folder, durable=True)
        journal = TimedJournal(store.journal(store.new_game(variant, ["P1", "P2"])))
        referee = Referee(lambda: HexorsGame(variant=variant, players=2),
                          TileBook(demo_entries()), journal=journal)  # type: ignore[arg-type]
        presenter = kind_of(variant).presenter()
        bus = TimedI2C()
        panel = Panel([SSD1306(bus)])
        panel.show(presenter.screen(referee.seen()))
        port = HostPort()
        link = HubLink(port)
        out = []
        for line in lines:
            msg = protocol.decode(line)
            if not isinstance(msg, protocol.Message) or msg.kind in ("BEAT", "ERR"):
                continue
            t0 = time.perf_counter()
            port.pending = (line + "\n").encode("latin1")
            events = link.read()
            t1 = time.perf_counter()
            for rcv in events:
                referee.on_event(rcv.event)
                t2 = time.perf_counter()
                link.ack(rcv.seq)
                before = bus.us
                panel.show(presenter.screen(referee.seen()))
                t3 = time.perf_counter()
                if rcv.msg.kind == "TAP":
                    commit = journal.last_ms
                    out.append(((t1 - t0) * 1e3, commit, (t2 - t1) * 1e3 - commit,
                                (t3 - t2) * 1e3, (bus.us - before) / 1e3))
        store.close()
    return out


def report(where: str, hub_ms: list[float], lines: list[str]) -> None:
    """Print the chain: each tap's total, and each stage's median and share."""
    host = host_side(lines)
    rows = [(h,) + s for h, s in zip(hub_ms, host, strict=False)]
    if not rows:
        print("%s the whole chain: no tap measured" % where)
        return
    totals = [sum(r) for r in rows]
    medians = [statistics.median(r[i] for r in rows) for i in range(len(STAGES))]
    whole = sum(medians)
    print("%s the whole chain, tag in the field -> pixels on the OLED: median %.1f ms, "
          "max %.1f ms (n=%d)   (target: median under 80 ms)"
          % (where, statistics.median(totals), max(totals), len(totals)))
    for name, m in zip(STAGES, medians, strict=True):
        print("%s   %-44s median %7.2f ms  %4.1f%%" % (where, name, m, 100 * m / whole))
    print("%s   (hub on the emulated Pico's clock; host stages on this computer's, a Pi "
          "Zero 2 W is several times slower; panel in I2C time)" % where)
