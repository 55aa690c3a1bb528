"""The 128x64 screens only the Pi shows, beside the ones it shares with the pocket board.

The view model (``View``), ``text`` and the screens both sides show (the game menu, a
roster, a battle, a Power, a refusal, a note, the winner) are pure functions in
shared_rules/display/screens.py, which the pocket board imports too; they are named here
as well, so the Pi's code says ``screens.battle``. The screens below speak of the Pi's
own parts: the reader hub's cable, the SD card and its database, the phone page.
(host/display/layout.py draws a view on the panel.) ``layout.shown(view)`` says what the
panel shows (shorter forms, wrapped lines), for transcripts. Nothing here knows a rule.
"""
from __future__ import annotations

from host.common.i18n import _, n_
from shared_rules.display.screens import (  # noqa: F401 (the screens both sides show)
    HEIGHT,
    MENU_ROWS,
    WIDTH,
    View,
    battle,
    game_menu,
    note,
    power_play,
    refused,
    restoring,
    roster_setup,
    starting,
    text,
    winner,
)


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
    said = str(exc).lower()
    if "full" in said:
        return _("Disk full"), _("Free space on the Pi")
    if "readonly" in said or "read-only" in said:
        return _("Storage read-only"), _("Check the SD card")
    if "i/o" in said:
        return _("Storage I/O error"), _("Check the SD card")
    if "locked" in said or "busy" in said:
        return _("Database busy"), _("Stop the other hexref")
    if "malformed" in said or "not a database" in said:
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


def reader_starting() -> View:
    """The hub's port is open but it has not said HELLO yet: it is booting (a Pico takes
    about a second). Not a fault: the game is safe.

    >>> text(reader_starting())
    ['Reader starting', 'The hub is booting:', 'wait a moment', '> The game is saved']
    """
    return View(header=_("Reader starting"),
                lines=(_("The hub is booting:"), _("wait a moment")),
                footer=_("The game is saved"), inverted_footer=True, kind="reader-starting")


def phone_page(address: str, hint: str = "") -> View:
    """The phone page's address (``hexref web``) as a QR code a phone's camera opens, and
    written beside it for a phone that has no QR reader; OK goes back to the menu.

    >>> text(phone_page("http://192.168.1.23:8080/"))
    ['Phone page', 'http://192.168.1.23:8080/', '> OK: menu']
    """
    return View(header=_("Phone page"), lines=(address,), footer=hint or _("OK: menu"),
                qr=address, kind="phone-page")
