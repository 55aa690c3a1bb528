"""A long table session over a bad cable, all in memory and on a hand-driven clock.

- ``series_events(rng, at_least)``: the hub events of Justice League Beginner and
  Collector's demo games played one after the other (host/app/demo.py's scripts, turned into
  events by table_rig.events_of), with harmless table noise between steps: an unknown
  tile tapped and lifted, a die that lands crooked, a long press on a player button. Each
  of these is journalled and changes nothing, so they add inputs without changing who wins.
- ``NoisyWire``: the in-memory cable of tests/rigs/wires.py with faults both ways: each byte
  corrupted with probability ``corrupt``, each line dropped whole with probability
  ``drop``, and ``connected = False`` while the host is away (what it writes or is sent
  is lost).
- ``Host``: what ``hexref run`` keeps between two restarts, and nothing more: a HubLink
  whose positions come from the store, the unfinished game restored from its journal, the
  next game of the series opened when one is won. Dropping the object and building a new
  one on the same store is a host restart.
- ``Session.run``: the hub's real Link (firmware/hub/link.py) sends the events at a human pace
  while the clock is driven by hand; a disconnect drops the host, lets the table play on,
  and brings a fresh host back.
"""
from __future__ import annotations

import random
from pathlib import Path

from firmware.hub.link import Link
from host.games.hexors.demo import beginner_script, collector_script, demo_entries
from host.hub.link import HubLink
from host.session.adapter import Referee, TileBook
from host.storage.store import Store
from rigs.table_rig import events_of
from rigs.wires import Wire
from shared_rules.games.hexors.engine import HexorsGame

BOOT = "5EED0001"
SERIES = (("jl-beginner", beginner_script), ("jl-collector", collector_script))
PLAYERS = ("P1", "P2")
TICK_MS = 10  # one pass of the hub's loop and of the host's, on the hand-driven clock
UNKNOWN_UID = "04FFEEDDCCBB01"  # a tag nobody enrolled


def series_events(rng: random.Random, at_least: int,
                  noise: float = 0.1) -> tuple[list[tuple], int]:
    """Whole demo games, Beginner then Collector's then Beginner..., until there are at
    least ``at_least`` events; before a step, with probability ``noise``, a harmless one.
    Roll ids are numbered across the session as the hub numbers them. Returns the events
    and how many games they play."""
    events: list[tuple] = []
    games = 0
    while len(events) < at_least:
        _variant, script = SERIES[games % len(SERIES)]
        for event in events_of(script()):
            if rng.random() < noise:
                events += rng.choice((
                    [("TAP", 0, UNKNOWN_UID, ""), ("GONE", 0, UNKNOWN_UID)],
                    [("DIE", 0, ("ROLLING", ())), ("DIE", 0, ("CROOKED", ()))],
                    [("BTN", rng.choice("AB"), "long")]))
            events.append(event)
        games += 1
    roll = 0
    numbered = []
    for event in events:
        if event[0] == "DIE":
            if event[2][0] == "ROLLING":
                roll += 1
            event = ("DIE", roll, event[2])
        numbered.append(event)
    return numbered, games


def human_pace(rng: random.Random, following: tuple | None) -> int:
    """Milliseconds before the next event: a die's result follows its ROLLING and a lift
    follows its tap within a moment; a player's next action takes half a second to two.
    (A real table is slower still; see the module docstring of test_reliability_link.)"""
    if following is not None and (following[0] == "GONE" or (
            following[0] == "DIE" and following[2][0] != "ROLLING")):
        return rng.randint(50, 300)
    return rng.randint(500, 2000)


class NoisyWire(Wire):
    """rigs/wires.Wire with seeded faults in both directions, and counts of them."""

    def __init__(self, rng: random.Random, corrupt: float = 0.0, drop: float = 0.0) -> None:
        super().__init__()
        self.rng = rng
        self.corrupt = corrupt
        self.drop = drop
        self.corrupted = 0
        self.dropped = {"to_host": 0, "to_hub": 0}
        self.drop_to_host = lambda line: self._drop("to_host")
        self.drop_to_hub = lambda line: self._drop("to_hub")
        self.mangle_to_host = self._mangle
        self.mangle_to_hub = self._mangle

    def _drop(self, way: str) -> bool:
        if self.drop and self.rng.random() < self.drop:
            self.dropped[way] += 1
            return True
        return False

    def _mangle(self, data: bytes) -> bytes:
        if not self.corrupt:
            return data
        out = bytearray(data)
        for i in range(len(out)):
            if self.rng.random() < self.corrupt:
                out[i] = self.rng.randrange(256)  # may be a newline: a line cut in two
                self.corrupted += 1
        return bytes(out)

    def host_away(self) -> None:
        """The host closes its port: the cable carries nothing, unread input is gone."""
        self.connected = False
        del self.to_host[:]

    def host_back(self) -> None:
        self.connected = True


class Host:
    """The host between two restarts: everything it knows comes from the store."""

    def __init__(self, store: Store, port, clock=None) -> None:
        self.store = store
        self.book = TileBook(demo_entries())
        # The table's own time, not the computer's: the link paces its PINGs by it.
        self.link = HubLink(port, positions=store.positions(),
                            **({"clock": clock} if clock is not None else {}))
        self.referee: Referee
        self.game_id = 0
        self._open()
        self.link.open()  # PING: the hub says HELLO and resends what it still holds

    def _open(self) -> None:
        row = self.store.unfinished()
        if row is None:
            variant = SERIES[len(self.store.games()) % len(SERIES)][0]
            self.game_id = self.store.new_game(variant, list(PLAYERS))
        else:
            self.game_id, variant = row.id, row.variant
        self.referee = restored(self.store, self.game_id, variant, self.book)

    def take(self) -> int:
        """Journal, then acknowledge, each new event (hexref run's order); a won game is
        finished and the next one of the series opened. Returns how many were taken."""
        taken = 0
        for rcv in self.link.read():
            reaction = self.referee.on_event(rcv.event)
            self.link.ack(rcv.seq)  # only now: the input is in the journal
            taken += 1
            if reaction.won:
                winner = reaction.result.find("winner")  # type: ignore[union-attr]
                self.store.finish(self.game_id,
                                  " & ".join(PLAYERS[p] for p in winner["players"]))
                self._open()
        return taken


def restored(store: Store, game_id: int, variant: str, book: TileBook | None = None):
    """A referee folded from a game's journal, as a restarted host makes it."""
    return Referee(lambda: HexorsGame(variant=variant, players=len(PLAYERS)),
                   book or TileBook(demo_entries()), None,
                   journal=store.journal(game_id), players=PLAYERS)


class Session:
    """The hub's Link and a Host over one cable, on a clock the test drives."""

    def __init__(self, data: Path, wire: NoisyWire, rng: random.Random) -> None:
        self.store = Store(data, durable=False)  # a killed host loses nothing even so
        self.wire = wire
        self.rng = rng
        self.now = 0
        self.hub = Link(wire.hub, BOOT, board="test")  # the firmware's own timings
        self.hub.start(self.now)
        self.host: Host | None = Host(self.store, wire.host, clock=lambda: self.now / 1000)
        self.restarts = 0
        self.max_unacked = 0
        for _ in range(5):  # the host's PING and the hub's HELLO cross before play starts
            self.tick()

    def tick(self) -> None:
        self.now += TICK_MS
        self.hub.poll(self.now)
        self.max_unacked = max(self.max_unacked, self.hub.unacked)
        if self.host is not None:
            self.host.take()

    def run(self, events: list[tuple], away: dict[int, int] | None = None,
            settle_ms: int = 120_000) -> None:
        """Play ``events`` at a human pace (``human_pace``). ``away``: event index -> how
        many events the table plays while the host is away (closed port) before a new host
        comes back."""
        away = away or {}
        back_at: int | None = None
        for i, event in enumerate(events):
            if i in away and self.host is not None:
                self.wire.host_away()
                self.host = None
                back_at = i + away[i]
            if back_at is not None and i >= back_at:
                self._host_back()
                back_at = None
            self.hub.send_event(self.now, *event)
            following = events[i + 1] if i + 1 < len(events) else None
            for _ in range(human_pace(self.rng, following) // TICK_MS):
                self.tick()
        if self.host is None:
            self._host_back()
        # The table is done; let the link settle (resends, ACKs) however bad the cable.
        end = self.now + settle_ms
        while self.now < end and (self.hub.unacked or self.wire.to_host or self.wire.to_hub):
            self.tick()

    def _host_back(self) -> None:
        self.wire.host_back()
        self.host = Host(self.store, self.wire.host, clock=lambda: self.now / 1000)
        self.restarts += 1

    def journals(self) -> list[tuple[str, str | None, list]]:
        """(variant, winner, journal entries) of every game, in order."""
        return [(row.variant, row.winner, self.store.journal(row.id).entries)
                for row in self.store.games()]

    def close(self) -> None:
        self.store.close()
