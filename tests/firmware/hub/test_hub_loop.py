"""The hub loop with the real die, buttons and light on their twins: events out, commands
in, faults reported as ERR while the loop keeps running, the watchdog fed only by healthy
passes."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
import traceset
from fakeport import FakePort

from firmware.buttons import Buttons
from firmware.clock import FakeClock
from firmware.die import Die
from firmware.faces_setup import DEFAULT, face_table
from firmware.hub.link import Link
from firmware.hub.loop import FAULT_BACKOFF_MS, Hub
from firmware.led import Led, PinLight
from firmware.lis3dh import LIS3DH
from firmware.rolls import RollDetector
from firmware.sim.twins.accel import AccelTwin
from firmware.vdie import VirtualDie
from shared_rules.protocol.codec import message


class _Pin:
    def __init__(self, level=1):
        self.level = level

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v


class _Reader:
    def __init__(self):
        self.events = []
        self.errors = []
        self.written = []
        self.broken = False

    def poll(self, now):
        if self.broken:
            raise OSError(5)
        return self.events.pop(0) if self.events else None

    def take_error(self):
        return self.errors.pop(0) if self.errors else None

    def write(self, uid, record):
        if record == "00":
            raise ValueError("record is not one well-formed NDEF record")
        self.written.append((uid, record))


class _Dog:
    def __init__(self):
        self.fed = 0

    def feed(self):
        self.fed += 1


class _Buzzer:
    def __init__(self):
        self.beeps = []

    def beep(self, hz, ms):
        self.beeps.append((hz, ms))


def _bytes(seq):
    state = [0]

    def urandom(n):
        out = bytearray(n)
        for k in range(n):
            out[k] = seq[state[0] % len(seq)]
            state[0] += 1
        return bytes(out)
    return urandom


def _hub(samples=(), urandom=None):
    clock = FakeClock()
    bus = AccelTwin("lis3dh", samples, clock=clock)
    sensor = LIS3DH(bus)
    die = Die(sensor, RollDetector(face_table(DEFAULT)), VirtualDie(urandom=urandom))
    port = FakePort()
    reader = _Reader()
    pin_a, pin_b, led_pin = _Pin(), _Pin(), _Pin(0)
    dog = _Dog()
    hub = Hub(Link(port, "0A1B2C3D", beat_ms=10 ** 8, resend_ms=10 ** 8), reader, die,
              Buttons([("A", pin_a), ("B", pin_b)]), Led(PinLight(led_pin)), _Buzzer(), dog)
    hub.start(0)
    port.take()
    parts = {"clock": clock, "bus": bus, "port": port, "reader": reader, "a": pin_a,
             "led": led_pin, "dog": dog, "die": die}
    return hub, parts


def _run(hub, parts, ms, step=2):
    clock = parts["clock"]
    for _ in range(ms // step):
        clock.advance(step)
        hub.step(clock.now)
    return parts["port"].take()


def test_a_roll_on_the_die_becomes_two_die_frames_with_one_roll_id():
    trace = traceset.load("roll_face5_a")
    hub, parts = _hub(trace["samples"])
    msgs = [m for m in _run(hub, parts, len(trace["samples"]) // 3 * 10 + 100) if m.kind == "DIE"]
    assert [m.result for m in msgs] == [("ROLLING", ()), ("FACE", (5,))]
    assert msgs[0].roll == msgs[1].roll == 1 and msgs[0].seq + 1 == msgs[1].seq


def test_each_event_kind_in_one_loop_and_the_watchdog_fed_each_pass():
    hub, parts = _hub()
    parts["reader"].events.append(("TAP", "04A1B2C3", ""))
    msgs = _run(hub, parts, 10)
    parts["a"].level = 0
    msgs += _run(hub, parts, 90)
    parts["a"].level = 1
    msgs += _run(hub, parts, 100)
    assert [m.kind for m in msgs] == ["TAP", "BTN"]
    assert msgs[1].button == "A" and msgs[1].action == "press"
    assert parts["dog"].fed == hub.passes == 100


def test_virtual_mode_shake_gives_a_random_face_and_roll_n_gives_n_dice():
    trace = traceset.load("roll_face1_a")
    hub, parts = _hub(trace["samples"], urandom=_bytes([2, 250, 13]))
    parts["port"].feed(message("DIEMODE", 0, "virtual"))
    msgs = [m for m in _run(hub, parts, len(trace["samples"]) // 3 * 10 + 100) if m.kind == "DIE"]
    assert [m.result for m in msgs] == [("ROLLING", ()), ("FACE", (3,))]  # 2 % 6 + 1
    parts["port"].feed(message("ROLL", 0, 3))
    msgs = _run(hub, parts, 10)
    assert [(m.kind, m.roll, m.result) for m in msgs] == [("DIE", 2, ("FACE", (5, 2, 3)))]


def test_led_and_beep_commands_reach_their_parts():
    hub, parts = _hub()
    parts["port"].feed(message("LED", 0, "on", "00FF00"))
    parts["port"].feed(message("BEEP", 0, 880, 100))
    _run(hub, parts, 10)
    assert parts["led"].level == 1 and hub.buzzer.beeps == [(880, 100)]


def test_bad_write_gets_an_err_and_a_good_one_goes_to_the_reader():
    hub, parts = _hub()
    parts["port"].feed(message("WRITE", 0, "04A1B2C3", "00"))
    msgs = _run(hub, parts, 10)
    assert [(m.kind, m.code) for m in msgs] == [("ERR", "BAD_WRITE")]
    assert "NDEF" in msgs[0].text and parts["reader"].written == []
    parts["port"].feed(message("WRITE", 0, "04A1B2C3", "D1010100"))
    assert _run(hub, parts, 10) == [] and parts["reader"].written == [("04A1B2C3", "D1010100")]


def test_physical_mode_without_a_sensor_is_refused():
    port = FakePort()
    hub = Hub(Link(port, "0A1B2C3D", beat_ms=10 ** 8), _Reader(), Die(None, None, VirtualDie()),
              Buttons([]))
    hub.start(0)
    port.take()
    port.feed(message("DIEMODE", 0, "physical"))
    hub.step(1)
    msgs = port.take()
    assert [(m.kind, m.code) for m in msgs] == [("ERR", "BAD_DIEMODE")]
    assert hub.die.mode == "virtual"


def test_a_loose_die_cable_is_reported_rate_limited_and_the_rest_keeps_working():
    hub, parts = _hub()
    parts["bus"].fail = 10 ** 9
    msgs = _run(hub, parts, 1000)
    errs = [m for m in msgs if m.kind == "ERR"]
    assert len(errs) == 1 and errs[0].code == "DIE_FAULT" and "OSError" in errs[0].text
    parts["reader"].events.append(("TAP", "04A1B2C3", ""))
    msgs = _run(hub, parts, 20)
    assert [m.kind for m in msgs] == ["TAP"]
    assert parts["dog"].fed == hub.passes  # contained faults still feed the watchdog
    parts["bus"].fail = 0  # plugged back in: tried again after the back-off
    msgs = _run(hub, parts, FAULT_BACKOFF_MS + 100)
    assert hub.faults[1] == 3 and [m for m in msgs if m.kind == "ERR"] == []


def test_reader_trouble_is_passed_on_as_err():
    hub, parts = _hub()
    parts["reader"].errors.append(("NFC_RESET", "PN532 stopped answering: reset"))
    msgs = _run(hub, parts, 4)
    assert [(m.kind, m.code) for m in msgs] == [("ERR", "NFC_RESET")]


def test_a_failing_port_is_an_unhealthy_pass_and_starves_the_watchdog():
    hub, parts = _hub()
    port = parts["port"]

    def broken(n):
        raise OSError(5)
    port.read = broken
    fed = parts["dog"].fed
    assert hub.step(5) is False
    assert parts["dog"].fed == fed and hub.unhealthy == 1


def test_run_survives_an_exception_escaping_a_pass():
    hub, parts = _hub()
    calls = [0]
    real_step = hub.step

    def flaky(now):
        calls[0] += 1
        if calls[0] == 2:
            raise RuntimeError("bug")
        return real_step(now)
    hub.step = flaky
    t = [0]

    def ticks():
        t[0] += 2
        return t[0]
    hub.run(ticks=ticks, sleep=lambda ms: None, until=lambda now: now > 40)
    errs = [m for m in parts["port"].take() if m.kind == "ERR"]
    assert [m.code for m in errs] == ["HUB_FAULT"] and hub.unhealthy == 1 and calls[0] > 10
