"""The link end to end, hub Link <-> host HubLink (DESIGN.md principle 3)."""
from __future__ import annotations

from rigs.wires import Wire

from firmware.hub.link import Link
from host.hub.link import Behind, HubLink


def _pair(boot: str = "0A1B2C3D"):
    wire = Wire()
    hub = Link(wire.hub, boot, board="test", resend_ms=500, beat_ms=1000)
    host = HubLink(wire.host)
    hub.start(0)
    host.open()
    hub.poll(1)  # answers the PING with a HELLO
    return wire, hub, host


def _drain(host: HubLink, journal: list, ack: bool = True) -> None:
    while host.port.in_waiting:
        for rcv in host.read():
            journal.append((rcv.boot, rcv.seq, rcv.msg.kind))
            if ack:
                host.ack(rcv.seq)


def test_events_arrive_once_and_in_order():
    wire, hub, host = _pair()
    journal: list = []
    for t in range(5):
        hub.send_event(10 + t, "BTN", "A", "press")
    _drain(host, journal)
    hub.poll(20)
    hub.poll(21)  # the hub reads a bounded chunk per loop pass
    assert [seq for _, seq, _ in journal] == [1, 2, 3, 4, 5]
    assert hub.unacked == 0
    assert host.hub is not None and host.hub.boot == "0A1B2C3D"


def test_lost_ack_leads_to_resend_and_no_duplicate_input():
    wire, hub, host = _pair()
    journal: list = []
    lost = {"n": 0}

    def lose_first_ack(line: bytes) -> bool:
        if b" ACK " in line and lost["n"] == 0:
            lost["n"] += 1
            return True
        return False

    wire.drop_to_hub = lose_first_ack
    hub.send_event(10, "TAP", 0, "04A1B2C3", "")
    _drain(host, journal)
    hub.poll(20)
    assert hub.unacked == 1  # the ACK never arrived
    hub.poll(600)  # resend after the timeout
    _drain(host, journal)
    hub.poll(610)
    assert journal == [("0A1B2C3D", 1, "TAP")]  # taken once
    assert host.stats.duplicates == 1
    assert hub.unacked == 0 and hub.resent == 1


def test_corrupted_line_waits_for_its_resend_and_order_is_kept():
    wire, hub, host = _pair()
    journal: list = []
    hub.send_event(9, "BTN", "B", "press")
    _drain(host, journal)  # the host knows where this boot's numbering stands
    hit = {"n": 0}

    def corrupt_first_tap(data: bytes) -> bytes:
        if b" TAP " in data and hit["n"] == 0:
            hit["n"] += 1
            return data.replace(b"TAP", b"TBP")
        return data

    wire.mangle_to_host = corrupt_first_tap
    hub.send_event(10, "TAP", 0, "04A1B2C3", "")
    hub.send_event(11, "BTN", "A", "press")
    _drain(host, journal)
    assert [k for _, _, k in journal] == ["BTN"]  # seq 3 must not overtake the lost seq 2
    assert host.stats.bad_lines == 1 and host.stats.out_of_order == 1
    hub.poll(600)  # takes the ACK of seq 1; the resend timer starts again from here
    hub.poll(1100)
    _drain(host, journal)
    assert [k for _, _, k in journal] == ["BTN", "TAP", "BTN"]


def test_hub_restart_is_noticed_and_numbering_starts_again():
    wire, hub, host = _pair("0A1B2C3D")
    journal: list = []
    hub.send_event(1, "BTN", "A", "press")
    _drain(host, journal)
    reborn = Link(wire.hub, "FFEE0011", board="test")
    reborn.start(0)  # a new boot id in its HELLO
    reborn.send_event(2, "BTN", "B", "press")
    _drain(host, journal)
    assert host.stats.boots == 2
    assert journal == [("0A1B2C3D", 1, "BTN"), ("FFEE0011", 1, "BTN")]


def test_host_restart_does_not_take_journalled_events_twice():
    wire, hub, host = _pair()
    journal: list = []
    hub.send_event(1, "BTN", "A", "press")
    hub.send_event(2, "BTN", "B", "press")
    _drain(host, journal, ack=False)  # journalled, then the host dies before acking
    assert len(journal) == 2
    fresh = HubLink(wire.host, positions={"0A1B2C3D": 2})  # positions from the journal
    fresh.open()
    hub.poll(3)  # HELLO and both events again
    _drain(fresh, journal)
    hub.poll(4)
    assert len(journal) == 2 and hub.unacked == 0


def test_events_before_hello_are_not_taken_until_the_hub_introduces_itself():
    wire = Wire()
    hub = Link(wire.hub, "0A1B2C3D", board="test")
    hub.send_event(0, "BTN", "A", "press")  # the host was not listening for the HELLO
    host = HubLink(wire.host)
    journal: list = []
    _drain(host, journal)
    assert journal == []
    hub.poll(1)  # the host's PING arrives: HELLO and a resend
    _drain(host, journal)
    assert journal == [("0A1B2C3D", 1, "BTN")]


def test_a_host_that_lost_its_journal_is_told_and_takes_nothing():
    """Issue 13, item 4: events 1-3 were acknowledged by a host whose journal is then lost
    (a deleted -wal, an old backup). The hub's HELLO says 3 were acknowledged: the new host
    knows it is behind and never takes event 4 as if 1-3 had not happened."""
    wire, hub, host = _pair()
    journal: list = []
    for t in range(3):
        hub.send_event(t, "BTN", "A", "press")
    _drain(host, journal)
    hub.poll(5)
    hub.send_event(6, "BTN", "B", "press")  # event 4 is waiting
    for positions in ({}, {"0A1B2C3D": 1}):  # lost all of this boot, or the last two
        fresh = HubLink(wire.host, positions)
        fresh.open()
        got: list = []
        for t in range(4):  # the hub resends event 4 again and again: never taken
            hub.poll(7 + t * 600)
            _drain(fresh, got)
        assert got == [] and hub.unacked == 1
        assert fresh.behind == Behind("0A1B2C3D", positions.get("0A1B2C3D", 0), 3)
        assert fresh.behind.missing == 3 - positions.get("0A1B2C3D", 0)
    # The players reset the hub: a new boot starts clean, and play goes on from there.
    reset = Link(wire.hub, "0A1B2C3E", board="test", resend_ms=500, beat_ms=1000)
    reset.start(3000)
    reset.send_event(3001, "BTN", "A", "press")
    got = []
    _drain(fresh, got)
    assert fresh.behind is None and got == [("0A1B2C3E", 1, "BTN")]


def test_a_lost_ack_is_not_a_journal_behind():
    wire, hub, host = _pair()
    for t in range(3):
        hub.send_event(t, "BTN", "A", "press")
    journal: list = []
    _drain(host, journal, ack=False)
    host.ack(2)
    wire.drop_to_hub = lambda line: b"ACK 3" in line
    host.ack(3)  # journalled 3, but the ACK is lost with the cable
    hub.poll(5)
    wire.drop_to_hub = lambda line: False
    again = HubLink(wire.host, {"0A1B2C3D": 3})  # the host restarts after the cable
    again.open()
    hub.poll(6)
    _drain(again, journal)
    assert again.behind is None and [s for _, s, _ in journal] == [1, 2, 3]
    hub.poll(7)
    assert hub.unacked == 0  # the resent 3 was acknowledged again, not taken twice


def test_an_event_given_back_is_taken_again_with_those_read_after_it():
    """Issue 13, item 2: the host could not journal event 2 (disk full); events 2 and 3
    came in one read, so both are taken again, in order, from the hub's resend."""
    wire, hub, host = _pair()
    for t in range(3):
        hub.send_event(10 + t, "BTN", "A", "press")
    batch = host.read()
    host.ack(batch[0].seq)  # event 1 journalled
    assert [r.seq for r in batch] == [1, 2, 3]
    host.give_back(batch[1])  # event 2 could not be: neither it nor 3 is taken
    hub.poll(20)
    hub.poll(600)  # no ACK beyond 1 for a while: the hub resends 2 and 3
    journal: list = []
    _drain(host, journal)
    assert [seq for _, seq, _ in journal] == [2, 3]
    hub.poll(601)
    assert hub.unacked == 0
