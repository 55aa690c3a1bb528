"""A passive buzzer on a PWM pin: ``beep`` starts a tone, ``update`` (each loop pass) ends
it, so a beep never holds up the loop."""
from firmware.clock import ticks_add, ticks_diff, ticks_ms


class PwmBuzzer:
    def __init__(self, pwm, ticks=ticks_ms):
        self.pwm = pwm
        self.ticks = ticks
        self._until = None
        pwm.duty_u16(0)

    def beep(self, hz, ms):
        if hz < 20:
            raise ValueError("a beep needs 20 Hz or more, not %d" % hz)
        self.pwm.freq(hz)
        self.pwm.duty_u16(32768)
        self._until = ticks_add(self.ticks(), ms)

    def update(self, now):
        if self._until is not None and ticks_diff(now, self._until) >= 0:
            self.pwm.duty_u16(0)
            self._until = None
