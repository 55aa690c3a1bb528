"""Whose roll it is (RULES.md ROLL-1), for the games that roll (Hexors, HeroScape): the
games that do not import nothing of it."""
from shared_rules.core.engine import Refusal, seat_name
from shared_rules.core.words import _


def wrong_roller(inp, expected, name=None):
    """ROLL-1: a roll names its roller (``("roll", faces, player)``); one by anyone but
    ``expected``, the player the rules expect, is refused, naming who rolls (``name(p)``,
    else P1, P2...). A roll journalled before rolls named theirs (``("roll", faces)``) is
    the expected roller's, as it was played.

    >>> wrong_roller(("roll", 4, 1), 0).message, wrong_roller(("roll", 4), 0)
    ("It is P1's roll", None)
    """
    if len(inp) < 3 or inp[2] == expected:
        return None
    who = name(expected) if name is not None else seat_name((), expected)
    return Refusal("ROLL-1", _("It is %s's roll") % who, _("hand the die to %s") % who)
