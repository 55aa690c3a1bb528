"""The OLED and its stand-ins: every luma device shows the same frames.

On the Pi it is an SSD1306/SH1106; with no hardware it is PNG frames and, on a real
terminal, the panel drawn live in half blocks, or in braille dots on a terminal of 80 x 24
(no pygame or curses: a plain install and a serial console are enough).
A frame is drawn only when the view changes.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TextIO

from PIL import Image, ImageDraw

from host.common import logs
from host.display import layout, screens

log = logs.get("panel")


class Panel:
    def __init__(self, devices: list) -> None:
        self.devices = devices
        self.view: screens.View | None = None
        self.frames = 0
        self.errors = 0  # frames a panel refused (I2C glitch, loose wire)
        self.failing = 0  # frames refused since the last one drawn

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
        except OSError as exc:
            self.errors += 1
            self.failing += 1
            if self.failing == 1:  # once per spell of failures, not once per frame
                log.error("cannot draw a frame: %s: %s (%d frame%s failed so far); "
                          "the game goes on", exc.__class__.__name__, exc, self.errors,
                          "" if self.errors == 1 else "s")
            self.view = None
            for device in self.devices:
                invalidate = getattr(device, "invalidate", None)
                if invalidate is not None:
                    invalidate()
            return False
        if self.failing:
            log.info("drawing again after %d failed frame%s", self.failing,
                     "" if self.failing == 1 else "s")
            self.failing = 0
        self.view = view
        self.frames += 1
        return True


def render(view: screens.View) -> Image.Image:
    image = Image.new("1", (screens.WIDTH, screens.HEIGHT), 0)
    layout.draw(view, ImageDraw.Draw(image))
    return image


class FrameFiles:
    """A panel that saves each frame as a PNG (``frame_0001.png``...), exactly its 128x64
    pixels."""

    mode = "1"

    def __init__(self, frames_dir: Path) -> None:
        self.dir = frames_dir
        frames_dir.mkdir(parents=True, exist_ok=True)
        for old in frames_dir.glob("frame_*.png"):
            old.unlink()
        self.count = 0

    def display(self, image: Image.Image) -> None:
        self.count += 1
        # Whole or not at all: whoever watches the folder (a test, a viewer) never opens a
        # frame half written (on a busy machine a test read one and failed on it).
        name = self.dir / ("frame_%04d.png" % self.count)
        part = self.dir / (".frame_%04d.part" % self.count)
        image.save(part, format="PNG")
        os.replace(part, name)


class TerminalPanel:
    """The panel drawn in a terminal, redrawn in place, every pixel kept. On a terminal of
    at least 128 columns by 33 rows, in half blocks: one character is two pixels high, so
    the panel takes 128 x 32 characters, its pixels square on most fonts. On a smaller one
    of at least 64 x 17 (80 x 24, a terminal's usual size, is enough), in braille
    dots: one character is a cell of 2 x 4 pixels, so the panel takes 64 x 16 characters.
    A terminal smaller still gets a line saying so instead (a serial console or ``docker
    exec -t`` may report 0x0: that means unknown, and the panel is drawn in half blocks)."""

    mode = "1"
    BLOCKS = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}
    # Braille: the dot of each pixel of a 2 x 4 cell (Unicode's order: 1-2-3 down the left
    # column, 4-5-6 down the right, then 7 and 8 under them), added to U+2800.
    DOTS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10),
            (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80))
    # (columns, rows) each drawing needs: the panel's, and a line under it for the cursor.
    HALF_BLOCKS = (screens.WIDTH, screens.HEIGHT // 2 + 1)
    BRAILLE = (screens.WIDTH // 2, screens.HEIGHT // 4 + 1)

    def __init__(self, out: TextIO | None = None) -> None:
        self.out = out if out is not None else sys.stdout
        self.drawn: str | None = None  # how the last frame was drawn: "half", "braille"
        self.said_too_small = False

    def size(self) -> tuple[int, int] | None:
        """(columns, rows) of the terminal, or None when it does not say."""
        try:
            size = os.get_terminal_size(self.out.fileno())
        except (OSError, ValueError, AttributeError):
            return None
        if size.columns == 0 or size.lines == 0:
            return None
        return size.columns, size.lines

    def drawing(self) -> str | None:
        """How the panel fits this terminal now: "half" blocks, "braille" dots, or None."""
        size = self.size()
        if size is None:
            return "half"
        for how, (columns, rows) in (("half", self.HALF_BLOCKS), ("braille", self.BRAILLE)):
            if size[0] >= columns and size[1] >= rows:
                return how
        return None

    def display(self, image: Image.Image) -> None:
        how = self.drawing()
        if how is None:
            if not self.said_too_small:
                self.out.write("(the terminal is smaller than the panel's %d x %d characters: "
                               "frames are saved, not drawn)\n" % self.BRAILLE)
                self.said_too_small = True
            self.drawn = None
            return
        px, w = image.convert("L").tobytes(), image.width
        rows = self.half_blocks(px, w, image.height) if how == "half" else \
            self.braille(px, w, image.height)
        # A new drawing (the first, or the terminal resized) starts on a clear screen.
        clear = "\x1b[2J" if how != self.drawn else ""
        self.out.write(clear + "\x1b[H" + "\n".join(rows) + "\n")
        self.out.flush()
        self.drawn = how

    def half_blocks(self, px: bytes, w: int, h: int) -> list[str]:
        rows = []
        for y in range(0, h, 2):
            top, bottom = px[y * w:(y + 1) * w], px[(y + 1) * w:(y + 2) * w]
            rows.append("".join(self.BLOCKS[(top[x] > 0, bottom[x] > 0)] for x in range(w)))
        return rows

    def braille(self, px: bytes, w: int, h: int) -> list[str]:
        rows = []
        for y in range(0, h, 4):
            row = []
            for x in range(0, w, 2):
                dots = 0
                for dx, dy, bit in self.DOTS:
                    if px[(y + dy) * w + x + dx]:
                        dots |= bit
                row.append(chr(0x2800 + dots))
            rows.append("".join(row))
        return rows


def emulated_panel(frames_dir: Path | None, live: bool | None = None) -> Panel:
    """PNG frames under ``frames_dir``; the panel drawn in the terminal when ``live`` (by
    default: when standard output is a terminal)."""
    devices: list = []
    if frames_dir is not None:
        devices.append(FrameFiles(frames_dir))
    if live is None:
        live = sys.stdout.isatty()
    if live:
        devices.append(TerminalPanel())
    return Panel(devices)
