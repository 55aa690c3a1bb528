"""The Pico entry point and its building blocks with a stand-in ``machine`` module: which
die sensor is found, what happens without one, and the crash-reboot guard."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from firmware import resets, wiring
from firmware.buzzer import PwmBuzzer
from firmware.hub import board, boot
from firmware.mpu6050 import MPU6050
from firmware.sim.twins.accel import AccelTwin


class _Pin:
    IN, OUT, PULL_UP = 0, 1, 2

    def __init__(self, number, mode=None, pull=None, value=None):
        self.number = number
        self.level = 1 if value is None else value

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v


class _Pwm:
    def __init__(self, pin):
        self.pin = pin
        self.duty = None

    def freq(self, hz):
        self.hz = hz

    def duty_u16(self, d):
        self.duty = d


class _Machine:
    WDT_RESET = 3
    PWRON_RESET = 1
    Pin = _Pin
    PWM = _Pwm

    def __init__(self, cause=1):
        self.cause = cause

    def reset_cause(self):
        return self.cause


class _EmptyBus:
    def scan(self):
        return []


def test_finds_whichever_accelerometer_answers():
    sensor = wiring.find_sensor(board, AccelTwin("mpu6050", [0, 0, 1000]))
    assert isinstance(sensor, MPU6050) and sensor.read()[2] == 1000


def test_no_die_on_the_cable_leaves_the_virtual_die_and_says_why():
    err = raises(OSError, wiring.find_sensor, board, _EmptyBus())
    assert "no accelerometer" in str(err)
    errors = []
    die = wiring.build_die(board, _EmptyBus(), faces_path="/nonexistent.json", errors=errors)
    assert die.mode == "virtual" and die.sensor is None
    assert errors[0][0] == "DIE_MISSING" and "virtual die only" in errors[0][1]
    die.roll(2)
    event = die.poll(0)
    assert event[0] == "FACE" and len(event[1]) == 2


def test_die_built_from_the_board_reads_the_reference_face_table():
    die = wiring.build_die(board, AccelTwin("lis3dh", [0, 1000, 0]), faces_path="/nonexistent.json")
    assert die.mode == "physical"
    for t in range(0, 200, 10):
        die.poll(t)
    assert die.detector.face == 3


def test_watchdog_resets_in_a_row_are_counted_and_cleared_by_a_clean_boot():
    path = "/tmp/hexref_test_boot_state.txt"
    counts = [boot.watchdog_resets(_Machine(3), path) for _ in range(3)]
    assert counts == [1, 2, 3] and counts[-1] >= resets.SAFE_AFTER
    assert boot.watchdog_resets(_Machine(1), path) == 0


def test_buttons_and_light_come_from_the_board_pins():
    m = _Machine()
    buttons = wiring.build_buttons(board, m)
    assert [(b.name, b.pin.number) for b in buttons.buttons] == list(board.BUTTONS)
    led = wiring.build_led(board, m)
    led.show("on", "FFFFFF")
    led.update(0)
    if board.DEFAULT_LIGHT == "led":
        assert led.light.pwm.pin.number == board.LED_PIN and led.light.pwm.duty in (0, 65535)


def test_buzzer_beeps_and_stops():
    buzzer = PwmBuzzer(_Pwm(_Pin(board.BUZZER_PIN)), ticks=lambda: 1000)
    buzzer.beep(880, 50)
    assert buzzer.pwm.duty == 32768 and buzzer.pwm.hz == 880
    buzzer.update(1049)
    assert buzzer.pwm.duty == 32768
    buzzer.update(1050)
    assert buzzer.pwm.duty == 0
    raises(ValueError, buzzer.beep, 5, 10)


def test_forget_drops_boot_only_modules():
    import sys

    import firmware
    from firmware import wiring as w

    assert "firmware.wiring" in sys.modules and w.SENSORS
    firmware.forget(("firmware.wiring",))
    assert "firmware.wiring" not in sys.modules and not hasattr(firmware, "wiring")
    from firmware import wiring as again  # importable again when wanted

    assert again.find_sensor is not None


def test_forget_drops_a_module_of_a_subpackage():
    """The pocket forgets its own pins (firmware.pocket.board) once it is built: off
    sys.modules and off firmware.pocket, so nothing holds its code."""
    import sys

    import firmware
    import firmware.pocket
    from firmware.pocket import board as pins

    assert pins.buttons()
    firmware.forget(("firmware.pocket.board",))
    assert "firmware.pocket.board" not in sys.modules
    assert not hasattr(firmware.pocket, "board")
    from firmware.pocket import board as again  # importable again when wanted

    assert again.buttons() == pins.buttons()
