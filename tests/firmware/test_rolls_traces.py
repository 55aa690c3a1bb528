"""The roll detector over the whole synthesised trace set, through each chip's twin and
driver: the same events under CPython and MicroPython (DESIGN.md: die, 0 wrong faces)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
import traceset
from traceset import replay

from firmware.faces_setup import DEFAULT, face_table
from firmware.rolls import RollDetector


def _check_chip(chip):
    table = face_table(DEFAULT)
    wrong = []
    for name in traceset.names():
        trace = traceset.load(name)
        got = [(e[1], e[2]) for e in traceset.run_through_chip(trace, chip, RollDetector(table))]
        if got != traceset.expected(trace):
            wrong.append((name, got, traceset.expected(trace)))
    assert wrong == [], wrong


def test_trace_set_covers_every_kind_of_throw_and_handling():
    names = traceset.names()
    assert len(names) >= 30
    faces = set()
    for name in names:
        trace = traceset.load(name)
        assert trace["rate_hz"] == 100 and len(trace["samples"]) % 3 == 0
        for e in trace["expected"]:
            if e[0] == "FACE":
                faces.add(e[1])
    assert faces == set([1, 2, 3, 4, 5, 6])
    for prefix in ("roll_face", "handle_", "crooked_", "box_drop_", "noisy_", "table_bump",
                   "edge_pause", "cup_shake", "gentle_roll"):
        assert [n for n in names if n.startswith(prefix)], prefix


def test_lis3dh_every_trace_gives_its_expected_events():
    _check_chip("lis3dh")


def test_adxl345_every_trace_gives_its_expected_events():
    _check_chip("adxl345")


def test_mpu6050_every_trace_gives_its_expected_events():
    _check_chip("mpu6050")


def test_handling_is_never_a_roll():
    table = face_table(DEFAULT)
    for name in traceset.names():
        if name.startswith("handle_") and name != "handle_then_roll" or \
                name.startswith("table_bump") or name == "noisy_idle":
            assert replay(RollDetector(table), traceset.load(name)["samples"]) == [], name


def test_every_result_comes_after_the_die_rests_and_after_rolling():
    table = face_table(DEFAULT)
    for name in traceset.names():
        trace = traceset.load(name)
        events = replay(RollDetector(table), trace["samples"])
        results = [e for e in events if e[1] != "ROLLING"]
        assert len(results) == len(trace["rest_at"]), name
        for i in range(len(events)):
            if events[i][1] != "ROLLING":
                assert i > 0 and events[i - 1][1] == "ROLLING", name


def test_crooked_landing_is_reported_not_guessed():
    table = face_table(DEFAULT)
    for name in traceset.names():
        if name.startswith("crooked_"):
            events = replay(RollDetector(table), traceset.load(name)["samples"])
            assert [e[1] for e in events] == ["ROLLING", "CROOKED"], name
