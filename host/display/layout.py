"""The panel's screens on the Pi: the shared layout's placed texts drawn with Pillow, said as
text, and checked.

Where each text goes is decided once for the Pi and the pocket board by
shared_rules/display/layout.py (``lay_out``: the fonts, the smaller font and shorter form
before a wrapped line, nothing cut). The fonts are X11's "misc-fixed" bitmap fonts (public
domain: "Public domain font. Share and enjoy."; Debian's xfonts-base), shipped in
``host/display/fonts/`` in Pillow's own bitmap format, so the panel looks the same with any
Pillow from 9.2 on (Bookworm's python3-pil included) and no font file is needed on the
system. Each glyph is drawn for its pixel size: every letter stays distinct (``t`` is not
``l``, a space is a whole column of 5 or 6 pixels), which a scaled outline font cannot
promise at 8-10 pixels.

``draw`` paints a view and ``shown`` says it as text, line by line, so a transcript prints
exactly what the panel shows. The phone page's QR code and the texts beside it are laid out
here (the board has no phone page). Every text has a box (``boxes``: its glyph cells, and
the bar behind a highlighted row or a refusal); ``overflow(view)`` lists whatever still
does not fit, lost a number, leaves the panel or lies on another box (``collisions``): the
tests require it to be empty for every screen of every demo game, menu and enrollment step,
in every language (tests/host/display/test_panel_geometry.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import ImageDraw, ImageFont

from host.display.screens import HEIGHT, WIDTH, View
from shared_rules.display import layout as shared
from shared_rules.display.layout import (  # noqa: F401 (the Pi's names for the shared layout)
    BIG_FONTS,
    BODY_TOP,
    FONTS,
    HEADER_RULE_Y,
    MENU_ROWS,
    TEXT_FONTS,
    Placed,
    fit_one_line,
    shorter_forms,
    width,
    wrap,
)

FONT_DIR = Path(__file__).resolve().parent / "fonts"


@lru_cache(maxsize=None)
def pixel_font(name: str) -> ImageFont.ImageFont:
    return ImageFont.load(str(FONT_DIR / ("%s.pil" % name)))


# --- a QR code beside the texts (screens.phone_page) -------------------------------------
# A phone's camera reads dark modules on a light ground: the code's box is lit, its dark
# modules unlit, with a lit quiet zone of QR_QUIET modules all round (the standard asks 4;
# phone readers take 2, and 4 would push a version 2 code off 2 px per module). The largest
# whole number of pixels per module that fits the panel's height: 2 for versions 1-2, 1 up
# to version 10.
QR_QUIET = 2


@lru_cache(maxsize=8)
def qr_modules(data: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of ``data``, row by row, True for a dark module: the smallest version
    at error level L, then the highest level that version still holds (segno)."""
    import segno

    code = segno.make(data, error="l", boost_error=True, micro=False)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix)


def qr_scale(data: str) -> int:
    """Pixels per module: as many as fit the panel's height, at least one."""
    return max(1, HEIGHT // (len(qr_modules(data)) + 2 * QR_QUIET))


def qr_size(data: str) -> int:
    """The side of the code's lit box, quiet zone included, in pixels."""
    return (len(qr_modules(data)) + 2 * QR_QUIET) * qr_scale(data)


def break_address(text: str, per_line: int) -> list[str]:
    """A text with no spaces (an address) in lines of at most ``per_line`` characters:
    broken after "://" and before the port first, then after a dot or a slash, so a
    number or a name is split only when it alone is longer than a line."""
    lines: list[str] = []
    current = ""
    for major in filter(None, re.split(r"(?<=://)|(?=:\d+/?$)", text)):
        if len(current + major) <= per_line:
            current += major
            continue
        if current:
            lines.append(current)
        current = ""
        for minor in filter(None, re.split(r"(?<=[./])", major)):
            if current and len(current + minor) > per_line:
                lines.append(current)
                current = ""
            current += minor
            while len(current) > per_line:
                lines.append(current[:per_line])
                current = current[per_line:]
    return lines + [current] if current else lines


def _lay_out_qr(view: View) -> tuple[Placed, ...]:
    """The code at the panel's right, centred in its height; the header, the lines (the
    address, in the small font) and the footer in the column to its left."""
    side = qr_size(view.qr)
    x, y = WIDTH - side, max(0, (HEIGHT - side) // 2)
    room = x - 1  # a dark column between the words and the code's lit box
    small = TEXT_FONTS[-1]
    placed = [Placed("qr", view.qr, small, x, y, False, False)]
    fitted = fit_one_line(view.header, room)
    head = [fitted] if fitted else [(t, small) for t in wrap(view.header, small, room)]
    top = 0
    for text, name in head:
        placed.append(Placed("header", text, name, 0, top, False, False))
        top += FONTS[name][1] + 1
    top += 1
    fitted = fit_one_line(view.footer, room) if view.footer else None
    foot = [fitted] if fitted else [(t, small) for t in wrap(view.footer, small, room)
                                    if view.footer]
    bottom = HEIGHT - sum(FONTS[name][1] + 1 for _t, name in foot) + 1
    lines = [t for line in view.lines
             for t in break_address(line, room // FONTS[small][0])]
    pitch = FONTS[small][1] + 1
    if top + pitch * len(lines) > bottom - 1:
        pitch -= 1  # the small font's glyphs keep a blank row of their own
    placed += [Placed("line", t, small, 0, top + i * pitch, False, False)
               for i, t in enumerate(lines)]
    for text, name in foot:
        placed.append(Placed("footer", text, name, 0, bottom, False, False))
        bottom += FONTS[name][1] + 1
    return tuple(placed)


@lru_cache(maxsize=512)
def _lay_out(view: View) -> tuple[Placed, ...]:
    if view.qr:
        return _lay_out_qr(view)
    return shared.lay_out(view)


def lay_out(view: View) -> tuple[Placed, ...]:
    """Every text of ``view`` placed (shared_rules/display/layout.py), the phone page's
    code and texts here."""
    return _lay_out(view)


def draw(view: View, canvas: ImageDraw.ImageDraw) -> None:
    """Paint ``view`` on a 128x64 one-bit canvas (white on black)."""
    paint(lay_out(view), canvas, view.mark)


def paint(placed: tuple[Placed, ...] | list[Placed], canvas: ImageDraw.ImageDraw,
          mark: int = -1) -> None:
    """Paint texts placed by the layout; ``mark``: which of two large values is underlined
    (the winner's total), -1 for none."""
    for p in placed:
        if p.part == "rule":
            canvas.line((0, p.y, WIDTH - 1, p.y), fill="white")
            continue
        if p.part == "qr":
            _draw_qr(p, canvas)
            continue
        font = pixel_font(p.font)
        w, h = width(p.text, p.font), FONTS[p.font][1]
        if p.selected:
            canvas.rectangle((0, p.y - 1, WIDTH - 1, p.y + h - 1), fill="white")
            canvas.text((p.x, p.y), p.text, font=font, fill="black")
        elif p.inverted:
            # As wide as the words: a full-width bar costs a panel update bytes for nothing.
            canvas.rectangle((0, p.y - 1, min(WIDTH - 1, p.x + w), p.y + h - 1),
                             fill="white")
            canvas.text((p.x, p.y), p.text, font=font, fill="black")
        else:
            canvas.text((p.x, p.y), p.text, font=font, fill="white")
    # The winner's total is underlined: readable at a glance across the table.
    bigs = [p for p in placed if p.part == "big"]
    if len(bigs) == 2 and mark in (0, 1):
        p = bigs[mark]
        y = p.y + FONTS[p.font][1] + 1
        canvas.rectangle((p.x, y, p.x + width(p.text, p.font) - 1, y), fill="white")


def _draw_qr(p: Placed, canvas: ImageDraw.ImageDraw) -> None:
    """The lit box, quiet zone included, and each dark module cut out of it."""
    side, scale = qr_size(p.text), qr_scale(p.text)
    canvas.rectangle((p.x, p.y, p.x + side - 1, p.y + side - 1), fill="white")
    for r, row in enumerate(qr_modules(p.text)):
        for c, dark in enumerate(row):
            if dark:
                x, y = p.x + (QR_QUIET + c) * scale, p.y + (QR_QUIET + r) * scale
                canvas.rectangle((x, y, x + scale - 1, y + scale - 1), fill="black")


def shown(view: View) -> list[str]:
    """What the panel shows, line by line, as ``screens.text`` says a view: the header
    (``[right]``), the large values, each line as drawn, ``> `` before each footer line."""
    return said(lay_out(view), view.mark)


def said(placed: tuple[Placed, ...] | list[Placed], mark: int = -1) -> list[str]:
    """Texts placed by the layout, line by line, as ``shown`` says them."""
    header = next(p.text for p in placed if p.part == "header")
    right = next((p.text for p in placed if p.part == "right"), "")
    out = [header + (("  [" + right + "]") if right else "")]
    bigs = [p.text for p in placed if p.part == "big"]
    if bigs:
        if len(bigs) == 2 and mark in (0, 1):
            bigs[mark] = "_" + bigs[mark] + "_"
        out.append("   " + "  :  ".join(bigs))
    for p in placed:
        if p.part == "line":
            out.append(("[" + p.text + "]") if p.selected else p.text)
    out += ["> " + p.text for p in placed if p.part == "footer"]
    return out


def overflow(view: View) -> list[str]:
    """Every text that does not fit where it is drawn, or that lost a number on the way
    (a total, a sum, a score); [] when the panel shows the whole view."""
    problems = []
    placed = lay_out(view)
    for p in placed:
        if p.part == "qr":
            continue  # not a text: its box is checked with the others (collisions)
        right_edge = p.x + width(p.text, p.font)
        if right_edge > WIDTH or p.y + FONTS[p.font][1] > HEIGHT:
            problems.append("%s %r in %s at (%d, %d): %d px wide" % (
                p.part, p.text, p.font, p.x, p.y, right_edge - p.x))
        missing = set(p.text) - set(_glyphs())
        if missing:
            problems.append("%s %r: no glyph for %r" % (p.part, p.text, "".join(missing)))
    said: list[Any] = [view.header, view.header_right, *view.big, *view.lines, view.footer]
    if view.kind == "menu":
        said = [view.header, view.header_right, *view.lines[:MENU_ROWS], view.footer]
    numbers = sorted(n for t in said for n in re.findall(r"\d+", t))
    drawn = sorted(n for p in placed if p.part != "qr" for n in re.findall(r"\d+", p.text))
    if numbers != drawn:
        problems.append("numbers %s drawn as %s" % (numbers, drawn))
    return problems + collisions(view)


@dataclass(frozen=True)
class Box:
    """The pixels a placed text may light or paint, as ``[x0, x1) x [y0, y1)``: its glyph
    cells, and the bar behind a highlighted row or a refusal's footer."""

    x0: int
    y0: int
    x1: int
    y1: int
    placed: Placed | None  # None: the rule under the header

    def meets(self, other: Box) -> bool:
        return (self.x0 < other.x1 and other.x0 < self.x1
                and self.y0 < other.y1 and other.y0 < self.y1)

    def inside_panel(self) -> bool:
        return 0 <= self.x0 and self.x1 <= WIDTH and 0 <= self.y0 and self.y1 <= HEIGHT

    def __str__(self) -> str:
        what = "the header rule" if self.placed is None else "%s %r" % (
            self.placed.part, self.placed.text)
        return "%s at (%d,%d)-(%d,%d)" % (what, self.x0, self.y0, self.x1, self.y1)


def boxes(view: View) -> list[Box]:
    """Every box ``draw`` paints for ``view``: each placed text, and the header's rule."""
    out = []
    for p in lay_out(view):
        if p.part == "rule":
            out.append(Box(0, p.y, WIDTH, p.y + 1, None))
            continue
        if p.part == "qr":  # the lit box, quiet zone included
            side = qr_size(p.text)
            out.append(Box(p.x, p.y, p.x + side, p.y + side, p))
            continue
        w, h = width(p.text, p.font), FONTS[p.font][1]
        if p.selected:  # the bar spans the panel, one row above the glyphs
            out.append(Box(0, p.y - 1, WIDTH, p.y + h, p))
        elif p.inverted:
            out.append(Box(0, p.y - 1, max(p.x + w, 1), p.y + h, p))
        else:
            out.append(Box(p.x, p.y, p.x + w, p.y + h, p))
    return out


def collisions(view: View) -> list[str]:
    """Every box of ``view`` that leaves the 128x64 panel or meets another."""
    return collide(boxes(view))


def collide(placed: list[Box]) -> list[str]:
    """Every box that leaves the 128x64 panel or meets another; [] when none does."""
    problems = ["%s leaves the panel" % b for b in placed if not b.inside_panel()]
    for i, a in enumerate(placed):
        problems += ["%s over %s" % (b, a) for b in placed[i + 1:] if a.meets(b)]
    return problems


@lru_cache(maxsize=1)
def _glyphs() -> str:
    return "".join(chr(c) for c in range(32, 256) if c < 127 or c > 160)
