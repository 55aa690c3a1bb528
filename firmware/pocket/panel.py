"""The pocket board's OLED: an SSD1306 or SH1106 on the Pico's I2C that is sent only what changed.

A frame is 1024 bytes in ``framebuf.MONO_VLSB`` order (8 pages of 128 column bytes, top
pixel in bit 0), the layout both controllers keep in their RAM, so a frame drawn with
MicroPython's ``framebuf`` goes to the panel as it is. ``show(frame)`` compares it with the
last frame sent and, page by page, sends the run of columns from the first changed byte to
the last (page addressing: the one mode both chips have): a new number in the body costs a
few dozen bytes at 400 kHz instead of the whole kilobyte. Buffers are made once; ``show``
allocates nothing but the small views it sends. ``between``, when given, is called after
each page (the pocket tends its reader and die there: a whole frame is ~25 ms).

>>> from firmware.sim.twins.ssd1306 import SSD1306Twin
>>> twin = SSD1306Twin()
>>> panel = Panel(twin)
>>> frame = bytearray(1024)
>>> frame[130] = 0x0F  # page 1, column 2
>>> panel.show(frame)
1
>>> twin.frame() == bytes(frame), twin.on
(True, True)
>>> panel.show(frame)  # nothing changed: nothing sent
0
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_PAGES = const(8)
_WIDTH = const(128)
# A page is compared 16 columns at a time (two slices compared in C: ~35 us on the board,
# where comparing byte by byte in Python is ~10 us a byte), and the columns between two
# changes are not sent when a whole unchanged chunk lies between them: a run more is one
# I2C write more (~0.3 ms, its address and where it goes), 16 bytes not sent ~0.37 ms.
_CHUNK = const(16)

# Power-on sequence (SSD1306 datasheet rev 1.1, "Software Initialization Flow Chart",
# section 8.9 application example; SH1106 datasheet 9.x takes the same bytes, ignoring the
# SSD1306-only addressing mode): display off, clock, multiplex 64, offset 0, start line 0,
# charge pump on, page addressing, segment remap, COM scan descending, COM pins alternative,
# contrast, pre-charge, VCOMH, resume from RAM, normal (not inverse), display on.
_INIT = bytes((0x00, 0xAE, 0xD5, 0x80, 0xA8, 0x3F, 0xD3, 0x00, 0x40, 0x8D, 0x14, 0x20, 0x02,
               0xA1, 0xC8, 0xDA, 0x12, 0x81, 0xCF, 0xD9, 0xF1, 0xDB, 0x40, 0xA4, 0xA6, 0xAF))


class Panel:
    """``show`` a frame: each changed page's changed columns, nothing else."""

    def __init__(self, i2c, address=0x3C, sh1106=False):
        self.i2c = i2c
        self.address = address
        self.offset = 2 if sh1106 else 0  # the SH1106's glass starts at RAM column 2
        self.sent = bytearray(_PAGES * _WIDTH)
        # Where a run goes and its data in one I2C write: three commands each after a
        # control byte with Co=1 (one byte follows, then another control byte), then 0x40
        # (Co=0, D/C#=1: the rest is display data; SSD1306 datasheet 8.1.5.2, the SH1106's
        # the same). Two writes a page were ~0.2 ms more each, the bus's start, address
        # and stop and the call.
        self._where = bytearray((0x80, 0xB0, 0x80, 0x00, 0x80, 0x10, 0x40))
        self._data = [self._where, None]
        self.pages_sent = 0
        self.between = None
        i2c.writeto(address, _INIT)
        self._clear()

    def _clear(self):
        """Blank RAM: the panel shows what its RAM held before power (noise) otherwise."""
        blank = bytearray(_WIDTH + 2 * self.offset)
        for page in range(_PAGES):
            self._send(page, -self.offset, blank)

    def _send(self, page, col, data):
        col += self.offset
        where = self._where
        where[1] = 0xB0 | page
        where[3] = col & 0x0F
        where[5] = 0x10 | (col >> 4)
        self._data[1] = data
        self.i2c.writevto(self.address, self._data)

    def show(self, frame):
        """Send what differs from the last frame; the number of pages it touched."""
        view = memoryview(frame)
        was = memoryview(self.sent)
        touched = 0
        between = self.between
        for page in range(_PAGES):
            if page and between is not None:
                between()
            base = page * _WIDTH
            end = base + _WIDTH
            if view[base:end] == was[base:end]:
                continue
            start = -1  # the first changed chunk of the run being found
            last = 0  # its last changed chunk
            for at in range(base, end, _CHUNK):
                if view[at:at + _CHUNK] == was[at:at + _CHUNK]:
                    continue
                if start >= 0 and at > last + _CHUNK:
                    self._run(page, base, start, last + _CHUNK, view)
                    start = -1
                if start < 0:
                    start = at
                last = at
            self._run(page, base, start, last + _CHUNK, view)
            touched += 1
        self.pages_sent += touched
        return touched

    def _run(self, page, base, first, stop, view):
        """Send the columns of ``page`` from the first changed byte in ``first``'s chunk
        to the last changed one before ``stop`` (each chunk holds a change)."""
        sent = self.sent
        while view[first] == sent[first]:
            first += 1
        last = stop - 1
        while view[last] == sent[last]:
            last -= 1
        self._send(page, first - base, view[first:last + 1])
        sent[first:last + 1] = view[first:last + 1]
