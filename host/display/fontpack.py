"""The panel's pixel fonts packed for the pocket board: one small file per font, read on demand.

The Pi draws its texts with Pillow in X11's misc-fixed fonts (host/display/fonts/, the
``.pil``/``.pbm`` pairs layout.py loads). The pocket board draws the same texts with
MicroPython's ``framebuf`` (firmware/pocket/glyphs.py) from these files, made from the very
same fonts by drawing each Latin-1 character with Pillow, so both sides light the same
pixels (tests/host/app/test_pocket_screens.py compares whole screens).

A packed font (``<name>.hxf``)::

    b"HXF1", advance, height          6 bytes
    256 glyphs, codes 0..255          each ``height`` rows of ceil(advance / 8) bytes,
                                      MONO_HLSB (leftmost pixel in the top bit)

The board seeks to a glyph and reads it into one buffer: a font costs its file's size in
flash (about 25 KB for all five) and a few dozen bytes of heap.

    python -m host.display.fontpack OUT_DIR     # every font of layout.FONTS
"""
from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

from host.display.layout import FONTS, pixel_font

MAGIC = b"HXF1"


def glyph_rows(name: str, code: int) -> bytes:
    """Character ``code`` of font ``name`` as Pillow draws it, MONO_HLSB rows."""
    advance, height = FONTS[name]
    margin = 8
    canvas = Image.new("1", (advance + 2 * margin, height + 2 * margin), 0)
    ImageDraw.Draw(canvas).text((margin, margin), chr(code), font=pixel_font(name), fill=1)
    box = canvas.getbbox()
    if box is not None and (box[0] < margin or box[1] < margin or
                            box[2] > margin + advance or box[3] > margin + height):
        raise ValueError("font %s: character %d leaves its %dx%d cell" % (name, code,
                                                                          advance, height))
    row_bytes = (advance + 7) // 8
    out = bytearray(row_bytes * height)
    pixels = canvas.load()
    assert pixels is not None  # a loaded image always has its pixels
    for y in range(height):
        for x in range(advance):
            if pixels[margin + x, margin + y]:
                out[y * row_bytes + x // 8] |= 0x80 >> (x % 8)
    return bytes(out)


def pack(name: str) -> bytes:
    advance, height = FONTS[name]
    return MAGIC + bytes((advance, height)) + b"".join(glyph_rows(name, c) for c in range(256))


def write_all(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name in FONTS:
        path = folder / ("%s.hxf" % name)
        path.write_bytes(pack(name))
        out.append(path)
    return out


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m host.display.fontpack OUT_DIR")
    for written in write_all(Path(sys.argv[1])):
        print(written)
