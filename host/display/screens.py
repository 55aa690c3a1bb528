"""The 128x64 screens: pure functions from a view model to pixels (and to text).

Every screen has the same three bands (DESIGN.md, Screens): a header (game, whose turn,
Stones), a body with the numbers that matter in large type, and a footer with the
breakdown or the next expected action. ``draw(view, canvas)`` paints a view with Pillow;
(host/display/layout.py draws a view on the panel.) ``text(view)`` says what the view holds in plain lines, for tests; ``layout.shown(view)``
says what the panel shows (shorter forms, wrapped lines), for transcripts. Nothing here
knows a rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from host.common.i18n import _, n_

WIDTH, HEIGHT = 128, 64


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
    qr: str = ""  # drawn as a QR code at the panel's right, the texts beside it (phone_page)
    extra: dict = field(default_factory=dict, compare=False, hash=False)


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
    ...             "6 strike +6 colour = 12", 1))[1]
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


def refused(header: str, message: str, instead: str, rule: str = "") -> View:
    """An input the referee did not take: what was wrong, and (highlighted) what to do.
    Nothing changed, so the screen says so only by coming back after it. The rule's ID is
    for the log and the phone page's "why" (``extra``), not for the players' panel.

    >>> text(refused("JL  P1", "Not enough Stones", "Play a cheaper Power", "JL-C9"))
    ['JL  P1', 'Not enough Stones', '> Play a cheaper Power']
    """
    return View(header=header, lines=(message,), wrap=True, footer=instead,
                inverted_footer=True, kind="refused", extra={"rule": rule} if rule else {})


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


def version_skew(firmware: str, newer: bool) -> View:
    """The hub speaks another protocol version than this referee: nothing is taken, the
    hub keeps its events until one of the two is updated.

    >>> text(version_skew("0.4.0", True))
    ['Reader firmware 0.4.0', 'is newer than hexref', 'Update hexref', '> Nothing is lost']
    >>> text(version_skew("0.0.9", False))
    ['Reader firmware 0.0.9', 'is older than hexref', 'Update it on the Pi:', 'make deploy', '> Nothing is lost']
    """
    if newer:
        lines: tuple[str, ...] = (_("is newer than hexref"), _("Update hexref"))
    else:
        lines = (_("is older than hexref"), _("Update it on the Pi:"), "make deploy")
    return View(header=_("Reader firmware %s") % firmware, lines=lines,
                footer=_("Nothing is lost"), inverted_footer=True, kind="version-skew")


def not_answering() -> View:
    """The hub is on USB but says nothing (it beats every second): the game is safe.

    >>> text(not_answering())
    ['Reader not answering', 'The hub is silent:', 'unplug it, plug it in', '> The game is saved']
    """
    return View(header=_("Reader not answering"),
                lines=(_("The hub is silent:"), _("unplug it, plug it in")),
                footer=_("The game is saved"), inverted_footer=True, kind="not-answering")


def starting() -> View:
    """The first frame, before the referee has loaded its games.

    >>> text(starting())
    ['hexref', 'Starting...']
    """
    return View(header="hexref", lines=(_("Starting..."),), kind="starting")


def restoring(game: int, seconds: int) -> View:
    """An unfinished game read back from its journal (long on a slow Pi).

    >>> text(restoring(12, 3))
    ['hexref', 'Restoring game 12: 3 s', '> Nothing is lost']
    """
    return View(header="hexref", lines=(_("Restoring game %(game)d: %(seconds)d s")
                                        % {"game": game, "seconds": seconds},),
                wrap=True, footer=_("Nothing is lost"), kind="restoring")


def winner(title: str, who: str, line: str = "", hint: str = "") -> View:
    """The game is over: who won, the deciding battle, how to go on.

    >>> text(winner("JL Beginner", "P1", "Superman 6 : 4 Mars"))
    ['JL Beginner', '   P1 wins', 'Superman 6 : 4 Mars', '> OK: new game']
    """
    return View(header=title, big=(_("%s wins") % who,), lines=(line or _("Game over"),),
                footer=hint or _("OK: new game"), kind="winner")


def phone_page(address: str, hint: str = "") -> View:
    """The phone page's address (``hexref web``) as a QR code a phone's camera opens, and
    written beside it for a phone that has no QR reader; OK goes back to the menu.

    >>> text(phone_page("http://192.168.1.23:8080/"))
    ['Phone page', 'http://192.168.1.23:8080/', '> OK: menu']
    """
    return View(header=_("Phone page"), lines=(address,), footer=hint or _("OK: menu"),
                qr=address, kind="phone-page")
