"""Where each text of a screen goes on the 128x64 panel, and in which pixel font: written
once for the Pi and the pocket board.

The Pi draws what this places with Pillow (host/display/layout.py: ``draw``, ``shown``,
``overflow``, and the phone page's QR code beside its texts), the pocket board with
MicroPython's ``framebuf`` (firmware/pocket/glyphs.py), from the same X11 misc-fixed fonts:
the fonts are fixed-width, so placing a text is arithmetic on its length, and both sides
light the same pixels (tests/host/app/test_pocket_screens.py).

The rule: **nothing is cut**. A text too wide for its place gets, in order: the smaller
font (6x10, then 5x8); its shorter form (``shorter_forms``: tighter spacing, never a
shortened word); then more lines where the screen has room (a long message or instruction
wraps at spaces). ``lay_out(view)`` decides it all once. A header whose title and
right-hand text (whose turn, a count) cannot share a line takes two lines, the body
starting lower.

Pure Python that runs unchanged under MicroPython: no ``re`` (the board's has no counted
repetition or lookaround; the few patterns are scanned by hand), no dataclasses, no hints.
A view is read by its attributes (shared_rules/display/screens.py's ``View``).
"""
from collections import namedtuple

WIDTH = 128
HEIGHT = 64
# name: (advance, height) in pixels; the largest that fits is used.
FONTS = {"10x20": (10, 20), "9x15": (9, 15), "7x13": (7, 13), "6x10": (6, 10), "5x8": (5, 8)}
TEXT_FONTS = ("6x10", "5x8")
BIG_FONTS = ("10x20", "9x15", "7x13", "6x10", "5x8")
HEADER_RULE_Y = 11  # the line under the header
BODY_TOP = 13
MENU_ROWS = 3

# One text on the panel: where, in which font, and what it is part of. ``part``: "header",
# "right", "rule", "big", "line", "footer", "colon" ("qr" on the Pi: a code of ``text``);
# ``selected``: a menu's highlighted row; ``inverted``: the footer of a refusal, dark on a
# light bar. A plain tuple, so the board draws it unpacked (glyphs.draw).
Placed = namedtuple("Placed", ("part", "text", "font", "x", "y", "selected", "inverted"))

# What Python's ``\s`` matches in the panel's Latin-1 (and the spaces past it): the board's
# str.isspace knows ASCII only.
_SPACES = (" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004"
           "\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
_OTHER_SPACES = tuple(_SPACES[1:])  # looked for one by one, allocating nothing


def width(text, name):
    return len(text) * FONTS[name][0]  # fixed width: every glyph, space included


# Shorter forms, tried in order only while a text is too wide: spacing only. Words are
# never shortened here: an abbreviation is a word the players agreed to, chosen in the
# catalogue for its language (docs/GLOSSARY.md lists the few there are).


def _spaces_at(text, i):
    """How many whitespace characters begin at ``i``."""
    j, n = i, len(text)
    while j < n and text[j] in _SPACES:
        j += 1
    return j - i


def _one_space(text):
    """Each run of two or more spaces as one space."""
    if "  " not in text:
        for space in _OTHER_SPACES:
            if space in text:
                break
        else:
            return text  # the common case: nothing to do, nothing allocated
    out = []
    start = i = 0
    n = len(text)
    while i < n:
        run = _spaces_at(text, i)
        if run >= 2:
            out.append(text[start:i])
            out.append(" ")
            i += run
            start = i
        else:
            i += run or 1
    out.append(text[start:])
    return "".join(out)


def _tight_signs(text):
    """`` + ``, `` = `` and `` : `` without their spaces, read left to right."""
    if " + " not in text and " = " not in text and " : " not in text:
        return text
    out = []
    start = i = 0
    n = len(text)
    while i < n:
        i = text.find(" ", i)
        if i < 0:
            break
        if i + 2 < n and text[i + 1] in "+=:" and text[i + 2] == " ":
            out.append(text[start:i])
            out.append(text[i + 1])
            i += 3
            start = i
        else:
            i += 1
    out.append(text[start:])
    return "".join(out)


_SHORTER = (
    _one_space,
    _tight_signs,
    lambda text: text.replace(" +", "+"),
    lambda text: text.replace("= ", "="),
    lambda text: text.replace(" > ", ">"),
)


def shorter_forms(text):
    """``text`` and its successively shorter forms (each differs from the one before)."""
    out = [text]
    for shorten in _SHORTER:
        shorter = shorten(out[-1])
        if shorter != out[-1]:
            out.append(shorter)
    return out


_FORMS = (None,) + _SHORTER  # the text as it is, then each shorter form


def fit_one_line(text, room, fonts=TEXT_FONTS):
    """(text, font) on one line of ``room`` pixels: the largest font, then shorter forms;
    None if no form fits in any of ``fonts``. Each shorter form is made only when the one
    before it fits in none (``shorter_forms``' order): most texts fit as they are, and
    making every form first was most of a screen's layout (up to ~25 ms on the board)."""
    form = text
    for shorten in _FORMS:
        if shorten is not None:
            shorter = shorten(form)
            if shorter == form:
                continue
            form = shorter
        for name in fonts:
            if width(form, name) <= room:
                return form, name
    return None


def _words(text):
    """``text`` split at single spaces, a score ("5 : 4") and a sum ("= 16") kept whole:
    `` : `` and `` = `` before a character that is not a space bind their neighbours."""
    if " : " not in text and " = " not in text:
        return text.split(" ")
    words = []
    start = i = 0
    n = len(text)
    while i < n:
        i = text.find(" ", i)
        if i < 0:
            break
        if (i + 3 < n and text[i + 1] in ":=" and text[i + 2] == " "
                and text[i + 3] not in _SPACES):
            i += 3  # bound: the word goes on
        else:
            words.append(text[start:i])
            i += 1
            start = i
    words.append(text[start:])
    return words


def wrap(text, name, room=WIDTH):
    """Break at spaces into lines of at most ``room`` pixels; a word longer than a line is
    split (never dropped)."""
    per_line = max(1, room // FONTS[name][0])
    lines = []
    current = ""
    for word in _words(text):
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


def _header(view):
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
            out = [Placed("header", fitted[0], name, 0, 0, False, False)]
            if right:
                out.append(Placed("right", right, name, WIDTH - rw, 0, False, False))
            return out, HEADER_RULE_Y
    small = TEXT_FONTS[-1]
    fitted = fit_one_line(view.header, WIDTH) or (shorter_forms(view.header)[-1], small)
    out = [Placed("header", fitted[0], fitted[1], 0, 0, False, False)]
    y = FONTS[fitted[1]][1] + 1
    rfit = fit_one_line(right, WIDTH) or (shorter_forms(right)[-1], small)
    name = rfit[1]
    if FONTS[name][1] > FONTS[small][1] and width(rfit[0], small) <= WIDTH:
        name = small
    out.append(Placed("right", rfit[0], name, max(0, WIDTH - width(rfit[0], name)), y,
                      False, False))
    return out, y + FONTS[name][1] + 1


def _footer(view):
    """The footer's lines and their font."""
    if not view.footer:
        return [], TEXT_FONTS[0]
    fitted = fit_one_line(view.footer, WIDTH - 2)
    if fitted is not None:
        return [fitted[0]], fitted[1]
    name = TEXT_FONTS[-1]
    forms = shorter_forms(view.footer)
    for form in forms:
        lines = wrap(form, name, WIDTH - 2)
        if len(lines) <= 2:
            return lines, name
    return wrap(forms[-1], name, WIDTH - 2), name


def _big(view, fonts=BIG_FONTS, top=BODY_TOP):
    """The large values (in the largest of ``fonts`` that fits) and the height they take."""
    if not view.big:
        return [], 0
    if len(view.big) == 1:
        text, name = fit_one_line(view.big[0], WIDTH, fonts) or (view.big[0], BIG_FONTS[-1])
        x = max(0, (WIDTH - width(text, name)) // 2)
        return [Placed("big", text, name, x, top, False, False)], FONTS[name][1]
    half = WIDTH // 2 - 8
    left, right = view.big[0], view.big[1]
    name = BIG_FONTS[-1]
    for candidate in fonts:
        if width(left, candidate) <= half and width(right, candidate) <= half:
            name = candidate
            break
    colon = "6x10" if FONTS[name][1] < 15 else name
    h = FONTS[name][1]
    return [Placed("big", left, name, 0, top, False, False),
            Placed("colon", ":", colon, WIDTH // 2 - FONTS[colon][0] // 2,
                   top + (h - FONTS[colon][1]) // 2, False, False),
            Placed("big", right, name, WIDTH - width(right, name), top, False, False)], h


# The body's tries, in order: one line each in the larger font, then the smaller; then
# shorter forms; then lines wrapped at spaces: a smaller font reads better than a sentence
# broken in two. Last, the small font's lines without the pixel row between them (as a
# terminal sets 5x8: its glyphs keep a blank row of their own). (how, font, pitch)
_TRIES = tuple((how, name, FONTS[name][1] + 1)
               for how in ("as is", "shorter", "wrapped", "shorter wrapped")
               for name in TEXT_FONTS) + (
    ("shorter wrapped", TEXT_FONTS[-1], FONTS[TEXT_FONTS[-1]][1]),)


def _body(view, top, bottom):
    """The lines between ``top`` and ``bottom`` (exclusive), or None if they do not fit."""
    if view.kind == "menu":  # the cursor's row must stay a row of its own
        rows = view.lines[:MENU_ROWS]
        # The rows' pitch: the larger font's while three rows fit above the footer.
        pitch = FONTS[TEXT_FONTS[-1]][1]
        for name in TEXT_FONTS:
            if len(rows) * (FONTS[name][1] + 1) <= bottom - top + 1:
                pitch = FONTS[name][1] + 1
                break
        fonts = tuple(n for n in TEXT_FONTS if FONTS[n][1] < pitch) or TEXT_FONTS[-1:]
        out = []
        for i, line in enumerate(rows):
            fitted = fit_one_line(line, WIDTH - 2, fonts) or (line, TEXT_FONTS[-1])
            out.append(Placed("line", fitted[0], fitted[1], 1, top + i * pitch,
                              i == view.selected, False))
        return out
    for how, name, pitch in _TRIES:
        room = (bottom - top) // pitch
        lines = _lines(view.lines, name, how)
        if lines is not None and len(lines) <= room:
            return [Placed("line", text, name, 0, top + i * pitch, False, False)
                    for i, text in enumerate(lines)]
    return None


def _lines(texts, name, how):
    """The body's lines in font ``name``, ``how`` says; None if one does not fit so."""
    out = []
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
            if width(form, name) > WIDTH:
                out.extend(wrap(form, name))
            else:
                out.append(form)
    return out


def lay_out(view):
    """Every text of ``view`` placed: a tuple of ``Placed``, in the order they are drawn.
    (A view with a QR code is the Pi's phone page, laid out there.)"""
    placed, rule = _header(view)
    body_top = rule + BODY_TOP - HEADER_RULE_Y
    footer, footer_font = _footer(view)
    pitch = FONTS[footer_font][1] + 1
    footer_top = HEIGHT - pitch * len(footer) + 1 if footer else HEIGHT
    body = None
    big = []
    top = body_top
    # Smaller large values before anything is cut: room for the lines under them.
    for first in range(len(BIG_FONTS) if view.big else 1):
        big, big_height = _big(view, BIG_FONTS[first:], body_top)
        top = body_top + big_height + (1 if big else 0)
        body = _body(view, top, footer_top - 1)
        if body is not None:
            break
    placed += big
    placed.append(Placed("rule", "", TEXT_FONTS[-1], 0, rule, False, False))
    if body is None:  # still too much: the smallest font, every line (overflow says so)
        name = TEXT_FONTS[-1]
        step = FONTS[name][1] + 1
        body = []
        for line in view.lines:
            for text in wrap(shorter_forms(line)[-1], name):
                body.append(Placed("line", text, name, 0, top + len(body) * step,
                                   False, False))
    placed += body
    for i, text in enumerate(footer):
        placed.append(Placed("footer", text, footer_font, 1 if view.inverted_footer else 0,
                             footer_top + i * pitch, False, view.inverted_footer))
    return tuple(placed)
