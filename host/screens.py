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

from host.i18n import _, n_

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
    selected: int = -1  # a menu: the index in ``lines`` drawn highlighted
    mark: int = -1  # a battle: the index in ``big`` that won (underlined)
    wrap: bool = False  # break long ``lines`` into as many panel lines as fit
    extra: dict = field(default_factory=dict, compare=False, hash=False)


@lru_cache(maxsize=8)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> tuple[str, int]:
    """Shrink the type (down to 8 px) and then the text until it fits ``width`` pixels."""
    return _fitted(text, size, width)


@lru_cache(maxsize=512)
def _fitted(text: str, size: int, width: int) -> tuple[str, int]:
    # Measuring is half of a frame's drawing time, and the same headers, prompts and
    # breakdowns come back all game: remember each answer.
    while size > 8 and font(size).getlength(text, mode="1") > width:
        size -= 1
    while text and font(size).getlength(text, mode="1") > width:
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
        _draw_big(view.big, view.mark, canvas)
        rows, top = 1, BODY_Y + 26
    else:
        rows, top = 3, BODY_Y
    lines = _wrap_lines(canvas, view.lines, rows) if view.wrap else list(view.lines[:rows])
    for i, line in enumerate(lines):
        text, size = _fit(canvas, line, 11, WIDTH - 2)
        y = top + 12 * i
        if i == view.selected:
            canvas.rectangle((0, y, WIDTH - 1, y + 11), fill="white")
            canvas.text((1, y), text, font=font(size), fill="black")
        else:
            canvas.text((0, y), text, font=font(size), fill="white")

    footer, size = _fit(canvas, view.footer, 10, WIDTH - 2)
    if view.inverted_footer:
        # As wide as the words: a full-width bar costs a panel update 256 bytes for nothing.
        right = min(WIDTH - 1, int(canvas.textlength(footer, font=font(size))) + 2)
        canvas.rectangle((0, FOOTER_Y, right, HEIGHT - 1), fill="white")
        canvas.text((1, FOOTER_Y), footer, font=font(size), fill="black")
    else:
        canvas.text((0, FOOTER_Y), footer, font=font(size), fill="white")


def _right_width(canvas: ImageDraw.ImageDraw, view: View) -> int:
    return int(canvas.textlength(view.header_right, font=font(10))) if view.header_right else 0


def _wrap_lines(canvas: ImageDraw.ImageDraw, lines: tuple[str, ...], rows: int) -> list[str]:
    """Break each line at spaces into pieces that fit the panel in 11 px type; the last
    row keeps whatever is left (``_fit`` then shrinks or shortens it)."""
    out: list[str] = []
    for line in lines:
        words = line.split(" ")
        current = ""
        for word in words:
            trial = (current + " " + word) if current else word
            if current and canvas.textlength(trial, font=font(11)) > WIDTH - 2:
                out.append(current)
                current = word
            else:
                current = trial
        out.append(current)
    if len(out) > rows:
        out = out[: rows - 1] + [" ".join(out[rows - 1:])]
    return out


def _draw_big(values: tuple[str, ...], mark: int, canvas: ImageDraw.ImageDraw) -> None:
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
    wl = canvas.textlength(left, font=font(size))
    wr = canvas.textlength(right, font=font(size))
    canvas.text((0, BODY_Y), left, font=font(size), fill="white")
    canvas.text((WIDTH // 2 - 3, BODY_Y + 2), ":", font=font(20), fill="white")
    canvas.text((WIDTH - wr, BODY_Y), right, font=font(size), fill="white")
    # The winner's total is underlined: readable at a glance across the table.
    if mark == 0:
        canvas.rectangle((0, BODY_Y + 24, int(wl), BODY_Y + 25), fill="white")
    elif mark == 1:
        canvas.rectangle((int(WIDTH - wr), BODY_Y + 24, WIDTH - 1, BODY_Y + 25), fill="white")


def text(view: View) -> list[str]:
    """The view as plain lines: what the panel says, line by line."""
    head = view.header + (("  [" + view.header_right + "]") if view.header_right else "")
    out = [head]
    if view.big:
        big = list(view.big)
        if 0 <= view.mark < len(big):
            big[view.mark] = "_" + big[view.mark] + "_"
        out.append("   " + "  :  ".join(big))
    for i, line in enumerate(view.lines):
        out.append(("[" + line + "]") if i == view.selected else line)
    if view.footer:
        out.append("> " + view.footer)
    return out


# --- the screen set ------------------------------------------------------------------
# Each screen is a pure function from what the players need to know to a View. They know
# nothing of the rules: the referee hands them names and numbers already decided.

MENU_ROWS = 3  # menu lines that fit the body


def stones_text(players: tuple[str, ...], stones: tuple[int, ...]) -> str:
    """Each player's Energy Stones for a header: ``P1:3 P2:1``.

    >>> stones_text(("P1", "P2"), (3, 1))
    'P1:3 P2:1'
    """
    return " ".join("%s:%d" % (p, n) for p, n in zip(players, stones, strict=True))


def game_menu(title: str, items: tuple[str, ...], selected: int, hint: str = "") -> View:
    """A list to choose from (a game, then its variant): three rows around the cursor.

    >>> text(game_menu("Choose a game", ("JL Hexors", "YGO Hexors"), 1))
    ['Choose a game  [2/2]', 'JL Hexors', '[YGO Hexors]', '> OK choose  BACK back']
    """
    hint = hint or _("OK choose  BACK back")
    if not items:
        return View(header=title, lines=(_("Nothing to choose"),), footer=hint, kind="menu")
    selected = max(0, min(selected, len(items) - 1))
    first = max(0, min(selected - 1, len(items) - MENU_ROWS))
    window = tuple(items[first:first + MENU_ROWS])
    return View(header=title, header_right="%d/%d" % (selected + 1, len(items)),
                lines=window, selected=selected - first, footer=hint, kind="menu")


def roster_setup(title: str, players: tuple[str, ...], counts: tuple[int, ...], seat: int,
                 button: str, last: str = "") -> View:
    """Players tap their tiles in turn; the one tapping now is named in the footer.

    >>> text(roster_setup("JL Beginner", ("P1", "P2"), (3, 0), 1, "B", "Doomsday"))[1:]
    ['P1: 3 tiles  P2: 0 tiles', 'Doomsday added', '> P2: tap tiles, then B']
    """
    lines: tuple[str, ...] = ("  ".join(
        n_("%(player)s: %(count)d tile", "%(player)s: %(count)d tiles", c)
        % {"player": p, "count": c} for p, c in zip(players, counts, strict=True)),)
    if last:
        lines += (_("%s added") % last,)
    return View(header=_("%s setup") % title, lines=lines, kind="setup",
                footer=_("%(player)s: tap tiles, then %(button)s")
                % {"player": players[seat], "button": button})


def battle(header: str, totals: tuple[int, int], line: str, breakdown: str,
           winner: int | None, stones: str = "") -> View:
    """Both totals large (attacker left), the winner's underlined, its breakdown below.

    >>> text(battle("JL  P2", (11, 12), "Superman beats Doomsday",
    ...             "6 die +6 colour = 12", 1))[1]
    '   11  :  _12_'
    """
    return View(header=header, header_right=stones,
                big=(str(totals[0]), str(totals[1])),
                mark=-1 if winner is None else winner,
                lines=(line,), footer=breakdown, kind="battle")


def power_play(header: str, player: str, power: str, cost: int, stones_left: int,
               effect: str = "") -> View:
    """A Power or Action just played: its name large, what it cost, the Stones left.

    >>> text(power_play("JL Coll.", "P1", "Teamwork", 2, 1, "+7 this turn"))[1:]
    ['   Teamwork', 'P1 paid 2, 1 Stone left', '> +7 this turn']
    """
    paid = n_("%(player)s paid %(cost)d, %(left)d Stone left",
              "%(player)s paid %(cost)d, %(left)d Stones left", stones_left)
    return View(header=header, header_right=_("cost %d") % cost, big=(power,),
                lines=(paid % {"player": player, "cost": cost, "left": stones_left},),
                footer=effect, kind="power")


def turn_banner(title: str, player: str, players: tuple[str, ...],
                stones: tuple[int, ...], prompt: str, turn: int = 0) -> View:
    """Whose turn it is, large, with every player's Stones and what to do next.

    >>> text(turn_banner("JL Coll.", "P2", ("P1", "P2"), (3, 1), "Tap the moving tile"))
    ['JL Coll.', "   P2's turn", 'Stones  P1:3 P2:1', '> Tap the moving tile']
    """
    return View(header=title, header_right=(_("turn %d") % turn) if turn else "",
                big=(_("%s's turn") % player,),
                lines=(_("Stones  %s") % stones_text(players, stones),) if stones else (),
                footer=prompt, kind="turn")


def refused(header: str, message: str, instead: str, rule: str = "") -> View:
    """An input the referee did not take: what was wrong, and (highlighted) what to do.
    Nothing changed, so the screen says so only by coming back after it.

    >>> text(refused("JL  P1", "Not enough Stones", "Play a cheaper Power", "JL-C9"))
    ['JL  P1  [JL-C9]', 'Not enough Stones', '> Play a cheaper Power']
    """
    return View(header=header, header_right=rule, lines=(message,), wrap=True,
                footer=instead, inverted_footer=True, kind="refused")


def note(header: str, message: str, footer: str = "") -> View:
    """A passing word ("Rolling...", "Die is crooked: roll again")."""
    return View(header=header, lines=(message,), wrap=True, footer=footer, kind="message")


def reconnecting(attempt: int, retry_in: float, detail: str = "") -> View:
    """The reader hub is gone (cable, power): the game is safe, we keep looking.

    >>> text(reconnecting(3, 4.0))
    ['Reader disconnected', 'Check the USB cable', 'Try 3 in 4 s', '> The game is saved']
    """
    lines: tuple[str, ...] = (_("Check the USB cable"),)
    if attempt:
        lines += (_("Try %(attempt)d in %(seconds)d s")
                  % {"attempt": attempt, "seconds": max(0, round(retry_in))},)
    if detail:
        lines += (detail,)
    return View(header=_("Reader disconnected"), lines=lines, footer=_("The game is saved"),
                inverted_footer=True, kind="reconnecting")


def write_problem(exc: BaseException) -> tuple[str, str]:
    """What a failed write means for the players, as two short panel lines: (what
    happened, what to do). SQLite names the cause in its message.

    >>> write_problem(OSError("database or disk is full"))
    ('Disk full', 'Free space on the Pi')
    """
    text = str(exc).lower()
    if "full" in text:
        return _("Disk full"), _("Free space on the Pi")
    if "readonly" in text or "read-only" in text:
        return _("Storage read-only"), _("Check the SD card")
    if "i/o" in text:
        return _("Storage I/O error"), _("Check the SD card")
    if "locked" in text or "busy" in text:
        return _("Database busy"), _("Stop the other hexref")
    if "malformed" in text or "not a database" in text:
        return _("Database damaged"), _("See hexref doctor")
    return _("Cannot save"), _("See hexref doctor")


def paused(cause: str, advice: str) -> View:
    """Nothing can be saved (disk full, read-only, failing): the game waits, and what the
    hub sent stays with the hub until it can be (``write_problem`` gives the two lines).

    >>> text(paused("Disk full", "Free space on the Pi"))
    ['Game paused', 'Disk full', 'Free space on the Pi', '> Nothing is lost']
    """
    return View(header=_("Game paused"), lines=(cause, advice), footer=_("Nothing is lost"),
                inverted_footer=True, kind="paused")


def damaged_row(game: int, row: int) -> View:
    """A journal row is not what was written (a failing card, a hand edit): the game
    cannot be folded; what to do is on the panel, the details in the log and doctor.

    >>> text(damaged_row(3, 17))
    ['Journal damaged', 'Game 3, row 17', 'Restore a backup:', 'hexref restore', '> See hexref doctor']
    """
    return View(header=_("Journal damaged"),
                lines=(_("Game %(game)d, row %(row)d") % {"game": game, "row": row},
                       _("Restore a backup:"), "hexref restore"),
                footer=_("See hexref doctor"), inverted_footer=True, kind="damaged")


def journal_behind(missing: int) -> View:
    """The hub had acknowledged inputs this journal does not hold (a lost file, an old
    backup): nothing more is taken until the players choose.

    >>> text(journal_behind(24))
    ['Journal behind reader', '24 inputs not saved', 'Restore newest backup', 'or reset the reader', '> Nothing taken']
    """
    return View(header=_("Journal behind reader"),
                lines=(n_("%d input not saved", "%d inputs not saved", missing) % missing,
                       _("Restore newest backup"), _("or reset the reader")),
                footer=_("Nothing taken"), inverted_footer=True, kind="journal-behind")


def outdated_hub() -> View:
    """The hub speaks protocol 1: it cannot say what it had acknowledged.

    >>> text(outdated_hub())
    ['Reader firmware old', 'Update it on the Pi:', 'make deploy', '> The game is saved']
    """
    return View(header=_("Reader firmware old"),
                lines=(_("Update it on the Pi:"), "make deploy"),
                footer=_("The game is saved"), inverted_footer=True, kind="outdated-hub")


def not_answering() -> View:
    """The hub is on USB but says nothing (it beats every second): the game is safe.

    >>> text(not_answering())
    ['Reader not answering', 'The hub is silent:', 'unplug it, plug it in', '> The game is saved']
    """
    return View(header=_("Reader not answering"),
                lines=(_("The hub is silent:"), _("unplug it, plug it in")),
                footer=_("The game is saved"), inverted_footer=True, kind="not-answering")


def winner(title: str, who: str, line: str = "", hint: str = "") -> View:
    """The game is over: who won, the deciding battle, how to go on.

    >>> text(winner("JL Beginner", "P1", "Superman 6 : 4 Mars"))
    ['JL Beginner', '   P1 wins', 'Superman 6 : 4 Mars', '> OK: new game']
    """
    return View(header=title, big=(_("%s wins") % who,), lines=(line or _("Game over"),),
                footer=hint or _("OK: new game"), kind="winner")
