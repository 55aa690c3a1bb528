"""The die build's face table: which way gravity points, in the sensor's own axes, when
each face is up; and the calibration routine that records it.

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
import json
import math

DEFAULT = {1: (0, 0, 1000), 6: (0, 0, -1000), 2: (1000, 0, 0), 5: (-1000, 0, 0),
           3: (0, 1000, 0), 4: (0, -1000, 0)}
TOLERANCE_DEG = 20  # how far from flat a die may rest and still show a face
FILE = "die_faces.json"
_TAN_SCALE = 256
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


def save(table, path=FILE):
    with open(path, "w") as f:
        f.write(table.to_json())


class Calibration:
    """Records one face at a time from a stream of samples.

    Hold each face up in turn (the order is ``order``); when the die has lain still for
    ``still_samples`` samples in a direction no earlier face took, that direction is
    recorded and ``feed`` returns the face just recorded. Moving the die restarts the
    count, so a face is only taken from a die at rest.

    >>> cal = Calibration(order=(1, 6), still_samples=3)
    >>> [cal.feed(0, 0, 1000) for _ in range(3)]
    [None, None, 1]
    >>> cal.face
    6
    """

    def __init__(self, order=(1, 2, 3, 4, 5, 6), still_samples=100, band=60):
        self.order = tuple(order)
        self.still_samples = still_samples
        self.band = band
        self.recorded = {}
        self._n = 0
        self._sx = self._sy = self._sz = 0

    @property
    def face(self):
        """The face to hold up now, or None when every face is recorded."""
        if len(self.recorded) < len(self.order):
            return self.order[len(self.recorded)]
        return None

    @property
    def done(self):
        return self.face is None

    def feed(self, x, y, z):
        face = self.face
        if face is None:
            return None
        n = self._n
        if n and (abs(x * n - self._sx) > self.band * n or abs(y * n - self._sy) > self.band * n
                  or abs(z * n - self._sz) > self.band * n):
            n = 0  # it moved: start the still count again
            self._sx = self._sy = self._sz = 0
        self._sx += x
        self._sy += y
        self._sz += z
        self._n = n + 1
        if self._n < self.still_samples:
            return None
        v = (self._sx // self._n, self._sy // self._n, self._sz // self._n)
        self._n = 0
        self._sx = self._sy = self._sz = 0
        if not self._new_direction(v):
            return None  # still showing a face already recorded: wait for the turn
        self.recorded[face] = v
        return face

    def _new_direction(self, v):
        m = math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
        if m < 500:
            return False
        for w in self.recorded.values():
            mw = math.sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2])
            cos = (v[0] * w[0] + v[1] * w[1] + v[2] * w[2]) / (m * mw)
            if cos > math.cos(math.radians(_MIN_APART_DEG)):
                return False
        return True

    def table(self, tolerance_deg=TOLERANCE_DEG):
        if not self.done:
            raise ValueError("face %d is not recorded yet" % self.face)
        return FaceTable(self.recorded, tolerance_deg)


def calibrate(sensor, path=FILE, order=(1, 2, 3, 4, 5, 6), say=print, sleep_ms=None):
    """Run at the hub's REPL with the die connected: asks for each face in turn, records
    it once the die rests, and writes the table to ``path``. At the REPL (mpremote)::

        from firmware import faces, lis3dh, main_pico
        faces.calibrate(lis3dh.LIS3DH(main_pico.die_i2c()))
    """
    if sleep_ms is None:
        from firmware.clock import sleep_ms
    period = 1000 // getattr(sensor, "rate_hz", 100)
    cal = Calibration(order)
    while not cal.done:
        say("put face %d up and let go" % cal.face)
        face = None
        while face is None:
            mg = sensor.read()
            face = cal.feed(mg[0], mg[1], mg[2])
            sleep_ms(period)
        say("face %d recorded" % face)
    table = cal.table()
    save(table, path)
    say("face table written to %s" % path)
    return table
