"""A table for storage tests: the hub's real Link on an in-memory Wire, the host's HubLink,
and the referee of rigs/referee_table.py over a SqliteJournal, on the demo game's tiles
(host/app/demo.py).

``Table.play(events)`` sends hub events one by one and lets the host take, journal and
acknowledge each, exactly as ``hexref run`` does.
"""
from __future__ import annotations

import time

from firmware.hub.link import Link
from host.app.demo import demo_script, hub_events
from host.display.screens import text
from host.games.hexors.demo import demo_entries
from host.hub.link import HubLink
from host.storage.store import Store
from rigs.referee_table import Table as RefereeTable
from rigs.wires import Wire
from shared_rules.games.hexors.engine import HexorsGame

BOOT = "0A1B2C3D"


def new_game() -> HexorsGame:
    return HexorsGame(variant="jl-beginner", players=2)


class HumanClock:
    """A table's clock for a game played at a person's pace: each reading (each journal
    entry, each game opened or finished) is ``step_s`` later than the one before, so a
    test plays in a second what people play in minutes, and the journal says minutes."""

    def __init__(self, step_s: float = 5.0) -> None:
        self.now = time.time()
        self.step_s = step_s

    def __call__(self) -> float:
        self.now += self.step_s
        return self.now


def events_of(steps: list[dict]) -> list[tuple]:
    """The hub events a firmware.sim.hub script makes (place, lift, roll, press, long)."""
    return hub_events(steps)


def demo_game_events() -> list[tuple]:
    """The demo's whole game (host/app/demo.py), as hub events: it ends with a winner."""
    return events_of(demo_script())


def setup_events() -> list[tuple]:
    """The demo's setup: every tile tapped, both players' buttons pressed."""
    events = demo_game_events()
    presses = [i for i, e in enumerate(events) if e[0] == "BTN"]
    return events[:presses[1] + 1]


class Table:
    def __init__(self, store: Store, game_id: int | None = None, boot: str = BOOT,
                 wire: Wire | None = None, hub: Link | None = None) -> None:
        self.store = store
        if game_id is None:
            game_id = store.new_game("jl-beginner", ["P1", "P2"])
        self.game_id = game_id
        self.wire = wire or Wire()
        self.hub = hub or Link(self.wire.hub, boot, board="test", resend_ms=500)
        if hub is None:
            self.hub.start(0)
        self.journal = store.journal(game_id)
        self.link = HubLink(self.wire.host, positions=self.journal.positions())
        referee = RefereeTable(book=demo_entries(), journal=self.journal, new_game=new_game)
        self.referee, self.presenter = referee.ref, referee.presenter
        self.now = 1
        self.said: list[tuple] = []  # (journal entry, the panel's text after it)
        self.link.open()
        self.pump()

    def pump(self) -> None:
        """Let the hub and the host talk until the wire is quiet."""
        for _ in range(50):
            self.now += 1
            self.hub.poll(self.now)
            if not self.wire.to_host and not self.wire.to_hub:
                return
            for rcv in self.link.read():
                reaction = self.referee.on_event(rcv.event)
                self.link.ack(rcv.seq)  # only now: the input is in the journal
                self.said.append((reaction.entry, text(self.presenter.screen(self.referee.seen()))))

    def play(self, events: list[tuple]) -> None:
        for event in events:
            self.now += 1
            self.hub.send_event(self.now, *event)
            self.pump()
