"""The 128x64 screens: pure functions from a view model to pixels (and to text).

Every screen has the same three bands (DESIGN.md, Screens): a header (game, whose turn,
Stones), a body with the numbers that matter in large type, and a footer with the
breakdown or the next expected action. ``draw(view, canvas)`` paints a view with Pillow;
``text(view)`` says the same thing in plain lines for transcripts and tests. Nothing here
knows a rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from PIL import ImageDraw, ImageFont

WIDTH, HEIGHT = 128, 64
HEADER_Y, BODY_Y, FOOTER_Y = 0, 14, 52


@dataclass(frozen=True)
class View:
    """What the panel shows. ``big`` is one or two large values (left, right)."""

    header: str
    footer: str = ""
    header_right: str = ""
    big: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    kind: str = "info"
    inverted_footer: bool = False
    extra: dict = field(default_factory=dict, compare=False, hash=False)


@lru_cache(maxsize=8)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> tuple[str, int]:
    """Shrink the type (down to 8 px) and then the text until it fits ``width`` pixels."""
    while size > 8 and draw.textlength(text, font=font(size)) > width:
        size -= 1
    while text and draw.textlength(text, font=font(size)) > width:
        text = text[:-2] + "…" if len(text) > 2 else ""
    return text, size


def draw(view: View, canvas: ImageDraw.ImageDraw) -> None:
    """Paint ``view`` on a 128x64 one-bit canvas (white on black)."""
    header, size = _fit(canvas, view.header, 10, WIDTH - 2 - _right_width(canvas, view))
    canvas.text((0, HEADER_Y), header, font=font(size), fill="white")
    if view.header_right:
        w = canvas.textlength(view.header_right, font=font(10))
        canvas.text((WIDTH - w, HEADER_Y), view.header_right, font=font(10), fill="white")
    canvas.line((0, 12, WIDTH - 1, 12), fill="white")

    if view.big:
        _draw_big(view.big, canvas)
        lines = view.lines[:1]
        top = BODY_Y + 26
    else:
        lines = view.lines[:3]
        top = BODY_Y
    for i, line in enumerate(lines):
        text, size = _fit(canvas, line, 11, WIDTH)
        canvas.text((0, top + 12 * i), text, font=font(size), fill="white")

    footer, size = _fit(canvas, view.footer, 10, WIDTH - 2)
    if view.inverted_footer:
        canvas.rectangle((0, FOOTER_Y, WIDTH - 1, HEIGHT - 1), fill="white")
        canvas.text((1, FOOTER_Y), footer, font=font(size), fill="black")
    else:
        canvas.text((0, FOOTER_Y), footer, font=font(size), fill="white")


def _right_width(canvas: ImageDraw.ImageDraw, view: View) -> int:
    return int(canvas.textlength(view.header_right, font=font(10))) if view.header_right else 0


def _draw_big(values: tuple[str, ...], canvas: ImageDraw.ImageDraw) -> None:
    if len(values) == 1:
        text, size = _fit(canvas, values[0], 24, WIDTH)
        w = canvas.textlength(text, font=font(size))
        canvas.text(((WIDTH - w) / 2, BODY_Y), text, font=font(size), fill="white")
        return
    left, right = values[0], values[1]
    half = WIDTH // 2 - 8
    left, size_l = _fit(canvas, left, 24, half)
    right, size_r = _fit(canvas, right, 24, half)
    size = min(size_l, size_r)
    canvas.text((0, BODY_Y), left, font=font(size), fill="white")
    canvas.text((WIDTH // 2 - 3, BODY_Y + 2), ":", font=font(20), fill="white")
    w = canvas.textlength(right, font=font(size))
    canvas.text((WIDTH - w, BODY_Y), right, font=font(size), fill="white")


def text(view: View) -> list[str]:
    """The view as plain lines: what the panel says, line by line."""
    head = view.header + (("  [" + view.header_right + "]") if view.header_right else "")
    out = [head]
    if view.big:
        out.append("   " + "  :  ".join(view.big))
    out.extend(view.lines)
    if view.footer:
        out.append("> " + view.footer)
    return out
