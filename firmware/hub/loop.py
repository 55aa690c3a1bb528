"""The reader hub's main loop: drivers in, numbered events out, never blocking.

The drivers are handed in (real chips on the Pico, twins in the demo and the tests), each
with a ``poll(now)`` that does a bounded amount of work and returns at most one event:

- ``reader.poll(now)`` -> ``None``, ``("TAP", uid, record_hex)`` or ``("GONE", uid)``
- ``die.poll(now)`` -> ``None``, ``("FACE", (n, ...))``, ``("CROOKED", ())`` or
  ``("ROLLING", ())``
- ``buttons.poll(now)`` -> ``None`` or ``(name, "press" | "long")``
- ``led.show(pattern, colour)`` and, optionally, ``die.set_mode(mode)``,
  ``die.roll(count)``, ``reader.write(uid, record_hex)``, ``buzzer.beep(hz, ms)``;
  ``led.update(now)`` / ``buzzer.update(now)`` are called each pass when they exist, and
  ``reader.take_error()`` (``(code, text)`` or None) is drained into ``ERR`` frames.

Faults: a driver that raises (a loose die cable, a PN532 that stopped answering) is
reported as ``ERR`` (at most once per ``_FAULT_REPORT_MS`` per driver, with a count) and
the loop goes on; after ``_FAULT_LIMIT`` faults in a row the driver rests for
``FAULT_BACKOFF_MS`` before it is tried again, so a dead part costs the others nothing.
A contained fault still makes a healthy pass: the watchdog is fed after every pass that
served the link, and starves only if the loop itself hangs or keeps failing. A bad
command from the host gets an ``ERR`` and changes nothing.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware.clock import sleep_ms, ticks_add, ticks_diff, ticks_ms

_FAULT_LIMIT = const(3)
FAULT_BACKOFF_MS = const(5000)
_FAULT_REPORT_MS = const(5000)

# Driver slots, in the order of each pass.
_READER = const(0)
_DIE = const(1)
_BUTTONS = const(2)
_LED = const(3)
_BUZZER = const(4)
_FAULT_CODES = const(("NFC_FAULT", "DIE_FAULT", "BTN_FAULT", "LED_FAULT", "BEEP_FAULT"))


def _describe(exc):
    text = "%s: %s" % (type(exc).__name__, exc)
    return text[:100]


class Hub:
    def __init__(self, link, reader, die, buttons, led=None, buzzer=None, watchdog=None):
        self.link = link
        self.reader = reader
        self.die = die
        self.buttons = buttons
        self.led = led
        self.buzzer = buzzer
        self.watchdog = watchdog
        self.roll_id = 0
        self._rolling = False
        # Optional methods, looked up once (no allocation in the loop).
        self._led_update = getattr(led, "update", None)
        self._reader_errors = getattr(reader, "take_error", None)  # (code, text) or None
        self._buzzer_update = getattr(buzzer, "update", None)
        self.faults = [0, 0, 0, 0, 0]  # every fault, per driver
        self._streak = [0, 0, 0, 0, 0]  # faults in a row (each within the back-off time)
        self._last_fault = [0, 0, 0, 0, 0]
        self._resume = [0, 0, 0, 0, 0]  # when a resting driver is tried again
        self._reported = [None, None, None, None, None]  # when its last ERR went out
        self._unreported = [0, 0, 0, 0, 0]
        self.passes = 0
        self.unhealthy = 0

    def start(self, now):
        self.link.start(now)

    # --- one pass ----------------------------------------------------------------------

    def step(self, now):
        """One pass of the loop: sample every driver once, then serve the link. Returns
        True when the pass was healthy (the watchdog has then been fed)."""
        link = self.link
        event = self._poll(_READER, self.reader, now)
        if event is not None:
            if event[0] == "TAP":
                link.send_event(now, "TAP", 0, event[1], event[2])
            else:
                link.send_event(now, "GONE", 0, event[1])
        if self._reader_errors is not None:
            trouble = self._reader_errors()  # the reader recovered from something: say so
            if trouble is not None:
                self._error(trouble[0], trouble[1])
        event = self._poll(_DIE, self.die, now)
        if event is not None:
            # ROLLING opens a roll and its result closes it under the same roll id.
            if not self._rolling:
                self.roll_id += 1
            self._rolling = event[0] == "ROLLING"
            link.send_event(now, "DIE", self.roll_id, event)
        event = self._poll(_BUTTONS, self.buttons, now)
        if event is not None:
            link.send_event(now, "BTN", event[0], event[1])
        if self._led_update is not None:
            self._tick(_LED, self._led_update, now)
        if self._buzzer_update is not None:
            self._tick(_BUZZER, self._buzzer_update, now)
        try:
            commands = link.poll(now)
        except Exception as exc:  # the port itself failed: not a healthy pass
            self.unhealthy += 1
            self._report_hub(exc)
            return False
        if commands:
            for msg in commands:
                self.obey(msg)
        self.passes += 1
        if self.watchdog is not None:
            self.watchdog.feed()
        return True

    def _poll(self, slot, driver, now):
        if driver is None or not self._ready(slot, now):
            return None
        try:
            event = driver.poll(now)
        except Exception as exc:
            self._fault(slot, exc, now)
            return None
        return event

    def _tick(self, slot, update, now):
        if not self._ready(slot, now):
            return
        try:
            update(now)
        except Exception as exc:
            self._fault(slot, exc, now)

    def _ready(self, slot, now):
        return self._streak[slot] < _FAULT_LIMIT or ticks_diff(now, self._resume[slot]) >= 0

    def _fault(self, slot, exc, now):
        self.faults[slot] += 1
        # A driver that returns without raising may simply have had nothing to do (the die
        # samples every 10 ms, the loop runs every 2): faults close together make a streak.
        if self._streak[slot] and ticks_diff(now, self._last_fault[slot]) < FAULT_BACKOFF_MS:
            self._streak[slot] += 1
        else:
            self._streak[slot] = 1
        self._last_fault[slot] = now
        if self._streak[slot] >= _FAULT_LIMIT:
            self._resume[slot] = ticks_add(now, FAULT_BACKOFF_MS)
        last = self._reported[slot]
        if last is not None and ticks_diff(now, last) < _FAULT_REPORT_MS:
            self._unreported[slot] += 1
            return
        self._reported[slot] = now
        more = self._unreported[slot]
        self._unreported[slot] = 0
        text = _describe(exc)
        if more:
            text = "%s (+%d more)" % (text, more)
        self._error(_FAULT_CODES[slot], text)

    def _report_hub(self, exc):
        self._error("HUB_FAULT", _describe(exc))

    def _error(self, code, text):
        try:
            self.link.error(code, text)
        except Exception:  # nothing more to do if even the report cannot go out
            pass

    # --- host commands -------------------------------------------------------------------

    def obey(self, msg):
        """Carry out one host command; anything that cannot be done is an ERR."""
        try:
            self._obey(msg)
        except ValueError as exc:
            self._error("BAD_" + msg.kind, _describe(exc))
        except Exception as exc:
            self._error(msg.kind + "_FAILED", _describe(exc))

    def _obey(self, msg):
        kind = msg.kind
        # A hub built without a light or a buzzer simply shows or sounds nothing.
        if kind == "LED":
            if self.led is not None:
                self.led.show(msg.pattern, msg.colour)
        elif kind == "BEEP":
            if self.buzzer is not None:
                self.buzzer.beep(msg.hz, msg.ms)
        elif kind == "DIEMODE":
            set_mode = getattr(self.die, "set_mode", None)
            if set_mode is None:
                self.link.error("NO_DIEMODE", "this die has one mode")
            else:
                set_mode(msg.mode)
        elif kind == "ROLL":
            roll = getattr(self.die, "roll", None)
            if roll is None:
                self.link.error("NO_VDIE", "no virtual die on this hub")
            elif msg.count < 1:
                self.link.error("BAD_ROLL", "roll at least one die")
            else:
                roll(msg.count)
        elif kind == "WRITE":
            write = getattr(self.reader, "write", None)
            if write is None:
                self.link.error("NO_WRITE", "this reader cannot write tags")
            else:
                write(msg.uid, msg.record)

    # --- running -------------------------------------------------------------------------

    def run(self, period_ms=2, ticks=ticks_ms, sleep=sleep_ms, until=None, started=False):
        """The loop, forever (or until ``until(now)`` is true). An exception that escapes
        a pass is reported and the loop goes on; the watchdog, not fed, decides."""
        if not started:
            self.start(ticks())
        while True:
            now = ticks()
            if until is not None and until(now):
                return
            try:
                self.step(now)
            except Exception as exc:
                self.unhealthy += 1
                self._report_hub(exc)
            sleep(period_ms)
