"""The Hexo demo table: two players, a Troll, a Companion, hands of 5 paid and discarded."""
from __future__ import annotations

from host.games.scripting import Steps, corrected, lookup

HX_UIDS = {"hx/companion": "04B5C00000C001", "hx/troll": "04B5C00000C002",
           "hx/ogre": "04B5C00000C003"}
HX_PLAYERS = ("Red", "Blue")
# The demo set's Companion, as printed on its card.
HX_CORRECTIONS = {"hx/companion": {"strength": 2, "cost": 3}}


def hexo_entries() -> list[dict]:
    return [corrected(lookup(i), **HX_CORRECTIONS[i]) if i in HX_CORRECTIONS else lookup(i)
            for i in HX_UIDS]


def hexo_script() -> list[dict]:
    s = Steps(HX_UIDS)
    s.choose("Red first", "5 events")                 # HX-2, HX-3: hands of 5, Red first
    # Turn 1: both go to the lost mine and bring a treasure home (HX-14); each action plays
    # a card, a purchase its money cards (HX-4).
    s.choose("to lost mine", "to lost mine", "take treasure", "take treasure")
    s.choose("go home", "buy, 1 card", "deposit", "buy, 1 card", "pass", "pass")
    s.choose("1 monster")                            # HX-5: one monster card left
    s.tap("hx/troll")                                 # Red places it (HX-13): Troll 1
    # Turn 2, Blue first: Blue goes for the Troll with a Companion in support (HX-7, HX-10).
    s.choose("0 events", "to Troll 1", "pass", "attack monster")
    s.press("B").tap("hx/companion")                  # Blue's card: 1 base +2 = 3
    s.tap("hx/troll")                                 # Red reinforces the Troll (HX-8)
    s.choose("fight")                                 # 3 vs 6: Blue goes home, the
    s.choose("to Troll 1", "buy, 1 card")         # treasure stays: Red picks it up
    s.choose("take treasure", "buy, 1 card", "go home")  # leaving, the Troll attacks
    s.choose("peace, 1 card")                 # HX-12: Red pays 4 and goes home
    s.choose("pass", "pass", "0 monsters")            # both hands empty: only a pass
    # Turns 3 to 5: Red deposits, the market is bought out until the pile cannot refill
    # it (HX-6).
    s.choose("2 events", "deposit", "buy, 1 card", "buy, 1 card", "buy, 1 card",
             "buy, 1 card", "buy, 1 card", "pass", "pass", "0 monsters")
    s.choose("5 events", "buy, 1 card", "buy, 1 card", "buy, 1 card",
             "buy, 1 card", "buy, 1 card", "pass", "pass", "pass", "0 monsters")
    s.choose("5 events", "buy, 1 card", "pass", "pass", "pass", "0 monsters")
    return s.steps
