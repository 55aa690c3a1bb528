"""A tag resting on the reader is one TAP; GONE after a few missed polls (firmware/taps.py)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from firmware.taps import Taps

A = "04A1B2C3D4E5F6"
B = "04112233445566"


def test_resting_tag_is_one_tap():
    taps = Taps(gone_after=3)
    assert taps.update(A, "D101") == (("TAP", A, "D101"),)
    for _ in range(50):
        assert taps.update(A, "D101") == ()


def test_gone_only_after_enough_missed_polls():
    taps = Taps(gone_after=3)
    taps.update(A, "")
    assert taps.update(None) == ()
    assert taps.update(None) == ()
    assert taps.update(None) == (("GONE", A),)
    assert taps.update(None) == ()
    assert taps.uid is None


def test_a_wobble_is_not_a_second_tap():
    taps = Taps(gone_after=3)
    taps.update(A, "")
    seen = []
    for uid in (None, A, None, None, A, A, None):
        seen.extend(taps.update(uid, ""))
    assert seen == []


def test_a_different_tag_replaces_at_once():
    taps = Taps(gone_after=3)
    taps.update(A, "01")
    assert taps.update(B, "02") == (("GONE", A), ("TAP", B, "02"))
    assert taps.update(None) == ()


def test_tapped_again_after_gone_and_after_rewrite():
    taps = Taps(gone_after=1)
    taps.update(A, "01")
    assert taps.update(None) == (("GONE", A),)
    assert taps.update(A, "01") == (("TAP", A, "01"),)
    # The same tag, freshly enrolled: the host sees the new record.
    assert taps.update(A, "02") == (("TAP", A, "02"),)


def test_gone_after_must_be_positive():
    assert raises(ValueError, Taps, 0)
