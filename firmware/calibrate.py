"""Calibrating a die build: hold each face up in turn, record where gravity points.

Only needed once per die (or after re-gluing its sensor), so it lives apart from
``faces`` and is never loaded by the hub loop. At the hub's REPL (mpremote)::

    from firmware import calibrate, lis3dh, wiring
    from firmware.hub import board
    calibrate.run(lis3dh.LIS3DH(wiring.die_i2c(board)))

It asks for faces 1 to 6, records each once the die has lain still for a second in a
direction no earlier face took, and writes ``die_faces.json`` for ``faces_setup.load``.
"""
import math

from firmware.faces import TOLERANCE_DEG
from firmware.faces_setup import FILE, MIN_APART_DEG, face_table, to_json


def save(table, path=FILE):
    with open(path, "w") as f:
        f.write(to_json(table))


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
            if cos > math.cos(math.radians(MIN_APART_DEG)):
                return False
        return True

    def table(self, tolerance_deg=TOLERANCE_DEG):
        if not self.done:
            raise ValueError("face %d is not recorded yet" % self.face)
        return face_table(self.recorded, tolerance_deg)


def run(sensor, path=FILE, order=(1, 2, 3, 4, 5, 6), say=print, sleep_ms=None):
    """Run at the hub's REPL with the die connected: asks for each face in turn, records
    it once the die rests, and writes the table to ``path``.
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
