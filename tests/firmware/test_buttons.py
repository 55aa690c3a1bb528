"""Player buttons: debounce, press, long press."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from firmware.buttons import Button, Buttons


class _Pin:
    def __init__(self):
        self.level = 1  # pull-up: released reads 1

    def value(self):
        return self.level


def _run(button_or_buttons, pin, script, end):
    """``script``: {ms: level}; poll every ms up to ``end``; events with their time."""
    events = []
    for t in range(end):
        if t in script:
            pin.level = script[t]
        e = button_or_buttons.poll(t)
        if e is not None:
            events.append((t, e))
    return events


def test_short_press_is_one_press_on_release():
    pin = _Pin()
    events = _run(Button(pin, "A"), pin, {10: 0, 200: 1}, 400)
    assert [e[1] for e in events] == [("A", "press")]
    assert 200 <= events[0][0] <= 230


def test_bounces_shorter_than_debounce_are_ignored():
    pin = _Pin()
    bounce = {10: 0, 12: 1, 14: 0, 15: 1, 17: 0, 300: 1, 302: 0, 303: 1}
    events = _run(Button(pin, "A"), pin, bounce, 500)
    assert [e[1] for e in events] == [("A", "press")]


def test_a_glitch_alone_is_not_a_press():
    pin = _Pin()
    assert _run(Button(pin, "A"), pin, {50: 0, 55: 1}, 300) == []


def test_holding_is_a_long_press_sent_while_held_and_no_press_after():
    pin = _Pin()
    events = _run(Button(pin, "B", long_ms=700), pin, {10: 0, 1500: 1}, 1800)
    assert [e[1] for e in events] == [("B", "long")]
    assert events[0][0] < 1500  # the player sees the answer before letting go


def test_button_held_at_boot_is_not_a_press():
    pin = _Pin()
    pin.level = 0
    events = _run(Button(pin, "A"), pin, {400: 1}, 1500)
    assert events == []


def test_two_buttons_pressed_together_both_arrive():
    a, b = _Pin(), _Pin()
    buttons = Buttons([("A", a), ("B", b)])
    events = []
    for t in range(300):
        if t == 10:
            a.level = b.level = 0
        if t == 100:
            a.level = b.level = 1
        e = buttons.poll(t)
        if e is not None:
            events.append(e)
    assert sorted(events) == [("A", "press"), ("B", "press")]


def test_active_high_buttons():
    pin = _Pin()
    pin.level = 0
    events = _run(Button(pin, "A", active_low=False), pin, {10: 1, 100: 0}, 200)
    assert [e[1] for e in events] == [("A", "press")]
