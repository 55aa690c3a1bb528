"""A frame read back into its texts: what a panel drawn by the shared layout in the Pi's
fonts shows (the pocket board's glass: firmware/pocket/glyphs.py lights the pixels
``layout.draw`` lights), said line by line as ``layout.shown`` says a view, so a board's
frames have the transcript the Pi's have.

The layout is arithmetic on fixed-width fonts (shared_rules/display/layout.py): each text
sits on its font's grid at a place the layout's rules allow. The header is at the top left
and its right-hand text against the right edge, on one line or two, a rule under them; the
footer comes up from the bottom (on a light bar when inverted); the large values are
under the rule, one centred or two apart with a colon; the lines go down from there, or a
menu's rows with the cursor's on a bar. ``read`` tries those places, reads each cell as
the glyph whose pixels it holds, and keeps a reading only when painting it again gives
every pixel of the frame: a frame it cannot read whole is None, never a guess.

Two glyphs of the fonts are drawn alike: 6x10's ``x`` and ``×`` (read as ``×`` when it
stands alone between spaces, a count's sign: "2 treasures × 10"), and ``Â`` and ``Å``
(read as ``Â``).
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from PIL import Image, ImageDraw

from host.display.layout import (
    BIG_FONTS,
    FONTS,
    HEADER_RULE_Y,
    MENU_ROWS,
    TEXT_FONTS,
    Placed,
    _glyphs,
    paint,
    pixel_font,
    said,
)
from host.display.screens import HEIGHT, WIDTH

_INVERT = bytes.maketrans(b"\x00\x01", b"\x01\x00")
_LOOKALIKES = {"×": "x"}  # drawn alike: the first is read only where it stands alone


@lru_cache(maxsize=None)
def _cells(name: str) -> dict[bytes, str]:
    """Each glyph of font ``name`` by its cell's pixels (a byte a pixel, row by row)."""
    w, h = FONTS[name]
    out: dict[bytes, str] = {}
    for char in _glyphs():
        image = Image.new("1", (w, h), 0)
        ImageDraw.Draw(image).text((0, 0), char, font=pixel_font(name), fill=1)
        out.setdefault(_bits(image), char)  # the first of two alike: "x" before "×"
    return out


_LIT = bytes([0] + [1] * 255)


def _bits(image: Image.Image) -> bytes:
    return image.convert("L").tobytes().translate(_LIT)


class Glass:
    """A frame's pixels, one byte each (0 dark, 1 lit), row by row."""

    def __init__(self, image: Image.Image) -> None:
        if image.size != (WIDTH, HEIGHT):
            raise ValueError("a frame is %dx%d pixels, not %dx%d" % (WIDTH, HEIGHT,
                                                                      *image.size))
        self.bits = _bits(image)
        self._cells: dict[tuple[str, int, int, bool], str | None] = {}

    def row(self, y: int) -> bytes:
        return self.bits[y * WIDTH:(y + 1) * WIDTH]

    def rows(self, y0: int, y1: int) -> bytes:
        return self.bits[y0 * WIDTH:y1 * WIDTH]

    def lit(self, y0: int, y1: int) -> tuple[int, int] | None:
        """The first and last columns with a lit pixel in rows [y0, y1), or None."""
        merged = 0
        for y in range(max(0, y0), min(y1, HEIGHT)):
            merged |= int.from_bytes(self.row(y), "big")
        if not merged:
            return None
        columns = merged.to_bytes(WIDTH, "big")
        return columns.index(1), WIDTH - 1 - columns[::-1].index(1)

    def char(self, name: str, x: int, y: int, inverted: bool = False) -> str | None:
        """The glyph of font ``name`` whose cell is at (``x``, ``y``), or None."""
        key = (name, x, y, inverted)
        if key in self._cells:  # the readings tried go over the same cells again
            return self._cells[key]
        w, h = FONTS[name]
        char = None
        if 0 <= x and 0 <= y and x + w <= WIDTH and y + h <= HEIGHT:
            bits, at = self.bits, y * WIDTH + x
            cell = b"".join([bits[at + r * WIDTH:at + r * WIDTH + w] for r in range(h)])
            char = _cells(name).get(cell.translate(_INVERT) if inverted else cell)
        self._cells[key] = char
        return char

    def run(self, name: str, x: int, y: int, count: int | None = None,
            limit: int = WIDTH, inverted: bool = False) -> str | None:
        """The glyphs from (``x``, ``y``) rightwards: ``count`` of them (None if one is no
        glyph), or as many as are glyphs before ``limit``."""
        w = FONTS[name][0]
        chars: list[str] = []
        while count is None or len(chars) < count:
            at = x + len(chars) * w
            char = self.char(name, at, y, inverted) if at + w <= limit else None
            if char is None:
                if count is not None:
                    return None
                break
            chars.append(char)
        return "".join(chars)


def painted(placed: list[Placed], mark: int = -1) -> bytes:
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    paint(placed, ImageDraw.Draw(image), mark)
    return _bits(image)


def _band(glass: Glass, placed: list[Placed], y0: int, y1: int, mark: int = -1) -> bool:
    """``placed`` painted alone lights exactly the frame's pixels in rows [y0, y1)."""
    return painted(placed, mark)[y0 * WIDTH:y1 * WIDTH] == glass.rows(y0, y1)


def _text(chars: str) -> str:
    """Read glyphs as the words they are: a lone ``x`` between spaces is a count's ``×``."""
    if "x" not in chars:
        return chars
    words = chars.split(" ")
    return " ".join("×" if word == "x" and 0 < i < len(words) - 1 else word
                    for i, word in enumerate(words))


def _line(part: str, text: str, name: str, x: int, y: int, selected: bool = False,
          inverted: bool = False) -> Placed:
    return Placed(part, _text(text), name, x, y, selected, inverted)


# --- the header -------------------------------------------------------------------------


def _rights(glass: Glass, name: str, y: int, room: int) -> Iterator[tuple[str, int]]:
    """Texts against the right edge at row ``y`` in font ``name``, at most ``room`` pixels
    wide, as (text, x), the shortest first (the empty one included)."""
    w = FONTS[name][0]
    yield "", WIDTH
    text = ""
    for n in range(1, room // w + 1):
        char = glass.char(name, WIDTH - n * w, y)
        if char is None:
            return  # every longer text holds this cell too
        text = char + text
        if char != " ":
            yield text, WIDTH - n * w


def _headers(glass: Glass, rule: int) -> Iterator[list[Placed]]:
    lit = glass.lit(0, rule)
    for name in TEXT_FONTS:
        w, h = FONTS[name]
        if rule == HEADER_RULE_Y:  # the title and its right-hand text on one line
            for right, x in _rights(glass, name, 0, WIDTH):
                room = x - w if right else WIDTH
                title = (glass.run(name, 0, 0, limit=room) or "").rstrip(" ")
                if lit is not None and not right and lit[1] >= len(title) * w:
                    continue  # something lit beyond the title: a right-hand text
                placed = [_line("header", title, name, 0, 0)]
                if right:
                    placed.append(_line("right", right, name, x, 0))
                if _band(glass, placed, 0, rule):
                    yield placed
            continue
        # The right-hand text on a line of its own, under the title.
        title = (glass.run(name, 0, 0) or "").rstrip(" ")
        for small in TEXT_FONTS:
            y = h + 1
            if y + FONTS[small][1] + 1 != rule:
                continue
            for right, x in _rights(glass, small, y, WIDTH):
                if not right:
                    continue
                placed = [_line("header", title, name, 0, 0), _line("right", right, small, x, y)]
                if _band(glass, placed, 0, rule):
                    yield placed


# --- the footer -------------------------------------------------------------------------


def _footers(glass: Glass) -> Iterator[tuple[list[Placed], int]]:
    """The footer's lines, and the first row above the footer's band (HEIGHT: none); the
    most lines first."""
    for n in (4, 3, 2, 1):
        for name in TEXT_FONTS:
            w, h = FONTS[name]
            top = HEIGHT - (h + 1) * n + 1
            if top < HEADER_RULE_Y + 2:
                continue
            for inverted in (True, False):
                x = 1 if inverted else 0
                placed: list[Placed] = []
                for i in range(n):
                    text = glass.run(name, x, top + i * (h + 1), inverted=inverted)
                    if not text or not text.strip(" "):
                        break
                    placed.append(_line("footer", text.rstrip(" "), name, x,
                                        top + i * (h + 1), inverted=inverted))
                if len(placed) == n and _band(glass, placed, top - 1, HEIGHT):
                    yield placed, top - 1
    yield [], HEIGHT


# --- the large values and the lines -----------------------------------------------------


def _bigs(glass: Glass, top: int, bottom: int) -> Iterator[tuple[list[Placed], int]]:
    """The large values under the rule and the height they take: none first."""
    yield [], 0
    for name in BIG_FONTS:
        w, h = FONTS[name]
        if top + h > bottom:
            continue
        lit = glass.lit(top, top + h)
        if lit is None:
            continue
        for n in range(1, WIDTH // w + 1):  # one, centred
            x = max(0, (WIDTH - n * w) // 2)
            if not x <= lit[0] <= lit[1] < x + n * w:
                continue
            text = glass.run(name, x, top, count=n)
            if text and text[0] != " " and text[-1] != " ":
                placed = [_line("big", text, name, x, top)]
                if _band(glass, placed, top, top + h):
                    yield placed, h
        half = WIDTH // 2 - 8  # two, a colon between
        colon = "6x10" if h < 15 else name
        cw, ch = FONTS[colon]
        left = (glass.run(name, 0, top, limit=half) or "").rstrip(" ")
        if not left:
            continue
        for right, x in _rights(glass, name, top, half):
            if not right:
                continue
            placed = [_line("big", left, name, 0, top),
                      Placed("colon", ":", colon, WIDTH // 2 - cw // 2, top + (h - ch) // 2,
                             False, False),
                      _line("big", right, name, x, top)]
            if _band(glass, placed, top, top + h):
                yield placed, h


def _plain_lines(glass: Glass, top: int, bottom: int) -> Iterator[list[Placed]]:
    for name in TEXT_FONTS:
        h = FONTS[name][1]
        for pitch in (h + 1, h) if name == TEXT_FONTS[-1] else (h + 1,):
            placed = []
            y = top
            while y + h <= bottom:
                text = glass.run(name, 0, y)
                if text is None:
                    break
                placed.append(_line("line", text.rstrip(" "), name, 0, y))
                y += pitch
            while placed and not placed[-1].text:
                placed.pop()  # the rows under the last line: blank
            yield placed


def _menu_rows(glass: Glass, top: int, bottom: int) -> Iterator[list[Placed]]:
    """A menu's rows (shared_rules/display/layout.py ``_body``): at x 1, the cursor's row
    dark on a bar across the panel."""
    for pitch in sorted({FONTS[name][1] + 1 for name in TEXT_FONTS}, reverse=True):
        fonts = [name for name in TEXT_FONTS if FONTS[name][1] < pitch] or TEXT_FONTS[-1:]
        placed = []
        for i in range(MENU_ROWS):
            y = top + i * pitch
            selected = glass.row(y)[0] == 1
            row = None
            for name in fonts:
                h = FONTS[name][1]
                if y + h > bottom:
                    continue
                text = glass.run(name, 1, y, inverted=selected)
                if not text or not text.strip(" "):
                    continue
                candidate = _line("line", text.rstrip(" "), name, 1, y, selected=selected)
                if _band(glass, [candidate], y - 1 if selected else y, y + h):
                    row = candidate
                    break
            if row is None:
                break
            placed.append(row)
        if placed:
            yield placed


# --- the whole frame --------------------------------------------------------------------


def read(image: Image.Image) -> list[str] | None:
    """The texts of a frame, as ``layout.shown`` says the view drawn on it; [] for a dark
    frame; None for a frame that is not a laid-out screen (or not one read whole)."""
    glass = Glass(image)
    if not any(glass.bits):
        return []
    full = b"\x01" * WIDTH
    rule = next((y for y in range(HEIGHT) if glass.row(y) == full), None)
    if rule is None:
        return None
    rule_placed = Placed("rule", "", TEXT_FONTS[-1], 0, rule, False, False)
    headers = list(_headers(glass, rule))
    if not headers:
        return None
    for footer, bottom in _footers(glass):
        top = rule + 2
        for big, h in _bigs(glass, top, bottom):
            lines_top = top + h + 1 if big else top
            for mark in (-1, 0, 1) if len(big) == 3 else (-1,):
                # The winner's underline is on the first line's top row (blank in every
                # glyph): read the lines without it.
                under = _unmarked(glass, big, mark)
                if under is None:
                    continue
                for lines in (*_plain_lines(under, lines_top, bottom),
                              *_menu_rows(under, lines_top, bottom)):
                    for header in headers:
                        placed = header + big + [rule_placed] + lines + footer
                        if painted(placed, mark) == glass.bits:
                            return said(placed, mark)
    return None


def _unmarked(glass: Glass, big: list[Placed], mark: int) -> Glass | None:
    """``glass`` without the underline of large value ``mark`` (-1: as it is), or None if
    the frame has no such underline."""
    if mark < 0:
        return glass
    p = (big[0], big[2])[mark]
    y = p.y + FONTS[p.font][1] + 1
    x0, x1 = y * WIDTH + p.x, y * WIDTH + p.x + len(p.text) * FONTS[p.font][0]
    if glass.bits[x0:x1] != b"\x01" * (x1 - x0):
        return None
    under = Glass.__new__(Glass)
    under.bits = glass.bits[:x0] + b"\x00" * (x1 - x0) + glass.bits[x1:]
    under._cells = {}
    return under
