"""The host's end of the serial link: each hub event exactly once, in order.

The hub numbers its events 1, 2, 3... per boot and resends whatever is not acknowledged.
The host takes only the next event it expects from the current boot (go-back-N), so a
corrupted or lost line makes the later ones wait for its resend instead of overtaking it;
anything already taken is acknowledged again and dropped. A HELLO with a new boot id means
the hub restarted: numbering starts again at 1.

Every HELLO (protocol 2) says how far the host has acknowledged that boot (or the hub gave
events up, its ring full). A journal that has less (its newest rows lost with a deleted
``-wal``, an old backup restored, another referee's hub, events the hub no longer holds)
is *behind*: the link says so (``behind``) and takes nothing more from that
boot, since taking the hub's next event would carry on as if the missing inputs had never
been played. A new boot (the hub reset) starts clean.

Acknowledging is the caller's job, and only after the event is in the journal (DESIGN.md
principle 2): ``ack(seq)`` is cumulative.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from host.common.i18n import _
from shared_rules.protocol import codec as protocol
from shared_rules.protocol.events import TableEvent


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


@dataclass(frozen=True)
class Behind:
    """The hub had acknowledged up to ``acked`` of ``boot``; the journal has ``journalled``."""

    boot: str
    journalled: int
    acked: int

    @property
    def missing(self) -> int:
        return self.acked - self.journalled


@dataclass(frozen=True)
class Skew:
    """The hub speaks protocol ``proto`` (firmware ``firmware``), this host another."""

    proto: int
    firmware: str

    @property
    def newer(self) -> bool:
        return self.proto > protocol.VERSION


def skew_sentence(skew: Skew) -> str:
    """What the log and doctor say of a hub of another version, with what to do.

    >>> skew_sentence(Skew(3, "0.4.0"))
    'Reader firmware 0.4.0 (protocol 3) is newer than this referee (protocol 2): update hexref'
    """
    said = {"firmware": skew.firmware, "its": skew.proto, "ours": protocol.VERSION}
    if skew.newer:
        return _("Reader firmware %(firmware)s (protocol %(its)d) is newer than this referee "
                 "(protocol %(ours)d): update hexref") % said
    return _("Reader firmware %(firmware)s (protocol %(its)d) is older than this referee "
             "(protocol %(ours)d): update it with make deploy") % said


@dataclass
class Received:
    """One new event from the hub, with where it sits in the hub's numbering."""

    boot: str
    seq: int
    msg: protocol.Message

    @property
    def event(self) -> TableEvent:
        """The event as plain data, for the referee (shared_rules/protocol/events.py)."""
        msg, kind = self.msg, self.msg.kind
        if kind == "TAP":
            return TableEvent(kind, self.boot, self.seq, uid=msg.uid, record=msg.ndef)
        if kind == "GONE":
            return TableEvent(kind, self.boot, self.seq, uid=msg.uid)
        if kind == "DIE":
            state, faces = msg.result
            return TableEvent(kind, self.boot, self.seq, die=state, faces=tuple(faces))
        if kind == "BTN":
            return TableEvent(kind, self.boot, self.seq, button=msg.button,
                              action=msg.action)
        return TableEvent(kind, self.boot, self.seq)


PING_EVERY_S = 1.0


class HubLink:
    def __init__(self, port, positions: dict[str, int] | None = None,
                 clock: Callable[[], float] = time.monotonic):
        """``port``: a pyserial-like object (``read``, ``write``, ``in_waiting``).
        ``positions``: boot id -> last sequence number already journalled (after a
        restart of the host, from the journal), so resent events are not taken twice."""
        self.port = port
        self.positions: dict[str, int] = dict(positions or {})  # boot -> last seq taken
        self.behind: Behind | None = None
        self.old_firmware = False  # a HELLO of protocol 1 (no acked field): make deploy
        # A hub of another protocol version (either way): nothing is taken or
        # acknowledged, and no PING asks it to repeat what we cannot read.
        self.skew: Skew | None = None
        self._pinged = -PING_EVERY_S
        self.hub: HubInfo | None = None
        self.hellos = 0  # HELLOs heard (of any version)
        self.stats = LinkStats()
        self.clock = clock  # seconds; a simulated table hands in its own time
        self.last_heard = clock()
        self._buffer = bytearray()

    @property
    def boot(self) -> str | None:
        return self.hub.boot if self.hub else None

    def open(self) -> None:
        """Say hello: our protocol version (a hub that does not speak it keeps its events
        and says so), then PING: the hub answers with HELLO and resends what it holds."""
        self._pinged = self.clock()
        self.send(protocol.message("HOST", 0, protocol.VERSION))
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
                if msg.code in (protocol.DecodeError.FIELDS, protocol.DecodeError.VALUE):
                    self._other_version(line)
            return None
        self.last_heard = self.clock()
        kind = msg.kind
        if kind == "HELLO":
            self.hellos += 1  # it is up and has said who it is, whatever its version
            if msg.proto != protocol.VERSION:  # today's fields, another version's meaning
                self._skewed(msg.proto, msg.firmware)
                return None
            self.skew = None
            if self.hub is None or self.hub.boot != msg.boot:
                self.stats.boots += 1
            self.hub = HubInfo(msg.boot, msg.firmware, msg.board, msg.caps)
            self.old_firmware = False
            taken = self.positions.get(msg.boot, 0)
            if msg.acked > taken:
                self.behind = Behind(msg.boot, taken, msg.acked)
            else:
                self.behind = None
                self.positions[msg.boot] = taken
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
        if self.skew is not None:
            return None  # kept by the hub for a referee that speaks its version
        if self.hub is None:
            # Events from a hub we have not been introduced to: ask who it is (once a
            # second at most: a HELLO we cannot read must not become a storm); it will
            # resend them after its HELLO.
            if self.clock() - self._pinged >= PING_EVERY_S:
                self.open()
            return None
        if self.behind is not None:
            return None  # never acknowledged, never taken: the players decide (see above)
        last = self.positions[self.hub.boot]
        if msg.seq <= last:
            self.stats.duplicates += 1
            self.ack(last)  # our ACK was lost: repeat it so the hub lets go
            return None
        if msg.seq != last + 1:
            self.stats.out_of_order += 1  # the one before it was lost: wait for the resend
            return None
        self.positions[self.hub.boot] = msg.seq
        return Received(self.hub.boot, msg.seq, msg)

    def _other_version(self, line: bytes) -> None:
        """A well-framed HELLO that does not decode: read its version and firmware from
        their places (the first two fields, in every version) to say which it is."""
        if not line.startswith(b"0 HELLO "):
            return
        fields = line.split(b" ")
        if len(fields) < 4 or not fields[2].isdigit() or len(fields[2]) > 5:
            return
        proto = int(fields[2])
        if proto == protocol.VERSION:
            return  # our version, a damaged line: the next HELLO will do
        firmware = fields[3].decode("ascii", "replace")[:32]
        self._skewed(proto, firmware)

    def _skewed(self, proto: int, firmware: str) -> None:
        self.skew = Skew(proto, firmware)
        self.old_firmware = proto == 1
        self.hub = None
