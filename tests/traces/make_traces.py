"""Synthesise the accelerometer traces the die tests replay (CPython; run it again after
changing the model: ``python tests/traces/make_traces.py``).

Each trace is what the die's accelerometer reports, in milli-g along its own axes, at
100 samples a second, plus what the firmware must make of it (the expected DIE events)
and the sample at which the die physically came to rest after each roll (for the latency
figure of ``make bench``). Output: ``tests/portable/traces/<name>.json``.

The physics model
-----------------
- **Rigid cube.** The die is a rigid 16 mm cube; its orientation is a rotation matrix R
  (die axes to world axes, world z up). The reference build's sensor axes are the die's
  face normals (``firmware.faces.DEFAULT``: +z through face 1, +x face 2, +y face 3,
  opposite faces sum to 7), with the sensor 4-5 mm off the centre, so spinning shows up
  as centripetal acceleration.
- **Gravity and what an accelerometer feels.** The sensor reads the specific force
  f = R^T (a - g), g = (0, 0, -9.81 m/s^2): +1 g upwards at rest, about 0 in free fall.
  The acceleration a of the sensor point is the centre's acceleration plus
  w x (w x r) (w the angular velocity, r the sensor offset in world axes).
- **Tumbling as rotation with damping.** The model integrates dR/dt = [w]x R at 1 kHz.
  A throw starts with |w| of 14-26 rad/s; each contact with the table multiplies |w| by
  a restitution of 0.55-0.8 and turns its axis at random, so the tumble dies out in
  hops (free flight) and roll-overs (the die pivots on an edge, supported by the table).
- **Impacts.** A landing turns the die's vertical speed around (coefficient of restitution
  0.3-0.5) within 4-8 ms; the force is spread over that time, so a 100 Hz sample sees the
  mean (several g). Box walls give horizontal impulses; a knock on the table is a short
  vertical impulse with a ringing tail.
- **Settling.** Once |w| falls below about 5 rad/s the die falls onto the face nearest
  to up (or, for a crooked landing, onto a pose tilted 25-40 degrees, leaning on a wall
  or another die) and rocks about it: the angle decays as e^(-t/tau) cos(2 pi f t),
  tau 30-70 ms, f 6-11 Hz, with a slap (an impulse) each time the face meets the table.
  The die is "at rest" once the rocking amplitude is under 2.5 degrees (``REST_DEG``).
- **Handling** (picking the die up, turning it in the hand, putting it down, pushing it
  across the table) is a smooth path: the orientation follows a smoothstep between two
  poses, the hand lifts by a few centimetres (a few tenths of a g), a 8-12 Hz tremor of
  20-40 mg rides on top, and the put-down is a gentle tap.
- **Sensor.** The 1 kHz specific force is averaged over each 10 ms sample (the chip's
  own low-pass), then a per-trace zero-g offset (up to +-30 mg per axis) and white
  Gaussian noise (8 mg rms; 25-30 mg in the noisy traces) are added and the result is
  rounded to whole milli-g. Chip quantisation and clipping (LIS3DH +-4 g at 2 mg, ADXL345
  3.9 mg, MPU-6050 1/8.192 mg) happen later, in the register-level twin.

The final face of a roll comes from the model (which die axis ends up pointing up), not
from the detector; a trace "onto face n" is found by trying seeds until the model's die
lands on n.
"""
import json
import math
import os
import random
import sys

G = 9.81
DT = 0.001  # s, integration step
SAMPLE_MS = 10  # 100 Hz output
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "portable", "traces")
# Face normals in die axes: the reference build (firmware/faces.py DEFAULT).
FACES = {1: (0, 0, 1), 6: (0, 0, -1), 2: (1, 0, 0), 5: (-1, 0, 0), 3: (0, 1, 0), 4: (0, -1, 0)}
SENSOR_OFFSET = (0.004, 0.003, -0.005)  # m, sensor position from the die's centre
REST_DEG = 2.5  # rocking smaller than this: the die has come to rest (to a player's eye)


# --- small vector and rotation helpers ---------------------------------------------------

def add(a, b):
    return [a[0] + b[0], a[1] + b[1], a[2] + b[2]]


def sub(a, b):
    return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]


def scale(a, k):
    return [a[0] * k, a[1] * k, a[2] * k]


def dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def norm(a):
    return math.sqrt(dot(a, a))


def unit(a):
    n = norm(a)
    return scale(a, 1 / n) if n > 1e-12 else [0.0, 0.0, 1.0]


def matvec(m, v):
    return [dot(m[0], v), dot(m[1], v), dot(m[2], v)]


def transpose(m):
    return [[m[j][i] for j in range(3)] for i in range(3)]


def matmul(a, b):
    bt = transpose(b)
    return [[dot(a[i], bt[j]) for j in range(3)] for i in range(3)]


def rot(axis, angle):
    """Rodrigues: rotation by ``angle`` (rad) about unit ``axis``."""
    x, y, z = unit(axis)
    c, s = math.cos(angle), math.sin(angle)
    C = 1 - c
    return [[c + x * x * C, x * y * C - z * s, x * z * C + y * s],
            [y * x * C + z * s, c + y * y * C, y * z * C - x * s],
            [z * x * C - y * s, z * y * C + x * s, c + z * z * C]]


def axis_angle(m):
    """Axis and angle of rotation matrix ``m``."""
    angle = math.acos(max(-1.0, min(1.0, (m[0][0] + m[1][1] + m[2][2] - 1) / 2)))
    if angle < 1e-9:
        return [0.0, 0.0, 1.0], 0.0
    axis = [m[2][1] - m[1][2], m[0][2] - m[2][0], m[1][0] - m[0][1]]
    if norm(axis) < 1e-6:  # 180 degrees: take the axis from the symmetric part
        d = [m[0][0], m[1][1], m[2][2]]
        i = d.index(max(d))
        col = [m[0][i] + (1 if i == 0 else 0), m[1][i] + (1 if i == 1 else 0),
               m[2][i] + (1 if i == 2 else 0)]
        return unit(col), angle
    return unit(axis), angle


def orthonormalise(m):
    x = unit([m[0][0], m[1][0], m[2][0]])
    y = [m[0][1], m[1][1], m[2][1]]
    y = unit(sub(y, scale(x, dot(x, y))))
    z = cross(x, y)
    return [[x[0], y[0], z[0]], [x[1], y[1], z[1]], [x[2], y[2], z[2]]]


def face_up_pose(face, yaw):
    """A resting pose with ``face`` on top, turned by ``yaw`` about the vertical."""
    n = FACES[face]
    k = cross(n, [0, 0, 1])
    if norm(k) < 1e-9:
        base = rot([1, 0, 0], 0 if n[2] > 0 else math.pi)
    else:
        base = rot(k, math.acos(max(-1, min(1, n[2]))))
    return matmul(rot([0, 0, 1], yaw), base)


def face_up(R):
    """The face whose normal points most nearly up, and its world z component."""
    best, up = None, -2.0
    for f, n in FACES.items():
        z = matvec(R, n)[2]
        if z > up:
            best, up = f, z
    return best, up


# --- the simulation ------------------------------------------------------------------------

class Die:
    """The die's state and the specific force its sensor feels, 1 ms at a time."""

    def __init__(self, rng, R):
        self.rng = rng
        self.R = R
        self.force = []  # specific force in die axes, m/s^2, one per ms
        self.rests = []  # ms at which a roll came to rest
        self.events = []  # expected events

    @property
    def ms(self):
        return len(self.force)

    def step(self, a_centre, w):
        r = matvec(self.R, SENSOR_OFFSET)
        a = add(a_centre, cross(w, cross(w, r)))
        f_world = add(a, [0, 0, G])
        self.force.append(matvec(transpose(self.R), f_world))
        angle = norm(w) * DT
        if angle > 0:
            self.R = matmul(rot(w, angle), self.R)
            if self.ms % 50 == 0:
                self.R = orthonormalise(self.R)

    # Resting and handling -------------------------------------------------------------------

    def rest(self, ms):
        for _ in range(ms):
            self.step([0, 0, 0], [0, 0, 0])

    def handle(self, ms, target, lift=0.06, shift=0.1, tremor=0.03, tap=0.5):
        """Carry the die by hand from its pose to ``target`` over ``ms``, then put it down."""
        rng = self.rng
        R0 = self.R
        axis, angle = axis_angle(matmul(target, transpose(R0)))
        T = ms / 1000
        direction = rng.uniform(0, 2 * math.pi)
        phases = [rng.uniform(0, 2 * math.pi) for _ in range(3)]
        freq = rng.uniform(8, 12)
        for i in range(ms):
            t = i / 1000
            s = t / T
            ds = 6 * s * (1 - s) / T  # d/dt of smoothstep 3s^2 - 2s^3
            self.R = matmul(rot(axis, angle * (3 * s * s - 2 * s * s * s)), R0)
            w = scale(axis, angle * ds)
            w = matvec(rot([0, 0, 1], 0), w)
            az = lift * (2 * math.pi / T) ** 2 / 2 * math.cos(2 * math.pi * s)
            ah = shift * 6 * (1 - 2 * s) / (T * T)  # smoothstep move across the table
            env = math.sin(math.pi * s)
            trem = [tremor * G * env * math.sin(2 * math.pi * freq * t + phases[k])
                    for k in range(3)]
            a = [ah * math.cos(direction) + trem[0], ah * math.sin(direction) + trem[1],
                 az + trem[2]]
            self.step(a, w)
        self.R = target
        self.impulse([0, 0, tap * G], 8)

    def impulse(self, a, ms):
        for _ in range(ms):
            self.step(a, [0, 0, 0])

    # Rolling -------------------------------------------------------------------------------

    def shake_in_hand(self, ms, g_amp=1.8):
        rng = self.rng
        f = rng.uniform(4, 6)
        d = unit([rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0.3, 1)])
        w = scale(unit([rng.uniform(-1, 1) for _ in range(3)]), rng.uniform(4, 10))
        for i in range(ms):
            a = scale(d, g_amp * G * math.sin(2 * math.pi * f * i / 1000))
            if i % 60 == 0:
                w = scale(unit([rng.uniform(-1, 1) for _ in range(3)]), rng.uniform(4, 10))
            self.step(a, w)

    def fly(self, ms, w):
        for _ in range(ms):
            self.step([0, 0, -G], w)

    def land(self, v_down, w, wall=0.0):
        """An impact: vertical speed ``v_down`` reversed (plus a wall's sideways kick)."""
        rng = self.rng
        ms = rng.randint(4, 8)
        e = rng.uniform(0.3, 0.5)
        az = v_down * (1 + e) / (ms / 1000)
        side = [rng.uniform(-1, 1), rng.uniform(-1, 1), 0]
        side = scale(unit(side), wall * G)
        for _ in range(ms):
            self.step(add([0, 0, az], side), w)
        return v_down * e

    def tumble(self, w0, drop=0.05, hops=None, walls=False):
        """From a throw (or a drop of ``drop`` metres) to the moment the die is slow
        enough to fall onto a face; returns the last angular velocity."""
        rng = self.rng
        w = w0
        v = math.sqrt(2 * G * drop)
        self.fly(int(1000 * v / G), w)
        n = 0
        while norm(w) > 5 or n < 2:
            n += 1
            v = self.land(v, w, wall=rng.uniform(1, 4) if walls and rng.random() < 0.4 else 0)
            k = rng.uniform(0.55, 0.8)
            w = scale(unit(add(unit(w), [rng.uniform(-0.8, 0.8) for _ in range(3)])),
                      norm(w) * k)
            if v > 0.15 and rng.random() < 0.6:  # a hop
                self.fly(int(2000 * v / G), w)
                v = v  # lands with the speed it left with
            else:  # rolls over an edge on the table, supported
                w = [w[0], w[1], w[2] * 0.5]
                self.roll_over(rng.randint(25, 70), w)
                v = rng.uniform(0.1, 0.3)
            if n > 30:
                break
        return w

    def roll_over(self, ms, w):
        for _ in range(ms):
            self.step([0, 0, 0], w)

    def settle(self, tilt_deg=0.0):
        """Fall onto the nearest face (or a pose tilted by ``tilt_deg``) and rock to rest."""
        rng = self.rng
        face, _ = face_up(self.R)
        n_world = matvec(self.R, FACES[face])
        k = cross(n_world, [0, 0, 1])
        beta = math.acos(max(-1, min(1, n_world[2])))
        flat = matmul(rot(k, beta), self.R) if norm(k) > 1e-9 else self.R
        if tilt_deg:
            h = [math.cos(rng.uniform(0, 2 * math.pi)), 0, 0]
            h[1] = math.sqrt(max(0, 1 - h[0] * h[0])) * (1 if rng.random() < 0.5 else -1)
            target = matmul(rot(h, math.radians(tilt_deg)), flat)
        else:
            target = flat
        axis, theta0 = axis_angle(matmul(self.R, transpose(target)))
        tau = rng.uniform(0.03, 0.07)
        f = rng.uniform(6, 11)
        slap = rng.uniform(1.5, 3.0)
        rest_ms = int(1000 * tau * math.log(max(theta0, 0.06) / math.radians(REST_DEG))) + 1
        rest_ms = max(rest_ms, 20)
        prev = theta0
        for i in range(rest_ms):
            t = i / 1000
            th = theta0 * math.exp(-t / tau) * math.cos(2 * math.pi * f * t)
            dth = (-th / tau - theta0 * math.exp(-t / tau) * 2 * math.pi * f
                   * math.sin(2 * math.pi * f * t))
            self.R = matmul(rot(axis, th), target)
            a = [0, 0, 0]
            if prev * th < 0:  # the face slaps the table
                a = [0, 0, slap * G * math.exp(-t / tau) * 4]
            prev = th
            self.step(a, scale(axis, dth))
            self.R = matmul(rot(axis, th), target)
        self.R = target
        self.rests.append(self.ms)
        return face

    def throw(self, crooked=0.0, box=False, cup=False, gentle=False):
        """A whole roll: shake, throw or drop, tumble, settle. Records the expected events."""
        rng = self.rng
        if cup:
            self.cup(rng.randint(900, 1400))
        elif not box and not gentle:
            self.shake_in_hand(rng.randint(250, 450))
        w0 = scale(unit([rng.uniform(-1, 1) for _ in range(3)]), rng.uniform(14, 26))
        if gentle:
            w0 = scale(w0, 0.55)
        if box:
            w0 = scale(w0, 0.4)
        drop = rng.uniform(0.03, 0.08)
        if box:
            drop = rng.uniform(0.18, 0.3)
        elif gentle:
            drop = rng.uniform(0.02, 0.04)
        self.tumble(w0, drop=drop,
                    walls=box)
        face = self.settle(tilt_deg=crooked)
        self.events.append(["ROLLING"])
        self.events.append(["CROOKED"] if crooked else ["FACE", face])
        return face

    def cup(self, ms):
        rng = self.rng
        f = rng.uniform(3.5, 5.5)
        d = unit([rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-0.3, 0.3)])
        w = scale(unit([rng.uniform(-1, 1) for _ in range(3)]), rng.uniform(15, 30))
        for i in range(ms):
            a = scale(d, 2.5 * G * math.sin(2 * math.pi * f * i / 1000))
            if rng.random() < 0.015:  # hits the cup wall
                a = add(a, scale(unit([rng.uniform(-1, 1) for _ in range(3)]),
                                 rng.uniform(3, 7) * G))
                w = scale(unit([rng.uniform(-1, 1) for _ in range(3)]), rng.uniform(15, 30))
            self.step(a, w)

    def bump(self, g_peak):
        """Someone knocks the table: a short vertical jolt and a ringing tail."""
        self.impulse([0, 0, g_peak * G], 6)
        for i in range(60):
            self.step([0, 0, 0.3 * g_peak * G * math.exp(-i / 15) * math.sin(
                2 * math.pi * 25 * i / 1000)], [0, 0, 0])

    # Sampling --------------------------------------------------------------------------

    def samples(self, noise_mg, bias_mg=30):
        rng = self.rng
        bias = [rng.uniform(-bias_mg, bias_mg) for _ in range(3)]
        out = []
        for start in range(0, self.ms - SAMPLE_MS + 1, SAMPLE_MS):
            chunk = self.force[start:start + SAMPLE_MS]
            for k in range(3):
                mean = sum(c[k] for c in chunk) / SAMPLE_MS
                out.append(int(round(mean / G * 1000 + bias[k] + rng.gauss(0, noise_mg))))
        return out


def random_pose(rng):
    return face_up_pose(rng.choice(list(FACES)), rng.uniform(0, 2 * math.pi))


# --- the scenarios -------------------------------------------------------------------------

def scenario(kind, seed, **kw):
    rng = random.Random(seed)
    start = kw.get("start_face") or rng.choice(list(FACES))
    die = Die(rng, face_up_pose(start, rng.uniform(0, 2 * math.pi)))
    die.rest(rng.randint(300, 600))
    noise = kw.get("noise", 8)
    if kind == "roll":
        die.handle(rng.randint(300, 500), random_pose(rng), tap=0)
        die.throw()
        die.rest(rng.randint(500, 800))
    elif kind == "gentle":
        die.handle(rng.randint(300, 500), random_pose(rng), tap=0)
        die.throw(gentle=True)
        die.rest(rng.randint(500, 800))
    elif kind == "two_rolls":
        for _ in range(2):
            die.handle(rng.randint(300, 500), random_pose(rng), tap=0)
            die.throw()
            die.rest(rng.randint(500, 900))
    elif kind == "crooked":
        die.handle(rng.randint(300, 500), random_pose(rng), tap=0)
        die.throw(crooked=rng.uniform(25, 40))
        die.rest(rng.randint(500, 800))
    elif kind == "box":
        die.handle(rng.randint(400, 600), random_pose(rng), lift=0.12, tap=0)
        die.throw(box=True)
        die.rest(rng.randint(500, 800))
    elif kind == "cup":
        die.handle(rng.randint(300, 500), random_pose(rng), tap=0)
        die.throw(cup=True)
        die.rest(rng.randint(500, 800))
    elif kind == "handle":
        target = kw.get("to") or rng.choice(list(FACES))
        for _ in range(kw.get("moves", 1)):
            die.handle(kw.get("ms") or rng.randint(600, 1400),
                       face_up_pose(target, rng.uniform(0, 6.3)),
                       lift=kw.get("lift", 0.06), shift=kw.get("shift", 0.1),
                       tap=kw.get("tap") or rng.uniform(0.3, 0.7))
            die.rest(rng.randint(300, 600))
            target = rng.choice(list(FACES))
    elif kind == "slide":
        die.handle(rng.randint(500, 900), die.R, lift=0.0, shift=0.2, tremor=0.02, tap=0.2)
        die.rest(rng.randint(400, 700))
    elif kind == "idle":
        die.rest(kw.get("ms", 3000))
    elif kind == "bump":
        for _ in range(kw.get("bumps", 1)):
            die.bump(rng.uniform(0.8, 1.5))
            die.rest(rng.randint(400, 800))
    elif kind == "handle_then_roll":
        die.handle(rng.randint(600, 1000), random_pose(rng), tap=0.5)
        die.rest(rng.randint(300, 500))
        die.handle(rng.randint(300, 500), random_pose(rng), tap=0)
        die.throw()
        die.rest(rng.randint(500, 800))
    else:
        raise ValueError(kind)
    return die, die.samples(noise)


def find(kind, face, first_seed, **kw):
    """The first seed from ``first_seed`` whose roll lands on ``face``."""
    for seed in range(first_seed, first_seed + 500):
        die, samples = scenario(kind, seed, **kw)
        if die.events and die.events[-1] == ["FACE", face]:
            return seed, die, samples
    raise RuntimeError("no seed lands %s on %d" % (kind, face))


def trace(name, doc, die, samples, seed, noise=8):
    return {
        "name": name,
        "doc": doc,
        "rate_hz": 1000 // SAMPLE_MS,
        "seed": seed,
        "noise_mg": noise,
        "expected": die.events,
        "rest_at": [ms // SAMPLE_MS for ms in die.rests],
        "samples": samples,
    }


def build():
    traces = []
    for face in range(1, 7):
        for variant, base in (("a", 1000), ("b", 2000)):
            seed, die, s = find("roll", face, base + 37 * face)
            traces.append(trace("roll_face%d_%s" % (face, variant),
                                "picked up, shaken, thrown, lands flat on %d" % face,
                                die, s, seed))
    handling = [
        ("handle_same_face", "picked up, looked at, put back on the same face",
         dict(moves=1), "same"),
        ("handle_new_face", "picked up and put down on another face by hand", dict(moves=1),
         None),
        ("handle_turned_twice", "put down on a new face, then moved again", dict(moves=2),
         None),
        ("handle_show_opponent", "lifted high to show the other player, put down",
         dict(moves=1, lift=0.15), None),
        ("handle_carried_far", "carried across the table to the other player",
         dict(moves=1, shift=0.35), None),
        ("handle_brisk_flip", "flipped over by hand in 0.4 s and set down firmly (1 g)",
         dict(moves=1, ms=400, tap=1.0), None),
    ]
    for i, (name, doc, kw, same) in enumerate(handling):
        seed = 3000 + i
        rng = random.Random(seed)
        start = rng.choice(list(FACES))
        kw = dict(kw)
        kw["start_face"] = start
        if same:
            kw["to"] = start
        die, s = scenario("handle", seed, **kw)
        traces.append(trace(name, doc + " (handling, not a roll)", die, s, seed))
    die, s = scenario("slide", 3100)
    traces.append(trace("handle_slide", "pushed across the table without tumbling", die, s,
                        3100))
    for i in range(4):
        seed = 4000 + i
        die, s = scenario("crooked", seed)
        traces.append(trace("crooked_%d" % (i + 1),
                            "rolled, comes to rest leaning against something", die, s, seed))
    for i, face in enumerate((2, 5, 1, 4)):
        seed, die, s = find("box", face, 5000 + 50 * i)
        traces.append(trace("box_drop_%d" % (i + 1),
                            "dropped from 20-30 cm into a dice box, lands on %d" % face,
                            die, s, seed))
    for i, face in enumerate((6, 3)):
        seed, die, s = find("cup", face, 6000 + 50 * i)
        traces.append(trace("cup_shake_%d" % (i + 1),
                            "shaken in a cup, poured out, lands on %d" % face, die, s, seed))
    for i, face in enumerate((5, 2)):
        seed, die, s = find("gentle", face, 6500 + 50 * i)
        traces.append(trace("gentle_roll_%d" % (i + 1),
                            "rolled softly out of the hand, no shake, lands on %d" % face,
                            die, s, seed))
    for i, face in enumerate((3, 6, 1)):
        seed, die, s = find("roll", face, 7000 + 50 * i, noise=28)
        traces.append(trace("noisy_roll_%d" % (i + 1),
                            "a roll onto %d read through a noisy sensor (28 mg rms)" % face,
                            die, s, seed, noise=28))
    die, s = scenario("idle", 7500, noise=30, ms=4000)
    traces.append(trace("noisy_idle", "a die at rest, noisy sensor (30 mg rms): nothing",
                        die, s, 7500, noise=30))
    for i in range(2):
        seed = 8000 + i
        die, s = scenario("bump", seed, bumps=1 + i)
        traces.append(trace("table_bump_%d" % (i + 1),
                            "someone knocks the table while the die rests: nothing", die, s,
                            seed))
    for i in range(2):
        seed = 8500 + i
        die, s = scenario("two_rolls", seed)
        traces.append(trace("two_rolls_%d" % (i + 1), "two rolls one after the other", die,
                            s, seed))
    for i, (kind, seed) in enumerate((("roll", 20090), ("cup", 20033))):
        die, s = scenario(kind, seed)
        traces.append(trace("edge_pause_%d" % (i + 1),
                            "pauses balanced on an edge before falling flat on %d"
                            % die.events[-1][1], die, s, seed))
    die, s = scenario("handle_then_roll", 9000)
    traces.append(trace("handle_then_roll", "moved by hand first (nothing), then rolled",
                        die, s, 9000))
    return traces


def main(argv=None):
    os.makedirs(OUT, exist_ok=True)
    for old in os.listdir(OUT):
        if old.endswith(".json"):
            os.remove(os.path.join(OUT, old))
    traces = build()
    for t in traces:
        with open(os.path.join(OUT, t["name"] + ".json"), "w") as f:
            json.dump(t, f, separators=(",", ":"))
            f.write("\n")
    print("%d traces written to %s" % (len(traces), os.path.relpath(OUT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
