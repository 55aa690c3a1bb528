"""Invocations' cards (cards.json beside this): the values each carries, and how a table
corrects them (shared_rules/core/cards.py). Their names are numbered places ("Card 01")
that the rulebook does not print: a table gives each its card's name.

=========  ======================================================================
kind       values (``*`` = the referee needs it: unknown means not verified)
=========  ======================================================================
card       name* (a numbered slot: replace it by the card's name) attack* 0..99
           defense* 0..99 cost 0..99 effect (text)
=========  ======================================================================

>>> BOOK.parse({"game": "in", "kind": "card"}, "attack", " 7")
7
"""
from shared_rules.core.cards import CardBook

BOOK = CardBook("Invocations", {"card": (
    ("name", "slot", 40, None, True),
    ("attack", "int", 0, 99, True),
    ("defense", "int", 0, 99, True),
    ("cost", "int", 0, 99, False),  # "may have a Cost and an Effect"
    ("effect", "text", 80, None, False),
)})
