"""The die build's face table and its calibration."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from firmware.calibrate import Calibration
from firmware.faces_setup import DEFAULT, face_table, faces, from_json, to_json


def test_flat_readings_match_their_face():
    t = face_table(DEFAULT)
    for face, v in DEFAULT.items():
        assert t.match(v[0], v[1], v[2]) == face
    assert t.match(30, -40, 1020) == 1  # 2.8 degrees
    assert t.match(-990, 30, -35) == 5  # 2.7 degrees
    assert t.match(-980, 60, -50) == 0  # 4.6 degrees: leaning on something (3 at most)


def test_tilt_within_tolerance_is_a_face_beyond_is_crooked():
    t = face_table(DEFAULT, tolerance_deg=20)
    assert t.match(0, 309, 951) == 1  # 18 degrees
    assert t.match(0, 375, 927) == 0  # 22 degrees
    assert t.match(707, 0, 707) == 0  # on an edge


def test_table_round_trips_through_json():
    t = face_table(DEFAULT, tolerance_deg=15)
    back = from_json(to_json(t))
    assert faces(back) == faces(t) and back.tolerance_deg == 15


def test_rotated_sensor_build_matches_after_calibration():
    # A die whose sensor sits turned 90 degrees about z: X reads through face 3, not 2.
    turned = {1: (0, 0, 1000), 6: (0, 0, -1000), 2: (0, 1000, 0), 5: (0, -1000, 0),
              3: (-1000, 0, 0), 4: (1000, 0, 0)}
    cal = Calibration(still_samples=20)
    recorded = []
    for face in (1, 2, 3, 4, 5, 6):
        v = turned[face]
        for i in range(25):
            wobble = (i % 3) - 1  # sensor noise
            got = cal.feed(v[0] + 9 * wobble, v[1] - 7 * wobble, v[2] + 5 * wobble)
            if got:
                recorded.append(got)
        for _ in range(5):  # turning it over between faces
            cal.feed(500, 500, 500)
    assert recorded == [1, 2, 3, 4, 5, 6] and cal.done
    table = cal.table()
    assert table.match(0, 990, 20) == 2 and table.match(990, 0, 20) == 4


def test_calibration_waits_for_a_new_face():
    cal = Calibration(order=(1, 6), still_samples=10)
    got = [cal.feed(0, 0, 1000) for _ in range(40)]
    assert got.count(1) == 1 and cal.face == 6  # face 1 held on: 6 not taken from it


def test_bad_tables_are_refused_with_a_reason():
    same = dict(DEFAULT)
    same[2] = (0, 50, 1000)
    err = raises(ValueError, face_table, same)
    assert "point the same way" in str(err)
    err = raises(ValueError, face_table, {1: (0, 0, 100), 6: (0, 0, -1000)})
    assert "gravity" in str(err)
    assert "tolerance" in str(raises(ValueError, face_table, DEFAULT, 60))
    assert "not recorded" in str(raises(ValueError, Calibration().table))
