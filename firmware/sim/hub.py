"""A simulated reader hub for the demo: the real hub loop and link, scripted sensors.

A script is a list of steps, each ``{"after": ms, "do": action, ...}``:

- ``place`` a tag on the reader (``uid``, ``record`` hex) and ``lift`` it off again
  (the real NFC driver reads it from the PN532 twin);
- ``roll`` the die to ``face`` (a short throw through the real roll detector: ROLLING,
  then the face), or ``crooked``;
- ``press`` / ``long`` a player ``button`` ("A" or "B").

A step may say how many ``events`` the hub sends for it (the demo's scripts do, from
host/games/scripting.py's count): the next step then also waits until the hub has sent
them, for at most ``NOTICE_MS``, as a player waits for the beep before acting again. On
a busy computer this process can be starved for longer than the script's 120 ms between
steps, and a press could then overtake a die still settling: the events would reach the
host in another order than the script's, and the demo play another game.

Run as ``python -m firmware.sim.hub --fd N --script FILE``: the hub talks over file
descriptor N (the master side of a pseudo-terminal: the same seam as the USB cable) and
runs until the host closes its end.
"""
import json
import os
import sys

from firmware.clock import sleep_ms, ticks_add, ticks_diff, ticks_ms
from firmware.hub.boot import make_hub


class _Queue:
    def __init__(self):
        self.items = []

    def push(self, item):
        self.items.append(item)

    def poll(self, now):
        return self.items.pop(0) if self.items else None


class ScriptedReader(_Queue):
    """A reader whose tags come and go as the script says."""

    def __init__(self):
        _Queue.__init__(self)
        self.present = None
        self.written = []

    def place(self, uid, record):
        if self.present is not None and self.present != uid:
            self.push(("GONE", self.present))
        self.present = uid
        self.push(("TAP", uid, record))

    def lift(self):
        if self.present is not None:
            self.push(("GONE", self.present))
            self.present = None

    def write(self, uid, record):
        self.written.append((uid, record))


class ScriptedDie(_Queue):
    def land(self, face):
        self.push(("ROLLING", ()))
        self.push(("FACE", (face,)))

    def crooked(self):
        self.push(("ROLLING", ()))
        self.push(("CROOKED", ()))


class ScriptedButtons(_Queue):
    pass


class DieThrows:
    """Scripted throws on an accelerometer twin: a throw plays a short trace onto a face,
    0.3 s of tumbling (gravity read from each face in turn, as the die rolls over its
    edges) and free fall, then the die at rest with that face up (or leaning, for
    ``crooked``). The CPython demo's die and the emulated Pico's (firmware/sim/emulated_pico/rig.py)
    are thrown the same way; the roll detector decides the rest."""

    TUMBLE = 30  # samples (100 Hz) of tumbling
    REST = 40  # samples at rest: well over the detector's settle window

    def __init__(self, twin):
        from firmware.faces_setup import DEFAULT

        self.up = DEFAULT
        self.twin = twin
        twin.load(self._resting(DEFAULT[1]))

    def _resting(self, g):
        return list(g) * self.REST

    def _throw(self, g):
        out = []
        for i in range(self.TUMBLE):
            if i % 5 == 4:
                out += [0, 0, 0]  # airborne: free fall reads about 0 g
            else:
                a = self.up[1 + i % 6]
                out += [a[0] + 300 * (i % 3), a[1] - 200 * (i % 2), a[2]]
        return out + self._resting(g)

    def land(self, face):
        self.twin.load(self._throw(self.up[face]))

    def crooked(self):
        lean = (700, 0, 700)  # resting against something at 45 degrees
        self.twin.load(self._throw(lean))


class TwinDie:
    """The die as the hub has it: the LIS3DH driver on the accelerometer twin, the real
    roll detector and die (firmware/lis3dh.py, rolls.py, die.py), thrown by DieThrows."""

    def __init__(self):
        from firmware.die import Die
        from firmware.faces_setup import DEFAULT, face_table
        from firmware.lis3dh import LIS3DH
        from firmware.rolls import RollDetector
        from firmware.sim.twins.accel import AccelTwin
        from firmware.vdie import VirtualDie

        self.now = 0
        self.twin = AccelTwin("lis3dh", (), clock=self)
        self.sample_ms = 1000 // self.twin.rate_hz
        sensor = LIS3DH(self.twin)
        self.die = Die(sensor, RollDetector(face_table(DEFAULT)), VirtualDie())
        self.throws = DieThrows(self.twin)

    def land(self, face):
        self.throws.land(face)

    def crooked(self):
        self.throws.crooked()

    def set_mode(self, mode):
        self.die.set_mode(mode)

    def roll(self, count):
        self.die.roll(count)

    def poll(self, now):
        # The throw's trace follows the hub's clock but moves on at most one sample a poll:
        # a hub loop slowed by a busy computer still sees every sample of the tumble (a
        # real die tumbles beside a loop that keeps up), instead of a die that is suddenly
        # at rest on a new face, which the detector rightly takes for a handled die.
        if self.now == 0 or ticks_diff(now, self.now) <= self.sample_ms:
            self.now = now
        else:
            self.now = ticks_add(self.now, self.sample_ms)
        return self.die.poll(now)


NOTICE_MS = 2000


class Script:
    """Feeds the scripted drivers at the scripted times. ``sent()``, when given, is how
    many events the hub has numbered: a step's ``events`` are awaited (see above)."""

    def __init__(self, steps, reader, die, buttons, start, sent=None):
        self.steps = list(steps)
        self.reader = reader
        self.die = die
        self.buttons = buttons
        self.due = start
        self.sent = sent
        self._awaited = 0  # the hub's event count the last step leads to
        self._give_up = start

    @property
    def done(self):
        return not self.steps

    def _noticed(self, now):
        return (self.sent is None or self.sent() >= self._awaited
                or ticks_diff(now, self._give_up) >= 0)

    def run(self, now):
        while self.steps and ticks_diff(now, self.due + self.steps[0].get("after", 0)) >= 0 \
                and self._noticed(now):
            step = self.steps.pop(0)
            self.due = now
            if self.sent is not None:
                self._awaited = self.sent() + step.get("events", 0)
                self._give_up = ticks_add(now, NOTICE_MS)
            do = step["do"]
            if do == "place":
                self.reader.place(step["uid"], step.get("record", ""))
            elif do == "lift":
                self.reader.lift()
            elif do == "roll":
                self.die.land(step["face"])
            elif do == "crooked":
                self.die.crooked()
            elif do in ("press", "long"):
                self.buttons.push((step["button"], do))
            else:
                self.other(step)

    def other(self, step):
        """A step only some tables can play (the emulated Pico's reset, unplug...)."""
        raise ValueError("unknown script step %r" % (step["do"],))


class FdPort:
    """One end of a pseudo-terminal as the hub's serial port (CPython only)."""

    def __init__(self, fd):
        import fcntl

        self.fd = fd
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK)
        self.closed = False

    def read(self, n):
        try:
            data = os.read(self.fd, n)
        except BlockingIOError:
            return None
        except OSError:  # EIO: the host closed its end
            self.closed = True
            return None
        if not data:
            self.closed = True
        return data

    def write(self, data):
        try:
            os.write(self.fd, data)
        except OSError:
            pass  # host away: unacknowledged events are resent when it is back


def run(fd, steps, period_ms=2):
    from firmware.sim.twins.pn532 import SimulatedReader

    port = FdPort(fd)
    # The real NFC code (nfc.py, pn532.py, ndef.py, taps.py) against the PN532 twin,
    # which answers real command frames, and the real die (driver, roll detector) on the
    # accelerometer twin: a demo tap or roll crosses every layer a tile or a throw will.
    reader, die, buttons = SimulatedReader(), TwinDie(), ScriptedButtons()
    hub = make_hub(port, reader, die, buttons, board="sim")
    now = ticks_ms()
    hub.start(now)
    script = Script(steps, reader, die, buttons, now, sent=lambda: hub.link.next_seq - 1)
    while not port.closed:
        now = ticks_ms()
        script.run(now)
        hub.step(now)
        sleep_ms(period_ms)


def main(argv=None):
    import argparse

    parser = argparse.ArgumentParser(prog="python -m firmware.sim.hub", description=__doc__)
    parser.add_argument("--fd", type=int, required=True, help="serial file descriptor")
    parser.add_argument("--script", required=True, help="JSON list of steps")
    args = parser.parse_args(argv)
    with open(args.script) as f:
        steps = json.load(f)
    try:
        run(args.fd, steps)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
