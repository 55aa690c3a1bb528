"""What Invocations' events say on the page and aloud (host/games/telling.py)."""
from __future__ import annotations

from host.common.i18n import _, n_
from host.games.telling import Words

FIGHTS = ("dominance",)


def _dominance(data: dict, words: Words) -> list[str]:
    return [_("battles won: %s") % words.joined(data.get("beats", {}))]


def _dominant(data: dict, words: Words) -> list[str]:
    return [_("%s dominates") % words.seat(data.get("player"))]


def _shields(data: dict, words: Words) -> list[str]:
    """IN-8: the tied players each turn over a Shield."""
    return [_("Tie: %s") % words.seats(data.get("players"))]


def _playoff(data: dict, words: Words) -> list[str]:
    cards = data.get("cards", 0)
    return [n_("%(players)s tied: %(n)d card each", "%(players)s tied: %(n)d cards each",
               cards) % {"players": words.seats(data.get("players")), "n": cards}]


def _no_winner(data: dict, words: Words) -> list[str]:
    prize = data.get("prize", 0)
    return [_("No winner"), n_("prize: %d card carried over", "prize: %d cards carried over",
                               prize) % prize]


def _defense_tiebreak(data: dict, words: Words) -> list[str]:
    return [_("a tie on points: the most Defense wins")]


EVENTS = {"dominance": _dominance, "dominant": _dominant, "shields": _shields,
          "playoff": _playoff, "no_winner": _no_winner, "defense_tiebreak": _defense_tiebreak}
