"""The host's end of the serial link: each hub event exactly once, in order.

The hub numbers its events 1, 2, 3... per boot and resends whatever is not acknowledged.
The host takes only the next event it expects from the current boot (go-back-N), so a
corrupted or lost line makes the later ones wait for its resend instead of overtaking it;
anything already taken is acknowledged again and dropped. A HELLO with a new boot id means
the hub restarted: numbering starts again at 1.

Acknowledging is the caller's job, and only after the event is in the journal (DESIGN.md
principle 2): ``ack(seq)`` is cumulative.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from shared_rules import protocol


@dataclass
class HubInfo:
    boot: str
    firmware: str
    board: str
    caps: tuple[str, ...]


@dataclass
class LinkStats:
    lines: int = 0
    bad_lines: int = 0
    duplicates: int = 0
    out_of_order: int = 0
    boots: int = 0
    beats: int = 0
    hub_errors: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Received:
    """One new event from the hub, with where it sits in the hub's numbering."""

    boot: str
    seq: int
    msg: protocol.Message


class HubLink:
    def __init__(self, port, positions: dict[str, int] | None = None):
        """``port``: a pyserial-like object (``read``, ``write``, ``in_waiting``).
        ``positions``: boot id -> last sequence number already journalled (after a
        restart of the host, from the journal), so resent events are not taken twice."""
        self.port = port
        # boot -> last seq taken; None: a boot we know nothing of (see _take's HELLO).
        self.positions: dict[str, int | None] = dict(positions or {})
        self._doubt = False  # a bad line came after the last HELLO
        self._resend_start = False  # the next event is the first of the hub's resend
        self._start: tuple[str, int] | None = None  # (boot, seq) a resend started at
        self.hub: HubInfo | None = None
        self.stats = LinkStats()
        self.last_heard = time.monotonic()
        self._buffer = bytearray()

    @property
    def boot(self) -> str | None:
        return self.hub.boot if self.hub else None

    def open(self) -> None:
        """Say hello: the hub answers with HELLO and resends what it still holds."""
        self.send(protocol.message("PING", 0))

    def send(self, msg: protocol.Message) -> None:
        self.port.write(protocol.encode_line(msg))
        self.port.flush()

    def command(self, kind: str, *values) -> None:
        self.send(protocol.message(kind, 0, *values))

    def ack(self, seq: int) -> None:
        self.send(protocol.message("ACK", 0, seq))

    def give_back(self, received: Received) -> None:
        """The caller could not journal ``received``: take it again when the hub resends
        it (unacknowledged, it will), and the events after it (read in the same batch,
        already counted as taken) in order behind it."""
        taken = self.positions.get(received.boot)
        if taken is not None and taken >= received.seq:
            self.positions[received.boot] = received.seq - 1

    def read(self) -> list[Received]:
        """Read what is waiting (blocking up to the port's timeout for the first byte) and
        return the new events, in order."""
        chunk = self.port.read(self.port.in_waiting or 1)
        if not chunk:
            return []
        self._buffer.extend(chunk)
        out: list[Received] = []
        while True:
            end = self._buffer.find(b"\n")
            if end < 0:
                if len(self._buffer) > protocol.MAX_LINE * 2:
                    del self._buffer[:]  # a stream of noise with no newline
                    self.stats.bad_lines += 1
                break
            line = bytes(self._buffer[:end])
            del self._buffer[: end + 1]
            received = self._take(line)
            if received is not None:
                out.append(received)
        return out

    def _take(self, line: bytes) -> Received | None:
        self.stats.lines += 1
        msg = protocol.decode(line)
        if isinstance(msg, protocol.DecodeError):
            if msg.code != protocol.DecodeError.EMPTY:
                self.stats.bad_lines += 1
                self._doubt = True
            return None
        self.last_heard = time.monotonic()
        kind = msg.kind
        if kind == "HELLO":
            if self.hub is None or self.hub.boot != msg.boot:
                self.stats.boots += 1
            self.hub = HubInfo(msg.boot, msg.firmware, msg.board, msg.caps)
            # A boot we have no record of may have had events acknowledged by a host that
            # lost its journal: its numbering then starts where the hub's resend starts.
            self.positions.setdefault(msg.boot, None)
            self._doubt = False
            self._resend_start = True
            return None
        if kind == "BEAT":
            self.stats.beats += 1
            return None
        if kind == "ERR":
            self.stats.hub_errors.append((msg.code, msg.text))
            return None
        if not msg.is_event:
            self.stats.bad_lines += 1  # a host command echoed back: wiring fault
            return None
        if self.hub is None:
            # Events from a hub we have not been introduced to: ask who it is; it will
            # resend them after its HELLO.
            self.open()
            return None
        last = self.positions[self.hub.boot]
        if last is None:
            first, self._resend_start = self._resend_start, False
            if self._doubt:  # the resend's first line may be the one that was lost
                self.open()
                return None
            if msg.seq != 1 and (not first or self._start != (self.hub.boot, msg.seq)):
                # Not 1: a line dropped whole leaves no trace, so this start is believed
                # only when two resends in a row (each after its HELLO) begin with it.
                if first:
                    self._start = (self.hub.boot, msg.seq)
                self.open()
                return None
            last = msg.seq - 1
        if msg.seq <= last:
            self.stats.duplicates += 1
            self.ack(last)  # our ACK was lost: repeat it so the hub lets go
            return None
        if msg.seq != last + 1:
            self.stats.out_of_order += 1  # the one before it was lost: wait for the resend
            return None
        self.positions[self.hub.boot] = msg.seq
        return Received(self.hub.boot, msg.seq, msg)
