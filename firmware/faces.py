"""The die build's face table: which way gravity points, in the sensor's own axes, when
each face is up (``firmware.calibrate`` records it for a new build).

The table belongs to the die, not to the firmware: where the sensor board sits in the
shell and which way round it is glued decide it. It is kept as JSON on the hub
(``die_faces.json``); ``DEFAULT`` is the reference build (sensor flat under face 6, its
Z axis through face 1, X through face 2, Y through face 3, opposite faces summing to 7).

An accelerometer at rest reads +1 g *upwards* (it feels the table pushing), so the vector
recorded for a face is the reading with that face on top.

>>> table = FaceTable(DEFAULT)
>>> table.match(40, -30, 990)       # nearly flat, face 1 up
1
>>> table.match(700, 0, 700)        # leaning 45 degrees on an edge: no face
0
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

import json
import math

DEFAULT = {1: (0, 0, 1000), 6: (0, 0, -1000), 2: (1000, 0, 0), 5: (-1000, 0, 0),
           3: (0, 1000, 0), 4: (0, -1000, 0)}
TOLERANCE_DEG = const(20)  # how far from flat a die may rest and still show a face
FILE = "die_faces.json"
_TAN_SCALE = const(256)
_MIN_APART_DEG = 60  # two faces of a d6 are 90 degrees apart; less means a bad recording


class FaceTable:
    """Face directions normalised to 1000 mg, matched with integer arithmetic only (the
    hub calls ``match`` from its loop and must not allocate)."""

    def __init__(self, faces, tolerance_deg=TOLERANCE_DEG):
        if len(faces) < 2:
            raise ValueError("a face table needs at least two faces, got %d" % len(faces))
        if not 1 <= tolerance_deg < 45:
            raise ValueError("face tolerance %r degrees is not in 1..44" % (tolerance_deg,))
        numbers = sorted(faces)
        self.numbers = numbers
        self.fx = []
        self.fy = []
        self.fz = []
        for n in numbers:
            v = faces[n]
            length = math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
            if length < 500:
                raise ValueError("face %d: %r is not a gravity reading (under 0.5 g)" % (n, v))
            self.fx.append(int(round(v[0] * 1000 / length)))
            self.fy.append(int(round(v[1] * 1000 / length)))
            self.fz.append(int(round(v[2] * 1000 / length)))
        limit = math.cos(math.radians(_MIN_APART_DEG)) * 1000 * 1000
        for i in range(len(numbers)):
            for j in range(i + 1, len(numbers)):
                dot = self.fx[i] * self.fx[j] + self.fy[i] * self.fy[j] + self.fz[i] * self.fz[j]
                if dot > limit:
                    raise ValueError("faces %d and %d point the same way: recalibrate"
                                     % (numbers[i], numbers[j]))
        self.tolerance_deg = tolerance_deg
        t = math.tan(math.radians(tolerance_deg))
        self._tan2 = int(t * t * _TAN_SCALE + 0.5)

    def match(self, x, y, z):
        """The face up for a resting reading (milli-g), or 0 if the die rests crooked.

        Readings must be resting ones (about 1 g): the roll detector only asks then.
        """
        best = -1
        along = -1
        fx = self.fx
        fy = self.fy
        fz = self.fz
        for i in range(len(fx)):
            a = (x * fx[i] + y * fy[i] + z * fz[i]) // 1000
            if a > along:
                along = a
                best = i
        if along <= 0:
            return 0
        # tan^2 of the tilt = perpendicular^2 / along^2, compared without division.
        perp2 = x * x + y * y + z * z - along * along
        if perp2 < 0:
            perp2 = 0
        if perp2 * _TAN_SCALE > along * along * self._tan2:
            return 0
        return self.numbers[best]

    def faces(self):
        out = {}
        for i in range(len(self.numbers)):
            out[self.numbers[i]] = (self.fx[i], self.fy[i], self.fz[i])
        return out

    def to_json(self):
        faces = {}
        for n, v in self.faces().items():
            faces[str(n)] = list(v)
        return json.dumps({"tolerance_deg": self.tolerance_deg, "faces": faces})

    @classmethod
    def from_json(cls, text):
        data = json.loads(text)
        faces = {}
        for key, v in data["faces"].items():
            faces[int(key)] = (int(v[0]), int(v[1]), int(v[2]))
        return cls(faces, data.get("tolerance_deg", TOLERANCE_DEG))


def load(path=FILE):
    """The die's face table from ``path``, or the reference build's if there is none."""
    try:
        with open(path) as f:
            return FaceTable.from_json(f.read())
    except OSError:
        return FaceTable(DEFAULT)
