"""The referee's own controls on the Pi: four buttons (or a rotary encoder) and a buzzer.

gpiozero gives us pins and edge callbacks; everything a player would call "a press" is
decided here, in our code, because contacts bounce and gpiozero's ``bounce_time`` is not
honoured by every pin factory (its mock pins ignore it, so it could not be tested):

- a level counts once it has held for ``debounce_s`` (30 ms): shorter blips are bounce;
- released before ``long_s`` (0.8 s): a *press*; held that long: a *long* press, reported
  while the button is still down (BACK held: undo), and no press on release.

Edges are queued by the callbacks (which run on gpiozero's thread on a real Pi) and turned
into presses by ``Controls.events()`` in the referee's loop, so there is no locking and the
clock can be a test's.

>>> d = Debouncer("OK", debounce_s=0.03, long_s=0.8)
>>> d.edge(True, 0.00) + d.edge(False, 0.01) + d.edge(True, 0.02)  # contact bounce
[]
>>> d.edge(False, 0.20) + d.poll(0.25)
[Press(button='OK', action='press')]
"""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

UP, DOWN, OK, BACK = "UP", "DOWN", "OK", "BACK"
PRESS, LONG = "press", "long"


@dataclass(frozen=True)
class Press:
    button: str  # UP, DOWN, OK, BACK
    action: str  # PRESS or LONG


class Debouncer:
    """One button's edges in, presses out. Pure: time is passed in."""

    def __init__(self, name: str, debounce_s: float = 0.03, long_s: float = 0.8) -> None:
        self.name = name
        self.debounce_s = debounce_s
        self.long_s = long_s
        self.raw = False  # the level the pin shows now (True: pressed)
        self.raw_since = 0.0
        self.stable = False  # the level we believe
        self.pressed_at = 0.0
        self.long_sent = False

    def edge(self, pressed: bool, t: float) -> list[Press]:
        """The pin changed to ``pressed`` at ``t``."""
        if pressed == self.raw:
            return []
        out = self.poll(t)  # did the level that ends now last long enough to count?
        self.raw, self.raw_since = pressed, t
        return out

    def poll(self, now: float) -> list[Press]:
        """Whatever has become certain by ``now``."""
        out: list[Press] = []
        if self.raw != self.stable and now - self.raw_since >= self.debounce_s:
            self.stable = self.raw
            if self.stable:
                self.pressed_at, self.long_sent = self.raw_since, False
            elif not self.long_sent:
                held = self.raw_since - self.pressed_at
                out.append(Press(self.name, LONG if held >= self.long_s else PRESS))
        if self.stable and not self.long_sent:
            end = now if self.raw else self.raw_since  # a pending release ends the hold
            if end - self.pressed_at >= self.long_s:
                self.long_sent = True
                out.append(Press(self.name, LONG))
        return out


class Controls:
    """UP / DOWN / OK / BACK buttons (switch to ground, internal pull-up) and an optional
    KY-040 rotary encoder: a turn clockwise is DOWN, anticlockwise UP, its push is OK.

    ``pins``: name -> BCM GPIO number. ``encoder``: (clk, dt, sw) or None. ``holds``: the
    buttons whose long press takes longer than ``long_s`` (enroll's OK: the deliberate hold
    that writes a tag). Devices come from gpiozero's current pin factory (``MockFactory`` in
    tests). The one button stack: the run loop, enroll and the operator's enrollment through
    the running referee all read their presses here.
    """

    def __init__(self, pins: dict[str, int], encoder: tuple[int, int, int] | None = None,
                 debounce_s: float = 0.03, long_s: float = 0.8,
                 clock: Callable[[], float] = time.monotonic,
                 holds: dict[str, float] | None = None) -> None:
        from gpiozero import Button, RotaryEncoder

        self.clock = clock
        self._edges: deque[tuple[str, bool, float]] = deque()
        self._turns: deque[Press] = deque()
        self.debouncers: dict[str, Debouncer] = {}
        self.devices: list = []  # keep references: a collected Button frees its pin
        wiring = dict(pins)
        if encoder is not None:
            clk, dt, sw = encoder
            if OK not in wiring:
                wiring[OK] = sw
            else:
                wiring["OK2"] = sw  # the encoder's push as a second OK
            rotary = RotaryEncoder(clk, dt, max_steps=0)
            rotary.when_rotated_clockwise = lambda: self._turns.append(Press(DOWN, PRESS))
            rotary.when_rotated_counter_clockwise = lambda: self._turns.append(Press(UP, PRESS))
            self.devices.append(rotary)
        for name, pin in wiring.items():
            button = Button(pin, pull_up=True, bounce_time=None)
            button.when_pressed = self._edge_callback(name, True)
            button.when_released = self._edge_callback(name, False)
            self.devices.append(button)
            label = OK if name == "OK2" else name
            self.debouncers[name] = Debouncer(label, debounce_s,
                                              (holds or {}).get(label, long_s))

    def _edge_callback(self, name: str, pressed: bool) -> Callable[[], None]:
        def callback() -> None:
            self._edges.append((name, pressed, self.clock()))
        return callback

    def events(self, now: float | None = None) -> list[Press]:
        """The presses decided since the last call, in order."""
        now = self.clock() if now is None else now
        out: list[Press] = []
        while self._turns:
            out.append(self._turns.popleft())
        while self._edges:
            name, pressed, t = self._edges.popleft()
            out.extend(self.debouncers[name].edge(pressed, t))
        for debouncer in self.debouncers.values():
            out.extend(debouncer.poll(now))
        return out

    def close(self) -> None:
        for device in self.devices:
            device.close()
        self.devices = []


# Buzzer patterns: seconds on, off, on, ... An active buzzer has one pitch, so the three
# sounds differ by rhythm: one blip, a low-sounding long-short-long, a little fanfare.
PATTERNS: dict[str, tuple[float, ...]] = {
    "accepted": (0.04,),
    "refused": (0.25, 0.08, 0.25),
    "win": (0.08, 0.06, 0.08, 0.06, 0.08, 0.12, 0.5),
}


class Beeper:
    """Plays PATTERNS on a buzzer without threads: ``poll(now)`` sets the pin. A new
    pattern replaces the one playing. ``buzzer``: anything with ``on()`` and ``off()``."""

    def __init__(self, buzzer) -> None:
        self.buzzer = buzzer
        self.pattern: tuple[float, ...] = ()
        self.start = 0.0
        self.played: list[str] = []

    @classmethod
    def on_pin(cls, pin: int) -> Beeper:
        from gpiozero import Buzzer

        return cls(Buzzer(pin))

    def play(self, name: str, now: float) -> None:
        if name not in PATTERNS:
            raise ValueError("no buzzer pattern %r: one of %s" % (name, ", ".join(PATTERNS)))
        self.pattern, self.start = PATTERNS[name], now
        self.played.append(name)
        self.poll(now)

    def poll(self, now: float) -> bool:
        """Set the buzzer for ``now``; True while it sounds."""
        elapsed = now - self.start
        for i, length in enumerate(self.pattern):
            if elapsed < length:
                sounding = i % 2 == 0
                (self.buzzer.on if sounding else self.buzzer.off)()
                return sounding
            elapsed -= length
        if self.pattern:
            self.pattern = ()
        self.buzzer.off()
        return False

    def close(self) -> None:
        self.buzzer.off()
        close = getattr(self.buzzer, "close", None)
        if close:
            close()
