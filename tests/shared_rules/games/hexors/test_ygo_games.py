"""Whole Yu-Gi-Oh! Hexors games, setup to winner (YG-1..YG-16 together)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_tiles import BLUE_EYES, DRAGON, FACE, GAIA, KAIBA, MAGICIAN, YUGI, play, power

from shared_rules.games.hexors.engine import HexorsGame

R, G, B, Y, P, W = (FACE["red"], FACE["green"], FACE["blue"], FACE["yellow"], FACE["purple"],
                    FACE["white"])


def test_yg_1_to_7_whole_beginner_duel():
    """YG-1..YG-7: a Beginner duel; Yugi beats Kaiba after a tie."""
    g = HexorsGame(variant="ygo-beginner", players=2)
    play(g, [("add", 0, "Y0", YUGI), ("add", 1, "K1", KAIBA), ("add", 0, "G0", GAIA),
             ("add", 0, "M0", MAGICIAN), ("add", 1, "D1", DRAGON), ("add", 1, "B1", BLUE_EYES)])
    play(g, [g.legal_inputs().choices[0][1]])
    assert g.turn == 1
    play(g, [("tap", "D1"), ("tap", "G0"), ("roll", Y), ("roll", R), ("end",)])   # 7 vs 6
    play(g, [("tap", "M0"), ("tap", "D1"), ("roll", G), ("roll", W)])      # 6 vs 1
    play(g, [("tap", "K1"), ("roll", B), ("roll", B)])                     # 3 vs 6
    assert g.tiles["M0"].status == "discard" and g.turn == 1
    play(g, [("tap", "B1"), ("tap", "Y0"), ("roll", B), ("roll", P)])      # 6 vs 8
    assert g.turn == 0
    out = play(g, [("tap", "Y0"), ("tap", "K1"), ("roll", P), ("roll", W)])[-1]   # 8 vs 8
    assert out.find("reroll") == {"rule": "YG-5"}
    out = play(g, [("roll", G), ("roll", G)])[-1]                          # 7 vs 5
    assert out.find("winner") == {"players": [0], "rule": "YG-1"}


def test_yg_8_to_16_whole_collectors_duel():
    """YG-8..YG-16: a Collector's duel with Stars, an Action and the rulebook example."""
    g = HexorsGame(variant="ygo-collector", players=2)
    play(g, [("add", 0, "Y0", YUGI), ("add", 0, "G0", GAIA), ("add", 0, "M0", MAGICIAN),
             ("add", 0, "A0a", power("setting_sun", game="ygo")),
             ("add", 0, "A0b", power("earth_fist", game="ygo")),
             ("add", 1, "K1", KAIBA), ("add", 1, "D1", DRAGON), ("add", 1, "B1", BLUE_EYES),
             ("add", 1, "A1a", power("disarm", game="ygo")),
             ("add", 1, "A1b", power("zombie", game="ygo")), ("start", 0)])
    out = play(g, [("tap", "G0"), ("tap", "D1"), ("roll", G), ("roll", Y)])[-1]   # 10 vs 9
    assert out.find("battle")["winner"] == "G0" and g.stones == [1, 0]
    play(g, [("end",), ("tap", "B1"), ("tap", "M0"), ("roll", W), ("roll", P)])   # 10 vs 11
    assert g.phase == "accept"                     # Yugi could still play Setting Sun
    play(g, [("end",)])
    assert g.tiles["B1"].status == "discard" and g.stones == [2, 0] and g.turn == 0
    play(g, [("tap", "M0"), ("tap", "K1"), ("tap", "A0a"), ("tap", "M0"), ("roll", P)])
    assert str(g.totals()["M0"]) == "5 strike +6 element +3 Setting Sun = 14"
    out = play(g, [("roll", W)])[0]                                        # 14 vs 9
    assert str(out.find("battle")["totals"]["K1"]) == "6 strike +3 attack = 9"
    assert out.find("winner") == {"players": [0], "rule": "YG-1"}
    assert g.stones == [1, 0]
