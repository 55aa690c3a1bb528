"""The Hexors demo tables: Justice League (Beginner, Collector's) and Yu-Gi-Oh! (Beginner)."""
from __future__ import annotations

from typing import Any

from host.games.scripting import Steps

# The demo table's tiles. The catalogue prints only what the rulebook prints (Superman's
# yellow 6, Doomsday's red 8, Atlantis' blue 6, Mars' red 3); the rest of each tile was
# read off the demo set and entered as corrections, exactly as a table corrects an
# unverified entry from its own physical tiles (catalogue.apply_correction).
UIDS = {
    "jl/atlantis": "04A1B2C3D4E501", "jl/superman": "04A1B2C3D4E502",
    "jl/064": "04A1B2C3D4E503",  # Last Stand
    "jl/mars": "04A1B2C3D4E511", "jl/doomsday": "04A1B2C3D4E512",
    "jl/072": "04A1B2C3D4E513",  # Teamwork
}
#                      green blue yellow red purple white
DEMO_CORRECTIONS: dict[str, dict[str, Any]] = {
    "jl/atlantis": {"strike": (5, 6, 4, 3, 5, 4), "bonus": 1},
    "jl/superman": {"strike": (7, 5, 6, 5, 4, 8)},
    "jl/mars": {"strike": (4, 5, 2, 3, 6, 5), "bonus": 2},
    "jl/doomsday": {"strike": (6, 4, 5, 8, 7, 3)},
}


# The Yu-Gi-Oh! demo table: the rulebook prints Yugi's green 5, Kaiba's yellow 2, Gaia's
# green 5 and the Thousand Dragon's yellow 7; the rest was read off the demo set.
YGO_UIDS = {
    "ygo/yugi": "04A1B2C3D4E521", "ygo/gaia-the-fierce-knight": "04A1B2C3D4E522",
    "ygo/kaiba": "04A1B2C3D4E531", "ygo/thousand-dragon": "04A1B2C3D4E532",
}
YGO_CORRECTIONS: dict[str, dict[str, Any]] = {
    "ygo/yugi": {"strike": (5, 3, 4, 2, 3, 4)},
    "ygo/gaia-the-fierce-knight": {"strike": (5, 6, 4, 5, 3, 6)},
    "ygo/kaiba": {"strike": (3, 4, 2, 4, 3, 2)},
    "ygo/thousand-dragon": {"strike": (4, 5, 7, 3, 6, 5)},
}


def demo_entries(uids: dict[str, str] | None = None,
                 corrections: dict[str, dict[str, Any]] | None = None) -> list[dict]:
    from shared_rules import catalogue
    from shared_rules.games.hexors.decisions import COLOURS

    out = []
    for entry_id in (uids if uids is not None else UIDS):
        entry = catalogue.get(entry_id)
        fix = (corrections if corrections is not None else DEMO_CORRECTIONS).get(entry_id)
        if fix is not None:
            printed = {c: v for c, v in entry["strike"].items() if v is not None}
            corrected = dict(zip(COLOURS, fix["strike"], strict=True))
            # The rulebook's own numbers must survive the correction: the demo set agrees.
            assert all(corrected[c] == v for c, v in printed.items()), entry_id
            extra = {"bonus": fix["bonus"]} if "bonus" in fix else {}
            entry = catalogue.apply_correction(entry, strike=corrected, **extra)
        out.append(entry)
    return out


def beginner_script() -> list[dict]:
    s = Steps(UIDS)
    # Setup: each player taps their tiles, then presses their button.
    s.tap("jl/atlantis", "jl/superman").press("A")
    s.tap("jl/mars", "jl/doomsday").press("B")
    # P2 picked the last Character, so P2 moves first (JL-B2): Doomsday moves, no contact.
    s.tap("jl/doomsday").press("B")
    # P1: Superman moves into contact with Doomsday and Mars: a multiple attack (JL-B7).
    s.tap("jl/superman", "jl/doomsday")
    s.roll(3, 1)  # Superman yellow 6, Doomsday green 6: a tie (JL-B5)
    s.roll(6, 3)  # re-roll, attacker first: white 8 against yellow 5
    s.tap("jl/mars")
    s.roll(3, 4)  # Superman yellow 6, Mars red 3: P2 has nothing left
    return s.steps


def collector_script() -> list[dict]:
    s = Steps(UIDS)
    s.tap("jl/atlantis", "jl/superman", "jl/064").press("A")
    s.tap("jl/mars", "jl/doomsday", "jl/072").press("B")
    # P2 moves first (JL-B2). Doomsday attacks Superman, next to Mars: a pod (JL-C4).
    s.tap("jl/doomsday", "jl/superman").press("B")
    s.tap("jl/072")  # Teamwork costs 2 and P2 has no Stone: refused (JL-C9)
    s.tap("jl/064")  # P1 answers with Last Stand, free: Superman is P1's last (JL-W064)
    s.roll(4, 1)  # Doomsday red 8 +3 colour +1 pod = 12; Superman 7 +6 colour +3 = 16
    # P2 has only Mars left and skips (JL-B9); P1: Superman attacks Mars.
    s.tap("jl/superman", "jl/mars")
    s.roll(3, 6)  # Superman yellow 6 +6 = 12; Mars white 5 +2 defense = 7
    return s.steps


def ygo_beginner_script() -> list[dict]:
    s = Steps(YGO_UIDS)
    # Setup (YG-2): a Character and a Monster each, then the player's button.
    s.tap("ygo/yugi", "ygo/gaia-the-fierce-knight").press("A")
    s.tap("ygo/kaiba", "ygo/thousand-dragon").press("B")
    # P2 added the last Monster, so P2 moves first: the Thousand Dragon, no contact.
    s.tap("ygo/thousand-dragon").press("B")
    # P1: Gaia attacks Kaiba (YG-5): green 5 against Kaiba's yellow 2 +2 Character (YG-6).
    s.tap("ygo/gaia-the-fierce-knight", "ygo/kaiba")
    s.roll(1, 3)  # Kaiba's Character is defeated: P1 wins at once (YG-1)
    return s.steps
