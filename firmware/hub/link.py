"""The hub's end of the serial link: numbered events that are never lost or doubled.

Every event (TAP, GONE, DIE, BTN) gets the next sequence number of this boot and stays in
a ring buffer until the host acknowledges it with a cumulative ``ACK n``. Unacknowledged
events are resent, oldest first, when ``RESEND_MS`` pass without an ACK and whenever the
host says ``PING`` (it does so each time it opens the port: a reconnect). The host keeps
what it has by (boot id, seq) and drops the rest, so resending is always safe.

The ``port`` is any object with ``read(n) -> bytes or None`` (non-blocking) and
``write(data)``, which sends or copies ``data`` before it returns (the BEAT's buffer is
written again a second later): USB CDC on the Pico (firmware/hub/usbport.py), a
pseudo-terminal in the demo, a list in the tests. Nothing here blocks.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware.clock import ticks_add, ticks_diff
from shared_rules.protocol import codec as protocol

VERSION = "0.1.0"
_RING_SLOTS = const(32)
RESEND_MS = const(500)
_BEAT_MS = const(1000)
_READ_CHUNK = const(64)
_HOST_LINE = const(548)


class Link:
    def __init__(self, port, boot_id, board="sim", caps=(), slots=_RING_SLOTS,
                 resend_ms=RESEND_MS, beat_ms=_BEAT_MS):
        self.port = port
        self.boot_id = boot_id
        self.board = board
        self.caps = tuple(caps)
        self.resend_ms = resend_ms
        self.beat_ms = beat_ms
        self._slots = slots
        self._ring = [None] * slots  # encoded lines of unacknowledged events, by seq % slots
        self.next_seq = 1
        self.acked = 0  # every event up to this seq is acknowledged (or dropped, ring full)
        # The longest line a host sends (WRITE: a 10-byte UID, a 256-byte record, 547
        # characters) and a CR: anything longer is an error, whole or not.
        self._line = bytearray(_HOST_LINE)
        self._line_len = 0
        self._overlong = False
        self._last_send = 0
        self._next_beat = 0
        self._beat = bytearray(protocol.BEAT_MAX)
        self._beat_fields = [0, 0, 0, 0]
        self._beat_view = b""
        self._started = 0
        self.resent = 0
        self.errors = 0  # lines from the host that failed to decode
        self.dropped = 0  # events pushed out of a full ring (host away too long)
        # The host said (HOST) it speaks another protocol version: send no event and
        # resend none (it would only PING and be flooded), keep them for a host that can.
        self.quiet = False

    # --- sending ---------------------------------------------------------------------

    def start(self, now):
        self._started = now
        # The first BEATs' view made now (all counters 0: the length of the first nine).
        self._beat_view = memoryview(self._beat)[:protocol.encode_beat_into(
            self._beat, self._beat_fields)]
        self._next_beat = ticks_add(now, self.beat_ms)
        self.hello()

    def hello(self):
        # ``acked``: a host whose journal is behind it (a lost file, an old backup, or
        # events pushed out of a full ring) sees what it lacks instead of taking our
        # next event for a fresh start or waiting for one we no longer hold. The ring's
        # overflows are said again first: the ERR sent when they happened may have gone
        # to a port nobody had open.
        if self.dropped:
            self.error("RING_FULL", "%d events dropped while no host acknowledged"
                       % self.dropped)
        self._write(protocol.message("HELLO", 0, protocol.VERSION, VERSION, self.board,
                                     self.boot_id, self.caps, self.acked))

    @property
    def unacked(self):
        return self.next_seq - 1 - self.acked

    def send_event(self, now, kind, *values):
        """Number, keep and send one event; returns its sequence number."""
        seq = self.next_seq
        line = protocol.encode_line(protocol.message(kind, seq, *values))
        if self.unacked >= self._slots:
            # The host has been away for a whole ring of events: keep the newest, say so.
            self.acked += 1
            self.dropped += 1
            self.error("RING_FULL", "event %d dropped: host not acknowledging" % self.acked)
        self._ring[seq % self._slots] = line
        self.next_seq = seq + 1
        if self.unacked == 1:
            self._last_send = now  # the resend timer runs from the oldest unacked event
        if not self.quiet:
            self.port.write(line)
        return seq

    def error(self, code, text):
        self._write(protocol.message("ERR", 0, code, text))

    def _write(self, msg):
        self.port.write(protocol.encode_line(msg))

    def _resend_all(self, now):
        seq = self.acked + 1
        while seq < self.next_seq:
            self.port.write(self._ring[seq % self._slots])
            self.resent += 1
            seq += 1
        self._last_send = now

    # --- receiving -------------------------------------------------------------------

    def poll(self, now):
        """Read what the host sent, run the timers. Returns the host's commands (LED, BEEP,
        DIEMODE, ROLL, WRITE) for the hub to carry out; ACK and PING are handled here."""
        commands = None
        data = self.port.read(_READ_CHUNK)
        if data:
            for byte in data:
                if byte == 0x0A:
                    msg = self._take_line(now)
                    if msg is not None:
                        if commands is None:
                            commands = []
                        commands.append(msg)
                elif self._line_len < len(self._line):
                    self._line[self._line_len] = byte
                    self._line_len += 1
                else:
                    self._overlong = True
        if self.unacked and not self.quiet and ticks_diff(now, self._last_send) >= \
                self.resend_ms:
            self._resend_all(now)
        if ticks_diff(now, self._next_beat) >= 0:
            self._next_beat = ticks_add(now, self.beat_ms)
            # Written in place: an idle hub allocates nothing. The port gets a view of the
            # line's length, made again only when that changes (the uptime grows a digit).
            fields = self._beat_fields
            fields[0] = ticks_diff(now, self._started) // 1000
            fields[1] = self.unacked
            fields[2] = self.resent
            fields[3] = self.errors
            n = protocol.encode_beat_into(self._beat, fields)
            if len(self._beat_view) != n:
                self._beat_view = memoryview(self._beat)[:n]
            self.port.write(self._beat_view)
        return commands

    def _take_line(self, now):
        n = self._line_len
        overlong = self._overlong
        self._line_len = 0
        self._overlong = False
        if overlong:
            self.errors += 1
            return None
        upto = protocol.ack_upto(self._line, n)  # the host's most frequent line, fast
        if upto < 0:
            msg = protocol.decode(bytes(self._line[:n]), protocol.HOST_TYPES)
            if not isinstance(msg, protocol.Message):
                if n:  # a bare newline is a keep-alive, not an error
                    self.errors += 1
                return None
            if msg.kind == "PING":
                # The host (re)opened the port: introduce ourselves, repeat what it lacks.
                self.hello()
                if not self.quiet:
                    self._resend_all(now)
                return None
            if msg.kind == "HOST":
                # Checked on our side too: a host of another version cannot take our events.
                self.quiet = msg.proto != protocol.VERSION
                if self.quiet:
                    self.error("VERSION", "hub speaks protocol %d, host %d: %d events kept"
                               % (protocol.VERSION, msg.proto, self.unacked))
                return None
            if msg.kind != "ACK":
                return msg
            upto = msg.upto
        # Cumulative; an ACK from a previous boot's numbering (beyond next_seq) is stale.
        if self.acked < upto < self.next_seq:
            while self.acked < upto:
                self.acked += 1
                self._ring[self.acked % self._slots] = None
            self._last_send = now
        return None
