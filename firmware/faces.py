"""The die build's face table: which way gravity points, in the sensor's own axes, when
each face is up (``firmware.calibrate`` records it for a new build).

The table belongs to the die, not to the firmware: where the sensor board sits in the
shell and which way round it is glued decide it. It is kept as JSON on the hub
(``die_faces.json``); ``DEFAULT`` is the reference build (sensor flat under face 6, its
Z axis through face 1, X through face 2, Y through face 3, opposite faces summing to 7).

An accelerometer at rest reads +1 g *upwards* (it feels the table pushing), so the vector
recorded for a face is the reading with that face on top.

>>> from firmware.faces_setup import DEFAULT, face_table
>>> table = face_table(DEFAULT)
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

# How far from flat a die may rest and still show a face: the face table is calibrated on
# the die itself (the sensor's tilt in the shell and its offsets taken out), a table is
# level within a degree, and a die leaning on a tile's edge is tilted 3.5 degrees or more.
TOLERANCE_DEG = const(3)
TAN_SCALE = const(256)  # tan^2 of the tolerance is kept times this, as an int


class FaceTable:
    """Face directions normalised to 1000 mg, matched with integer arithmetic only (the
    hub calls ``match`` from its loop and must not allocate).

    Built by :func:`firmware.faces_setup.face_table` from the recorded directions, which
    it checks and normalises: that is boot and calibration work, and the hub's main drops
    faces_setup once the hub runs (``match`` is all the hub keeps)."""

    def __init__(self, numbers, fx, fy, fz, tolerance_deg, tan2):
        self.numbers = numbers  # the faces, in the order of fx, fy, fz
        self.fx = fx
        self.fy = fy
        self.fz = fz
        self.tolerance_deg = tolerance_deg
        self.tan2 = tan2  # tan^2 of the tolerance, times TAN_SCALE

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
        if perp2 * TAN_SCALE > along * along * self.tan2:
            return 0
        return self.numbers[best]
