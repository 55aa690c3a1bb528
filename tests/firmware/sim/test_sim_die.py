"""The demo hub's die is the real one: the LIS3DH driver on the accelerometer twin and the
roll detector decide each scripted throw (firmware/sim/hub.py TwinDie)."""
from __future__ import annotations

from firmware.sim.hub import TwinDie


def _events(die: TwinDie, now: int, ms: int) -> tuple[int, list]:
    out = []
    for _ in range(ms // 2):
        now += 2  # the demo hub's loop period
        event = die.poll(now)
        if event is not None:
            out.append(event)
    return now, out


def test_every_scripted_throw_lands_on_its_face_through_the_detector():
    die = TwinDie()
    now, _ = _events(die, 0, 1000)  # boot: resting, no roll
    for face in (1, 2, 3, 4, 5, 6, 6):
        die.land(face)
        now, got = _events(die, now, 800)
        assert got == [("ROLLING", ()), ("FACE", (face,))]


def test_a_leaning_die_is_crooked_not_guessed_and_resting_says_nothing():
    die = TwinDie()
    now, got = _events(die, 0, 2000)
    assert got == []
    die.crooked()
    now, got = _events(die, now, 1200)
    assert got == [("ROLLING", ()), ("CROOKED", ())]


def test_a_throw_is_not_lost_when_the_hub_loop_is_starved():
    """A busy computer stretches the demo hub's loop (seen: whole games stalled waiting for
    a roll under load): with 0.4 s and 1 s between passes the throw still reads as a roll
    on its face, because the twin's trace moves on at most one sample a poll."""
    for gap in (400, 1000):
        die = TwinDie()
        now, _ = _events(die, 0, 1000)
        die.land(5)
        got = []
        for _ in range(200):
            now += gap
            event = die.poll(now)
            if event is not None:
                got.append(event)
        assert got == [("ROLLING", ()), ("FACE", (5,))], gap
