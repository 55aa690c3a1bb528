"""Where each text of a screen goes on the 128x64 panel, and in which pixel font.

The fonts are X11's "misc-fixed" bitmap fonts (public domain: "Public domain font. Share
and enjoy."; Debian's xfonts-base), shipped in ``host/display/fonts/`` in Pillow's own bitmap
format, so the panel looks the same with any Pillow from 9.2 on (Bookworm's python3-pil
included) and no font file is needed on the system. Each glyph is drawn for its pixel
size: every letter stays distinct (``t`` is not ``l``, a space is a whole column of 5 or
6 pixels), which a scaled outline font cannot promise at 8-10 pixels.

The rule: **nothing is cut**. A text too wide for its place gets, in order: the smaller
font (6x10, then 5x8); its shorter form (``SHORTER``: tighter spacing, never a shortened
word); then more lines where the screen has room (a long message or instruction wraps at
spaces). ``lay_out(view)`` decides it all once; ``draw`` paints it and ``shown`` says it
as text, line by line, so a transcript prints exactly what the panel shows.
A header whose title and right-hand text (whose turn, a count) cannot share a line takes
two lines, the body starting lower. Every text has a box (``boxes``: its glyph cells, and
the bar behind a highlighted row or a refusal); ``overflow(view)`` lists whatever still
does not fit, lost a number, leaves the panel or lies on another box (``collisions``): the
tests require it to be empty for every screen of every demo game, menu and enrollment step,
in every language (tests/test_panel_geometry.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import ImageDraw, ImageFont

from host.display.screens import HEIGHT, WIDTH, View

FONT_DIR = Path(__file__).resolve().parent / "fonts"
# name: (advance, height) in pixels; the largest that fits is used.
FONTS = {"10x20": (10, 20), "9x15": (9, 15), "7x13": (7, 13), "6x10": (6, 10), "5x8": (5, 8)}
TEXT_FONTS = ("6x10", "5x8")
BIG_FONTS = ("10x20", "9x15", "7x13", "6x10", "5x8")
HEADER_RULE_Y = 11  # the line under the header
BODY_TOP = 13
MENU_ROWS = 3

# Shorter forms, tried in order only while a text is too wide: spacing only. Words are
# never shortened here: an abbreviation is a word the players agreed to, chosen in the
# catalogue for its language (docs/GLOSSARY.md lists the few there are).
SHORTER: tuple[tuple[str, str], ...] = (
    (r"\s{2,}", " "),
    (r" ([+=:]) ", r"\1"),
    (r" \+", "+"),
    (r"= ", "="),
    (r" > ", ">"),
)


@lru_cache(maxsize=None)
def pixel_font(name: str) -> ImageFont.ImageFont:
    return ImageFont.load(str(FONT_DIR / ("%s.pil" % name)))


def width(text: str, name: str) -> int:
    return len(text) * FONTS[name][0]  # fixed width: every glyph, space included


def shorter_forms(text: str) -> list[str]:
    """``text`` and its successively shorter forms (each differs from the one before)."""
    out = [text]
    for pattern, repl in SHORTER:
        shorter = re.sub(pattern, repl, out[-1])
        if shorter != out[-1]:
            out.append(shorter)
    return out


def fit_one_line(text: str, room: int, fonts: tuple[str, ...] = TEXT_FONTS
                 ) -> tuple[str, str] | None:
    """(text, font) on one line of ``room`` pixels: the largest font, then shorter forms."""
    for form in shorter_forms(text):
        for name in fonts:
            if width(form, name) <= room:
                return form, name
    return None


def wrap(text: str, name: str, room: int = WIDTH) -> list[str]:
    """Break at spaces into lines of at most ``room`` pixels; a word longer than a line is
    split (never dropped)."""
    per_line = max(1, room // FONTS[name][0])
    lines: list[str] = []
    current = ""
    # A score ("5 : 4") and a sum ("= 16") stay on one line.
    bound = re.sub(r" ([:=]) (?=\S)", "\x00\\1\x00", text)
    for word in (w.replace("\x00", " ") for w in bound.split(" ")):
        while len(word) > per_line:
            if current:
                lines.append(current)
                current = ""
            lines.append(word[:per_line])
            word = word[per_line:]
        trial = (current + " " + word) if current else word
        if len(trial) <= per_line:
            current = trial
        else:
            lines.append(current)
            current = word
    lines.append(current)
    return lines


@dataclass(frozen=True)
class Placed:
    """One text on the panel: where, in which font, and what it is part of."""

    part: str  # "header", "right", "rule", "big", "line", "footer", "colon"; "qr": a code of ``text``
    text: str
    font: str
    x: int
    y: int
    selected: bool = False  # a menu's highlighted row
    inverted: bool = False  # the footer of a refusal: dark on a light bar


def _header(view: View) -> tuple[list[Placed], int]:
    """The header's texts and the row of the rule under them. The title and the text on
    its right share one line when both fit whole, a space apart; else the right-hand text
    (whose turn, a count) takes a second line of its own, right-aligned, and the body
    starts lower: the header never runs under it."""
    right = view.header_right
    for name in TEXT_FONTS:
        rw = width(right, name) if right else 0
        room = WIDTH - (rw + FONTS[name][0] if right else 0)
        fitted = fit_one_line(view.header, room, (name,))
        if fitted is not None:
            out = [Placed("header", fitted[0], name, 0, 0)]
            if right:
                out.append(Placed("right", right, name, WIDTH - rw, 0))
            return out, HEADER_RULE_Y
    fitted = fit_one_line(view.header, WIDTH) or (shorter_forms(view.header)[-1],
                                                  TEXT_FONTS[-1])
    out = [Placed("header", fitted[0], fitted[1], 0, 0)]
    y = FONTS[fitted[1]][1] + 1
    rfit = fit_one_line(right, WIDTH) or (shorter_forms(right)[-1], TEXT_FONTS[-1])
    name = TEXT_FONTS[-1] if FONTS[rfit[1]][1] > FONTS[TEXT_FONTS[-1]][1] and \
        width(rfit[0], TEXT_FONTS[-1]) <= WIDTH else rfit[1]
    out.append(Placed("right", rfit[0], name, max(0, WIDTH - width(rfit[0], name)), y))
    return out, y + FONTS[name][1] + 1


def _footer(view: View) -> tuple[list[str], str]:
    if not view.footer:
        return [], TEXT_FONTS[0]
    fitted = fit_one_line(view.footer, WIDTH - 2)
    if fitted is not None:
        return [fitted[0]], fitted[1]
    name = TEXT_FONTS[-1]
    forms = shorter_forms(view.footer)
    wrapped = next((wrap(f, name, WIDTH - 2) for f in forms
                    if len(wrap(f, name, WIDTH - 2)) <= 2), None)
    return wrapped or wrap(forms[-1], name, WIDTH - 2), name


def _big(view: View, fonts: tuple[str, ...] = BIG_FONTS, top: int = BODY_TOP
         ) -> tuple[list[Placed], int]:
    """The large values (in the largest of ``fonts`` that fits) and the height they take."""
    if not view.big:
        return [], 0
    if len(view.big) == 1:
        fitted = fit_one_line(view.big[0], WIDTH, fonts) or (view.big[0], BIG_FONTS[-1])
        text, name = fitted
        x = max(0, (WIDTH - width(text, name)) // 2)
        return [Placed("big", text, name, x, top)], FONTS[name][1]
    half = WIDTH // 2 - 8
    left, right = view.big[0], view.big[1]
    name = next((n for n in fonts if width(left, n) <= half and width(right, n) <= half),
                BIG_FONTS[-1])
    colon = "6x10" if FONTS[name][1] < 15 else name
    h = FONTS[name][1]
    return [Placed("big", left, name, 0, top),
            Placed("colon", ":", colon, WIDTH // 2 - FONTS[colon][0] // 2,
                   top + (h - FONTS[colon][1]) // 2),
            Placed("big", right, name, WIDTH - width(right, name), top)], h


def _body(view: View, top: int, bottom: int) -> list[Placed] | None:
    """The lines between ``top`` and ``bottom`` (exclusive), or None if they do not fit."""
    if view.kind == "menu":  # the cursor's row must stay a row of its own
        rows = view.lines[:MENU_ROWS]
        # The rows' pitch: the larger font's while three rows fit above the footer.
        pitch = next((FONTS[n][1] + 1 for n in TEXT_FONTS
                      if len(rows) * (FONTS[n][1] + 1) <= bottom - top + 1),
                     FONTS[TEXT_FONTS[-1]][1])
        fonts = tuple(n for n in TEXT_FONTS if FONTS[n][1] < pitch) or TEXT_FONTS[-1:]
        out = []
        for i, line in enumerate(rows):
            fitted = fit_one_line(line, WIDTH - 2, fonts) or (line, TEXT_FONTS[-1])
            out.append(Placed("line", fitted[0], fitted[1], 1, top + i * pitch,
                              selected=i == view.selected))
        return out
    # One line each in the larger font, then the smaller; then shorter forms; then lines
    # wrapped at spaces: a smaller font reads better than a sentence broken in two.
    # Last, the small font's lines without the pixel row between them (as a terminal sets
    # 5x8: its glyphs keep a blank row of their own).
    tries = [(how, name, FONTS[name][1] + 1) for how in
             ("as is", "shorter", "wrapped", "shorter wrapped") for name in TEXT_FONTS]
    tries.append(("shorter wrapped", TEXT_FONTS[-1], FONTS[TEXT_FONTS[-1]][1]))
    for how, name, pitch in tries:
        room = (bottom - top) // pitch
        lines = _lines(view.lines, name, how)
        if lines is not None and len(lines) <= room:
            return [Placed("line", text, name, 0, top + i * pitch)
                    for i, text in enumerate(lines)]
    return None


def _lines(texts: tuple[str, ...], name: str, how: str) -> list[str] | None:
    """The body's lines in font ``name``, ``how`` says; None if one does not fit so."""
    out: list[str] = []
    for text in texts:
        if how == "as is":
            if width(text, name) > WIDTH:
                return None
            out.append(text)
        elif how == "shorter":
            fitted = fit_one_line(text, WIDTH, (name,))
            if fitted is None:
                return None
            out.append(fitted[0])
        else:
            form = shorter_forms(text)[-1] if how == "shorter wrapped" else text
            out.extend(wrap(form, name) if width(form, name) > WIDTH else [form])
    return out


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
    placed = [Placed("qr", view.qr, small, x, y)]
    fitted = fit_one_line(view.header, room)
    head = [fitted] if fitted else [(t, small) for t in wrap(view.header, small, room)]
    top = 0
    for text, name in head:
        placed.append(Placed("header", text, name, 0, top))
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
    placed += [Placed("line", t, small, 0, top + i * pitch) for i, t in enumerate(lines)]
    for text, name in foot:
        placed.append(Placed("footer", text, name, 0, bottom))
        bottom += FONTS[name][1] + 1
    return tuple(placed)


@lru_cache(maxsize=512)
def _lay_out(view: View) -> tuple[Placed, ...]:
    if view.qr:
        return _lay_out_qr(view)
    placed, rule = _header(view)
    body_top = rule + BODY_TOP - HEADER_RULE_Y
    footer, footer_font = _footer(view)
    pitch = FONTS[footer_font][1] + 1
    footer_top = HEIGHT - pitch * len(footer) + 1 if footer else HEIGHT
    body = None
    # Smaller large values before anything is cut: room for the lines under them.
    for first in range(len(BIG_FONTS) if view.big else 1):
        big, big_height = _big(view, BIG_FONTS[first:], body_top)
        top = body_top + big_height + (1 if big else 0)
        body = _body(view, top, footer_top - 1)
        if body is not None:
            break
    placed += big
    placed.append(Placed("rule", "", TEXT_FONTS[-1], 0, rule))
    if body is None:  # still too much: the smallest font, every line (overflow says so)
        name = TEXT_FONTS[-1]
        texts = [t for line in view.lines for t in wrap(shorter_forms(line)[-1], name)]
        body = [Placed("line", t, name, 0, top + i * (FONTS[name][1] + 1))
                for i, t in enumerate(texts)]
    placed += body
    for i, text in enumerate(footer):
        placed.append(Placed("footer", text, footer_font, 1 if view.inverted_footer else 0,
                             footer_top + i * pitch, inverted=view.inverted_footer))
    return tuple(placed)


def lay_out(view: View) -> tuple[Placed, ...]:
    return _lay_out(view)


def draw(view: View, canvas: ImageDraw.ImageDraw) -> None:
    """Paint ``view`` on a 128x64 one-bit canvas (white on black)."""
    placed = lay_out(view)
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
    if len(bigs) == 2 and view.mark in (0, 1):
        p = bigs[view.mark]
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
    placed = lay_out(view)
    header = next(p.text for p in placed if p.part == "header")
    right = next((p.text for p in placed if p.part == "right"), "")
    out = [header + (("  [" + right + "]") if right else "")]
    bigs = [p.text for p in placed if p.part == "big"]
    if bigs:
        if len(bigs) == 2 and view.mark in (0, 1):
            bigs[view.mark] = "_" + bigs[view.mark] + "_"
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
