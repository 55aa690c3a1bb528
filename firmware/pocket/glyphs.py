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
    """One packed font: a glyph read from its file into one buffer, then blitted. ``close``
    closes its file until the next text (an open littlefs file holds the filesystem's
    cache, 1 KB on the rp2 port: the pocket closes its fonts once a game's screen is
    painted)."""

    def __init__(self, path):
        self.path = path
        self.file = None
        head = self._open().read(6)
        if head[:4] != b"HXF1":
            self.close()
            raise ValueError("%s is not a packed font" % path)
        self.advance = head[4]
        self.height = head[5]
        self.size = ((self.advance + 7) // 8) * self.height
        self.buf = bytearray(self.size)
        self.glyph = framebuf.FrameBuffer(self.buf, self.advance, self.height,
                                          framebuf.MONO_HLSB)

    def _open(self):
        self.file = open(self.path, "rb")
        return self.file

    def text(self, fb, text, x, y, colour, palette):
        f = self.file
        if f is None:
            f = self._open()
        glyph = self.glyph
        # Lit text (most of a screen) is the glyph as it is, its unlit pixels the key; dark
        # text on a bar goes through the palette, which gives a glyph's lit pixels the
        # colour asked for and its unlit ones the other, the key (framebuf compares the key
        # after the palette). Either way unlit pixels leave the screen as it is. Through the
        # palette a glyph took 78 us on the board, as it is 49 us.
        pal = None if colour else palette[0]
        for ch in text:
            code = ord(ch)
            f.seek(6 + (code if code < 256 else _UNKNOWN) * self.size)
            f.readinto(self.buf)
            if pal is None:
                fb.blit(glyph, x, y, 0)
            else:
                fb.blit(glyph, x, y, 1, pal)
            x += self.advance

    def close(self):
        if self.file is not None:
            self.file.close()
            self.file = None


class Fonts:
    """The packed fonts of a folder, each read when first used; ``close`` closes their
    files (each opened again when next drawn)."""

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

    def close(self):
        for font in self.open.values():
            font.close()


def _painted(view, fonts):
    """What painting ``view`` does, in order: each text and rule laid out (its ``Placed``)
    and the winner's underline (``("mark", x, y, w)``)."""
    out = lay_out(view)
    bigs = [p for p in out if p[0] == "big"]
    mark = view.mark
    if len(bigs) == 2 and mark in (0, 1):
        _part, text, name, x, y = bigs[mark][:5]
        font = fonts[name]
        if text:
            out = list(out)  # lay_out's may be a tuple
            out.append(("mark", x, y + font.height + 1, len(text) * font.advance))
    return out


def _rect(what, fonts):
    """The (x, y, w, h) no pixel ``what`` paints is outside."""
    if what[0] == "mark":
        return (what[1], what[2], what[3], 1)
    part, text, name, x, y, selected, inverted = what
    if part == "rule":
        return (0, y, WIDTH, 1)
    font = fonts[name]
    w = len(text) * font.advance
    h = font.height
    if selected:
        return (0, y - 1, max(WIDTH, x + w), h + 1)
    if inverted:
        return (0, y - 1, max(min(WIDTH - 1, x + w) + 1, x + w), h + 1)
    return (x, y, w, h)


def _meets(a, rects):
    x, y, w, h = a
    for bx, by, bw, bh in rects:
        if x < bx + bw and bx < x + w and y < by + bh and by < y + h:
            return True
    return False


def _paint(fb, what, fonts):
    if what[0] == "mark":
        fb.hline(what[1], what[2], what[3], 1)
        return
    part, text, name, x, y, selected, inverted = what
    if part == "rule":
        fb.hline(0, y, WIDTH, 1)
        return
    font = fonts[name]
    if selected:
        fb.fill_rect(0, y - 1, WIDTH, font.height + 1, 1)
        font.text(fb, text, x, y, 0, fonts.palette)
    elif inverted:
        # As wide as the words (the Pi's rectangle ends at x + w, both ends included).
        fb.fill_rect(0, y - 1, min(WIDTH - 1, x + len(text) * font.advance) + 1,
                     font.height + 1, 1)
        font.text(fb, text, x, y, 0, fonts.palette)
    else:
        font.text(fb, text, x, y, 1, fonts.palette)


def _again(painted, before, fonts, fb):
    """Which of ``painted`` to paint again over the frame ``before`` left (a True each),
    the frame cleared where they and what went paint; None: too little is the same, the
    whole frame is painted."""
    kept = {}
    for what in before:
        kept[what] = True
    same = 0
    for what in painted:
        if what in kept:
            same += 1
    if same * 4 < len(painted):
        return None
    now = {}
    for what in painted:
        now[what] = True
    cleared = [_rect(what, fonts) for what in before if what not in now]
    again = [False] * len(painted)
    rects = [_rect(what, fonts) for what in painted]
    for i, what in enumerate(painted):
        if what not in kept:
            again[i] = True
            cleared.append(rects[i])
    grew = True
    while grew:
        grew = False
        for i, rect in enumerate(rects):
            if not again[i] and _meets(rect, cleared):
                again[i] = True
                cleared.append(rect)
                grew = True
    for x, y, w, h in cleared:
        fb.fill_rect(x, y, w, h, 0)
    return again


def draw(frame, view, fonts, between=None, before=None):
    """Lay ``view`` out and paint it into ``frame`` (1024 bytes, MONO_VLSB); the winner of
    a battle (``view.mark``) underlined. Returns what it painted: given back as ``before``
    with the same frame, only what changed is painted again (each glyph is read from
    flash, ~0.1 ms: a whole screen's texts were 13-21 ms of a tap's 100). ``between``,
    when given, is called after each text painted.

    Painting again only what changed gives the frame a whole painting gives it: the
    rectangles of what went and what came are cleared, and every text or rule that meets
    a cleared rectangle is painted again, in the layout's order, its own rectangle cleared
    with them (so a text painted again never lands on a neighbour left unpainted); no
    paint reaches outside its rectangle, so what meets none is as it was."""
    fb = framebuf.FrameBuffer(frame, WIDTH, HEIGHT, framebuf.MONO_VLSB)
    painted = _painted(view, fonts)
    again = None if before is None else _again(painted, before, fonts, fb)
    if again is None:
        fb.fill(0)
    for i, what in enumerate(painted):
        if again is None or again[i]:
            _paint(fb, what, fonts)
            if between is not None:
                between()
    return painted
