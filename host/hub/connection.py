"""The link that survives the cable: find the hub, notice it going, find it again.

USB gets unplugged, knocked, or the hub restarts. ``Connection`` wraps one ``HubLink``
(which remembers what has been taken from each boot of the hub) around whatever port the
hub is on now:

- **find**: ``/dev/hexref-hub`` (our udev rule's symlink) if present, else the first serial
  port whose USB vendor id is the Pico's (0x2E8A, MicroPython's CDC port), optionally with
  its product id; a port named in the config is used as it is.
- **notice**: a read or write that fails (``SerialException`` / ``OSError``: the device
  node vanished) closes the port and the state becomes ``DISCONNECTED``; the panel says
  "Reader disconnected".
- **retry**: 0.5 s, 1 s, 2 s, ... up to 8 s between attempts, so a hub that is gone for
  good costs nothing, and one plugged back in is found within seconds.
- **starting**: a hub whose port has just appeared is booting: it says HELLO once its
  loop runs (a Pico about a second after its USB port appears; a running hub answers our
  PING at once). Until its first HELLO on this port, for at most ``boot_s``, it is
  *starting* (``starting``), not silent: the panel says "Reader starting".
- **silence**: the hub beats every second. A port that stays open but carries nothing
  (a hung hub loop, a brown-out that left USB up, a hub that never finished booting) is
  PINGed after ``SILENCE_S`` and called *not answering* after ``NOT_ANSWERING_S``
  (``silent``), once it is no longer starting: the panel says "Reader not answering"
  until the hub speaks again.
- **resynchronise**: on reopening we PING; the hub answers HELLO and resends everything
  not yet acknowledged. Events already journalled are recognised by (boot id, seq) and
  acknowledged again, not taken twice; a new boot id (the hub restarted) starts a new
  numbering. Nothing is lost: an event is only acknowledged after the caller journalled it,
  and an ACK lost with the cable is simply asked for again by the hub's resend.

>>> backoff(1), backoff(2), backoff(5), backoff(9)
(0.5, 1.0, 8.0, 8.0)
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import serial

from host.hub.link import HubLink, Received

SYMLINK = "/dev/hexref-hub"
FIRST_RETRY_S = 0.5
MAX_RETRY_S = 8.0
SILENCE_S = 3.0  # the hub beats every second: this long without a line, we PING it
NOT_ANSWERING_S = 4.5  # and a second later still nothing: "Reader not answering"
# A Pico's hub says HELLO about a second after its port appears (MicroPython starts, then
# the hub's modules load); one that has not after this long is not booting but stuck.
BOOT_S = 10.0

CONNECTED = "connected"
DISCONNECTED = "disconnected"  # had it, lost it
SEARCHING = "searching"  # never had it since start


def backoff(attempt: int) -> float:
    """Seconds to wait before attempt number ``attempt`` (1, 2, ...)."""
    return min(MAX_RETRY_S, FIRST_RETRY_S * 2 ** max(0, attempt - 1))


def find_hub_port(vid: int, pid: int = 0, port: str = "auto",
                  comports: Callable[[], list] | None = None,
                  exists: Callable[[str], bool] = os.path.exists) -> str | None:
    """The device path of the reader hub, or None when it is not plugged in."""
    if port != "auto":
        return port if exists(port) else None
    if exists(SYMLINK):
        return SYMLINK
    if comports is None:
        from serial.tools import list_ports

        comports = list_ports.comports
    for info in sorted(comports(), key=lambda p: p.device):
        if info.vid == vid and (not pid or info.pid == pid):
            return info.device
    return None


def open_serial(path: str, baud: int = 115200) -> serial.Serial:
    """The port as HubLink wants it: reads wait at most 50 ms, so the loop stays lively.
    Locked (flock) so a second hexref, or ``hexref doctor``, cannot read our events.
    ``baud`` is the config's ``[hub] baud``: the Pico's USB CDC ignores it, a UART bridge
    (CP2102, FTDI) runs at it."""
    return serial.Serial(path, baud, timeout=0.05, write_timeout=1.0, exclusive=True)


class Connection:
    """A HubLink plus the port it is on now. The referee loop calls ``poll()``."""

    def __init__(self, find: Callable[[], str | None],
                 open_port: Callable[[str], object] = open_serial,
                 positions: dict[str, int] | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 on_change: Callable[[Connection], None] | None = None,
                 idle_wait: Callable[[float], None] = time.sleep,
                 where: str = "auto", boot_s: float = BOOT_S) -> None:
        """``where``: where the hub is looked for, said while it is not there (the config's
        [hub] port, or "auto": /dev/hexref-hub, else the hub's USB id); ``boot_s``: how long
        a hub may take from its port appearing to its HELLO (an emulated Pico, several times
        slower than a real one, needs longer)."""
        self.find = find
        self.where = where
        self.boot_s = boot_s
        self.open_port = open_port
        self.clock = clock
        self.on_change = on_change
        self.idle_wait = idle_wait
        self.link = HubLink(None, positions)
        self.port: Any = None  # a pyserial-like port, or None while the hub is away
        self.path: str | None = None
        self.state = SEARCHING
        self.reason = "looking for the reader hub"
        self.attempt = 0
        self.next_try = clock()
        self.disconnects = 0
        self.reconnects = 0
        self._pinged_at = 0.0
        self.heard_at = clock()  # on our clock: the last line the hub sent that decoded
        self.opened_at = clock()  # when the port was last opened
        self._hellos_at_open = 0  # the link's HELLO count then

    # --- what the panel needs --------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self.state == CONNECTED

    def greeted(self) -> bool:
        """The hub has said HELLO since its port was last opened."""
        return self.link.hellos != self._hellos_at_open

    def starting(self, now: float | None = None) -> bool:
        """Connected, and the hub has said no HELLO since its port opened, ``boot_s`` ago
        at most: it is booting."""
        now = self.clock() if now is None else now
        return (self.state == CONNECTED and not self.greeted()
                and now - self.opened_at <= self.boot_s)

    def silent(self, now: float | None = None) -> bool:
        """Connected, not starting, and nothing heard for ``NOT_ANSWERING_S``."""
        now = self.clock() if now is None else now
        return (self.state == CONNECTED and now - self.heard_at > NOT_ANSWERING_S
                and not self.starting(now))

    def quiet_for(self, now: float | None = None) -> float:
        """Seconds since the hub last said anything (0 while it is away)."""
        now = self.clock() if now is None else now
        return now - self.heard_at if self.state == CONNECTED else 0.0

    def retry_in(self, now: float | None = None) -> float:
        now = self.clock() if now is None else now
        return max(0.0, self.next_try - now)

    # --- the loop --------------------------------------------------------------------

    def poll(self) -> list[Received]:
        """New events from the hub, in order; [] while disconnected (after a short wait,
        so an idle loop does not spin)."""
        now = self.clock()
        if self.port is None:
            if now >= self.next_try:
                self._try_open(now)
            if self.port is None:
                self.idle_wait(min(0.05, self.retry_in(now)))
                return []
        heard = self.link.last_heard
        try:
            events = self.link.read()
        except (serial.SerialException, OSError) as exc:
            self._lost(now, exc)
            return []
        if self.link.last_heard != heard:
            self.heard_at = now
        if now - self.heard_at > SILENCE_S and now - self._pinged_at > SILENCE_S:
            self._pinged_at = now
            self._send(lambda: self.link.open())  # a quiet hub: ask it to speak
        return events

    def ack(self, seq: int) -> bool:
        """Acknowledge up to ``seq`` (after it is journalled). False if the cable went: the
        hub will resend and we acknowledge again then."""
        return self._send(lambda: self.link.ack(seq))

    def command(self, kind: str, *values) -> bool:
        return self._send(lambda: self.link.command(kind, *values))

    def close(self) -> None:
        self._close_port()

    # --- inside ----------------------------------------------------------------------

    def _send(self, action: Callable[[], None]) -> bool:
        if self.port is None:
            return False
        try:
            action()
            return True
        except (serial.SerialException, OSError) as exc:
            self._lost(self.clock(), exc)
            return False

    def _try_open(self, now: float) -> None:
        path = self.find()
        if path is None:
            self._schedule(now, "reader hub not found on USB" if self.where == "auto" else
                           "no reader hub at %s (the config's [hub] port)" % self.where)
            return
        try:
            port = self.open_port(path)
        except (serial.SerialException, OSError) as exc:
            self._schedule(now, "cannot open %s: %s" % (path, exc))
            return
        self.port, self.path = port, path
        self.link.port = port
        self.link._buffer.clear()  # half a line from before the cable went
        self.link.last_heard = now
        self.heard_at = now
        self.opened_at = now
        self._hellos_at_open = self.link.hellos
        self._pinged_at = now
        was = self.state
        self.state, self.reason, self.attempt = CONNECTED, "", 0
        if was == DISCONNECTED:
            self.reconnects += 1
        if not self._send(self.link.open):  # PING: HELLO and every unacknowledged event
            return
        self._changed()

    def _lost(self, now: float, exc: BaseException) -> None:
        self._close_port()
        self.state = DISCONNECTED
        self.disconnects += 1
        self.attempt = 0
        self._schedule(now, "reader disconnected (%s)" % (exc.__class__.__name__,))
        self._changed()

    def _schedule(self, now: float, reason: str) -> None:
        self.attempt += 1
        self.reason = reason
        self.next_try = now + backoff(self.attempt)

    def _close_port(self) -> None:
        port, self.port = self.port, None
        self.link.port = None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass  # already gone with the cable

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)
