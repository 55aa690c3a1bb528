"""The synthesised die traces (tests/traces/make_traces.py), for portable tests: the same
loader works under pytest and under MicroPython (no os.path there)."""
import json
import os

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
DIR = _HERE + "/traces"


def names():
    return sorted([n[:-5] for n in os.listdir(DIR) if n.endswith(".json")])


def load(name):
    with open("%s/%s.json" % (DIR, name)) as f:
        return json.load(f)


def expected(trace):
    """The trace's expected events as ``(name, face)`` pairs, face 0 unless FACE."""
    return [(e[0], e[1] if len(e) > 1 else 0) for e in trace["expected"]]


def run_through_chip(trace, chip, detector):
    """Replay ``trace`` through the register-level twin of ``chip`` and its real driver,
    one sample per read, as the hub does at the sensor's rate. Returns the events as
    ``(sample index, name, face)``."""
    from firmware.adxl345 import ADXL345
    from firmware.lis3dh import LIS3DH
    from firmware.mpu6050 import MPU6050
    from firmware.rolls import FACE, NAMES
    from firmware.sim.twins.accel import AccelTwin

    bus = AccelTwin(chip, trace["samples"], rate_hz=trace["rate_hz"])
    sensor = {"lis3dh": LIS3DH, "adxl345": ADXL345, "mpu6050": MPU6050}[chip](bus)
    events = []
    for i in range(bus.count):
        mg = sensor.read()
        code = detector.update(mg[0], mg[1], mg[2])
        if code:
            events.append((i, NAMES[code], detector.face if code == FACE else 0))
        bus.advance()
    return events


def replay(detector, samples):
    """Run flat ``[x, y, z, x, y, z, ...]`` samples through ``detector``; returns the
    events as ``(sample index, name, face)``, face 0 unless the event is FACE.

    (A test helper, kept out of firmware.rolls so that the hub's heap does not hold it.)
    """
    from firmware.rolls import FACE, NAMES

    events = []
    for i in range(len(samples) // 3):
        code = detector.update(samples[3 * i], samples[3 * i + 1], samples[3 * i + 2])
        if code:
            events.append((i, NAMES[code], detector.face if code == FACE else 0))
    return events
