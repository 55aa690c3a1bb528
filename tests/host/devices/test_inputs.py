"""Buttons, encoder and buzzer on gpiozero's mock pins, with a clock we move by hand."""
from __future__ import annotations

import pytest
from rigs.clock import Clock

from host.devices.inputs import BACK, DOWN, LONG, OK, PRESS, UP, Beeper, Controls, Debouncer, Press

PINS = {UP: 17, DOWN: 27, OK: 22, BACK: 23}


@pytest.fixture
def rig(factory):
    clock = Clock(100.0)
    controls = Controls(PINS, clock=clock)
    yield controls, clock, factory
    controls.close()


def press(factory, clock, pin, held, bounces=0):
    """Press a button for ``held`` seconds, the contact bouncing ``bounces`` times at
    each end (2 ms apart)."""
    p = factory.pin(pin)
    for _ in range(bounces):
        p.drive_low()
        clock.t += 0.002
        p.drive_high()
        clock.t += 0.002
    p.drive_low()
    clock.t += held
    for _ in range(bounces):
        p.drive_high()
        clock.t += 0.002
        p.drive_low()
        clock.t += 0.002
    p.drive_high()


def test_a_clean_short_press_is_one_press(rig):
    controls, clock, factory = rig
    press(factory, clock, 22, 0.12)
    clock.t += 0.05
    assert controls.events() == [Press(OK, PRESS)]
    assert controls.events() == []


def test_a_bouncing_contact_is_still_one_press(rig):
    controls, clock, factory = rig
    press(factory, clock, 17, 0.15, bounces=4)
    clock.t += 0.05
    assert controls.events() == [Press(UP, PRESS)]


def test_a_blip_shorter_than_the_debounce_is_ignored(rig):
    controls, clock, factory = rig
    press(factory, clock, 27, 0.01)
    clock.t += 0.1
    assert controls.events() == []


def test_long_press_is_reported_while_still_held_and_not_again_on_release(rig):
    """BACK held is undo: the players see it happen without letting go."""
    controls, clock, factory = rig
    pin = factory.pin(23)
    pin.drive_low()
    clock.t += 0.5
    assert controls.events() == []
    clock.t += 0.4
    assert controls.events() == [Press(BACK, LONG)]
    clock.t += 1.0
    pin.drive_high()
    clock.t += 0.05
    assert controls.events() == []


def test_long_press_seen_only_at_release_still_counts_once(rig):
    controls, clock, factory = rig
    press(factory, clock, 23, 1.2)
    clock.t += 0.05
    assert controls.events() == [Press(BACK, LONG)]


def test_presses_on_two_buttons_keep_their_order(rig):
    controls, clock, factory = rig
    press(factory, clock, 27, 0.1)
    clock.t += 0.05
    press(factory, clock, 22, 0.1)
    clock.t += 0.05
    assert controls.events() == [Press(DOWN, PRESS), Press(OK, PRESS)]


def test_debouncer_ignores_a_release_bounce_after_a_long_hold():
    d = Debouncer(OK, 0.03, 0.8)
    out = d.edge(True, 0.0) + d.poll(0.9)
    assert out == [Press(OK, LONG)]
    out = d.edge(False, 1.0) + d.edge(True, 1.005) + d.edge(False, 1.01) + d.poll(1.2)
    assert out == []


def test_encoder_turns_move_and_its_push_is_ok(factory):
    clock = Clock(100.0)
    controls = Controls(PINS, encoder=(5, 6, 26), clock=clock)
    a, b = factory.pin(5), factory.pin(6)

    def step(sequence):
        for x, y in sequence:
            (a.drive_high if x else a.drive_low)()
            (b.drive_high if y else b.drive_low)()

    step([(0, 1), (0, 0), (1, 0), (1, 1)])  # one detent clockwise
    step([(0, 1), (0, 0), (1, 0), (1, 1)])
    step([(1, 0), (0, 0), (0, 1), (1, 1)])  # one back
    press(factory, clock, 26, 0.1)
    clock.t += 0.05
    assert controls.events() == [Press(DOWN, PRESS), Press(DOWN, PRESS), Press(UP, PRESS),
                                 Press(OK, PRESS)]
    controls.close()


def test_buzzer_patterns_sound_and_stop(factory):
    beeper = Beeper.on_pin(18)
    pin = factory.pin(18)
    beeper.play("refused", 0.0)
    assert pin.state
    assert beeper.poll(0.1) and pin.state
    assert not beeper.poll(0.28) and not pin.state  # the gap
    assert beeper.poll(0.4) and pin.state
    assert not beeper.poll(0.6) and not pin.state  # done
    beeper.play("accepted", 1.0)
    assert pin.state and not beeper.poll(1.05)
    with pytest.raises(ValueError, match="no buzzer pattern"):
        beeper.play("fanfare", 2.0)
    assert beeper.played == ["refused", "accepted"]
    beeper.close()


def test_the_win_pattern_is_the_longest():
    from host.devices.inputs import PATTERNS

    assert sum(PATTERNS["win"]) > sum(PATTERNS["refused"]) > sum(PATTERNS["accepted"])
