"""The panel's display RAM for a picture, worked out pixel by pixel: the oracle the OLED
drivers' own packing (host/devices/oled.py ram_bytes, the pocket's framebuf frames) and
the SSD1306 twin are checked against."""
from __future__ import annotations


def page_bytes(image) -> bytes:
    """A 128x64 one-bit image as the controller's RAM holds it, page by page: byte
    ``page * 128 + x``, the top pixel of a page in bit 0 (``framebuf.MONO_VLSB``)."""
    pixels = image.load()
    out = bytearray(128 * 8)
    for page in range(8):
        for x in range(128):
            byte = 0
            for bit in range(8):
                if pixels[x, page * 8 + bit]:
                    byte |= 1 << bit
            out[page * 128 + x] = byte
    return bytes(out)
