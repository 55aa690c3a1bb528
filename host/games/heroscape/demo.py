"""The HeroScape demo table: the Zettian Guards against Mimring."""
from __future__ import annotations

from host.games.scripting import Steps, corrected, lookup

HS_UIDS = {"hs/zettian-guards": "04B5C00000A001", "hs/mimring": "04B5C00000B001",
           "hs/marro-warriors": "04B5C00000B002"}
# Mimring and the Marro Warriors as printed on the demo set's cards (basic side).
HS_CORRECTIONS = {
    "hs/mimring": {"move": 6, "range": 1, "attack": 4, "defense": 3},
    "hs/marro-warriors": {"move": 6, "range": 6, "attack": 2, "defense": 3},
}


def heroscape_entries() -> list[dict]:
    return [corrected(lookup(i), **HS_CORRECTIONS[i]) if i in HS_CORRECTIONS else lookup(i)
            for i in HS_UIDS]


def heroscape_script() -> list[dict]:
    s = Steps(HS_UIDS)
    s.tap("hs/zettian-guards").press("A")       # HS-1: P1 ("good")
    s.tap("hs/mimring").press("B")              # P2 ("evil"); B closes setup
    s.roll(1, 4, 5, 6, 6).roll(2, 4, 5, 6, 6)   # HS-3: 1 skull each: a tie, roll again
    s.roll(1, 2, 3, 4, 5).roll(1, 4, 5, 6, 6)   # 3 skulls against 1: P1 goes first
    s.tap("hs/mimring")                         # HS-4: not P1's card: refused
    s.tap("hs/zettian-guards", "hs/mimring")    # the card, then the target
    s.press("A")                                # HS-6: P1's Guard stands higher
    s.roll(1, 2, 5).roll(4, 5, 1)               # HS-10: 2 skulls, 2 shields: nothing
    s.tap("hs/mimring").press("A")              # HS-8: the second Guard, higher too
    s.roll(1, 2, 6).roll(4, 1, 6)               # 2 skulls, 1 shield: destroyed (HS-7)
    return s.steps
