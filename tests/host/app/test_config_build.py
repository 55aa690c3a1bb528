"""``hexref run`` wired from a config file: pins, encoder, buzzer and data folder used as
written (gpiozero mock pins, the emulated panel)."""
from __future__ import annotations

import time

from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from host.app.run import build
from host.common.config import parse
from host.devices.inputs import OK, Press


def test_build_uses_the_configured_pins_and_folder(tmp_path):
    Device.pin_factory = MockFactory()
    try:
        cfg = parse("[buttons]\nok = 16\n[encoder]\nenabled = true\n[buzzer]\npin = 12\n"
                    "[data]\ndir = '%s'\n[hub]\nport = '/dev/nonexistent-hub'\n"
                    % (tmp_path / "data"), "test.toml")
        app = build(cfg, emulate=tmp_path / "frames", gpio=True)
        try:
            assert app.controls is not None and app.beeper is not None
            assert (tmp_path / "data" / "hexref.db").exists()
            pin = Device.pin_factory.pin(16)
            pin.drive_low()
            time.sleep(0.06)  # held past the debounce (30 ms) on the real clock
            pin.drive_high()
            assert app.controls.events(now=app.controls.clock() + 1.0) == [Press(OK, "press")]
            app.beeper.play("win", 0.0)
            assert Device.pin_factory.pin(12).state  # the configured buzzer pin sounds
            app.step()  # no hub at that path: the menu, saying so
            assert app.conn.state == "searching"
            assert app.panel.view.kind == "menu"
            assert "not found" in app.panel.view.footer
            assert list((tmp_path / "frames").glob("frame_*.png"))
        finally:
            app.close()
    finally:
        Device.pin_factory.reset()
