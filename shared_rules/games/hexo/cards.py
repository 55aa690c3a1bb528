"""Hexo's monster, Companion and money cards (cards.json beside this): the values each
carries, and how a table corrects them (shared_rules/core/cards.py).

============  ======================================================================
kind          values (``*`` = the referee needs it: unknown means not verified)
============  ======================================================================
monster       name* monster* (goblin, ogre, troll) colour* value* 1..3 points* 1..3
companion     name* strength* 0..20 cost 0..20
money         name* money* 0..20 cost 0..20
============  ======================================================================

>>> BOOK.fields({"game": "hx", "kind": "companion"})
['name', 'strength', 'cost']
"""
from shared_rules.core.cards import CardBook

BOOK = CardBook("Hexo", {
    "monster": (
        ("monster", "choice", ("goblin", "ogre", "troll"), None, True),
        ("colour", "choice", ("green", "yellow", "red"), None, True),
        ("value", "int", 1, 3, True),  # HX-1, HX-8
        ("points", "int", 1, 3, True),
    ),
    "companion": (
        ("strength", "int", 0, 20, True),  # HX-7: added to the fighter's 1
        ("cost", "int", 0, 20, False),  # players pay the market themselves
    ),
    "money": (
        ("money", "int", 0, 20, True),
        ("cost", "int", 0, 20, False),
    ),
})
