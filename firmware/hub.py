"""The reader hub's main loop: drivers in, numbered events out, never blocking.

The drivers are handed in (real chips on the Pico, twins in the demo and the tests), each
with a ``poll(now)`` that does a bounded amount of work and returns at most one event:

- ``reader.poll(now)`` -> ``None``, ``("TAP", uid, record_hex)`` or ``("GONE", uid)``
- ``die.poll(now)`` -> ``None``, ``("FACE", (n, ...))``, ``("CROOKED", ())`` or
  ``("ROLLING", ())``
- ``buttons.poll(now)`` -> ``None`` or ``(name, "press" | "long")``
- ``led.show(pattern, colour)`` and, optionally, ``die.set_mode(mode)``,
  ``die.roll(count)``, ``reader.write(uid, record_hex)``, ``buzzer.beep(hz, ms)``.
"""
from firmware.link import Link

CAPS = ("nfc", "die", "btn", "led")


class Hub:
    def __init__(self, link, reader, die, buttons, led=None, buzzer=None):
        self.link = link
        self.reader = reader
        self.die = die
        self.buttons = buttons
        self.led = led
        self.buzzer = buzzer
        self.roll_id = 0
        self._rolling = False

    def start(self, now):
        self.link.start(now)

    def step(self, now):
        """One pass of the loop: sample every driver once, then serve the link."""
        link = self.link
        event = self.reader.poll(now)
        if event is not None:
            if event[0] == "TAP":
                link.send_event(now, "TAP", 0, event[1], event[2])
            else:
                link.send_event(now, "GONE", 0, event[1])
        event = self.die.poll(now)
        if event is not None:
            # ROLLING opens a roll and its result closes it under the same roll id.
            if not self._rolling:
                self.roll_id += 1
            self._rolling = event[0] == "ROLLING"
            link.send_event(now, "DIE", self.roll_id, event)
        event = self.buttons.poll(now)
        if event is not None:
            link.send_event(now, "BTN", event[0], event[1])
        commands = link.poll(now)
        if commands:
            for msg in commands:
                self.obey(msg)

    def obey(self, msg):
        kind = msg.kind
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
            else:
                roll(msg.count)
        elif kind == "WRITE":
            write = getattr(self.reader, "write", None)
            if write is None:
                self.link.error("NO_WRITE", "this reader cannot write tags")
            else:
                write(msg.uid, msg.record)


def make_hub(port, reader, die, buttons, led=None, board="sim", boot_id=None):
    from firmware.link import new_boot_id
    link = Link(port, boot_id or new_boot_id(), board=board, caps=CAPS)
    return Hub(link, reader, die, buttons, led)
