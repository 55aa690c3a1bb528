"""The screens the Pi and the pocket board both show: a view model (``View``) and the pure
functions that make one from what the players need to know.

Every screen has the same three bands (DESIGN.md, Screens): a header (game, whose turn,
Stones), a body with the numbers that matter in large type, and a footer with the
breakdown or the next expected action. shared_rules/display/layout.py places a view's
texts; the Pi draws them with Pillow (host/display/layout.py), the board with ``framebuf``
(firmware/pocket/glyphs.py). ``text(view)`` says what the view holds in plain lines, for
tests. Nothing here knows a rule: the referee hands the screens names and numbers already
decided, and the words come in the table's language through shared_rules.core.words (the
Pi's gettext catalogues, or the board's compiled ones).

Pure Python that runs unchanged under MicroPython (no dataclasses, no hints). The screens
the Pi alone shows (the reader hub's cable, the SD card, the phone page) are in
host/display/screens.py.
"""
from shared_rules.core.words import _, n_
from shared_rules.display.layout import HEIGHT, MENU_ROWS, WIDTH  # noqa: F401

_FIELDS = ("header", "footer", "header_right", "big", "lines", "kind", "inverted_footer",
           "selected", "mark", "wrap", "qr")


class View:
    """What the panel shows. ``big`` is one or two large values (left, right); ``selected``
    a menu's highlighted row (an index in ``lines``); ``mark`` the index in ``big`` that
    won a battle (underlined); ``wrap``: break long ``lines`` into as many panel lines as
    fit; ``qr``: drawn as a QR code at the panel's right, the texts beside it (the Pi's
    phone page); ``extra``: what is not shown (a refusal's rule ID), left out of equality.
    A view is never changed once made (``replace`` makes another), so it may be a key."""

    def __init__(self, header, footer="", header_right="", big=(), lines=(), kind="info",
                 inverted_footer=False, selected=-1, mark=-1, wrap=False, qr="", extra=None):
        self.header = header
        self.footer = footer
        self.header_right = header_right
        self.big = big
        self.lines = lines
        self.kind = kind
        self.inverted_footer = inverted_footer
        self.selected = selected
        self.mark = mark
        self.wrap = wrap
        self.qr = qr
        self.extra = {} if extra is None else extra

    def _key(self):
        return (self.header, self.footer, self.header_right, self.big, self.lines,
                self.kind, self.inverted_footer, self.selected, self.mark, self.wrap, self.qr)

    def __eq__(self, other):
        return isinstance(other, View) and self._key() == other._key()

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        key = self._key()
        return "View(%s, extra=%r)" % (", ".join("%s=%r" % (_FIELDS[i], key[i])
                                                 for i in range(len(key))), self.extra)

    def replace(self, **changes):
        """This view with ``changes`` (field=value) made."""
        fields = {"extra": self.extra}
        key = self._key()
        for i in range(len(key)):
            fields[_FIELDS[i]] = key[i]
        for name in changes:
            if name not in fields:
                raise TypeError("View has no field %r" % name)
            fields[name] = changes[name]
        return View(**fields)


def text(view):
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


def game_menu(title, items, selected, hint=""):
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


def roster_setup(title, players, counts, seat, button, last=""):
    """Players tap their tiles in turn; the one tapping now is named in the footer.

    >>> text(roster_setup("JL Beginner", ("P1", "P2"), (3, 0), 1, "B", "Doomsday"))[1:]
    ['P1: 3 tiles  P2: 0 tiles', 'Doomsday added', '> P2: tap tiles, then B']
    """
    lines = ("  ".join(
        n_("%(player)s: %(count)d tile", "%(player)s: %(count)d tiles", counts[i])
        % {"player": players[i], "count": counts[i]} for i in range(len(players))),)
    if last:
        lines += (_("%s added") % last,)
    return View(header=_("%s setup") % title, lines=lines, kind="setup",
                footer=_("%(player)s: tap tiles, then %(button)s")
                % {"player": players[seat], "button": button})


def battle(header, totals, line, breakdown, winner, stones=""):
    """Both totals large (attacker left), the winner's underlined, its breakdown below.

    >>> text(battle("JL  P2", (11, 12), "Superman beats Doomsday",
    ...             "6 strike +6 colour = 12", 1))[1]
    '   11  :  _12_'
    """
    return View(header=header, header_right=stones,
                big=(str(totals[0]), str(totals[1])),
                mark=-1 if winner is None else winner,
                lines=(line,), footer=breakdown, kind="battle")


def power_play(header, player, power, cost, stones_left, effect=""):
    """A Power or Action just played: its name large, what it cost, the Stones left.

    >>> text(power_play("JL Coll.", "P1", "Teamwork", 2, 1, "+7 this turn"))[1:]
    ['   Teamwork', 'P1 paid 2, 1 Stone left', '> +7 this turn']
    """
    paid = n_("%(player)s paid %(cost)d, %(left)d Stone left",
              "%(player)s paid %(cost)d, %(left)d Stones left", stones_left)
    return View(header=header, header_right=_("cost %d") % cost, big=(power,),
                lines=(paid % {"player": player, "cost": cost, "left": stones_left},),
                footer=effect, kind="power")


def refused(header, message, instead, rule=""):
    """An input the referee did not take: what was wrong, and (highlighted) what to do.
    Nothing changed, so the screen says so only by coming back after it. The rule's ID is
    for the log and the phone page's "why" (``extra``), not for the players' panel.

    >>> text(refused("JL  P1", "Not enough Stones", "Play a cheaper Power", "JL-C9"))
    ['JL  P1', 'Not enough Stones', '> Play a cheaper Power']
    """
    return View(header=header, lines=(message,), wrap=True, footer=instead,
                inverted_footer=True, kind="refused", extra={"rule": rule} if rule else {})


def note(header, message, footer=""):
    """A passing word ("Rolling...", "Die is crooked: roll again")."""
    return View(header=header, lines=(message,), wrap=True, footer=footer, kind="message")


def starting():
    """The first frame, before the referee has loaded its games.

    >>> text(starting())
    ['hexref', 'Starting...']
    """
    return View(header="hexref", lines=(_("Starting..."),), kind="starting")


def restoring(game, seconds):
    """An unfinished game read back from its journal (long on a slow Pi).

    >>> text(restoring(12, 3))
    ['hexref', 'Restoring game 12: 3 s', '> Nothing is lost']
    """
    return View(header="hexref", lines=(_("Restoring game %(game)d: %(seconds)d s")
                                        % {"game": game, "seconds": seconds},),
                wrap=True, footer=_("Nothing is lost"), kind="restoring")


def winner(title, who, line="", hint=""):
    """The game is over: who won, the deciding battle, how to go on.

    >>> text(winner("JL Beginner", "P1", "Superman 6 : 4 Mars"))
    ['JL Beginner', '   P1 wins', 'Superman 6 : 4 Mars', '> OK: new game']
    """
    return View(header=title, big=(_("%s wins") % who,), lines=(line or _("Game over"),),
                footer=hint or _("OK: new game"), kind="winner")
