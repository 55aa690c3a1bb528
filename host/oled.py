"""SSD1306 and SH1106 panels that send only what changed.

luma's stock ``ssd1306`` sends the whole 1024-byte frame on every ``display()``; on a
400 kHz I2C bus that is about 25 ms per frame, most of it pixels that did not change. Our
subclasses compare each frame with the previous one (``luma.core.framebuffer.
diff_to_previous``), round each changed box out to whole 8-pixel pages, and send only those
column-pages:

- SSD1306: horizontal addressing with a window: ``COLUMNADDR x0 x1`` and ``PAGEADDR p0 p1``
  (datasheet 10.1.4, 10.1.5), then the window's bytes in one run.
- SH1106: no window addressing, only page addressing: for each page, ``0xB0+page``, then
  the column as a low nibble (``0x00-0x0F``) and a high nibble (``0x10-0x1F``) (datasheet
  commands 1, 2 and 12), then that page's bytes. The 132-column RAM shows columns 2..129,
  hence ``page_address_offset`` (2 by default, as luma's driver).

``bytes_sent`` counts every command and data byte handed to the bus, so the bench can say
how much a screen change costs next to a full frame (``FULL_FRAME_BYTES``).

>>> from luma.core.interface.serial import noop
>>> panel = SSD1306(noop())
>>> panel.bytes_sent > FULL_FRAME_BYTES  # the init sequence and a blank first frame
True
"""
from __future__ import annotations

from luma.core.framebuffer import diff_to_previous
from luma.oled.device import sh1106, ssd1306
from PIL import Image

PAGE = 8  # rows of pixels in one byte of display RAM
FULL_FRAME_BYTES = 128 * 64 // PAGE


def _column_bytes(image: Image.Image, x0: int, x1: int, page: int) -> bytes:
    """One page of ``image`` between columns x0 and x1 as display RAM bytes: bit 0 is the
    top row of the page. Transposing the strip makes each column a row of 8 pixels;
    flipping it puts the top pixel in the low bit of Pillow's packed byte."""
    strip = image.crop((x0, page * PAGE, x1, page * PAGE + PAGE))
    return strip.transpose(Image.Transpose.TRANSPOSE).transpose(
        Image.Transpose.FLIP_LEFT_RIGHT).tobytes()


def _windows(framebuffer, image: Image.Image) -> list[tuple[int, int, int, int]]:
    """The changed boxes as (x0, x1, first page, last page), pages rounded outwards."""
    out = []
    for _part, (left, top, right, bottom) in framebuffer.redraw(image):
        out.append((left, right, top // PAGE, (bottom - 1) // PAGE))
    return out


class _Counting:
    """Counts what goes to the bus; shared by both panels."""

    bytes_sent = 0
    frames = 0
    updates = 0  # frames that changed something

    def command(self, *cmd: int) -> None:
        self.bytes_sent += len(cmd)
        super().command(*cmd)  # type: ignore[misc]

    def data(self, data) -> None:
        self.bytes_sent += len(data)
        super().data(data)  # type: ignore[misc]


class SSD1306(_Counting, ssd1306):
    """``luma.oled.device.ssd1306`` that sends only the changed windows.

    ``segments``: diff_to_previous compares the frame in that many tiles (a square number);
    more tiles find smaller boxes but cost a window command each.
    """

    def __init__(self, serial_interface=None, width: int = 128, height: int = 64,
                 rotate: int = 0, segments: int = 16, **kwargs) -> None:
        # The parent __init__ already draws a blank frame: the diff must exist before it.
        self.framebuffer = diff_to_previous(num_segments=segments)
        super().__init__(serial_interface, width=width, height=height, rotate=rotate,
                         **kwargs)

    def display(self, image: Image.Image) -> None:
        assert image.mode == self.mode and image.size == self.size
        image = self.preprocess(image)
        self.frames += 1
        windows = _windows(self.framebuffer, image)
        if windows:
            self.updates += 1
        for x0, x1, p0, p1 in windows:
            self.command(self._const.COLUMNADDR, self._colstart + x0, self._colstart + x1 - 1,
                         self._const.PAGEADDR, p0, p1)
            run = bytearray()
            for page in range(p0, p1 + 1):
                run += _column_bytes(image, x0, x1, page)
            self.data(list(run))


class SH1106(_Counting, sh1106):
    """``luma.oled.device.sh1106`` that sends only the changed column-pages."""

    def __init__(self, serial_interface=None, width: int = 128, height: int = 64,
                 rotate: int = 0, page_address_offset: int = 2, segments: int = 16,
                 **kwargs) -> None:
        self.framebuffer = diff_to_previous(num_segments=segments)
        # The parent sets this too, but only after its first (blank) frame is drawn.
        self._page_address_offset = page_address_offset
        super().__init__(serial_interface, width=width, height=height, rotate=rotate,
                         page_address_offset=page_address_offset, **kwargs)

    def display(self, image: Image.Image) -> None:
        assert image.mode == self.mode and image.size == self.size
        image = self.preprocess(image)
        self.frames += 1
        windows = _windows(self.framebuffer, image)
        if windows:
            self.updates += 1
        for x0, x1, p0, p1 in windows:
            column = x0 + self._page_address_offset
            for page in range(p0, p1 + 1):
                self.command(0xB0 + page, column & 0x0F, 0x10 | (column >> 4))
                self.data(list(_column_bytes(image, x0, x1, page)))


DRIVERS = {"ssd1306": SSD1306, "sh1106": SH1106}


def open_panel(driver: str, port: int, address: int, rotate: int = 0):
    """The real panel on ``/dev/i2c-<port>`` at ``address`` (0x3C or 0x3D)."""
    from luma.core.interface.serial import i2c

    cls = DRIVERS.get(driver)
    if cls is None:
        raise ValueError("panel driver %r: use one of %s" % (driver, ", ".join(DRIVERS)))
    return cls(i2c(port=port, address=address), rotate=rotate)
