"""The pocket board's screens: the Pi's own, made on the board from its session.

A game's screens are the ones the Pi shows (its descriptor's ``screens``: each game's
shared_rules/games/<game>/presenter.py), read from the session's plain view model as the
Pi's presenter reads its ``Seen``; the referee's menu and an
input's message go on them as on the Pi (shared_rules/display/play.py). ``glyphs.draw``
lays the view out with the Pi's layout and paints it.
"""
from shared_rules.display import play
from shared_rules.display.screens import note


class Seen:
    """The session as a screen reads it (the Pi's ``Seen``, host/session/adapter.py);
    ``timers_ms``: ms left on each running timer of the game, by kind."""

    def __init__(self, session, timers_ms=None):
        self.game = session.game.view()
        self.legal = session.legal()
        self.last = session.last
        self.players = tuple(session.players)
        self.seat = session.seat
        self.names = session.names
        self.menu_open = session.menu_open
        self.menu = tuple([item[0] for item in session.menu()]) if session.menu_open else ()
        self.cursor = session.cursor
        self.timers_ms = timers_ms if timers_ms is not None else {}

    def name(self, key):
        return self.names.get(key or "", key or "?")


def game(screens, session, reaction=None, timers_ms=None):
    """The view the panel shows: the game's screen with the referee's menu, or the message
    ``reaction`` leaves (a refusal, a note); ``timers_ms``: what the timers count down."""
    seen = Seen(session, timers_ms)
    view = play.with_menu(screens.view(seen), seen)
    if reaction is not None:
        said = play.message(screens.title, view, seen, reaction)
        if said is not None:
            return said[1]
    return view


def fault(text):
    """A fault, on the panel as in the log; the game on flash is untouched."""
    return note("hexref", text)
