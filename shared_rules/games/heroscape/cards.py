"""HeroScape's army cards (cards.json beside this): the values each carries, and how a
table corrects them (shared_rules/core/cards.py).

=========  ======================================================================
kind       values (``*`` = the referee needs it: unknown means not verified)
=========  ======================================================================
hero/squad name* kind* (hero, squad) figures* 1..20 move* 0..20 range* 0..20
           attack* 1..MAX_DICE defense* 1..MAX_DICE
=========  ======================================================================

>>> mimring = {"id": "hs/mimring", "game": "hs", "kind": "hero", "name": "Mimring",
...     "figures": 1, "move": None, "range": None, "attack": None, "defense": None,
...     "verified": False, "source": "seed 002"}
>>> BOOK.missing(mimring)
['move', 'range', 'attack', 'defense']
>>> BOOK.spec_for(mimring)[4]
('range', 'int', 0, 20, True)
"""
from shared_rules.core.cards import CardBook
from shared_rules.games.heroscape.decisions import MAX_DICE


def _figures(entry):
    figures = entry.get("figures")
    if not isinstance(figures, int) or isinstance(figures, bool):
        return []
    if entry["kind"] == "hero" and figures != 1:
        return ["a hero card has one figure"]
    if entry["kind"] == "squad" and figures < 2:
        return ["a squad card has 2 or more figures"]
    return []


BOOK = CardBook("HeroScape", {None: (
    ("name", "text", 40, None, True),
    ("kind", "choice", ("hero", "squad"), None, True),
    ("figures", "int", 1, 20, True),
    ("move", "int", 0, 20, True),
    ("range", "int", 0, 20, True),  # HS-5: Range 1 is adjacent only
    ("attack", "int", 1, MAX_DICE, True),
    ("defense", "int", 1, MAX_DICE, True),
)}, check=_figures)
