"""The OLED and its stand-ins: every luma device shows the same frames.

On the Pi it is an SSD1306/SH1106; with no hardware it is ``luma.emulator``'s ``capture``
(PNG frames) and, on a real terminal, ``asciiblock`` (the panel drawn live in the terminal).
A frame is drawn only when the view changes.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from PIL import Image, ImageDraw

from host import screens

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


class Panel:
    def __init__(self, devices: list) -> None:
        self.devices = devices
        self.view: screens.View | None = None
        self.frames = 0
        self.errors = 0  # frames a panel refused (I2C glitch, loose wire)

    def show(self, view: screens.View) -> bool:
        """Draw ``view`` if it differs from what is shown; True when a frame was drawn.

        A panel that fails (OSError from the bus: a loose wire, a brown-out) does not stop
        the referee: the game and its journal matter more than one frame. The next call
        sends the whole frame again, so the panel heals once the wire does."""
        if view == self.view:
            return False
        image = render(view)
        try:
            for device in self.devices:
                device.display(image.convert(device.mode))
        except OSError:
            self.errors += 1
            self.view = None
            for device in self.devices:
                invalidate = getattr(device, "invalidate", None)
                if invalidate is not None:
                    invalidate()
            return False
        self.view = view
        self.frames += 1
        return True


def render(view: screens.View) -> Image.Image:
    image = Image.new("1", (screens.WIDTH, screens.HEIGHT), 0)
    screens.draw(view, ImageDraw.Draw(image))
    return image


def emulated_panel(frames_dir: Path | None, live: bool | None = None) -> Panel:
    """PNG frames under ``frames_dir``; the panel drawn in the terminal when ``live`` (by
    default: when standard output is a terminal, since the emulators need one)."""
    from luma.emulator.device import asciiblock, capture

    devices = []
    if frames_dir is not None:
        frames_dir.mkdir(parents=True, exist_ok=True)
        for old in frames_dir.glob("frame_*.png"):
            old.unlink()
        devices.append(capture(width=128, height=64, mode="1", transform="identity",
                               scale=1, file_template=str(frames_dir / "frame_{0:04d}.png")))
    if live is None:
        live = sys.stdout.isatty()
    if live:
        devices.append(asciiblock(width=128, height=64, mode="1"))
    return Panel(devices)
