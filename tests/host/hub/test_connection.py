"""The cable comes out and goes back in: nothing lost, nothing doubled.

The hub is the real firmware link (firmware/hub/link.py) on the master side of a pty, the host
a ``Connection`` on the slave side, as over USB. Unplugging closes the master (the device
node stops answering: EIO); plugging back in is a new pty, found by the same finder.
"""
from __future__ import annotations

import os
from types import SimpleNamespace

import serial
from rigs.cable import Cable
from rigs.clock import Clock

from firmware.hub.link import Link
from firmware.sim.hub import FdPort
from host.hub import connection
from host.hub.connection import CONNECTED, DISCONNECTED, Connection, find_hub_port


class Table:
    """Hub, cable, host and the host's journal, stepped by hand."""

    def __init__(self, boot: str = "00C0FFEE") -> None:
        self.clock = Clock()
        self.cable = Cable()
        self.hub = Link(FdPort(self.cable.master), boot, board="test", resend_ms=200)
        self.ms = 0
        self.hub.start(self.ms)
        self.journal: list[tuple[str, int, str]] = []
        self.changes: list[str] = []
        self.conn = Connection(lambda: self.cable.path, clock=self.clock,
                               open_port=lambda path: serial.Serial(path, timeout=0.005),
                               on_change=lambda c: self.changes.append(c.state),
                               idle_wait=lambda s: None)

    def step(self, rounds: int = 20, ack: bool = True) -> None:
        for _ in range(rounds):
            self.ms += 10
            self.clock.t += 0.01
            self.hub.poll(self.ms)
            for rcv in self.conn.poll():
                self.journal.append((rcv.boot, rcv.seq, rcv.msg.kind))
                if ack:
                    self.conn.ack(rcv.seq)

    def plug_hub(self, hub: Link | None = None) -> None:
        self.cable.plug()
        if hub is not None:
            self.hub = hub
        self.hub.port = FdPort(self.cable.master)
        if hub is not None:
            self.hub.start(self.ms)

    def close(self) -> None:
        self.conn.close()
        self.cable.close()


def test_unplug_and_replug_keeps_every_event_once():
    t = Table()
    try:
        t.step()
        assert t.conn.state == CONNECTED and t.conn.link.boot == "00C0FFEE"
        for _ in range(3):
            t.hub.send_event(t.ms, "BTN", "A", "press")
            t.step(5)
        assert [s for _, s, _ in t.journal] == [1, 2, 3]

        t.cable.unplug()
        t.step(3)
        assert t.conn.state == DISCONNECTED and t.changes[-1] == DISCONNECTED
        # The players go on while the cable is out: the hub keeps these for us.
        t.hub.send_event(t.ms, "TAP", 0, "04A1B2C3D4E501", "")
        t.hub.send_event(t.ms, "DIE", 7, ("FACE", (5,)))
        t.step(5)
        assert len(t.journal) == 3

        t.plug_hub()
        t.clock.t += 10  # past any backoff
        t.step(30)
        assert t.conn.state == CONNECTED and t.conn.reconnects == 1
        assert t.journal == [("00C0FFEE", 1, "BTN"), ("00C0FFEE", 2, "BTN"),
                             ("00C0FFEE", 3, "BTN"), ("00C0FFEE", 4, "TAP"),
                             ("00C0FFEE", 5, "DIE")]
        assert t.hub.unacked == 0
    finally:
        t.close()


def test_an_ack_lost_with_the_cable_is_not_a_second_input():
    t = Table()
    try:
        t.step()
        t.hub.send_event(t.ms, "BTN", "B", "press")
        t.step(3, ack=False)  # journalled, but the cable goes before the ACK
        assert [s for _, s, _ in t.journal] == [1]
        t.cable.unplug()
        assert t.conn.ack(1) is False
        assert t.conn.state == DISCONNECTED
        t.plug_hub()
        t.clock.t += 10
        t.step(30)
        assert [s for _, s, _ in t.journal] == [1]  # the resend was recognised
        assert t.conn.link.stats.duplicates >= 1
        assert t.hub.unacked == 0  # and acknowledged again
    finally:
        t.close()


def test_a_hub_that_restarted_is_a_new_numbering():
    t = Table("0000000A")
    try:
        t.step()
        t.hub.send_event(t.ms, "BTN", "A", "press")
        t.hub.send_event(t.ms, "BTN", "A", "press")
        t.step(5)
        t.cable.unplug()
        t.step(3)
        # Replugged after a power cycle: a new boot id, numbering from 1 again.
        t.plug_hub(Link(None, "0000000B", board="test", resend_ms=200))
        t.hub.send_event(t.ms, "BTN", "B", "press")
        t.clock.t += 10
        t.step(30)
        assert t.journal == [("0000000A", 1, "BTN"), ("0000000A", 2, "BTN"),
                             ("0000000B", 1, "BTN")]
        assert t.conn.link.stats.boots == 2
    finally:
        t.close()


def test_backoff_grows_while_the_hub_is_away():
    clock = Clock()
    tries: list[float] = []

    def find():
        tries.append(clock.t)
        return None

    conn = Connection(find, clock=clock, idle_wait=lambda s: None)
    while clock.t < 1030:
        conn.poll()
        clock.t += 0.05
    gaps = [round(b - a, 1) for a, b in zip(tries, tries[1:], strict=False)]
    assert gaps[:5] == [0.5, 1.0, 2.0, 4.0, 8.0]
    assert set(gaps[4:]) == {8.0}
    assert conn.state == "searching" and "not found" in conn.reason


def test_find_prefers_the_symlink_then_the_vendor_id():
    ports = [SimpleNamespace(device="/dev/ttyACM1", vid=0x2E8A, pid=0x0005),
             SimpleNamespace(device="/dev/ttyUSB0", vid=0x10C4, pid=0xEA60)]
    found = find_hub_port(0x2E8A, comports=lambda: ports, exists=lambda p: False)
    assert found == "/dev/ttyACM1"
    assert find_hub_port(0x2E8A, pid=0x0009, comports=lambda: ports,
                         exists=lambda p: False) is None
    assert find_hub_port(0x2E8A, comports=lambda: ports,
                         exists=lambda p: p == connection.SYMLINK) == connection.SYMLINK
    assert find_hub_port(0x2E8A, port="/dev/ttyS9", exists=lambda p: False) is None
    assert find_hub_port(0x2E8A, port="/dev/ttyS9", exists=lambda p: True) == "/dev/ttyS9"


def test_a_second_referee_cannot_take_the_hub_port():
    """Two hexref processes on one hub would split its events between them."""
    master, slave = os.openpty()
    path = os.ttyname(slave)
    first = connection.open_serial(path)
    try:
        clock = Clock()
        second = Connection(lambda: path, clock=clock, idle_wait=lambda s: None)
        second.poll()
        assert second.port is None and "cannot open" in second.reason
        assert "lock" in second.reason
    finally:
        first.close()
        os.close(master)
        os.close(slave)
