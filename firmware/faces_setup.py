"""The face table's setup work: checking and normalising the recorded directions into a
:class:`firmware.faces.FaceTable`, reading and writing ``die_faces.json``, and the
reference build's table (``DEFAULT``). The hub needs it only while booting (its loop only
calls :meth:`firmware.faces.FaceTable.match`), so the hub's main (firmware/hub/main.py) drops this module
afterwards; calibration and the tests import it as they need it.

>>> table = face_table(DEFAULT)
>>> from_json(to_json(table)).tolerance_deg == table.tolerance_deg
True
"""
import json
import math

from firmware.faces import TAN_SCALE, TOLERANCE_DEG, FaceTable

# The reference build: sensor flat under face 6, its Z axis through face 1, X through
# face 2, Y through face 3 (see firmware.faces).
DEFAULT = {1: (0, 0, 1000), 6: (0, 0, -1000), 2: (1000, 0, 0), 5: (-1000, 0, 0),
           3: (0, 1000, 0), 4: (0, -1000, 0)}
FILE = "die_faces.json"
UNCALIBRATED_DEG = 10  # the reference build's table on a die never calibrated
MIN_APART_DEG = 60  # two faces of a d6 are 90 degrees apart; less means a bad recording


def face_table(faces, tolerance_deg=TOLERANCE_DEG):
    """The table for ``{face: (x, y, z)}`` (readings in milli-g, any length about 1 g);
    a bad table is a ValueError."""
    if len(faces) < 2:
        raise ValueError("a face table needs at least two faces, got %d" % len(faces))
    if not 1 <= tolerance_deg < 45:
        raise ValueError("face tolerance %r degrees is not in 1..44" % (tolerance_deg,))
    numbers = sorted(faces)
    fx = []
    fy = []
    fz = []
    for n in numbers:
        v = faces[n]
        length = math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
        if length < 500:
            raise ValueError("face %d: %r is not a gravity reading (under 0.5 g)" % (n, v))
        fx.append(int(round(v[0] * 1000 / length)))
        fy.append(int(round(v[1] * 1000 / length)))
        fz.append(int(round(v[2] * 1000 / length)))
    limit = math.cos(math.radians(MIN_APART_DEG)) * 1000 * 1000
    for i in range(len(numbers)):
        for j in range(i + 1, len(numbers)):
            dot = fx[i] * fx[j] + fy[i] * fy[j] + fz[i] * fz[j]
            if dot > limit:
                raise ValueError("faces %d and %d point the same way: recalibrate"
                                 % (numbers[i], numbers[j]))
    t = math.tan(math.radians(tolerance_deg))
    return FaceTable(numbers, fx, fy, fz, tolerance_deg, int(t * t * TAN_SCALE + 0.5))


def faces(table):
    """``{face: (x, y, z)}``, normalised to 1000 mg."""
    out = {}
    for i in range(len(table.numbers)):
        out[table.numbers[i]] = (table.fx[i], table.fy[i], table.fz[i])
    return out


def to_json(table):
    recorded = {}
    for n, v in faces(table).items():
        recorded[str(n)] = list(v)
    return json.dumps({"tolerance_deg": table.tolerance_deg, "faces": recorded})


def from_json(text):
    data = json.loads(text)
    recorded = {}
    for key, v in data["faces"].items():
        recorded[int(key)] = (int(v[0]), int(v[1]), int(v[2]))
    return face_table(recorded, data.get("tolerance_deg", TOLERANCE_DEG))


def load(path=FILE):
    """The die's face table from ``path``, or the reference build's if there is none: then
    with a wider tolerance (``UNCALIBRATED_DEG``), as a sensor glued a few degrees off
    would otherwise call every rest crooked; calibrating gives the tight one."""
    try:
        with open(path) as f:
            return from_json(f.read())
    except OSError:
        return face_table(DEFAULT, UNCALIBRATED_DEG)
