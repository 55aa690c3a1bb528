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


# --- the dice thrown in MuJoCo (tests/traces/dice_physics.py) ---------------------------------

PHYSICS = DIR + "/physics"
# The shakes and the catches are counted apart; every other trace is a throw or handling
# by what the physics says (dice_physics.py: tumbled or not).
SHAKES = ("shake_throw",)
CAUGHT = ("catch",)


def physics_names(directory=PHYSICS):
    return sorted([n[:-5] for n in os.listdir(directory) if n.endswith(".json")])


def load_physics(name, directory=PHYSICS):
    """A physics trace, its samples in milli-g (kept in the chip's digits, ``lsb_mg``)."""
    with open("%s/%s.json" % (directory, name)) as f:
        trace = json.load(f)
    lsb = trace.get("lsb_mg", 1)
    if lsb != 1:
        trace["samples"] = [v * lsb for v in trace["samples"]]
    return trace


def physics_table(trace):
    """The face table the trace's die build was calibrated to (six rests)."""
    from firmware.faces_setup import face_table

    faces = {}
    for key in trace["faces"]:
        v = trace["faces"][key]
        faces[int(key)] = (v[0], v[1], v[2])
    return face_table(faces)


def judge(trace, events):
    """What a trace's events amount to: ``(right, early, taken, latency)``.

    ``right``: the results (FACE n, CROOKED) are the expected ones, each after a ROLLING
    (a repeated ROLLING only says "Rolling..." again), every one at or after the die's last
    rest on the table, and a trace where the die did not tumble gave no event at all;
    ``early``: a result came before that rest (in the hand, mid-air, on a pause);
    ``taken``: a trace where the die did not tumble gave an event; ``latency``: samples
    from that rest to the last result (None without one)."""
    rest = trace["rest_at"][0]
    results = [e for e in events if e[1] != "ROLLING"]
    got = [[e[1]] + ([e[2]] if e[1] == "FACE" else []) for e in results]
    want = [e for e in trace["expected"] if e[0] != "ROLLING"]
    early = len([e for e in results if e[0] < rest]) > 0
    rolled = len(results) == 0 or events[0][1] == "ROLLING"
    taken = not trace["expected"] and len(events) > 0
    right = got == want and rolled and not early and not taken
    latency = results[-1][0] - rest if results and not early else None
    return right, early, taken, latency


def tally(make_detector, names=None, directory=PHYSICS):
    """Counts over the physics traces: per kind ``{kind: [right, early, taken, n]}``, and
    per class ``{"throws", "shakes", "crooked": [right, n], "handling": [taken, n],
    "caught": [right, n, asked to re-roll]}``, and the rest -> result latencies (samples)."""
    kinds = {}
    classes = {"throws": [0, 0], "shakes": [0, 0], "crooked": [0, 0], "handling": [0, 0],
               "caught": [0, 0, 0]}
    latencies = []
    for name in names if names is not None else physics_names(directory):
        trace = load_physics(name, directory)
        events = replay(make_detector(physics_table(trace)), trace["samples"])
        right, early, taken, latency = judge(trace, events)
        k = kinds.setdefault(trace["kind"], [0, 0, 0, 0])
        k[0] += 1 if right else 0
        k[1] += 1 if early else 0
        k[2] += 1 if taken else 0
        k[3] += 1
        if trace["kind"] in CAUGHT:
            c = classes["caught"]
            c[2] += 1 if [e for e in events if e[1] == "CROOKED"] else 0
        elif trace["kind"] in SHAKES:
            c = classes["shakes"]
        elif trace["expected"]:
            c = classes["throws"]
        else:
            c = classes["handling"]
        c[0] += 1 if (taken if c is classes["handling"] else right) else 0
        c[1] += 1
        if ["CROOKED"] in trace["expected"]:
            classes["crooked"][0] += 1 if right else 0
            classes["crooked"][1] += 1
        if latency is not None:
            latencies.append(latency)
    return kinds, classes, latencies


def summary(kinds, classes, latencies, rate_hz=100):
    """The bench's line: throws right, shakes clean, handling taken, crooked, rest -> result
    median; then the caught dice and the results before the last rest."""
    lat = sorted(latencies)
    median = lat[len(lat) // 2] * 1000 // rate_hz if lat else -1
    c = classes
    return ("throws %d/%d right, shakes %d/%d clean, handling taken %d/%d, crooked %d/%d, "
            "rest->result median %d ms; caught %d/%d no result (%d asked to re-roll), "
            "results before the last rest %d" % (
                c["throws"][0], c["throws"][1], c["shakes"][0], c["shakes"][1],
                c["handling"][0], c["handling"][1], c["crooked"][0], c["crooked"][1], median,
                c["caught"][0], c["caught"][1], c["caught"][2],
                sum([kinds[k][1] for k in kinds])))
