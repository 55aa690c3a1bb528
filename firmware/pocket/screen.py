"""The pocket board's screens: the Pi's own, made on the board from its session.

A game's screens are the ones the Pi shows (shared_rules/hexors_presenter.py for the Hexors
games, shared_rules/hexo_presenter.py for Hexo), read from the session's plain view model as
the Pi's presenter reads its ``Seen``; the referee's menu and an input's message go on them
as on the Pi (shared_rules/display/play.py). ``glyphs.draw`` lays the view out with the Pi's layout and
paints it.
"""
from shared_rules.display import play
from shared_rules.display.screens import note
from shared_rules.hexors_presenter import HexorsScreens


class Seen:
    """The session as a screen reads it (the Pi's ``Seen``, host/session/referee.py)."""

    def __init__(self, session):
        self.game = session.game.view()
        self.legal = session.legal()
        self.last = session.last
        self.players = tuple(session.players)
        self.seat = session.seat
        self.names = session.names
        self.menu_open = session.menu_open
        self.menu = tuple([item[0] for item in session.menu()]) if session.menu_open else ()
        self.cursor = session.cursor

    def name(self, key):
        return self.names.get(key or "", key or "?")


def screens_for(variant):
    """The screens of a game the pocket referees (another game's are imported only when it
    is played: the heap holds one game's)."""
    if variant == "hexo":
        from shared_rules.hexo_presenter import HexoScreens

        return HexoScreens()
    return HexorsScreens(variant)


def game(screens, session, reaction=None):
    """The view the panel shows: the game's screen with the referee's menu, or the message
    ``reaction`` leaves (a refusal, a note)."""
    seen = Seen(session)
    view = play.with_menu(screens.view(seen), seen)
    if reaction is not None:
        said = play.message(screens.title, view, seen, reaction)
        if said is not None:
            return said[1]
    return view


def fault(text):
    """A fault, on the panel as in the log; the game on flash is untouched."""
    return note("hexref", text)
