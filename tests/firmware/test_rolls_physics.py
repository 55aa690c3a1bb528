"""The roll detector against dice thrown, shaken, set down, pushed and caught in MuJoCo
(tests/traces/dice_physics.py, committed in tests/portable/traces/physics/): each trace is
labelled by the physics (did the die tumble? which face is up, how tilted? when did it last
come to rest?), replayed with its own build's calibrated face table. Counts per kind;
``make bench`` prints the same counts (tests/bench_rolls.py)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
import traceset

from firmware.rolls import RollDetector


def _runs(kinds):
    """``(name, trace, events)`` for every committed trace of ``kinds``."""
    out = []
    for name in traceset.physics_names():
        trace = traceset.load_physics(name)
        if trace["kind"] in kinds:
            events = traceset.replay(RollDetector(traceset.physics_table(trace)),
                                     trace["samples"])
            out.append((name, trace, events))
    return out


def _wrong(runs):
    return [(name, trace["expected"], trace["rest_at"], events) for name, trace, events in runs
            if not traceset.judge(trace, events)[0]]


def test_the_traces_cover_every_kind_both_sizes_and_both_surfaces():
    seen = {}
    for name in traceset.physics_names():
        trace = traceset.load_physics(name)
        assert trace["rate_hz"] == 100 and len(trace["samples"]) % 3 == 0, name
        assert len(trace["faces"]) == 6, name
        key = trace["kind"]
        seen.setdefault(key, set()).add((trace["size_mm"], trace["surface"]))
    for kind in ("throw", "throw_high_spin", "tray", "pad", "tiles", "ramp", "two_dice",
                 "shake_throw", "set_down", "drop_flat", "slide", "flick", "catch"):
        assert seen.get(kind) == set([(16, "felt"), (16, "wood"), (25, "felt"), (25, "wood")]), \
            (kind, seen.get(kind))


def test_a_throw_gives_rolling_then_the_face_the_die_shows_after_it_rests():
    runs = _runs(("throw", "throw_high_spin", "tray", "pad", "tiles", "ramp", "two_dice"))
    assert len(runs) >= 48
    assert _wrong(runs) == []


ALL = ("throw", "throw_high_spin", "tray", "pad", "tiles", "ramp", "two_dice", "shake_throw",
       "set_down", "drop_flat", "slide", "flick", "catch")


def test_a_flat_rest_is_never_reported_as_another_face():
    # On the table: every FACE from the die's last rest on is the face the physics shows.
    for name, trace, events in _runs(ALL):
        for want in trace["expected"]:
            if want[0] == "FACE":
                assert [e for e in events if e[1] == "FACE" and e[2] != want[1] and
                        e[0] >= trace["rest_at"][0]] == [], name


def test_shake_then_throw_reports_the_face_after_the_throw():
    # Shaken in a hand closed over the die, with pauses, then thrown: the last result is
    # the face the die shows on the table, after its last rest. A face from the hand comes
    # only in a pause where the die lay within the face tolerance (3 degrees) of flat, still
    # for 40 ms (the physics labels each pause with the die's tilt):
    # to an accelerometer that palm is a table (docs/DESIGN.md); at most one per pause, and
    # of the 12 shakes one gives a face from the hand (shake_throw_6008: 140 ms with the die
    # 2.4 degrees from flat; a 20 ms steady rest would give three).
    runs = _runs(traceset.SHAKES)
    assert len(runs) >= 12
    in_hand = 0
    for name, trace, events in runs:
        results = [e for e in events if e[1] != "ROLLING"]
        want = [e for e in trace["expected"] if e[0] != "ROLLING"]
        assert results and [[results[-1][1]] + ([results[-1][2]] if results[-1][1] == "FACE"
                                                 else [])] == want, (name, events)
        assert results[-1][0] >= trace["rest_at"][0], (name, events)
        for pause in trace["pauses"]:
            inside = [e for e in results[:-1] if pause[0] <= e[0] < pause[1]]
            assert len(inside) <= (1 if pause[2] <= 3 else 0), (name, pause, events)
        assert len([e for e in results[:-1] if not [p for p in trace["pauses"]
                                                     if p[0] <= e[0] < p[1]]]) == 0, \
            (name, events)
        in_hand += len(results) - 1
    assert in_hand <= 1


def test_a_spinning_die_in_the_air_or_a_die_in_the_hand_is_never_called():
    # No result before the die's last rest on the table, in any trace of any kind.
    early = []
    for name, trace, events in _runs(ALL):
        if trace["kind"] in traceset.CAUGHT + traceset.SHAKES:
            continue  # a die lying still in a level palm: see the tests of those
        if traceset.judge(trace, events)[1]:
            early.append((name, trace["rest_at"], events))
    assert early == []


def test_handling_where_the_die_did_not_tumble_is_no_roll():
    # Set down from a few mm, dropped flat, slid, nudged by a fingertip without turning over:
    # the physics says it did not tumble (its up face never tilted past 45 degrees).
    runs = [r for r in _runs(("set_down", "drop_flat", "slide", "flick"))
            if not r[1]["expected"]]
    assert len(runs) >= 20
    assert [(name, events) for name, trace, events in runs if events] == []


def test_a_flicked_die_that_tumbles_is_a_roll():
    runs = [r for r in _runs(("flick",)) if r[1]["expected"]]
    assert len(runs) >= 1
    assert _wrong(runs) == []


def test_a_die_caught_in_the_hand_gives_no_face_before_the_catch_and_none_set_down():
    # Tossed, caught in a cupped palm, held, set down. A palm held still reads as a table
    # to an accelerometer (a hand's tremor is 1.5-35 mg): a caught die lying tilted in it is
    # CROOKED (the players re-roll), lying level (within 3 degrees) it shows its face; this
    # is what a real die may still be fooled by (docs/DESIGN.md). What the detector does
    # hold to: at most one result, never while the die is in the air, never the set-down.
    runs = _runs(traceset.CAUGHT)
    assert len(runs) >= 6
    for name, trace, events in runs:
        results = [e for e in events if e[1] != "ROLLING"]
        assert len(results) <= 1, (name, events)
        if results:
            assert events[0][1] == "ROLLING", (name, events)
            # reported while it lay in the hand, before the hand lowered it
            assert results[0][0] < trace["rest_at"][0] - 40, (name, events)


def test_a_die_resting_tilted_against_something_is_crooked():
    runs = [r for r in _runs(ALL) if ["CROOKED"] in r[1]["expected"]]
    assert len(runs) >= 3
    assert _wrong(runs) == []
