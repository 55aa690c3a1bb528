"""The Invocations demo table: three players, two rounds (a cancelled Block)."""
from __future__ import annotations

from host.games.scripting import Steps, corrected, lookup
from shared_rules.games.invocations.presenter import BOARD_COLOURS

IN_PLAYERS = BOARD_COLOURS[:3]  # the script names its seats (and menu lines) in English
IN_CARDS = {  # the demo deck's cards that get revealed: (name, Attack, Defense)
    "in/card-01": ("Fire Imp", 7, 2), "in/card-02": ("Stone Golem", 4, 8),
    "in/card-03": ("Sea Serpent", 7, 5), "in/card-04": ("Wind Sprite", 3, 3),
    "in/card-05": ("Night Owl", 5, 6), "in/card-06": ("Sun Priest", 6, 1),
    "in/card-07": ("Ice Wyrm", 2, 7), "in/card-08": ("Dune Beetle", 3, 4),
}
IN_UIDS = {entry_id: "04B5C00000D0%02d" % i for i, entry_id in enumerate(IN_CARDS, 1)}


def invocations_entries() -> list[dict]:
    return [corrected(lookup(i), name=n, attack=a, defense=d)
            for i, (n, a, d) in IN_CARDS.items()]


def invocations_script() -> list[dict]:
    s = Steps(IN_UIDS)
    s.choose("hand 4", "start")                       # IN-2: 3 x 4 cards, 20 left
    # Round 1, Stage 2: Shields and Spells face down, then the Attacks (IN-3).
    s.choose("Red shield", "Green shield", "Blue spell")
    s.choose("Blue steals Green")                     # a Steal: the 15 s hand-over (IN-4)
    s.press("B")                                      # not Green's button: a note
    s.choose("handed")                                # Green hands the card over
    s.choose("Red attack", "Blue attack", "Green attack")
    s.tap("in/card-01", "in/card-02", "in/card-03")   # Stage 3: 7, 4, 7 (IN-6)
    s.choose("judge")                                 # Red and Green tie (IN-7)
    s.tap("in/card-04", "in/card-05")                 # Shields 3 and 6: Green (IN-8)
    # Round 2: Take effects empty the deck (IN-3); Blue's effect beats everybody (IN-7).
    s.choose("Red takes 3", "Blue takes 3", "Green takes 3", "Red takes 3", "Blue takes 1")
    s.choose("Red attack", "Blue attack", "Green attack")
    s.tap("in/card-06", "in/card-07", "in/card-08")   # 6, 2, 3
    s.choose("Red blocks Blue Attack")                # IN-12: Blue's card effect is stopped
    s.choose("cancel: Red blocks Blue Attack")        # IN-14: the Block no longer works
    s.choose("Blue beats Red", "Blue beats Green", "judge")
    # No deck left for round 3: the game ends (IN-9), Green 18 against Blue 11 (IN-10).
    return s.steps
