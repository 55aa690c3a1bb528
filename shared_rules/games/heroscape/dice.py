"""What a HeroScape game asks of the die, on the Pi and on the pocket board alike.

With virtual dice (HS-6, chosen when the game starts) the die goes virtual once the game is
open (``("DIEMODE", "virtual")``: shaken, it gives as many fair faces as the last roll
asked), and the roller's own press, when the rules expect their roll, rolls all their dice
at once (``("ROLL", n)``). The Pi sends these to the hub, whose die carries them out
(host/games/heroscape/hooks.py); the pocket board's die is its own, and the pocket carries
them out on it (firmware/pocket/main.py, firmware/die.py's ``set_mode`` and ``roll``).
Each is a function of the game's dice, what the rules expect now and one reaction, never
of anything remembered, so a game restored from its journal asks the same.
"""
from shared_rules.core.session import PLAYER_BUTTONS


def opening(dice):
    """What the die is told once a game with ``dice`` is open (again after a restart)."""
    return [("DIEMODE", "virtual")] if dice == "virtual" else []


def asked(dice, legal, reaction):
    """What one reaction asks of the die: the roller's press rolls the virtual dice."""
    what = reaction.entry.input if reaction.entry is not None else ()
    if dice == "virtual" and reaction.result is None and what[:1] == ("BTN",) \
            and len(what) == 3 and what[2] == "press" and legal.expect == "roll" \
            and PLAYER_BUTTONS.get(what[1]) == legal.roll_by:
        return [("ROLL", legal.dice)]
    return []


class Dice:
    """A game's dice (its descriptor's ``dice(variant)``): ``opening()`` and ``asked(legal,
    reaction)`` for this ``mode`` ("physical" or "virtual")."""

    def __init__(self, mode):
        self.mode = mode

    def opening(self):
        return opening(self.mode)

    def asked(self, legal, reaction):
        return asked(self.mode, legal, reaction)
