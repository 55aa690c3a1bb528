"""The hub's end of the link (DESIGN.md principle 3: nothing lost, nothing doubled)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from fakeport import FakePort

from firmware.hub.link import Link
from firmware.hub.loop import Hub
from firmware.sim.hub import ScriptedButtons, ScriptedDie, ScriptedReader
from firmware.wiring import new_boot_id
from shared_rules.protocol.codec import message


def _link(**kw):
    port = FakePort()
    link = Link(port, "0A1B2C3D", board="test", caps=("nfc",), **kw)
    link.start(0)
    return port, link


def test_hello_at_start_names_protocol_board_and_boot():
    port, link = _link()
    hello = port.take()[0]
    assert hello.kind == "HELLO" and hello.seq == 0
    assert hello.proto == 2 and hello.board == "test" and hello.boot == "0A1B2C3D"
    assert hello.caps == ("nfc",) and hello.acked == 0


def test_hello_says_how_far_the_host_acknowledged_this_boot():
    """Protocol 2 (issue 13, item 4): a host whose journal lost the acknowledged events
    learns it from the HELLO that answers its PING."""
    port, link = _link(resend_ms=500, beat_ms=100000)
    port.take()
    for t in range(4):
        link.send_event(t, "BTN", "A", "press")
    port.feed(message("ACK", 0, 3))
    link.poll(10)
    port.take()
    port.feed(message("PING", 0))
    link.poll(20)
    sent = port.take()
    assert sent[0].kind == "HELLO" and sent[0].acked == 3
    assert [m.seq for m in sent[1:]] == [4]  # and what it still holds
    port.feed(message("ACK", 0, 9))  # beyond what was sent: stale, not believed
    link.poll(30)
    port.feed(message("PING", 0))
    link.poll(40)
    assert port.take()[0].acked == 3


def test_hello_counts_events_pushed_out_of_a_full_ring_as_gone():
    """A host away for a whole ring: the oldest events are dropped (RING_FULL); the HELLO
    says they are gone, so the host does not wait for them for ever."""
    port, link = _link(slots=4, resend_ms=500, beat_ms=100000)
    port.take()
    for t in range(6):
        link.send_event(t, "BTN", "A", "press")
    port.take()
    port.feed(message("PING", 0))
    link.poll(10)
    sent = port.take()
    # Said again before the HELLO: the ERR sent as they were dropped had nobody to read it.
    assert sent[0].kind == "ERR" and sent[0].code == "RING_FULL" and "2 events" in sent[0].text
    assert sent[1].kind == "HELLO" and sent[1].acked == 2 and link.dropped == 2
    assert [m.seq for m in sent[2:]] == [3, 4, 5, 6]


def test_a_host_of_another_version_gets_nothing_and_the_events_stay():
    """HOST n (issue 22): a host that does not speak our version is told so (ERR VERSION),
    is sent no event and no resend, and a host of our version later gets them all."""
    port, link = _link(resend_ms=500, beat_ms=100000)
    port.take()
    link.send_event(0, "BTN", "A", "press")
    port.take()  # sent before the host said its version
    port.feed(message("HOST", 0, 9))
    port.feed(message("PING", 0))
    link.poll(10)
    sent = port.take()
    assert [m.kind for m in sent] == ["ERR", "HELLO"] and sent[0].code == "VERSION"
    link.send_event(20, "BTN", "B", "press")
    link.poll(5000)
    assert port.take() == [] and link.unacked == 2
    port.feed(message("HOST", 0, 2))
    port.feed(message("PING", 0))
    link.poll(6000)
    assert [(m.kind, m.seq) for m in port.take()] == [("HELLO", 0), ("BTN", 1), ("BTN", 2)]


def test_boot_ids_are_eight_hex_digits_and_differ():
    ids = set([new_boot_id() for _ in range(8)])
    assert len(ids) > 1
    for b in ids:
        assert len(b) == 8 and int(b, 16) >= 0


def test_events_are_numbered_from_one():
    port, link = _link()
    port.take()
    link.send_event(1, "TAP", 0, "04A1B2C3", "")
    link.send_event(2, "BTN", "A", "press")
    sent = port.take()
    assert [(m.seq, m.kind) for m in sent] == [(1, "TAP"), (2, "BTN")]
    assert link.unacked == 2


def test_ack_is_cumulative_and_stops_resending():
    port, link = _link(resend_ms=500, beat_ms=100000)
    port.take()
    for t in range(3):
        link.send_event(t, "BTN", "A", "press")
    port.take()
    port.feed(message("ACK", 0, 2))
    link.poll(10)
    assert link.unacked == 1
    link.poll(600)  # only seq 3 is resent
    assert [m.seq for m in port.take()] == [3]
    port.feed(message("ACK", 0, 3))
    link.poll(700)
    link.poll(5000)
    assert link.unacked == 0 and port.take() == []


def test_lost_ack_leads_to_resend_of_the_same_seq():
    port, link = _link(resend_ms=500, beat_ms=100000)
    port.take()
    link.send_event(0, "TAP", 0, "04A1B2C3", "")
    first = port.take()
    assert link.poll(499) is None and port.take() == []
    link.poll(500)
    again = port.take()
    assert again == first  # byte-identical frame: same seq, the host drops the copy
    assert link.resent == 1


def test_ping_brings_hello_and_every_unacked_event():
    port, link = _link(resend_ms=500, beat_ms=100000)
    link.send_event(0, "TAP", 0, "04A1B2C3", "")
    link.send_event(0, "GONE", 0, "04A1B2C3")
    port.take()
    port.feed(message("PING", 0))
    link.poll(1)
    assert port.kinds() == ["HELLO", "TAP", "GONE"]


def test_beat_every_second_with_counters():
    port, link = _link(beat_ms=1000)
    port.take()
    link.poll(999)
    assert port.take() == []
    link.poll(1000)
    beat = port.take()[0]
    assert beat.kind == "BEAT" and beat.uptime == 1 and beat.unacked == 0


def test_garbage_from_host_is_counted_not_obeyed():
    port, link = _link(beat_ms=100000)
    port.inbox.extend(b"hello there\n0 ACK 1 *0000\n")
    assert link.poll(1) is None
    assert link.errors == 2


def test_stale_ack_from_an_old_numbering_is_ignored():
    port, link = _link(beat_ms=100000)
    link.send_event(0, "BTN", "A", "press")
    port.feed(message("ACK", 0, 40))
    link.poll(1)
    assert link.unacked == 1


def test_full_ring_drops_the_oldest_and_says_so():
    port, link = _link(slots=4, resend_ms=100000, beat_ms=100000)
    port.take()
    for t in range(6):
        link.send_event(t, "BTN", "A", "press")
    kinds = port.kinds()
    assert kinds.count("ERR") == 2 and link.dropped == 2 and link.unacked == 4
    port.feed(message("PING", 0))
    link.poll(10)
    assert [m.seq for m in port.take()[2:]] == [3, 4, 5, 6]  # after RING_FULL and HELLO


def test_hub_turns_driver_events_into_numbered_frames_and_obeys_commands():
    port = FakePort()
    reader, die, buttons = ScriptedReader(), ScriptedDie(), ScriptedButtons()
    hub = Hub(Link(port, "0A1B2C3D", beat_ms=100000), reader, die, buttons)
    hub.start(0)
    reader.place("04A1B2C3", "D1")
    die.land(4)
    buttons.push(("B", "long"))
    for t in range(1, 4):
        hub.step(t)
    msgs = port.take()[1:]
    assert [m.kind for m in msgs] == ["TAP", "DIE", "BTN", "DIE"]
    assert msgs[1].result == ("ROLLING", ()) and msgs[3].result == ("FACE", (4,))
    assert msgs[1].roll == msgs[3].roll == 1
    assert msgs[2].button == "B" and msgs[2].action == "long"
    port.feed(message("WRITE", 0, "04A1B2C3", "D101"))
    hub.step(5)
    assert reader.written == [("04A1B2C3", "D101")]
    port.feed(message("ROLL", 0, 3))
    hub.step(6)
    assert port.take()[0].kind == "ERR"  # the scripted die has no virtual mode
