"""The roll detector against fresh runs of the physics model (tests/traces/make_traces.py),
beyond the 40 shipped traces: whatever the seed, a roll gives ROLLING then the face the
model's die shows (or CROOKED when it leans), and handling, pushing, knocks on the table
and sensor noise give nothing."""

import make_traces  # noqa: E402
from hypothesis import given, settings
from hypothesis import strategies as st
from traceset import replay  # noqa: E402

from firmware.faces_setup import DEFAULT, face_table  # noqa: E402
from firmware.rolls import RollDetector  # noqa: E402

SEEDS = st.integers(min_value=100000, max_value=10 ** 9)
# Few examples each (a run of the model takes ~20 ms); derandomized, so a failure reproduces.
FEW = settings(max_examples=12, deadline=None, derandomize=True)


def _events(kind, seed, **kw):
    die, samples = make_traces.scenario(kind, seed, **kw)
    got = replay(RollDetector(face_table(DEFAULT)), samples)
    return [[e[1]] + ([e[2]] if e[1] == "FACE" else []) for e in got], die.events


@FEW
@given(SEEDS, st.sampled_from(["roll", "gentle", "box", "cup", "two_rolls"]))
def test_any_roll_reports_rolling_then_the_models_face(seed, kind):
    got, expected = _events(kind, seed)
    assert got == expected


@FEW
@given(SEEDS)
def test_any_crooked_landing_is_crooked(seed):
    got, expected = _events("crooked", seed)
    assert got == expected == [["ROLLING"], ["CROOKED"]]


@FEW
@given(SEEDS, st.sampled_from(["handle", "slide", "bump", "idle"]), st.integers(0, 30))
def test_handling_knocks_and_noise_are_never_a_roll(seed, kind, noise):
    got, expected = _events(kind, seed, noise=noise, moves=2, bumps=2, ms=2000)
    assert got == expected == []


@FEW
@given(SEEDS, st.integers(0, 30))
def test_noisy_sensor_still_reads_the_right_face(seed, noise):
    got, expected = _events("roll", seed, noise=noise)
    assert got == expected
