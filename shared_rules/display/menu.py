"""The game menu's words and its screens, the same on the Pi and on the pocket board.

``Menu`` is the game menu: a game, then its kind; after the games, the table's language,
each named in itself. UP/DOWN move (wrapping), OK chooses, BACK goes up a level. The
pocket board shows it as it is (firmware/pocket/main.py); the Pi's run loop adds its last
line, the phone page, which a board with no network has not (host/app/run.GameMenu).
``choice_label`` says a line of its second level (a game kind for a number of players).
"""
from shared_rules.core.words import _, n_
from shared_rules.display.screens import game_menu, note


def choice_label(family, label, players, counts):
    """A kind of ``family`` (``label``: "Collector's", "" when the game has one) for
    ``players`` of its player ``counts``, in the table's language.

    >>> choice_label("Justice League Hexors", "Free-for-all", 3, (3, 4))
    'Free-for-all, 3 players'
    """
    if len(counts) == 1:
        return _(label) if label else family
    if label:
        return n_("%(variant)s, %(count)d player", "%(variant)s, %(count)d players",
                  players) % {"variant": _(label), "count": players}
    return n_("%d player", "%d players", players) % players


class Menu:
    """The game menu. ``games``: ((family, ((label, variant, players, counts), ...)),
    ...), their words in the code's English (``choice_label`` says them;
    host/games/descriptor.menu lists them); ``languages``: ((code, name in itself), ...);
    ``lang``: the code spoken now.

    >>> menu = Menu((("JL Hexors", (("Beginner", "jl-beginner", 2, (2,)),)),),
    ...             (("en", "English"), ("fr", "Français")), "en")
    >>> menu.view().lines
    ('JL Hexors', 'Language: English')
    >>> menu.press("OK"), menu.press("OK")
    (None, ('play', 'jl-beginner', 2))
    >>> menu.press("DOWN"), menu.press("OK"), menu.cursor, menu.press("DOWN"), menu.press("OK")
    (None, None, 0, None, ('speak', 'fr'))
    """

    def __init__(self, games, languages, lang):
        self.games = games
        self.languages = languages
        self.lang = lang
        self.game = None  # None: choosing the game; len(games): the language
        self.cursor = 0

    def items(self):
        if self.game is None:
            name = self.lang
            for code, said in self.languages:
                if code == self.lang:
                    name = said
            return tuple(family for family, _kinds in self.games) + (
                _("Language: %s") % name,)
        if self.game == len(self.games):
            return tuple(said for _code, said in self.languages)
        family, kinds = self.games[self.game]
        return tuple(choice_label(family, label, players, counts)
                     for label, _variant, players, counts in kinds)

    def press(self, button):
        """Move or choose: ``("play", variant, players)`` when a game kind is chosen,
        ``("speak", code)`` when a language is (the caller speaks it), else None."""
        if button in ("UP", "DOWN"):
            self.cursor = (self.cursor + (1 if button == "DOWN" else -1)) % len(self.items())
        elif button == "OK":
            if self.game is None:
                self.game = self.cursor
                self.cursor = 0
                if self.game == len(self.games):  # on the language spoken
                    for i in range(len(self.languages)):
                        if self.languages[i][0] == self.lang:
                            self.cursor = i
            elif self.game == len(self.games):
                code = self.languages[self.cursor][0]
                self.lang = code
                self.cursor, self.game = self.game, None
                return ("speak", code)
            else:
                _label, variant, players, _counts = self.games[self.game][1][self.cursor]
                self.game, self.cursor = None, 0
                return ("play", variant, players)
        elif button == "BACK" and self.game is not None:
            self.cursor, self.game = self.game, None
        return None

    def view(self, hint=""):
        """The menu's screen; ``hint`` in the footer instead of how to choose."""
        if self.game is None:
            return game_menu(_("Choose a game"), self.items(), self.cursor,
                             hint or _("OK choose"))
        if self.game == len(self.games):
            return game_menu(_("Language"), self.items(), self.cursor,
                             hint or _("OK choose  BACK back"))
        return game_menu(self.games[self.game][0], self.items(), self.cursor,
                         hint or _("OK start  BACK back"))


class PocketMenu(Menu):
    """The pocket board's menu: the game menu, and after the language its last line,
    "Enroll tiles (USB)": chosen, ``press`` gives ``("reader",)`` and the board restarts
    as a reader hub for ``hexref enroll`` on a computer over USB, until its next reset
    (firmware/pocket/reader.py; ``reader_view`` is its screen meanwhile).

    >>> menu = PocketMenu((("JL Hexors", (("Beginner", "jl-beginner", 2, (2,)),)),),
    ...                   (("en", "English"),), "en")
    >>> menu.view().lines
    ('JL Hexors', 'Language: English', 'Enroll tiles (USB)')
    >>> menu.press("UP"), menu.press("OK")
    (None, ('reader',))
    """

    def items(self):
        items = Menu.items(self)
        return items + (_("Enroll tiles (USB)"),) if self.game is None else items

    def press(self, button):
        if button == "OK" and self.game is None and self.cursor == len(self.games) + 1:
            return ("reader",)
        return Menu.press(self, button)


def reader_view():
    """The pocket's panel while it is a reader hub for ``hexref enroll`` over USB: what to
    run on the computer, how to confirm a write (a held player button, as ``hexref enroll
    --no-gpio`` asks) and how to come back."""
    return note(_("Enroll tiles (USB)"),
                _("Reader for hexref enroll on the computer: hold UP to write a tag"),
                _("Reset: back to the games"))
