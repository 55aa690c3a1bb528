"""The status light: patterns the host asks for, on a plain LED or one WS2812."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from firmware.led import Led, PinLight, PixelLight, PwmLight


class _Pin:
    def __init__(self):
        self.level = 0
        self.writes = 0

    def value(self, v):
        self.level = v
        self.writes += 1


class _Pixel:
    def __init__(self):
        self.px = [(0, 0, 0)]
        self.writes = 0

    def __setitem__(self, i, v):
        self.px[i] = v

    def __getitem__(self, i):
        return self.px[i]

    def write(self):
        self.writes += 1


class _Pwm:
    def __init__(self):
        self.duty = 0

    def duty_u16(self, d):
        self.duty = d


def _levels(led, start, end, step=10):
    out = []
    for t in range(start, end, step):
        led.update(t)
        out.append(led._level)
    return out


def test_steady_patterns_write_once():
    pin = _Pin()
    led = Led(PinLight(pin))
    led.show("on", "00FF00")
    for t in range(100):
        led.update(t)
    assert pin.level == 1 and pin.writes == 1


def test_blink_half_a_second_each_way():
    led = Led(PinLight(_Pin()))
    led.show("blink", "FFFFFF")
    levels = _levels(led, 0, 2000, 250)
    assert levels == [255, 255, 0, 0, 255, 255, 0, 0]


def test_ok_flashes_twice_then_returns_to_the_steady_pattern():
    pin = _Pin()
    led = Led(PinLight(pin))
    led.show("pulse", "0000FF")
    led.update(0)
    led.show("ok", "00FF00")
    lit = [lv >= 128 for lv in _levels(led, 0, 500, 20)]
    flashes = sum(1 for i in range(1, len(lit)) if lit[i] and not lit[i - 1]) + (1 if lit[0] else 0)
    assert flashes == 2
    led.update(600)
    assert led.pattern == "pulse" and led.colour == (0, 0, 255)


def test_refused_flashes_four_times_then_back_to_off():
    led = Led(PinLight(_Pin()))
    led.show("refused", "FF0000")
    lit = [lv >= 128 for lv in _levels(led, 0, 700, 20)]
    flashes = sum(1 for i in range(1, len(lit)) if lit[i] and not lit[i - 1]) + (1 if lit[0] else 0)
    assert flashes == 4
    led.update(800)
    assert led.pattern == "off" and led._level == 0


def test_pixel_takes_the_colour_and_the_plain_led_ignores_it():
    np = _Pixel()
    led = Led(PixelLight(np))
    led.show("on", "FF8000")
    led.update(0)
    assert np[0] == (255, 128, 0) and np.writes == 1


def test_pulse_breathes_on_a_pwm_led():
    pwm = _Pwm()
    led = Led(PwmLight(pwm))
    led.show("pulse", "FFFFFF")
    duties = []
    for t in range(0, 2000, 100):
        led.update(t)
        duties.append(pwm.duty)
    assert duties[0] == 0 and max(duties) > 60000 and duties[-1] < duties[10]


def test_win_ends_and_bad_patterns_change_nothing():
    led = Led(PinLight(_Pin()))
    led.show("on", "FFFFFF")
    led.update(0)
    assert "unknown LED pattern" in str(raises(ValueError, led.show, "disco", "FFFFFF"))
    raises(ValueError, led.show, "off", "12")
    assert led.pattern == "on"
    led.show("win", "FFD700")
    led.update(0)
    led.update(3000)
    assert led.pattern == "on"
