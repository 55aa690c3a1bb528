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

    def show(self, view: screens.View) -> bool:
        """Draw ``view`` if it differs from what is shown; True when a frame was drawn."""
        if view == self.view:
            return False
        self.view = view
        image = render(view)
        for device in self.devices:
            device.display(image.convert(device.mode))
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
