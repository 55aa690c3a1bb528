"""Whole Justice League Hexors games, setup to winner, one per variant (JL-B1..B9,
JL-C1..C13, JL-M1..M14 together)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_tiles import (
    ATLANTIS,
    BATMAN,
    DOOMSDAY,
    FACE,
    FLASH,
    GOTHAM,
    KEYSTONE,
    MANHUNTER,
    MARS,
    ROBIN,
    SUPERMAN,
    WONDER,
    play,
    power,
)

from shared_rules.games.hexors.engine import HexorsGame

R, G, B, Y, P, W = (FACE["red"], FACE["green"], FACE["blue"], FACE["yellow"], FACE["purple"],
                    FACE["white"])


def test_jl_b1_to_b9_whole_beginner_game():
    """JL-B1..B9: a Beginner game from the rosters to P2's win."""
    g = HexorsGame(variant="jl-beginner", players=2)
    play(g, [("add", 0, "S0", ATLANTIS), ("add", 1, "S1", MARS), ("add", 0, "C0", SUPERMAN),
             ("add", 0, "C2", BATMAN), ("add", 1, "C1", DOOMSDAY), ("add", 1, "C3", MANHUNTER)])
    start = g.legal_inputs().choices[0][1]
    assert start == ("start", 1)                               # JL-B2
    play(g, [start, ("tap", "C1"), ("end",)])                  # a move without contact
    assert g.turn == 0
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", Y), ("roll", R)])      # 6 vs 8
    assert g.tiles["C0"].status == "discard" and g.turn == 1
    play(g, [("tap", "C3"), ("tap", "C2"), ("roll", P), ("roll", G)])      # 6 vs 5
    out = play(g, [("tap", "S0"), ("roll", P), ("roll", B)])[-1]           # 6 vs 6
    assert out.find("reroll")
    out = play(g, [("roll", Y), ("roll", Y)])[-1]                          # 5 vs 1
    assert out.find("winner") == {"players": [1], "rule": "JL-B9"}
    assert g.legal_inputs().prompt == "P2 wins!"
    assert [g.tiles[k].status for k in ("S1", "C1", "C3")] == ["play"] * 3


def test_jl_c1_to_c13_whole_collectors_game():
    """JL-C1..C13: a Collector's game with Stones, a Power after the roll, a tie re-roll."""
    g = HexorsGame(variant="jl-collector", players=2)
    play(g, [("add", 0, "S0", ATLANTIS), ("add", 0, "C0", SUPERMAN), ("add", 0, "C2", BATMAN),
             ("add", 0, "P0a", power("teamwork")), ("add", 0, "P0b", power("detection")),
             ("add", 1, "S1", MARS), ("add", 1, "C1", DOOMSDAY), ("add", 1, "C3", MANHUNTER),
             ("add", 1, "P1a", power("super_strength")), ("add", 1, "P1b", power("life_drain")),
             ("start", 1)])
    play(g, [("tap", "C1"), ("tap", "C2"), ("roll", R), ("roll", G)])      # 11 vs 9
    assert g.stones == [0, 1]
    play(g, [("end",), ("tap", "C0"), ("tap", "C1"), ("roll", Y), ("roll", R)])   # 12 vs 11
    assert g.stones == [1, 1] and g.phase == "defender"
    play(g, [("tap", "C3"), ("roll", W), ("roll", P)])                     # 7 vs 9
    assert g.stones == [1, 2] and g.turn == 1
    play(g, [("tap", "C3"), ("tap", "S0"), ("roll", G), ("roll", B)])      # 7 vs 8
    assert g.phase == "accept" and ("P1b", 2) in g.legal_inputs().powers
    play(g, [("tap", "P1b"), ("tap", "S0")])
    assert g.view()["battle"]["totals"]["S0"] == "6 strike +2 defense -1 Life Drain = 7"
    out = play(g, [("end",)])[0]
    assert out.find("reroll") == {"rule": "JL-B5"} and g.stones == [1, 0]
    out = play(g, [("roll", P), ("roll", W)])[-1]                          # 9 vs 6
    assert str(out.find("battle")["totals"]["S0"]) == "5 strike +2 defense -1 Life Drain = 6"
    assert out.find("winner") == {"players": [1], "rule": "JL-C13"}
    assert g.stones == [1, 1]


def test_jl_m1_to_m9_whole_free_for_all():
    """JL-M1..M9: three players, a fallen Stronghold's Characters leave, Stone boosts, the
    last player with tiles wins."""
    g = HexorsGame(variant="jl-ffa", players=3)
    play(g, [("add", 0, "S0", ATLANTIS), ("add", 0, "C0", SUPERMAN),
             ("add", 1, "S1", MARS), ("add", 1, "C1", DOOMSDAY),
             ("add", 2, "S2", GOTHAM), ("add", 2, "C4", FLASH), ("start", 0)])
    out = play(g, [("tap", "C0"), ("tap", "S1"), ("roll", Y), ("roll", G)])[-1]
    assert [d["tile"] for k, d in out.events if k == "defeated"] == ["S1", "C1"]
    play(g, [("end",)])
    assert g.turn == 2                                         # P2 is out
    play(g, [("tap", "C4"), ("tap", "C0"), ("roll", R), ("roll", W)])      # 8 vs 7
    assert g.phase == "accept"
    play(g, [("boost", "C0")])                                 # JL-M4: 8 vs 8
    out = play(g, [("end",)])[0]
    assert out.find("reroll") and g.stones == [0, 0, 0]
    out = play(g, [("roll", R), ("roll", Y)])[-1]                          # 8 vs 13
    assert str(out.find("battle")["totals"]["C0"]) == "6 strike +6 colour +1 stone = 13"
    assert g.turn == 0 and g.stones == [1, 0, 0]
    play(g, [("tap", "C0"), ("tap", "S2"), ("roll", Y), ("roll", G), ("end",)])
    assert g.winners == [0] and g.phase == "over"


def test_jl_m10_to_m14_whole_team_game():
    """JL-M10..M14: A1 B1 A2 B2, pooled Stones, a lone Stronghold attacks, team defeat."""
    g = HexorsGame(variant="jl-team", players=4)
    rosters = [[("S0", ATLANTIS), ("F0", FLASH)], [("S1", MARS), ("C1", DOOMSDAY)],
               [("S2", GOTHAM), ("C4", WONDER)], [("S3", KEYSTONE), ("C5", ROBIN)]]
    for p in range(4):
        for key, entry in rosters[p]:
            play(g, [("add", p, key, entry)])
    play(g, [("start", 0), ("tap", "F0"), ("tap", "S1"), ("roll", G), ("roll", G), ("end",)])
    assert g.stones_of(2) == 1 and g.name(g.turn) == "A2"      # B1 is out
    play(g, [("tap", "C4"), ("tap", "C5"), ("roll", W), ("roll", R), ("end",), ("end",)])
    assert g.name(g.turn) == "B2" and g.legal_inputs().tiles == {"S3": "attacker"}
    out = play(g, [("tap", "S3"), ("tap", "C4"), ("roll", G), ("roll", W), ("end",)])[-1]
    assert out.find("winner") == {"players": [0, 2], "rule": "JL-M14"}
    assert g.legal_inputs().prompt == "A1 & A2 win!"
