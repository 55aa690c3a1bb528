"""SSD1306 and SH1106 panels that send only what changed.

luma's stock ``ssd1306`` sends the whole 1024-byte frame on every ``display()``; on a
400 kHz I2C bus that is about 25 ms per frame, most of it pixels that did not change. Our
subclasses keep the display RAM they last sent, compute the new frame's RAM bytes (one
Pillow transpose and a byte table: about 0.05 ms), and for each 8-pixel page find the
first and last column that differ. Neighbouring pages are merged into one window when
that costs fewer bytes than their separate address commands. Only those windows go out:

- SSD1306: horizontal addressing with a window: ``COLUMNADDR x0 x1`` and ``PAGEADDR p0 p1``
  (datasheet 10.1.4, 10.1.5), then the window's bytes in one run.
- SH1106: no window addressing, only page addressing: for each page, ``0xB0+page``, then
  the column as a low nibble (``0x00-0x0F``) and a high nibble (``0x10-0x1F``) (datasheet
  commands 1, 2 and 12), then that page's bytes. The 132-column RAM shows columns 2..129,
  hence ``page_address_offset`` (2 by default, as luma's driver).

Why not ``luma.core.framebuffer.diff_to_previous``: it finds changed boxes per square
segment of the image, not per page, so each box must be widened to whole pages and a
change spread across the screen becomes a box per segment. Over the two demo games it
sent 36% and 47% of full frames (16 segments, 0.2 ms per frame); the page runs here send
30% and 40% (0.05 ms). ``tests/bench_host.py`` prints the current numbers.

``bytes_sent`` counts every command and data byte handed to the bus, so the bench can say
how much a screen change costs next to a full frame (``FULL_FRAME_BYTES``).

>>> from luma.core.interface.serial import noop
>>> panel = SSD1306(noop())
>>> panel.bytes_sent > FULL_FRAME_BYTES  # the init sequence and a blank first frame
True
"""
from __future__ import annotations

from luma.oled.device import sh1106, ssd1306
from PIL import Image

PAGE = 8  # rows of pixels in one byte of display RAM
FULL_FRAME_BYTES = 128 * 64 // PAGE
WINDOW_COST = 6  # address bytes per window (SSD1306: 0x21 x0 x1 0x22 p0 p1)

# Pillow packs the leftmost pixel in the high bit; the panels want the top pixel of a page
# in the low bit: reverse the bits of every byte.
REVERSED_BITS = bytes(int("{:08b}".format(i)[::-1], 2) for i in range(256))


def ram_bytes(image: Image.Image) -> bytes:
    """Display RAM for a one-bit image, column by column: byte ``x * pages + page``.
    Transposed, each column of the image is a row whose packed bytes are its pages."""
    return image.transpose(Image.Transpose.TRANSPOSE).tobytes().translate(REVERSED_BITS)


def _runs(a: bytes, b: bytes, gap: int) -> list[tuple[int, int]]:
    """Column runs (x0, x1 exclusive) where ``a`` and ``b`` differ; runs closer than
    ``gap`` unchanged columns are joined (sending those is cheaper than a new address)."""
    runs: list[tuple[int, int]] = []
    x, width = 0, len(a)
    while x < width:
        if a[x] == b[x]:
            x += 1
            continue
        start = x
        while x < width and a[x] != b[x]:
            x += 1
        if runs and start - runs[-1][1] <= gap:
            runs[-1] = (runs[-1][0], x)
        else:
            runs.append((start, x))
    return runs


def changed_windows(old: bytes | None, new: bytes, width: int, pages: int
                    ) -> list[tuple[int, int, int, int]]:
    """Windows (x0, x1 exclusive, first page, last page) covering every changed byte.
    A run on one page joins a window ending on the page above when one window costs fewer
    bytes than two.

    >>> blank = bytes(128 * 8)
    >>> one = bytearray(blank); one[10 * 8 + 2] = 1; one[12 * 8 + 3] = 1
    >>> changed_windows(blank, bytes(one), 128, 8)
    [(10, 13, 2, 3)]
    >>> one[100 * 8 + 3] = 1  # far to the right: a window of its own
    >>> changed_windows(blank, bytes(one), 128, 8)
    [(10, 13, 2, 3), (100, 101, 3, 3)]
    """
    if old is None:
        return [(0, width, 0, pages - 1)]
    windows: list[tuple[int, int, int, int]] = []
    for page in range(pages):
        a, b = old[page::pages], new[page::pages]
        if a == b:
            continue
        for lo, hi in _runs(a, b, WINDOW_COST):
            best = -1
            for i, (x0, x1, p0, p1) in enumerate(windows):
                if p1 != page - 1:
                    continue
                apart = WINDOW_COST + (x1 - x0) * (p1 - p0 + 1) + WINDOW_COST + (hi - lo)
                mx0, mx1 = min(x0, lo), max(x1, hi)
                if WINDOW_COST + (mx1 - mx0) * (page - p0 + 1) <= apart:
                    best = i
                    break
            if best >= 0:
                x0, x1, p0, _ = windows[best]
                windows[best] = (min(x0, lo), max(x1, hi), p0, page)
            else:
                windows.append((lo, hi, page, page))
    return windows


def _window_data(ram: bytes, pages: int, x0: int, x1: int, page: int) -> bytes:
    return ram[x0 * pages + page:x1 * pages + page:pages]


class _Partial:
    """Counts what goes to the bus and remembers the RAM last sent; shared by both."""

    bytes_sent = 0
    frames = 0
    updates = 0  # frames that changed something
    _ram: bytes | None = None

    def command(self, *cmd: int) -> None:
        self.bytes_sent += len(cmd)
        super().command(*cmd)  # type: ignore[misc]

    def data(self, data) -> None:
        self.bytes_sent += len(data)
        super().data(data)  # type: ignore[misc]

    def invalidate(self) -> None:
        """Send the whole next frame (after the panel was reset or lost power)."""
        self._ram = None

    def _changes(self, image: Image.Image) -> tuple[bytes, list[tuple[int, int, int, int]]]:
        assert image.mode == self.mode and image.size == self.size  # type: ignore[attr-defined]
        image = self.preprocess(image)  # type: ignore[attr-defined]
        self.frames += 1
        ram = ram_bytes(image)
        windows = changed_windows(self._ram, ram, image.width, image.height // PAGE)
        self._ram = ram
        if windows:
            self.updates += 1
        return ram, windows


class SSD1306(_Partial, ssd1306):
    """``luma.oled.device.ssd1306`` that sends only the changed windows."""

    def display(self, image: Image.Image) -> None:
        ram, windows = self._changes(image)
        pages = self._h // PAGE
        for x0, x1, p0, p1 in windows:
            self.command(self._const.COLUMNADDR, self._colstart + x0, self._colstart + x1 - 1,
                         self._const.PAGEADDR, p0, p1)
            run = b"".join(_window_data(ram, pages, x0, x1, p) for p in range(p0, p1 + 1))
            self.data(list(run))


class SH1106(_Partial, sh1106):
    """``luma.oled.device.sh1106`` that sends only the changed column-pages."""

    def __init__(self, serial_interface=None, width: int = 128, height: int = 64,
                 rotate: int = 0, page_address_offset: int = 2, **kwargs) -> None:
        # The parent sets this too, but only after its first (blank) frame is drawn.
        self._page_address_offset = page_address_offset
        super().__init__(serial_interface, width=width, height=height, rotate=rotate,
                         page_address_offset=page_address_offset, **kwargs)

    def display(self, image: Image.Image) -> None:
        ram, windows = self._changes(image)
        pages = self._h // PAGE
        for x0, x1, p0, p1 in windows:
            column = x0 + self._page_address_offset
            for page in range(p0, p1 + 1):
                self.command(0xB0 + page, column & 0x0F, 0x10 | (column >> 4))
                self.data(list(_window_data(ram, pages, x0, x1, page)))


DRIVERS = {"ssd1306": SSD1306, "sh1106": SH1106}


def open_panel(driver: str, port: int, address: int, rotate: int = 0):
    """The real panel on ``/dev/i2c-<port>`` at ``address`` (0x3C or 0x3D)."""
    from luma.core.interface.serial import i2c

    cls = DRIVERS.get(driver)
    if cls is None:
        raise ValueError("panel driver %r: use one of %s" % (driver, ", ".join(DRIVERS)))
    return cls(i2c(port=port, address=address), rotate=rotate)
