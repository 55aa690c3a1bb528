"""``hexref run``'s loop end to end, stepped by hand: the App on a cable (a pty) to the
real firmware link, luma's dummy panel, the referee's buttons on gpiozero's mock pins, a
clock the test moves; ``new_app()`` is the host restarted on the same data folder."""
from __future__ import annotations

import serial
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from luma.core.device import dummy

from firmware.hub.link import Link
from firmware.sim.hub import FdPort
from host.app.run import App
from host.devices.inputs import BACK, DOWN, OK, UP, Controls
from host.devices.panel import Panel
from host.hub.connection import Connection
from host.storage.registry import Registry, RegistryBook
from host.storage.store import Store
from rigs.cable import Cable
from rigs.clock import Clock
from shared_rules.games.hexors.decisions import COLOURS

PINS = {UP: 17, DOWN: 27, OK: 22, BACK: 23}
SUPERMAN, ATLANTIS, STRANGER = "04A1B2C3D4E502", "04A1B2C3D4E501", "04FFFFFFFFFF01"


class Table:
    def __init__(self, folder) -> None:
        Device.pin_factory = MockFactory()
        self.folder = folder
        self.clock = Clock(500.0)
        self.cable = Cable()
        self.ms = 0
        self.hub = Link(FdPort(self.cable.master), "5EED0001", board="test", resend_ms=200)
        self.hub.start(self.ms)
        store = Store(folder)
        registry = Registry(store, None)
        # Values read off our tiles (the catalogue prints only some of them).
        for uid, entry, values in ((SUPERMAN, "jl/superman", (7, 5, 6, 5, 4, 8)),
                                   (ATLANTIS, "jl/atlantis", (5, 6, 4, 3, 5, 4))):
            registry.enroll(uid, entry, strike=dict(zip(COLOURS, values, strict=True)))
        self.app = self.new_app()

    def new_app(self) -> App:
        store = Store(self.folder)
        conn = Connection(lambda: self.cable.path, clock=self.clock, idle_wait=lambda s: None,
                          open_port=lambda p: serial.Serial(p, timeout=0.005))
        self.device = dummy(width=128, height=64, mode="1")
        controls = Controls(PINS, clock=self.clock)
        return App(conn, Panel([self.device]), store, RegistryBook(Registry(store, None)),
                   controls, clock=self.clock)

    def step(self, rounds: int = 10) -> None:
        for _ in range(rounds):
            self.ms += 10
            self.clock.t += 0.01
            self.hub.poll(self.ms)
            self.app.step()

    def press(self, pin: int) -> None:
        p = Device.pin_factory.pin(pin)
        p.drive_low()
        self.step(10)
        p.drive_high()
        self.step(5)

    def tap(self, uid: str) -> None:
        self.hub.send_event(self.ms, "TAP", 0, uid, "")
        self.step(5)
        self.hub.send_event(self.ms, "GONE", 0, uid)
        self.step(5)

    def beginner_demo(self) -> tuple[list[tuple], int]:
        """JL Beginner chosen on the menu (pin 22 twice) with the demo's tiles in the book:
        the demo's hub events, to be sent, and the index of its first roll."""
        from host.app.demo import demo_script
        from host.games.hexors.demo import demo_entries
        from host.session.adapter import TileBook

        self.app.book = TileBook(demo_entries())
        self.step(10)
        self.press(22)
        self.press(22)  # Justice League Hexors, Beginner
        events = hub_events(demo_script("jl-beginner"))
        return events, next(i for i, e in enumerate(events) if e[0] == "DIE")

    @property
    def view(self):
        return self.app.panel.view

    def close(self) -> None:
        self.app.close()
        if self.cable.master is not None:
            self.cable.unplug()
        Device.pin_factory.reset()


def hub_events(steps: list[dict]) -> list[tuple]:
    """The demo script as the hub would report it: (kind, values...)."""
    out: list[tuple] = []
    placed, roll = None, 0
    for step in steps:
        if step["do"] == "place":
            placed = step["uid"]
            out.append(("TAP", 0, step["uid"], step["record"]))
        elif step["do"] == "lift":
            out.append(("GONE", 0, placed))
        elif step["do"] == "roll":
            roll += 1
            out.append(("DIE", roll, ("FACE", (step["face"],))))
        else:
            out.append(("BTN", step["button"], "press"))
    return out
