"""Firmware bench: the hub's numbers from DESIGN.md's targets. Prints, never asserts.

- die: from the moment the die comes to rest (the physics model's ``rest_at``) to the
  ``DIE`` frame leaving the hub, over every trace of tests/portable/traces, through each
  chip's register-level twin and the real hub loop (2 ms passes, 100 Hz sampling);
  and the wrong faces over the same set (target: median at most 60 ms; 0 wrong faces);
- tap to ``TAP``: a tag placed on the PN532 twin, which charges the clock the bus and
  RF times of every transfer, until the hub writes the TAP frame (target: median at most
  50 ms);
- and, under MicroPython only (``node tests/mpy/bench_firmware.mjs``, which drives the
  functions below in separate steps so ``gc`` can measure between them): bytes allocated
  per idle pass of the hub loop (target 0) and the heap in use after boot (target 48 KB).

usage: .venv/bin/python tests/bench_firmware.py
       node tests/mpy/bench_firmware.mjs
"""

# Its helpers (tests/portable/) are on the path make bench and tests/benches.py give it
# (PYTHONPATH), and on MicroPython's (tests/mpy/bench_firmware.mjs).
# Only the twins at the top: what the hub itself imports is imported in boot(), so the
# heap figure counts it.
from firmware.sim.twins import FakeClock  # noqa: E402
from firmware.sim.twins.accel import CHIPS, AccelTwin  # noqa: E402

PASS_MS = 2  # the hub loop's period (firmware/hub/main.py PERIOD_MS)
TAG = "04A1B2C3D4E5F6"


class _Pin:
    def __init__(self):
        self.level = 1

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v


class _Pwm:
    def __init__(self):
        self.duty = 0

    def duty_u16(self, d):
        self.duty = d

    def freq(self, hz):
        self.hz = hz


class QuietPN532:
    """A machine.I2C with a PN532 that answers every poll the same way, from preallocated
    frames (the PN532 twin builds its frames as it goes, which would count as the hub's
    allocation): no tag, or the tag ``uid`` resting on the reader. Used only for the
    allocation figures; timings use the real twin."""

    _ACK = bytes([0x01, 0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00])

    def __init__(self, uid=None):
        # InListPassiveTarget answer (UM0701-02 7.3.5): D5 4B NbTg [Tg SENS_RES(2) SEL_RES
        # NFCIDLength NFCID1...].
        data = [0xD5, 0x4B, 0x00]
        if uid is not None:
            raw = [int(uid[i:i + 2], 16) for i in range(0, len(uid), 2)]
            data = [0xD5, 0x4B, 0x01, 0x01, 0x00, 0x44, 0x00, len(raw)] + raw
        n = len(data)
        frame = [0x01, 0x00, 0x00, 0xFF, n, (-n) & 0xFF] + data + [(-sum(data)) & 0xFF, 0x00]
        self._answer = bytes(frame)
        self._acked = False

    def writeto(self, address, buf, stop=True):
        self._acked = False
        return len(buf)

    def readfrom_into(self, address, buf, stop=True):
        if len(buf) == 1:
            buf[0] = 0x01
            return
        src = self._answer if self._acked else self._ACK
        self._acked = True
        n = len(src)
        for i in range(len(buf)):
            buf[i] = src[i] if i < n else 0


class _MachinePin(_Pin):
    """machine.Pin: the PN532's reset and IRQ pins are the twin's; the others are plain."""

    IN, OUT, PULL_UP, PULL_DOWN = 0, 1, 2, 3
    rst = None
    irq = None

    def __init__(self, number, mode=None, pull=None, value=None):
        from firmware.hub import board

        _Pin.__init__(self)
        self.target = (_MachinePin.rst if number == board.PN532_RST else
                       _MachinePin.irq if number == board.PN532_IRQ else None)
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if self.target is not None:
            return self.target.value(v)
        return _Pin.value(self, v)


class _Machine:
    """A stand-in ``machine`` module whose buses and pins are the twins, so the bench boots
    the hub through ``firmware.hub.boot`` exactly as firmware/hub/main.py does on the Pico."""

    WDT_RESET = 3

    def __init__(self, twins):
        self.twins = twins
        self.fed = 0
        _MachinePin.rst = twins["nfc"].rst
        _MachinePin.irq = getattr(twins["nfc"], "irq", None)
        self.Pin = _MachinePin

    def I2C(self, bus_id, **kw):
        from firmware.hub import board

        return self.twins["accel"] if bus_id == board.DIE_I2C_ID else self.twins["nfc_bus"]

    def PWM(self, pin):  # noqa: N802
        return self.twins["pwm"]

    def WDT(self, timeout):  # noqa: N802
        return self

    def feed(self):
        self.fed += 1

    def reset_cause(self):
        return 1


def make_twins(clock=None, chip="lis3dh", samples=None):
    """The simulated chips, made before the hub so the heap figure can leave them out."""
    from firmware.sim.twins.pn532 import FakeI2C, PN532Twin

    clock = clock or FakeClock()
    nfc = PN532Twin(clock)
    twins = {"clock": clock, "accel": AccelTwin(chip, samples or [0, 0, 1000], clock=clock),
             "nfc": nfc, "nfc_bus": FakeI2C(nfc), "pwm": _Pwm()}
    twins["machine"] = _Machine(twins)
    return twins


def boot(twins, beat_ms=None, usb=False):
    """Boot the hub as firmware/hub/main.py does (``firmware.hub.boot`` on the twins' machine,
    boot-only modules dropped); returns it started. ``usb``: on the board's own serial port
    (firmware.hub.usbport, what the heap figures count; see ``on_fake_port``), else on a
    FakePort the bench can feed and read."""
    import firmware
    from firmware.hub import boot as hub_boot
    from firmware.hub import main as hub_main

    port = None  # wiring's default: the USB port
    if not usb:
        from fakeport import FakePort

        port = FakePort()
    errors = []
    clock = twins["clock"]
    hub = hub_boot.boot(twins["machine"], errors, port=port, ticks=clock.ticks_ms,
                        sleep=clock.sleep_ms)
    del hub_boot
    firmware.forget(hub_main.BOOT_ONLY)
    if errors:
        raise RuntimeError("the bench hub did not come up whole: %r" % (errors,))
    if beat_ms:
        hub.link.beat_ms = beat_ms
    hub.start(clock.now)
    hub.led.show("pulse", "0000FF")
    return hub


def on_fake_port(hub):
    """Move a hub booted on the USB port to a FakePort, so the bench can read what it sends
    and feed it ACKs (the heap has been measured by then)."""
    from fakeport import FakePort

    hub.link.port = FakePort()


def on_sink_port(hub):
    """The board's USB port as the allocation figures see it: a FakePort that keeps
    nothing (the CDC driver copies what is written into its own ring) and counts lines."""
    from fakeport import FakePort

    sink = FakePort(keep=False)
    sink.then = hub.link.port  # the port to put back afterwards
    hub.link.port = sink


def off_sink_port(hub):
    """Put the FakePort back; returns how many lines the sink took."""
    sink = hub.link.port
    hub.link.port = sink.then
    return sink.lines


class _Low:
    """QuietPN532's IRQ line: it always has its answer ready."""

    def value(self, v=None):
        return 0


def quiet(hub, uid=None):
    """Swap the NFC twin for the preallocated one (see QuietPN532)."""
    bus = hub.reader.chip.bus
    bus.i2c = QuietPN532(uid)
    if getattr(bus, "irq", None) is not None:
        bus.irq = _Low()


def tag_resting(twins, hub):
    """Put a tag on the reader twin and run until its TAP is out (the hub now knows it)."""
    from firmware.ndef import TNF_EXTERNAL
    from firmware.ndef_records import record
    from firmware.sim.twins import Ntag

    twins["nfc"].place(Ntag(TAG, record=record(TNF_EXTERNAL, b"hexref.org:t", b"jl/016")))
    hub.reader.chip.bus.i2c = twins["nfc_bus"]
    if getattr(hub.reader.chip.bus, "irq", None) is not None:
        hub.reader.chip.bus.irq = twins["nfc"].irq
    for _ in range(200):
        idle(hub, twins["clock"], 1)
        if hub.reader.present is not None:
            break
    from shared_rules.protocol.codec import message

    hub.link.port.feed(message("ACK", 0, hub.link.next_seq - 1))  # the host has it
    idle(hub, twins["clock"], 1)
    quiet(hub, TAG)


def idle(hub, clock, passes):
    for _ in range(passes):
        clock.advance(PASS_MS)
        hub.step(clock.now)
    hub.link.port.sent = []


# --- the die ------------------------------------------------------------------------------

def die_figures(chips=CHIPS):
    """Rest-to-DIE latencies as (FACE or CROOKED, ms), and wrong or missing results, over
    the trace set."""
    import traceset
    latencies = []
    wrong = 0
    mismatched = 0
    for chip in chips:
        for name in traceset.names():
            trace = traceset.load(name)
            lat, w, m = _die_trace(trace, chip)
            latencies += lat
            wrong += w
            mismatched += m
    return latencies, wrong, mismatched


def _die_trace(trace, chip):
    from fakeport import FakePort

    from firmware.buttons import Buttons
    from firmware.clock import FakeClock as Clock
    from firmware.die import Die
    from firmware.faces_setup import DEFAULT, face_table
    from firmware.hub.link import Link
    from firmware.hub.loop import Hub
    from firmware.rolls import RollDetector
    from firmware.vdie import VirtualDie
    from shared_rules.protocol import codec as protocol

    clock = Clock()
    bus = AccelTwin(chip, trace["samples"], clock=clock)
    sensor = {"lis3dh": "LIS3DH", "adxl345": "ADXL345", "mpu6050": "MPU6050"}[chip]
    module = __import__("firmware." + chip, None, None, [sensor])
    sensor = getattr(module, sensor)(bus)
    die = Die(sensor, RollDetector(face_table(DEFAULT), 100), VirtualDie())
    port = FakePort()
    hub = Hub(Link(port, "0A1B2C3D", beat_ms=10 ** 8, resend_ms=10 ** 8), None, die,
              Buttons([]))
    hub.start(0)
    port.sent = []
    results = []  # (ms, result)
    end = (bus.count + 30) * 10
    while clock.now < end:
        clock.advance(PASS_MS)
        hub.step(clock.now)
        if port.sent:
            for line in port.sent:
                msg = protocol.decode(line)
                if msg.kind == "DIE" and msg.result[0] != "ROLLING":
                    results.append((clock.now, msg.result))
            port.sent = []
    expected = [e for e in trace["expected"] if e[0] != "ROLLING"]
    latencies = []
    wrong = 0
    for i in range(min(len(results), len(expected))):
        got = results[i][1]
        if expected[i][0] == "FACE" and got[0] == "FACE" and got[1] != (expected[i][1],):
            wrong += 1
        latencies.append((got[0], results[i][0] - trace["rest_at"][i] * 10))
    return latencies, wrong, abs(len(results) - len(expected))


# --- taps -----------------------------------------------------------------------------------

def tap_figures(trials=20):
    """Milliseconds from a tag landing on the PN532 twin to the TAP frame, per trial."""
    from firmware.ndef import TNF_EXTERNAL
    from firmware.ndef_records import record
    from firmware.sim.twins import Ntag
    from shared_rules.protocol.codec import message

    twins = make_twins()
    clock = twins["clock"]
    hub = boot(twins, beat_ms=10 ** 8)
    port = hub.link.port
    idle(hub, clock, 100)
    out = []
    rec = record(TNF_EXTERNAL, b"hexref.org:t", b"jl/016")
    for k in range(trials):
        idle(hub, clock, 1 + k % 11)  # land at a different moment of the poll cycle
        placed = clock.us()
        tag = twins["nfc"].place(Ntag(TAG, record=rec))
        seen = None
        for _ in range(2000):
            clock.advance(PASS_MS)
            hub.step(clock.now)
            if port.sent:
                if [line for line in port.sent if b" TAP " in line]:
                    seen = clock.us()
                port.sent = []
            if seen is not None:
                break
        out.append(None if seen is None else (seen - placed) / 1000)
        twins["nfc"].lift(tag)
        idle(hub, clock, 200)
        port.feed(message("ACK", 0, hub.link.next_seq - 1))  # the host keeps up
    return out


def _stats(values):
    values = sorted([v for v in values if v is not None])
    if not values:
        return "none"
    n = len(values)
    return "median %d ms, p95 %d ms, max %d ms (n=%d)" % (
        values[n // 2], values[min(n - 1, n * 95 // 100)], values[-1], n)


def report_die_and_taps(where):
    import traceset

    lat, wrong, mismatched = die_figures()
    faces = [ms for kind, ms in lat if kind == "FACE"]
    crooked = [ms for kind, ms in lat if kind == "CROOKED"]
    print("[%s] die rest -> DIE FACE: %s   (target: median <= 60 ms)" % (where, _stats(faces)))
    print("[%s] die rest -> DIE CROOKED: %s   (a tilted rest is confirmed for 300 ms first)"
          % (where, _stats(crooked)))
    print("[%s] die wrong faces: %d; missing or extra results: %d over %d traces x %d chips"
          "   (target 0)" % (where, wrong, mismatched, len(traceset.names()), len(CHIPS)))
    taps = tap_figures()
    print("[%s] tap -> TAP (PN532 twin timings): %s   (target: median <= 50 ms)"
          % (where, _stats(taps)))


if __name__ == "__main__":
    report_die_and_taps("cpython")
    print("[cpython] idle-loop allocation and heap after boot: MicroPython only, "
          "see node tests/mpy/bench_firmware.mjs")
