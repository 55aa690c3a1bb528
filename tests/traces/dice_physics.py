"""Dice thrown, shaken, set down and pushed in MuJoCo, a rigid-body engine nobody here
wrote, read through the die's sensor as the LIS3DH driver configures it: the labelled
traces the roll detector is tried against (``make traces``; MuJoCo is an optional extra,
``pip install -e '.[physics]'``; ``make test`` replays the committed traces only).

usage: .venv/bin/python tests/traces/dice_physics.py [--out DIR] [--per-kind N] [--seed S]
                                                     [--kinds K1,K2,...]
(tests/bench_rolls.py counts what the detector makes of them)

The model
---------
- **The die**: a rounded cube (16 mm, 4.5 g; or 25 mm, 9.5 g), a convex mesh of its
  rounded corners, on a free joint; uniform density (a balanced die).
- **The table**: a plane with felt (friction 0.75, soft and well damped contact, some
  rolling resistance) or wood (friction 0.35, stiffer, bouncier). On it, as a game has
  them: the reader pad (a 100 x 100 x 14 mm block), tiles (3 mm thick), a dice tray
  (walls 30 mm high) where the kind asks for it, a second die.
- **The hand**: a kinematic (mocap) body: a palm (30 mm thick: the hand under it) with four
  fingers as a cup's walls, closed over the die for a shake (the other hand, or the
  fingers), and a fingertip; its contact soft as skin yet firm enough to carry a die
  shaken at a few g. It grips the die through a weld constraint (switched off to let go), shakes
  it loose in the closed cup (a trace where the die left it is dropped), holds it with a normal hand's postural tremor (1.5-35 mg peak,
  log-uniform, at 6-12 Hz, and a weaker second one), lowers it, lets it fall, swings and releases it with the wrist turning (the spin), pushes it along
  the table, flicks it, catches it.
- **The sensor**: the specific force at a point 2-6 mm off the centre, in axes tilted
  1-4 degrees from the die's (a board as it sits in a shell), from MuJoCo's accelerometer
  at the 0.5 ms step, averaged over each 10 ms (the chip's own low-pass at 100 Hz), then
  per build a gain error (+-3 % per axis) and a zero-g offset (+-40 mg per axis), white
  noise (4 mg rms), 12-bit at +-4 g (2 mg a digit, clipped at 4 g). The build's face table
  is calibrated as a player would: the die at rest on each face, 32 samples averaged.

The labels (the physics decides, not the detector)
--------------------------------------------------
- **tumbled**: after it left the hand (or for a die pushed or flicked on the table, all
  along) the face that was up tilted 90 degrees or more at some moment: it went over an
  edge. Under 45 degrees it did not tumble; in between, or a thrown die that did not
  tumble, is neither (the generator draws again). A die that tumbled and came to rest on
  the table is a roll: ``ROLLING`` then ``FACE n`` (n the face up, resting within 1.5
  degrees of flat) or ``CROOKED`` (tilted 3.5 degrees or more: leaning on a wall, the pad,
  a tile, the other die); a rest in between is neither. One that did not tumble is
  handling: no event.
- **rest_at**: the first sample from which the die stays within 0.5 degrees of how it
  ends (its tilt: a turn about the vertical is none a sensor sees), moving under 5 mm/s,
  to the end (its spin is no measure: a 16 mm die on wood rocks in MuJoCo's soft contact
  with spikes of 0.25 rad/s for 0.01 degrees, which no sensor could see; nor is a slow
  creep). Every result must come at or after it (the
  die's last rest on the table), which rules out a face called in the hand or mid-air.
- **pauses** (shakes): each pause of the shake, its first sample and end, and how far the
  die lying in the hand then was from flat (degrees): a face sent in a pause is a face
  sent from the hand.
- **caught**: a die tossed up out of a cupped hand (tilted 0-15 degrees) and caught in
  it did not rest on the table: ``ROLLING`` (if it tumbled) and no result; the hand holds
  it 0.5-1 s, then sets it down (no tumble), which is no roll either (a die that falls
  over past 45 degrees as it is set down, from a finger it leant on, is dropped).
"""
import argparse
import json
import math
import os
import sys

import mujoco
import numpy as np

DT = 0.0005
SUB = 20  # steps per 10 ms sample
G = 9.81
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "portable", "traces", "physics")
# Die axes to faces: the reference build (firmware/faces_setup.py DEFAULT).
FACE_AXES = {1: (0, 0, 1), 6: (0, 0, -1), 2: (1, 0, 0), 5: (-1, 0, 0), 3: (0, 1, 0),
             4: (0, -1, 0)}
TUMBLED_DEG = 90.0  # the up face went over an edge and past
STILL_DEG = 45.0  # never tilted this far: it did not tumble
# Crooked rests are the rarest outcome: twice as many of the kind that gives them; and
# twice as many shakes and catches: a die lying in a hand is where the detector is weakest.
MORE = {"ramp": 2, "shake_throw": 2, "catch": 2}
FLAT_DEG = 1.5
CROOKED_DEG = 3.5

SURFACES = {
    # friction (slide, torsion, rolling), solref (time constant, damping ratio)
    "felt": ("0.75 0.01 0.0003", "0.010 1.0"),
    "wood": ("0.35 0.003 0.00005", "0.004 0.35"),
}
SIZES = {16: 0.0045, 25: 0.0095}  # mm -> kg
# The hand's contact (palm and fingers): soft as skin, yet it holds a die it shakes at a
# few g. At 0.03 s (the first model's, with a 10 mm palm) the palm let the die sink 9 mm
# as it swung up and fall through it onto the table: the shakes' "face in the hand" was a
# die lying on the table. The palm is 30 mm thick (the hand under it).
HAND_SOLREF = "0.005 1"

THROWN = ("throw", "throw_high_spin", "tray", "pad", "tiles", "ramp", "two_dice",
          "shake_throw")
KINDS = ("throw", "throw_high_spin", "tray", "pad", "tiles", "two_dice", "shake_throw",
         "set_down", "drop_flat", "slide", "flick", "catch", "ramp")


def _die_mesh(size_mm):
    h = size_mm / 2000.0
    r = 0.12 * size_mm / 1000.0
    c = h - r
    pts = []
    for sx in (-1, 1):
        for sy in (-1, 1):
            for sz in (-1, 1):
                for i in range(4):
                    for j in range(4):
                        th = (i + 0.5) / 4 * math.pi / 2
                        ph = (j + 0.5) / 4 * math.pi / 2
                        u = (math.sin(th) * math.cos(ph), math.sin(th) * math.sin(ph),
                             math.cos(th))
                        pts.append((sx * (c + r * u[0]), sy * (c + r * u[1]),
                                    sz * (c + r * u[2])))
                for k in range(3):  # the flat faces' reach
                    e = [sx * c, sy * c, sz * c]
                    e[k] = (sx, sy, sz)[k] * h
                    pts.append(tuple(e))
    return " ".join("%.6f %.6f %.6f" % p for p in pts)


def _quat_tilt(rng, deg_lo, deg_hi):
    axis = rng.normal(size=3)
    axis /= np.linalg.norm(axis)
    ang = math.radians(rng.uniform(deg_lo, deg_hi))
    return np.array([math.cos(ang / 2)] + list(math.sin(ang / 2) * axis))


def _xml(size_mm, surface, sensor_pos, sensor_quat, props):
    fric, solref = SURFACES[surface]
    mass = SIZES[size_mm]
    h = size_mm / 2000.0
    extras = []
    for name, pos, half, quat in props:
        extras.append('<geom name="%s" type="box" pos="%.4f %.4f %.4f" size="%.4f %.4f %.4f" '
                      'quat="%s" friction="%s" solref="%s" rgba=".6 .5 .3 1"/>'
                      % (name, pos[0], pos[1], pos[2], half[0], half[1], half[2],
                         " ".join("%.5f" % q for q in quat), fric, solref))
    return """
<mujoco model="hexref_die">
  <option timestep="%(dt)g" integrator="implicitfast" cone="elliptic" noslip_iterations="0"/>
  <asset><mesh name="die" vertex="%(mesh)s"/></asset>
  <default><geom condim="6" solimp="0.95 0.99 0.0005"/></default>
  <worldbody>
    <geom name="table" type="plane" size="1 1 0.01" friction="%(fric)s" solref="%(solref)s"/>
    %(extras)s
    <body name="die" pos="0 0 %(z0).4f">
      <freejoint name="die"/>
      <geom name="die" type="mesh" mesh="die" mass="%(mass)g" friction="%(fric)s" solref="%(solref)s"/>
      <site name="sensor" pos="%(sp)s" quat="%(sq)s"/>
    </body>
    <body name="die2" pos="0.3 0.3 %(z0).4f">
      <freejoint name="die2"/>
      <geom name="die2" type="mesh" mesh="die" mass="%(mass)g" friction="%(fric)s" solref="%(solref)s"/>
    </body>
    <body name="hand" mocap="true" pos="0 0 0.5">
      <geom name="palm" type="box" size="0.04 0.04 0.015" pos="0 0 -0.015" friction="1.0 0.02 0.002" solref="%(hand)s"/>
      <geom name="f1" type="box" size="0.04 0.005 0.02" pos="0 0.04 0.015" friction="1.0 0.02 0.002" solref="%(hand)s"/>
      <geom name="f2" type="box" size="0.04 0.005 0.02" pos="0 -0.04 0.015" friction="1.0 0.02 0.002" solref="%(hand)s"/>
      <geom name="f3" type="box" size="0.005 0.04 0.02" pos="0.04 0 0.015" friction="1.0 0.02 0.002" solref="%(hand)s"/>
      <geom name="f4" type="box" size="0.005 0.04 0.02" pos="-0.04 0 0.015" friction="1.0 0.02 0.002" solref="%(hand)s"/>
      <geom name="lid" type="box" size="0.045 0.045 0.015" pos="0 0 0.05" friction="1.0 0.02 0.002" solref="%(hand)s"/>
    </body>
    <body name="finger" mocap="true" pos="0.5 0 0.5">
      <geom name="tip" type="sphere" size="0.007" friction="0.8 0.02 0.002" solref="0.01 1"/>
    </body>
  </worldbody>
  <equality>
    <weld name="grip" body1="die" body2="hand" active="false" solref="0.004 1"/>
  </equality>
  <sensor><accelerometer name="acc" site="sensor"/></sensor>
</mujoco>""" % dict(dt=DT, mesh=_die_mesh(size_mm), fric=fric, solref=solref,
                    extras="\n    ".join(extras), z0=h + 0.0005, mass=mass, hand=HAND_SOLREF,
                    sp=" ".join("%.5f" % v for v in sensor_pos),
                    sq=" ".join("%.6f" % q for q in sensor_quat))


def _quat_mul(a, b):
    r = np.zeros(4)
    mujoco.mju_mulQuat(r, np.asarray(a, float), np.asarray(b, float))
    return r


def _axis_quat(axis, ang):
    axis = np.asarray(axis, float)
    axis = axis / np.linalg.norm(axis)
    return np.array([math.cos(ang / 2)] + list(math.sin(ang / 2) * axis))


def _face_quat(face, yaw):
    """The die's orientation with ``face`` up, turned ``yaw`` about the vertical."""
    up = np.array(FACE_AXES[face], float)
    z = np.array([0, 0, 1.0])
    if face == 1:
        q = np.array([1.0, 0, 0, 0])
    elif face == 6:
        q = _axis_quat((1, 0, 0), math.pi)
    else:
        axis = np.cross(up, z)
        q = _axis_quat(axis, math.pi / 2)
    return _quat_mul(_axis_quat(z, yaw), q)


def _smooth(s):
    s = min(1.0, max(0.0, s))
    return s * s * s * (10 - 15 * s + 6 * s * s)


class Build:
    """One die as built: its size, its sensor's place and tilt, gain and offset."""

    def __init__(self, rng, size_mm):
        self.size_mm = size_mm
        reach = 0.0015 + (0.0045 if size_mm == 25 else 0.0020) * rng.uniform()
        d = rng.normal(size=3)
        self.sensor_pos = d / np.linalg.norm(d) * reach
        self.sensor_quat = _quat_tilt(rng, 1.0, 4.0)
        self.gain = 1 + rng.uniform(-0.03, 0.03, size=3)
        self.offset = rng.uniform(-40, 40, size=3)

    def reading(self, f_site, rng):
        """Milli-g as the driver returns them, from the site's specific force (m/s^2)."""
        mg = f_site / G * 1000.0 * self.gain + self.offset + rng.normal(0, 4.0, size=3)
        digits = np.clip(np.round(mg / 2.0), -2048, 2047)
        return [int(v) * 2 for v in digits]

    def calibrate(self, rng):
        """The face table a player records: the die at rest on each face."""
        mat = np.zeros(9)
        mujoco.mju_quat2Mat(mat, self.sensor_quat)
        rs = mat.reshape(3, 3)  # site axes in die axes
        faces = {}
        for face, axis in FACE_AXES.items():
            up_die = np.array(axis, float)  # world up, in die axes, with this face up
            f = rs.T @ up_die * G
            acc = np.zeros(3)
            for _ in range(32):
                acc += np.array(self.reading(f, rng))
            faces[str(face)] = [int(round(v)) for v in acc / 32]
        return faces


class Sim:
    def __init__(self, rng, build, surface, props=()):
        self.rng = rng
        self.build = build
        self.model = mujoco.MjModel.from_xml_string(
            _xml(build.size_mm, surface, build.sensor_pos, build.sensor_quat, props))
        self.data = mujoco.MjData(self.model)
        m = self.model
        self.die = m.body("die").id
        self.hand_geoms = [m.geom(n).id for n in ("palm", "f1", "f2", "f3", "f4", "lid")]
        self.wall_geoms = self.hand_geoms[1:5]
        self.lid = self.hand_geoms[5]
        self.tip = m.geom("tip").id
        self.die_geom = m.geom("die").id
        self.grip = m.equality("grip").id
        self.half = build.size_mm / 2000.0
        self.samples = []
        self.free = False  # counting the tumble from now on
        self.u0 = None
        self.max_tilt = 0.0
        self.still_since = None
        self.moving = []  # per sample: the die moving (by its speed)?
        self.poses = []  # per sample: the die faster than 5 mm/s? its orientation
        self.pauses = []  # a shake's pauses: first sample, end, the die's tilt
        self.touch_hand = []
        self.hand_pos = np.array([0.0, 0.0, 0.5])
        self.hand_quat = np.array([1.0, 0, 0, 0])
        self.finger_pos = np.array([0.5, 0.0, 0.5])
        self.tremor = None
        self._acc = np.zeros(3)
        self._n = 0
        self.hand_on(False)
        self.park_die2()

    # --- set-up --------------------------------------------------------------------------
    def park_die2(self):
        q = self.data.qpos
        j = self.model.joint("die2").qposadr[0]
        q[j:j + 3] = (0.5, 0.5, self.half + 0.0005)

    def place(self, pos, quat, vel=(0, 0, 0), angvel=(0, 0, 0), joint="die"):
        j = self.model.joint(joint)
        q = self.data.qpos
        a = j.qposadr[0]
        q[a:a + 3] = pos
        q[a + 3:a + 7] = quat
        v = self.data.qvel
        b = j.dofadr[0]
        v[b:b + 3] = vel
        v[b + 3:b + 6] = angvel
        mujoco.mj_forward(self.model, self.data)

    def hand_on(self, on, walls=True, lid=False):
        for g in self.hand_geoms:
            enabled = on and (walls or g not in self.wall_geoms) and (lid or g != self.lid)
            self.model.geom_contype[g] = 1 if enabled else 0
            self.model.geom_conaffinity[g] = 1 if enabled else 0

    def finger_on(self, on):
        self.model.geom_contype[self.tip] = 1 if on else 0
        self.model.geom_conaffinity[self.tip] = 1 if on else 0

    def grip_on(self, on):
        d = self.data
        if on:
            # Hold the die where it is now, relative to the hand.
            dp = d.xpos[self.die]
            dq = d.xquat[self.die]
            hp = self.hand_pos
            hq = self.hand_quat
            inv = np.zeros(4)
            mujoco.mju_negQuat(inv, dq)
            rel = np.zeros(3)
            mujoco.mju_rotVecQuat(rel, hp - dp, inv)
            relq = _quat_mul(inv, hq)
            self.model.eq_data[self.grip, 0:3] = 0
            self.model.eq_data[self.grip, 3:6] = rel
            self.model.eq_data[self.grip, 6:10] = relq
        d.eq_active[self.grip] = on

    def set_tremor(self, on):
        if on:
            r = self.rng
            # Postural tremor of a normal hand: 1.5-35 mg peak at its dominant frequency,
            # 10 mg the most common, 6-12 Hz (Arch Neurol 1982;39:358), and a weaker one.
            self.tremor = []
            for k in range(2):
                f = r.uniform(6, 12)
                peak = math.exp(r.uniform(math.log(1.5), math.log(35))) * (1 if k == 0 else 0.3)
                amp = peak / 1000 * G / (2 * math.pi * f) ** 2
                self.tremor.append((f, amp, r.normal(size=3), r.uniform(0, 6.28)))
        else:
            self.tremor = None

    def let_go(self):
        """From now on the die is on its own: how far it turns over is counted."""
        self.free = True
        self.u0 = None
        self.max_tilt = 0.0

    # --- running -------------------------------------------------------------------------
    def _step(self):
        m, d = self.model, self.data
        pos = self.hand_pos.copy()
        if self.tremor:
            t = d.time
            for f, a, axis, ph in self.tremor:
                pos += a * axis / np.linalg.norm(axis) * math.sin(2 * math.pi * f * t + ph)
        d.mocap_pos[0] = pos
        d.mocap_quat[0] = self.hand_quat
        d.mocap_pos[1] = self.finger_pos
        mujoco.mj_step(m, d)
        self._acc += d.sensordata[0:3]
        self._n += 1
        w = d.qvel[3:6]  # the die's angular velocity (world frame for a free joint)
        if self.free:
            mat = d.xmat[self.die].reshape(3, 3)
            if self.u0 is None:  # the die's own axis that was up when it was let go
                self.u0 = mat[2, :].copy()
            c = float(mat[2, :] @ self.u0)
            self.max_tilt = max(self.max_tilt, math.degrees(math.acos(max(-1.0, min(1.0, c)))))
        if self._n == SUB:
            f = self._acc / SUB
            self._acc[:] = 0
            self._n = 0
            self.samples.append(self.build.reading(f, self.rng))
            v = d.qvel[0:3]
            # (A slow turn about the vertical, MuJoCo's torsional creep, is no movement
            # the sensor can see.)
            self.moving.append(bool(np.linalg.norm(v) > 0.005 or math.hypot(w[0], w[1]) > 0.2))
            self.poses.append((bool(np.linalg.norm(v) > 0.005),
                               d.xmat[self.die].reshape(3, 3).copy()))
            self.touch_hand.append(self._touching_hand())

    def _touching_hand(self):
        d = self.data
        for i in range(d.ncon):
            c = d.contact[i]
            pair = (c.geom1, c.geom2)
            if self.die_geom in pair and (pair[0] in self.hand_geoms or
                                          pair[1] in self.hand_geoms):
                return True
        return bool(d.eq_active[self.grip])

    def run(self, seconds):
        for _ in range(int(round(seconds / DT))):
            self._step()

    def move_hand(self, seconds, to=None, quat=None):
        """The hand from where it is to ``to`` (and ``quat``), minimum-jerk."""
        p0 = self.hand_pos.copy()
        q0 = self.hand_quat.copy()
        p1 = p0 if to is None else np.asarray(to, float)
        q1 = q0 if quat is None else np.asarray(quat, float)
        n = max(1, int(round(seconds / DT)))
        for i in range(n):
            s = _smooth((i + 1) / n)
            self.hand_pos = p0 + (p1 - p0) * s
            self.hand_quat = _slerp(q0, q1, s)
            self._step()

    def move_finger(self, seconds, to):
        p0 = self.finger_pos.copy()
        p1 = np.asarray(to, float)
        n = max(1, int(round(seconds / DT)))
        for i in range(n):
            self.finger_pos = p0 + (p1 - p0) * ((i + 1) / n)
            self._step()

    def hand_away(self):
        self.hand_on(False)
        self.set_tremor(False)
        self.hand_pos = np.array([0.0, 0.0, 0.6])

    # --- what happened -------------------------------------------------------------------
    def final(self):
        """(face up, its tilt in degrees, the die on the table?)"""
        d = self.data
        mat = d.xmat[self.die].reshape(3, 3)
        best, cos = 0, -2
        for face, axis in FACE_AXES.items():
            c = (mat @ np.array(axis, float))[2]
            if c > cos:
                best, cos = face, c
        tilt = math.degrees(math.acos(min(1.0, cos)))
        return best, tilt, d.xpos[self.die][2] < 0.1

    def rest_at(self):
        """The first sample from which the die stays within 0.5 degrees of its final
        tilt (where gravity points in the die: a turn about the vertical, MuJoCo's
        torsional creep, is none a sensor sees), moving under 5 mm/s."""
        up_end = self.poses[-1][1][2, :]
        cos_tol = math.cos(math.radians(0.5))
        i = len(self.poses)
        while i > 0:
            fast, m = self.poses[i - 1]
            if fast or float(m[2, :] @ up_end) < cos_tol:
                break
            i -= 1
        return i


def _slerp(q0, q1, s):
    q0 = np.asarray(q0, float)
    q1 = np.asarray(q1, float)
    dot = float(np.dot(q0, q1))
    if dot < 0:
        q1 = -q1
        dot = -dot
    if dot > 0.9995:
        q = q0 + (q1 - q0) * s
        return q / np.linalg.norm(q)
    th = math.acos(dot)
    return (math.sin((1 - s) * th) * q0 + math.sin(s * th) * q1) / math.sin(th)


# --- the hand's moves ------------------------------------------------------------------------

def _hold(sim, pos, quat):
    """The die in the hand at ``pos`` (the die's centre), the hand under it, gripped."""
    h = sim.half
    sim.hand_pos = np.array(pos, float) - np.array([0, 0, h + 0.0002])
    sim.hand_quat = np.array([1.0, 0, 0, 0])
    sim.place(pos, quat)
    sim.grip_on(True)
    sim.set_tremor(True)


def _rest_on_table(sim, rng, at=(0.0, 0.0)):
    face = int(rng.integers(1, 7))
    sim.place((at[0], at[1], sim.half + 0.0003), _face_quat(face, rng.uniform(0, 6.28)))
    sim.run(0.25)
    return face


def _throw(sim, rng, start, velocity, spin, swing_s=None):
    """A swing of the gripping hand ending at ``start`` moving at ``velocity``, the wrist
    turning at ``spin`` rad/s; the hand lets go there and leaves."""
    velocity = np.asarray(velocity, float)
    swing_s = swing_s or rng.uniform(0.15, 0.3)
    # Back from the release point along the swing, then forward, speeding up.
    n = int(round(swing_s / DT))
    p_end = np.asarray(start, float)
    axis = np.asarray(spin, float)
    w = np.linalg.norm(axis)
    axis = axis / (w or 1)
    q_end = sim.hand_quat.copy()
    sim.move_hand(rng.uniform(0.1, 0.25), to=p_end - velocity * swing_s / 2)
    q_start = sim.hand_quat.copy()
    for i in range(n):
        t = (i + 1) * DT
        s = t / swing_s
        # Constant acceleration from rest to ``velocity``: x = v t^2 / (2 T).
        sim.hand_pos = p_end - velocity * swing_s / 2 + velocity * t * s / 2
        ang = w * t * s / 2
        sim.hand_quat = _quat_mul(_axis_quat(axis, ang), q_start) if w else q_end
        sim._step()
    sim.grip_on(False)
    sim.set_tremor(False)
    sim.hand_on(False)
    sim.let_go()
    # The hand goes on a little way, then off out of reach.
    sim.move_hand(0.05, to=sim.hand_pos + velocity * 0.03)
    sim.hand_away()


def _throw_params(rng, high_spin=False, target=(0.0, 0.0), height=None):
    h = height if height is not None else rng.uniform(0.05, 0.15)
    start = np.array([target[0] - rng.uniform(0.12, 0.25), target[1] + rng.uniform(-0.05, 0.05),
                      h])
    vel = np.array([rng.uniform(0.5, 1.4), rng.uniform(-0.2, 0.2), rng.uniform(-0.2, 0.6)])
    if high_spin:
        wmag = rng.uniform(32, 50)
        vel[2] = rng.uniform(0.6, 1.2)  # a higher arc: longer in the air
    else:
        wmag = rng.uniform(8, 30)
    axis = rng.normal(size=3)
    axis[2] *= 0.3
    axis /= np.linalg.norm(axis)
    return start, vel, axis * wmag


def _settle(sim, seconds):
    sim.run(seconds)


# --- the kinds -------------------------------------------------------------------------------
# Each returns (description, the sample the die was let go or first touched, caught?).

def k_throw(sim, rng, high_spin=False, target=(0.0, 0.0)):
    start, vel, spin = _throw_params(rng, high_spin, target)
    _hold(sim, start - np.array([0, 0, 0.02]), _face_quat(int(rng.integers(1, 7)),
                                                           rng.uniform(0, 6.28)))
    sim.run(rng.uniform(0.2, 0.5))
    _throw(sim, rng, start, vel, spin)
    _settle(sim, 2.5)
    return "thrown in the open, |w| %.0f rad/s" % np.linalg.norm(spin)


def k_throw_high_spin(sim, rng):
    start, vel, spin = _throw_params(rng, True)
    _hold(sim, start - np.array([0, 0, 0.02]), _face_quat(int(rng.integers(1, 7)), 0.3))
    sim.run(rng.uniform(0.2, 0.4))
    _throw(sim, rng, start, vel, spin)
    _settle(sim, 2.5)
    return "thrown high with a fast spin, |w| %.0f rad/s" % np.linalg.norm(spin)


def tray_props():
    # 200 x 150 mm inside, walls 30 mm high, 6 mm thick, centred at (0.05, 0).
    cx = 0.05
    return [("wall_n", (cx, 0.078, 0.015), (0.106, 0.003, 0.015), (1, 0, 0, 0)),
            ("wall_s", (cx, -0.078, 0.015), (0.106, 0.003, 0.015), (1, 0, 0, 0)),
            ("wall_e", (cx + 0.103, 0, 0.015), (0.003, 0.075, 0.015), (1, 0, 0, 0)),
            ("wall_w", (cx - 0.103, 0, 0.015), (0.003, 0.075, 0.015), (1, 0, 0, 0))]


def k_tray(sim, rng):
    start, vel, spin = _throw_params(rng, target=(0.0, 0.0))
    start[0] = rng.uniform(-0.06, 0.0)
    vel[0] = rng.uniform(0.8, 1.6)  # hard enough to reach the far wall
    _hold(sim, start - np.array([0, 0, 0.02]), _face_quat(int(rng.integers(1, 7)), 0.0))
    sim.run(0.3)
    _throw(sim, rng, start, vel, spin)
    _settle(sim, 2.5)
    return "thrown into a tray, off its walls"


def pad_props(rng):
    yaw = rng.uniform(-0.3, 0.3)
    return [("pad", (0.16, 0.0, 0.007), (0.05, 0.05, 0.007), _axis_quat((0, 0, 1), yaw))]


def k_pad(sim, rng):
    start, vel, spin = _throw_params(rng, target=(0.06, 0.0))
    vel[0] = rng.uniform(0.7, 1.3)
    _hold(sim, start - np.array([0, 0, 0.02]), _face_quat(int(rng.integers(1, 7)), 0.0))
    sim.run(0.3)
    _throw(sim, rng, start, vel, spin)
    _settle(sim, 2.5)
    return "thrown against the reader pad"


def tiles_props(rng):
    out = []
    for i in range(5):
        out.append(("tile%d" % i, (rng.uniform(0.0, 0.16), rng.uniform(-0.08, 0.08), 0.0015),
                    (0.03, 0.026, 0.0015), _axis_quat((0, 0, 1), rng.uniform(0, 1.0))))
    return out


def k_tiles(sim, rng):
    start, vel, spin = _throw_params(rng, target=(0.07, 0.0))
    vel[0] = rng.uniform(0.4, 0.9)
    spin = spin * 0.6
    _hold(sim, start - np.array([0, 0, 0.02]), _face_quat(int(rng.integers(1, 7)), 0.0))
    sim.run(0.3)
    _throw(sim, rng, start, vel, spin)
    _settle(sim, 2.5)
    return "thrown among the tiles on the table"


def ramp_props(rng):
    # A tile propped on another's edge: a slope of 4-15 degrees where the die lands, as on
    # a crowded table (the die comes to rest on it, tilted, or rolls off it flat).
    slope = math.radians(rng.uniform(4, 15))
    yaw = rng.uniform(0, 2 * math.pi)
    q = _quat_mul(_axis_quat((0, 0, 1), yaw), _axis_quat((1, 0, 0), slope))
    return [("ramp", (0.05, 0.0, 0.0015 + 0.035 * math.sin(slope)), (0.05, 0.04, 0.0015), q),
            ("under", (0.05, 0.0, 0.0015), (0.03, 0.026, 0.0015), (1, 0, 0, 0))]


def k_ramp(sim, rng):
    start = np.array([rng.uniform(-0.02, 0.02), rng.uniform(-0.01, 0.01), rng.uniform(0.04, 0.07)])
    vel = np.array([rng.uniform(0.1, 0.35), rng.uniform(-0.05, 0.05), rng.uniform(0.0, 0.3)])
    axis = rng.normal(size=3)
    axis[2] *= 0.3
    spin = axis / np.linalg.norm(axis) * rng.uniform(8, 16)
    _hold(sim, start - np.array([0, 0, 0.02]), _face_quat(int(rng.integers(1, 7)), 0.0))
    sim.run(0.3)
    _throw(sim, rng, start, vel, spin)
    _settle(sim, 2.5)
    return "rolled onto a tile propped at a slope"


def k_two_dice(sim, rng):
    start, vel, spin = _throw_params(rng)
    _hold(sim, start - np.array([0, 0, 0.02]), _face_quat(int(rng.integers(1, 7)), 0.0))
    sim.run(0.3)
    # The other die in the same hand, beside it: let go with it.
    off = np.array([0.0, sim.half * 2.3, 0.0])
    sim.place(sim.data.xpos[sim.die] + off, _face_quat(int(rng.integers(1, 7)), 0.0),
              joint="die2")
    j = sim.model.joint("die2")
    _throw_two(sim, rng, start, vel, spin, j, off)
    _settle(sim, 2.5)
    return "two dice thrown at once"


def _throw_two(sim, rng, start, vel, spin, j, off):
    # The second die is carried with the hand (kinematically), then let go with its own spin.
    vel = np.asarray(vel, float)
    swing = rng.uniform(0.15, 0.3)
    p_end = np.asarray(start, float)
    sim.move_hand(0.1, to=p_end - vel * swing / 2)
    n = int(round(swing / DT))
    a = j.qposadr[0]
    b = j.dofadr[0]
    for i in range(n):
        t = (i + 1) * DT
        sim.hand_pos = p_end - vel * swing / 2 + vel * t * (t / swing) / 2
        sim.data.qpos[a:a + 3] = sim.data.xpos[sim.die] + off
        sim.data.qvel[b:b + 3] = vel * (t / swing)
        sim.data.qvel[b + 3:b + 6] = 0
        sim._step()
    sim.data.qvel[b + 3:b + 6] = -np.asarray(spin) * rng.uniform(0.5, 1.0)
    sim.grip_on(False)
    sim.data.qvel[3:6] += np.asarray(spin)
    sim.set_tremor(False)
    sim.hand_on(False)
    sim.let_go()
    sim.hand_away()


def k_shake_throw(sim, rng):
    # The die loose in the hand, closed over it (the fingers, or the other hand: shaken in
    # an open cup it flies out), shaken in strokes with pauses, then thrown.
    sim.hand_on(True, walls=True, lid=True)
    sim.hand_pos = np.array([-0.15, 0.0, 0.12])
    sim.hand_quat = np.array([1.0, 0, 0, 0])
    sim.place(sim.hand_pos + np.array([0, 0, sim.half + 0.001]),
              _face_quat(int(rng.integers(1, 7)), rng.uniform(0, 6.28)))
    sim.set_tremor(True)
    sim.run(0.3)
    home = sim.hand_pos.copy()
    for _ in range(int(rng.integers(1, 4))):
        for _ in range(int(rng.integers(2, 6))):
            amp = np.array([rng.uniform(-0.03, 0.03), rng.uniform(-0.02, 0.02),
                            rng.uniform(0.03, 0.06)])
            half = rng.uniform(0.06, 0.12)
            sim.move_hand(half, to=home + amp,
                          quat=_quat_tilt(rng, 0, 12))
            sim.move_hand(half, to=home, quat=_quat_tilt(rng, 0, 15))
            if not _in_cup(sim):
                return None  # shaken out of the hand: no shake to label
        start = len(sim.samples)
        sim.run(rng.uniform(0.05, 0.15))  # a pause, the die lying in the palm
        if not _in_cup(sim):
            return None
        # (The samples of the pause and how far the die then was from lying flat.)
        sim.pauses.append([start, len(sim.samples), round(sim.final()[1], 1)])
    # Close the fingers on it and throw.
    sim.grip_on(True)
    start, vel, spin = _throw_params(rng)
    _throw(sim, rng, start, vel, spin)
    _settle(sim, 2.5)
    return "shaken in a cupped hand, with pauses, then thrown"


def k_set_down(sim, rng):
    # Picked up (already in the hand), carried, maybe turned, set down from a few mm.
    gap = rng.uniform(0.001, 0.006)
    face = int(rng.integers(1, 7))
    _hold(sim, (rng.uniform(-0.1, 0.1), 0.0, rng.uniform(0.05, 0.12)), _face_quat(face, 0.0))
    sim.run(rng.uniform(0.2, 0.5))
    if rng.uniform() < 0.5:  # turned over in the hand on the way
        q = _quat_mul(_axis_quat((1, 0, 0), math.pi / 2 * int(rng.integers(1, 3))),
                      sim.hand_quat)
        sim.move_hand(rng.uniform(0.3, 0.6), quat=q)
    # Down until the die's lowest point is ``gap`` above the table.
    mujoco.mj_forward(sim.model, sim.data)
    low = _lowest(sim)
    sim.move_hand(rng.uniform(0.3, 0.7), to=sim.hand_pos - np.array([0, 0, low - gap]))
    sim.run(rng.uniform(0.05, 0.2))
    sim.grip_on(False)
    sim.let_go()
    sim.hand_away()
    _settle(sim, 1.2)
    return "set down from %.0f mm" % (gap * 1000)


def _lowest(sim):
    d = sim.data
    g = sim.model.geom("die").id
    mat = d.geom_xmat[g].reshape(3, 3)
    vert = sim.model.mesh_vert[sim.model.mesh_vertadr[0]:
                               sim.model.mesh_vertadr[0] + sim.model.mesh_vertnum[0]]
    return float(np.min((vert @ mat.T)[:, 2] + d.geom_xpos[g][2]))


def k_drop_flat(sim, rng):
    height = rng.uniform(0.01, 0.04)
    face = int(rng.integers(1, 7))
    _hold(sim, (0.0, 0.0, sim.half + height), _face_quat(face, rng.uniform(0, 6.28)))
    sim.run(rng.uniform(0.3, 0.6))
    sim.grip_on(False)
    sim.let_go()
    sim.hand_away()
    _settle(sim, 1.5)
    return "dropped flat from %.0f mm" % (height * 1000)


def k_slide(sim, rng):
    _rest_on_table(sim, rng)
    sim.let_go()
    h = sim.half
    sim.finger_pos = np.array([-h - 0.02, rng.uniform(-0.3, 0.3) * h, rng.uniform(0.2, 0.9) * h])
    sim.finger_on(True)
    sim.run(0.1)
    dist = rng.uniform(0.05, 0.15)
    speed = rng.uniform(0.1, 0.4)
    sim.move_finger(0.02 / 0.1, sim.finger_pos + np.array([0.012, 0, 0]))
    sim.move_finger(dist / speed, sim.finger_pos + np.array([dist, 0, 0]))
    sim.move_finger(0.1, sim.finger_pos + np.array([-0.01, 0, 0.05]))
    sim.finger_on(False)
    _settle(sim, 1.0)
    return "slid %.0f mm across the table at %.2f m/s" % (dist * 1000, speed)


def k_flick(sim, rng):
    _rest_on_table(sim, rng)
    sim.let_go()
    h = sim.half
    # The fingertip (a 7 mm ball) strikes near the top edge: the die tips over and tumbles
    # away, or, struck lower or softer, skids on its face.
    sim.finger_pos = np.array([-h - 0.03, rng.uniform(-0.5, 0.5) * h,
                               2 * h + rng.uniform(-0.006, 0.002)])
    sim.finger_on(True)
    sim.run(0.1)
    speed = rng.uniform(0.8, 2.5)
    sim.move_finger(0.05 / speed, sim.finger_pos + np.array([0.05, 0, 0]))
    sim.finger_pos = np.array([0.5, 0, 0.5])
    sim.finger_on(False)
    _settle(sim, 2.0)
    return "flicked with a fingertip at %.1f m/s" % speed


def k_catch(sim, rng):
    # Tossed up out of the cupped hand with a spin, caught in it, held, then set down.
    sim.hand_on(True, walls=True)
    sim.hand_pos = np.array([0.0, 0.0, 0.12])
    sim.hand_quat = _quat_tilt(rng, 0, 15)  # a cupped palm is seldom level
    # The die lying on the palm, as tilted as it is (not dropped onto it).
    above = np.zeros(3)
    mujoco.mju_rotVecQuat(above, np.array([0, 0, sim.half + 0.001]), sim.hand_quat)
    sim.place(sim.hand_pos + above,
              _quat_mul(sim.hand_quat, _face_quat(int(rng.integers(1, 7)),
                                                  rng.uniform(0, 6.28))))
    sim.set_tremor(True)
    sim.run(0.3)
    sim.grip_on(True)
    up = rng.uniform(0.8, 1.3)
    spin = rng.normal(size=3)
    spin[2] *= 0.3
    spin = spin / np.linalg.norm(spin) * rng.uniform(10, 25)
    sim.move_hand(0.1, to=sim.hand_pos - np.array([0, 0, 0.03]))
    n = int(round(0.08 / DT))
    p0 = sim.hand_pos.copy()
    for i in range(n):
        t = (i + 1) * DT
        sim.hand_pos = p0 + np.array([0, 0, up * t * t / 0.16])
        sim._step()
    sim.grip_on(False)
    sim.data.qvel[3:6] += spin
    sim.let_go()
    # The hand stops, the die flies up and falls back into the cup.
    sim.run(up / G * 2 + 0.4)
    caught = _touching_cup(sim)
    sim.free = False
    tossed = sim.max_tilt
    sim.run(rng.uniform(0.5, 1.0))  # held in the hand, looked at
    sim.grip_on(True)
    mujoco.mj_forward(sim.model, sim.data)
    low = _lowest(sim)
    sim.move_hand(0.5, to=sim.hand_pos - np.array([0, 0, low - 0.002]))
    sim.hand_on(False)
    sim.grip_on(False)
    sim.let_go()
    sim.hand_away()
    _settle(sim, 1.0)
    # A die lying tilted in the cup (against a finger) may fall over when it is set down:
    # past 45 degrees that is neither plain handling nor a roll, as for set_down.
    toppled = sim.max_tilt > STILL_DEG
    sim.max_tilt = tossed
    return "tossed, caught in the hand, set down" if caught and not toppled else None


def _in_cup(sim):
    """The die inside the cupped hand: above its palm, between its fingers."""
    rel = np.zeros(3)
    inv = np.zeros(4)
    mujoco.mju_negQuat(inv, sim.hand_quat)
    mujoco.mju_rotVecQuat(rel, sim.data.xpos[sim.die] - sim.hand_pos, inv)
    return rel[2] > 0 and abs(rel[0]) < 0.04 and abs(rel[1]) < 0.04


def _touching_cup(sim):
    return sim.data.xpos[sim.die][2] > 0.08


RUNNERS = {
    "throw": (k_throw, lambda rng: []),
    "throw_high_spin": (k_throw_high_spin, lambda rng: []),
    "tray": (k_tray, lambda rng: tray_props()),
    "pad": (k_pad, pad_props),
    "tiles": (k_tiles, tiles_props),
    "two_dice": (k_two_dice, lambda rng: []),
    "ramp": (k_ramp, ramp_props),
    "shake_throw": (k_shake_throw, lambda rng: []),
    "set_down": (k_set_down, lambda rng: []),
    "drop_flat": (k_drop_flat, lambda rng: []),
    "slide": (k_slide, lambda rng: []),
    "flick": (k_flick, lambda rng: []),
    "catch": (k_catch, lambda rng: []),
}


def trace(kind, seed, size_mm=None, surface=None):
    """One labelled trace as a dict, or None when the physics gives no clear label (a
    rest between flat and crooked, a die that ended off the table, a toss not caught)."""
    rng = np.random.default_rng(seed)
    size_mm = size_mm or (16, 25)[int(rng.integers(0, 2))]
    surface = surface or ("felt", "wood")[int(rng.integers(0, 2))]
    build = Build(rng, size_mm)
    runner, props = RUNNERS[kind]
    sim = Sim(rng, build, surface, props(rng))
    doc = runner(sim, rng)
    if doc is None:
        return None
    face, tilt, on_table = sim.final()
    if not on_table or sim.moving[-1]:
        return None
    if FLAT_DEG < tilt < CROOKED_DEG:
        return None
    tumbled = sim.max_tilt >= TUMBLED_DEG
    if not tumbled and sim.max_tilt > STILL_DEG or kind in THROWN and not tumbled:
        return None  # half turned over, or thrown yet barely turned: neither is asserted
    if kind == "catch":
        expected = [["ROLLING"]] if tumbled else []
    elif tumbled:
        expected = [["ROLLING"], ["FACE", face] if tilt <= FLAT_DEG else ["CROOKED"]]
    else:
        expected = []
    rest = sim.rest_at()
    samples = sim.samples
    # Trim: 0.3 s before the hand first moves is enough of a rest to start from; keep
    # 0.6 s after the final rest (a crooked rest is confirmed over 0.3 s).
    end = min(len(samples), rest + 60)
    flat = []
    for s in samples[:end]:
        flat += [v // 2 for v in s]  # in the chip's 2 mg digits: a lighter file
    out = {"name": "%s_%d" % (kind, seed), "kind": kind, "doc": doc, "size_mm": size_mm,
           "surface": surface, "rate_hz": 100, "seed": seed, "lsb_mg": 2,
           "tumble_deg": round(sim.max_tilt), "tilt_deg": round(tilt, 1),
           "expected": expected, "rest_at": [rest], "faces": build.calibrate(rng),
           "samples": flat}
    if sim.pauses:
        out["pauses"] = sim.pauses
    return out


def generate(kinds, per_kind, seed0, sizes=(16, 25), surfaces=("felt", "wood"), log=None):
    """``per_kind`` clear traces of each kind, spread over the sizes and surfaces."""
    out = []
    for kind in kinds:
        got = 0
        seed = seed0 + 1000 * KINDS.index(kind)
        while got < per_kind * MORE.get(kind, 1):
            size = sizes[got % len(sizes)]
            surface = surfaces[(got // len(sizes)) % len(surfaces)]
            t = trace(kind, seed, size, surface)
            seed += 1
            if t is None:
                continue
            got += 1
            out.append(t)
            if log:
                log("%-16s %s %2d mm %-4s turned %4d deg tilt %4.1f  %s" % (
                    t["name"], t["expected"], size, surface, t["tumble_deg"], t["tilt_deg"],
                    t["doc"]))
    return out


def write(traces, out):
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        if name.endswith(".json"):
            os.remove(os.path.join(out, name))
    for t in traces:
        with open(os.path.join(out, t["name"] + ".json"), "w") as f:
            json.dump(t, f, separators=(",", ":"))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", default=OUT)
    p.add_argument("--per-kind", type=int, default=6)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--kinds", default=",".join(KINDS))
    args = p.parse_args(argv)
    traces = generate(args.kinds.split(","), args.per_kind, args.seed,
                      log=lambda s: print(s, file=sys.stderr))
    write(traces, args.out)
    print("%d traces in %s" % (len(traces), os.path.relpath(args.out)))


if __name__ == "__main__":
    main()
