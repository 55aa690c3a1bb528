"""The enrollment bench: the hub's real Link with an NTAG on its reader (ReaderHub) over a
wire to the referee's side (Bench: registry, HubLink, buttons on mock pins, a clock the test
moves), for tests/host/app/test_enroll.py and tests/host/commands/test_cli_languages.py."""
from __future__ import annotations

from firmware.hub.link import Link
from host.app.enroll import HOLD_S, Enroller, Enrollment, choices_for
from host.common import pins
from host.devices.inputs import OK, Controls
from host.hub.link import HubLink
from host.storage.registry import Registry
from host.storage.store import Store
from rigs.wires import Wire
from shared_rules.games.hexors.decisions import COLOURS

KEY = bytes(range(32))
BOOT = "0A1B2C3D"
UID = "04A1B2C3D4E501"
PIN = dict(pins.BUTTONS)
# Values read off our test tiles (the catalogue knows only one of each).
ON_TILE = {"jl/superman": (7, 5, 6, 5, 4, 8), "jl/mars": (4, 5, 2, 3, 6, 5),
           "jl/doomsday": (6, 4, 5, 8, 7, 3)}


def on_tile(entry_id: str) -> dict[str, int]:
    return dict(zip(COLOURS, ON_TILE[entry_id], strict=True))


class ReaderHub:
    """The hub's real Link with an NTAG on its reader: a WRITE replaces the tag's record
    and the hub reads the tag back, which makes a new TAP (what the firmware does)."""

    def __init__(self, wire: Wire, record: str = "") -> None:
        self.link = Link(wire.hub, BOOT, board="test", resend_ms=500)
        self.link.start(0)
        self.record = record
        self.present: str | None = None
        self.writes: list[tuple[str, str]] = []
        self.fail_writes = False
        self.lift_on_write = False  # the tag leaves the reader as the write starts
        self.pending: tuple[str, str] | None = None  # a write waiting for its tag
        self.readback = lambda record: record  # what the tag gives back after a write

    def place(self, now: int, uid: str = UID) -> None:
        self.present = uid
        if self.pending is not None and self.pending[0] == uid:
            self.record = self.readback(self.pending[1])  # the waiting write, done now
            self.pending = None
        self.link.send_event(now, "TAP", 0, uid, self.record)

    def lift(self, now: int) -> None:
        self.link.send_event(now, "GONE", 0, self.present)
        self.present = None

    def poll(self, now: int) -> None:
        for cmd in self.link.poll(now) or ():
            if cmd.kind != "WRITE":
                continue
            self.writes.append((cmd.uid, cmd.record))
            if self.fail_writes:
                self.link.error("WRITE_FAILED", "tag %s: no answer" % cmd.uid)
            elif self.lift_on_write:
                self.pending = (cmd.uid, cmd.record)
                self.lift(now)
            elif cmd.uid == self.present:
                self.record = self.readback(cmd.record)
                self.link.send_event(now, "TAP", 0, cmd.uid, self.record)


class Bench:
    """The referee's side: registry, link, buttons on mock pins, a clock we move."""

    def __init__(self, tmp_path, factory, entry_id: str | None = None, again: bool = False,
                 strike: dict | None = None):
        self.registry = Registry(Store(tmp_path), KEY)
        self.wire = Wire()
        self.hub = ReaderHub(self.wire)
        self.link = HubLink(self.wire.host)
        self.t = 0.0
        self.buttons = Controls(PIN, holds={OK: HOLD_S}, clock=lambda: self.t)
        self.factory = factory
        if strike is None and entry_id is not None:
            strike = on_tile(entry_id)  # as if given with --strike
        self.job = Enrollment(self.registry, choices_for("jl"), entry_id=entry_id,
                              again=again, strike=strike)
        self.shown: list = []
        self.enroller = Enroller(self.job, self.link, self.buttons, show=self.shown.append)
        self.t = 0.0
        self.link.open()
        self.run(0.1)

    def run(self, seconds: float) -> None:
        """Let ``seconds`` pass in 10 ms steps, hub and referee taking turns."""
        end = self.t + seconds
        while self.t < end - 1e-9:
            self.t += 0.01
            self.hub.poll(int(self.t * 1000))
            self.enroller.step(self.t)

    def press(self, name: str, seconds: float = 0.2) -> None:
        pin = self.factory.pin(PIN[name])
        pin.drive_low()
        self.run(seconds)
        pin.drive_high()
        self.run(0.05)
