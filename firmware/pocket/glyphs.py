"""The pocket board draws a screen with ``framebuf``, pixel for pixel as the Pi's Pillow.

``draw`` lays a view out with the layout the Pi uses (shared_rules/display/layout.py: each
text with its part, font, place and style, a ``Placed`` tuple) and paints it as the Pi's
``layout.draw`` does: a rule under the header, a menu's selected row and a refusal's
footer dark on a light bar, the winning total underlined. The fonts are the Pi's own,
packed by host/display/fontpack.py (one file each, ``HXF1``, a glyph per Latin-1 code)
and read glyph by glyph from flash.
"""
import framebuf

from shared_rules.display.layout import lay_out

WIDTH = 128
HEIGHT = 64
_UNKNOWN = 63  # "?": what a character past Latin-1 is drawn as


class Font:
    """One packed font: a glyph read from its file into one buffer, then blitted."""

    def __init__(self, path):
        self.file = open(path, "rb")
        head = self.file.read(6)
        if head[:4] != b"HXF1":
            raise ValueError("%s is not a packed font" % path)
        self.advance = head[4]
        self.height = head[5]
        self.size = ((self.advance + 7) // 8) * self.height
        self.buf = bytearray(self.size)
        self.glyph = framebuf.FrameBuffer(self.buf, self.advance, self.height,
                                          framebuf.MONO_HLSB)

    def text(self, fb, text, x, y, colour, palette):
        for ch in text:
            code = ord(ch)
            self.file.seek(6 + (code if code < 256 else _UNKNOWN) * self.size)
            self.file.readinto(self.buf)
            # The palette gives a glyph's lit pixels the colour asked for and its unlit ones
            # the other, which is the key (framebuf compares the key after the palette):
            # unlit pixels leave the screen as it is.
            fb.blit(self.glyph, x, y, 1 - colour, palette[colour])
            x += self.advance

    def close(self):
        self.file.close()


class Fonts:
    """The packed fonts of a folder, opened when first used."""

    def __init__(self, folder):
        self.folder = folder
        self.open = {}
        self.palette = []
        for colour in (0, 1):
            p = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
            p.pixel(0, 0, 1 - colour)  # unlit: the other colour (the key)
            p.pixel(1, 0, colour)  # lit: ``colour``
            self.palette.append(p)

    def __getitem__(self, name):
        font = self.open.get(name)
        if font is None:
            font = self.open[name] = Font("%s/%s.hxf" % (self.folder, name))
        return font


def draw(frame, view, fonts, between=None):
    """Lay ``view`` out and paint it into ``frame`` (1024 bytes, MONO_VLSB, cleared first);
    the winner of a battle (``view.mark``) underlined. ``between``, when given, is called
    after each text (each glyph is read from flash: a screen takes ~20-120 ms)."""
    fb = framebuf.FrameBuffer(frame, WIDTH, HEIGHT, framebuf.MONO_VLSB)
    fb.fill(0)
    bigs = []
    mark = view.mark
    for part, text, name, x, y, selected, inverted in lay_out(view):
        if part == "rule":
            fb.hline(0, y, WIDTH, 1)
            continue
        font = fonts[name]
        w = len(text) * font.advance
        h = font.height
        if part == "big":
            bigs.append((x, y, w, h))
        if selected:
            fb.fill_rect(0, y - 1, WIDTH, h + 1, 1)
            font.text(fb, text, x, y, 0, fonts.palette)
        elif inverted:
            # As wide as the words (the Pi's rectangle ends at x + w, both ends included).
            fb.fill_rect(0, y - 1, min(WIDTH - 1, x + w) + 1, h + 1, 1)
            font.text(fb, text, x, y, 0, fonts.palette)
        else:
            font.text(fb, text, x, y, 1, fonts.palette)
        if between is not None:
            between()
    if len(bigs) == 2 and mark in (0, 1):
        x, y, w, h = bigs[mark]
        if w > 0:
            fb.hline(x, y + h + 1, w, 1)
    return fb
