"""Where each text of a screen goes on the 128x64 panel, and in which pixel font.

The fonts are X11's "misc-fixed" bitmap fonts (public domain: "Public domain font. Share
and enjoy."; Debian's xfonts-base), shipped in ``host/display/fonts/`` in Pillow's own bitmap
format, so the panel looks the same with any Pillow from 9.2 on (Bookworm's python3-pil
included) and no font file is needed on the system. Each glyph is drawn for its pixel
size: every letter stays distinct (``t`` is not ``l``, a space is a whole column of 5 or
6 pixels), which a scaled outline font cannot promise at 8-10 pixels.

The rule: **nothing is cut**. A text too wide for its place gets, in order: the smaller
font (6x10, then 5x8); its shorter form (``SHORTER``: spacing, then abbreviations players
know); then more lines where the screen has room (a long message or instruction wraps at
spaces). ``lay_out(view)`` decides it all once; ``draw`` paints it and ``shown`` says it
as text, line by line, so a transcript prints exactly what the panel shows.
``overflow(view)`` lists whatever still does not fit (the tests require it to be empty
for every frame of every demo game).
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

# Shorter forms, tried in order only while a text is too wide: spacing first, then words
# players shorten themselves. Each keeps every number.
SHORTER: tuple[tuple[str, str], ...] = (
    (r"\s{2,}", " "),
    (r" ([+=:]) ", r"\1"),
    (r" \+", "+"),
    (r"= ", "="),
    (r" > ", ">"),
    (r"\bcolour\b", "col"),
    (r"\breinforcement\b", "reinf"),
    (r"\bCompanion\b", "Comp"),
    (r"\bInvocations\b", "Invoc"),
    (r"\bplayers\b", "pl"),
    (r"\bshields?\b", "shld"),
    (r"\bdefeating\b", "beating"),
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

    part: str  # "header", "right", "big", "line", "footer", "colon"
    text: str
    font: str
    x: int
    y: int
    selected: bool = False  # a menu's highlighted row
    inverted: bool = False  # the footer of a refusal: dark on a light bar


def _header(view: View) -> list[Placed]:
    right = view.header_right
    for name in TEXT_FONTS:
        rw = width(right, name) if right else 0
        room = WIDTH - (rw + FONTS[name][0] if right else 0)
        fitted = fit_one_line(view.header, room, (name,))
        if fitted is not None:
            out = [Placed("header", fitted[0], name, 0, 0)]
            if right:
                out.append(Placed("right", right, name, WIDTH - rw, 0))
            return out
    name = TEXT_FONTS[-1]  # still too wide: said by overflow()
    out = [Placed("header", shorter_forms(view.header)[-1], name, 0, 0)]
    if right:
        out.append(Placed("right", right, name, WIDTH - width(right, name), 0))
    return out


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


def _big(view: View, fonts: tuple[str, ...] = BIG_FONTS) -> tuple[list[Placed], int]:
    """The large values (in the largest of ``fonts`` that fits) and the height they take."""
    if not view.big:
        return [], 0
    if len(view.big) == 1:
        fitted = fit_one_line(view.big[0], WIDTH, fonts) or (view.big[0], BIG_FONTS[-1])
        text, name = fitted
        x = max(0, (WIDTH - width(text, name)) // 2)
        return [Placed("big", text, name, x, BODY_TOP)], FONTS[name][1]
    half = WIDTH // 2 - 8
    left, right = view.big[0], view.big[1]
    name = next((n for n in fonts if width(left, n) <= half and width(right, n) <= half),
                BIG_FONTS[-1])
    colon = "6x10" if FONTS[name][1] < 15 else name
    h = FONTS[name][1]
    return [Placed("big", left, name, 0, BODY_TOP),
            Placed("colon", ":", colon, WIDTH // 2 - FONTS[colon][0] // 2,
                   BODY_TOP + (h - FONTS[colon][1]) // 2),
            Placed("big", right, name, WIDTH - width(right, name), BODY_TOP)], h


def _body(view: View, top: int, bottom: int) -> list[Placed] | None:
    """The lines between ``top`` and ``bottom`` (exclusive), or None if they do not fit."""
    if view.kind == "menu":  # the cursor's row must stay a row of its own
        name = TEXT_FONTS[0]
        out = []
        for i, line in enumerate(view.lines[:MENU_ROWS]):
            fitted = fit_one_line(line, WIDTH - 2) or (line, TEXT_FONTS[-1])
            out.append(Placed("line", fitted[0], fitted[1], 1, top + i * (FONTS[name][1] + 1),
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
        rows = (bottom - top) // pitch
        lines = _lines(view.lines, name, how)
        if lines is not None and len(lines) <= rows:
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


@lru_cache(maxsize=512)
def _lay_out(view: View) -> tuple[Placed, ...]:
    placed = _header(view)
    footer, footer_font = _footer(view)
    pitch = FONTS[footer_font][1] + 1
    footer_top = HEIGHT - pitch * len(footer) + 1 if footer else HEIGHT
    body = None
    # Smaller large values before anything is cut: room for the lines under them.
    for first in range(len(BIG_FONTS) if view.big else 1):
        big, big_height = _big(view, BIG_FONTS[first:])
        top = BODY_TOP + big_height + (1 if big else 0)
        body = _body(view, top, footer_top - 1)
        if body is not None:
            break
    placed += big
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
    canvas.line((0, HEADER_RULE_Y, WIDTH - 1, HEADER_RULE_Y), fill="white")
    for p in placed:
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
    drawn = sorted(n for p in placed for n in re.findall(r"\d+", p.text))
    if numbers != drawn:
        problems.append("numbers %s drawn as %s" % (numbers, drawn))
    rows = sorted((p.y, p.y + FONTS[p.font][1]) for p in placed if p.part in ("line", "footer"))
    for (_y0, y1), (z0, _) in zip(rows, rows[1:], strict=False):
        if z0 < y1:
            problems.append("lines overlap at y=%d" % z0)
    return problems


@lru_cache(maxsize=1)
def _glyphs() -> str:
    return "".join(chr(c) for c in range(32, 256) if c < 127 or c > 160)
