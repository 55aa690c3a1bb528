"""Yu-Gi-Oh! Hexors duel rules (YG-1 to YG-16)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_tiles import (
    BLUE_EYES,
    DRAGON,
    FACE,
    GAIA,
    KAIBA,
    YUGI,
    give,
    play,
    power,
    refused_unchanged,
    ygo_pair,
)

from shared_rules.games.hexors.engine import HexorsGame


def test_yg_1_defeating_the_enemy_character_wins_at_once():
    """YG-1: defeat the opponent's Character and win, even if Monsters remain."""
    g = ygo_pair(variant="ygo-beginner")
    play(g, [("tap", "M0"), ("tap", "K1"), ("roll", FACE["green"])])
    out = play(g, [("roll", FACE["purple"])])[0]       # 6 vs 1+2
    assert out.find("winner") == {"players": [0], "rule": "YG-1"}
    assert g.tiles["D1"].status == "play" and g.phase == "over"


def test_yg_2_beginner_setup_one_character_equal_monsters_no_actions():
    """YG-2: one Character tile each, an equal share of Monsters, no Action tiles."""
    g = HexorsGame(variant="ygo-beginner", players=2)
    play(g, [("add", 0, "Y0", YUGI), ("add", 1, "K1", KAIBA), ("add", 0, "G0", GAIA)])
    refused_unchanged(g, ("add", 0, "Y9", KAIBA), "YG-2")
    refused_unchanged(g, ("add", 0, "A", power("disarm", game="ygo")), "YG-2")
    refused_unchanged(g, ("start", 0), "YG-2")
    play(g, [("add", 1, "D1", DRAGON)])
    assert g.legal_inputs().choices[0][1] == ("start", 1)   # last Monster picker starts
    play(g, [("start", 1)])
    assert g.turn == 1


def test_yg_3_a_turn_moves_a_monster_or_the_character():
    """YG-3: the moved tile may be a Monster or the Character tile."""
    g = ygo_pair(variant="ygo-beginner")
    assert g.legal_inputs().tiles == {"Y0": "attacker", "G0": "attacker", "M0": "attacker"}
    play(g, [("tap", "Y0"), ("tap", "D1")])
    assert g.battle["attacker"] == "Y0"


def test_yg_4_a_player_who_cannot_move_loses():
    """YG-4: reported with a button at the start of the turn: that player loses."""
    g = ygo_pair()
    assert ("cannot move", ("stuck",)) in g.legal_inputs().choices
    play(g, [("tap", "G0")])
    refused_unchanged(g, ("stuck",), "YG-4")
    play(g, [("end",)])
    out = play(g, [("stuck",)])[0]
    assert out.find("winner") == {"players": [0], "rule": "YG-4"}
    jl = HexorsGame(variant="jl-beginner", players=2)
    assert jl.apply(("stuck",)).rule == "YG-4"


def test_yg_5_duel_attacker_first_ties_reroll():
    """YG-5: attacker rolls first, the colour picks the value, ties are re-rolled."""
    g = ygo_pair(variant="ygo-beginner")
    play(g, [("tap", "G0"), ("tap", "D1")])
    assert g.legal_inputs().roll_by == 0
    out = play(g, [("roll", FACE["red"]), ("roll", FACE["yellow"])])[1]   # 6 vs 7
    assert out.find("battle")["winner"] == "D1"
    g = ygo_pair(variant="ygo-beginner")
    out = play(g, [("tap", "G0"), ("tap", "D1"), ("roll", FACE["green"]),
                   ("roll", FACE["blue"])])[-1]                           # 5 vs 5
    assert out.find("reroll") == {"rule": "YG-5"} and g.legal_inputs().roll_by == 0


def test_yg_6_beginner_character_adds_two():
    """YG-6: in the Beginner game a Character tile adds +2 to every strike value."""
    g = ygo_pair(variant="ygo-beginner")
    play(g, [("tap", "Y0"), ("tap", "D1"), ("roll", FACE["purple"])])
    assert str(g.totals()["Y0"]) == "6 strike +2 character = 8"


def test_yg_7_multiple_attack_ends_when_the_character_falls():
    """YG-7: fighting the enemy Character first and winning ends the game at once."""
    g = ygo_pair(variant="ygo-beginner")
    play(g, [("tap", "M0"), ("tap", "D1"), ("roll", FACE["green"]), ("roll", FACE["white"])])
    assert g.phase == "defender"                 # the multiple attack goes on
    out = play(g, [("tap", "K1"), ("roll", FACE["green"]), ("roll", FACE["purple"])])[-1]
    assert out.find("winner")["players"] == [0]
    refused_unchanged(g, ("tap", "B1"), "YG-1")  # the remaining duel is not fought


def test_yg_8_collector_roster_limits():
    """YG-8: equal Monsters and Actions, at most 2 identical of each, one Character."""
    g = HexorsGame(variant="ygo-collector", players=2)
    play(g, [("add", 0, "Y0", YUGI), ("add", 1, "K1", KAIBA), ("add", 0, "a", GAIA),
             ("add", 0, "b", GAIA), ("add", 1, "c", DRAGON), ("add", 1, "d", BLUE_EYES)])
    refused_unchanged(g, ("add", 0, "e", GAIA), "YG-8")
    play(g, [("add", 0, "x", power("disarm", game="ygo")),
             ("add", 0, "y", power("disarm", game="ygo"))])
    refused_unchanged(g, ("add", 0, "z", power("disarm", game="ygo")), "YG-8")
    refused_unchanged(g, ("start", 0), "YG-8")
    play(g, [("add", 1, "u", power("zombie", game="ygo")),
             ("add", 1, "v", power("genesis", game="ygo")), ("start", 0)])
    assert g.phase == "attacker"


def test_yg_9_collector_total_has_every_part():
    """YG-9: die + Element + Team (+ Character attack bonus) + Actions."""
    g = ygo_pair(actions0=("setting_sun",))
    give(g, 0, 1)
    play(g, [("tap", "G0"), ("tap", "D1"), ("pod", 0, True), ("tap", "A0a"), ("tap", "G0"),
             ("roll", FACE["green"])])
    assert str(g.totals()["G0"]) == "5 strike +5 element +1 team +3 Setting Sun = 14"


def test_yg_10_rulebook_example_gaia_beats_thousand_dragon():
    """YG-10: Gaia 5 + Yugi green 5 = 10 beats Thousand Dragon 7 + Kaiba yellow 2 = 9."""
    g = ygo_pair()
    out = play(g, [("tap", "G0"), ("tap", "D1"), ("roll", FACE["green"]),
                   ("roll", FACE["yellow"])])[-1]
    battle = out.find("battle")
    assert str(battle["totals"]["G0"]) == "5 strike +5 element = 10"
    assert str(battle["totals"]["D1"]) == "7 strike +2 element = 9"
    assert battle["winner"] == "G0"


def test_yg_11_team_bonus_never_for_a_character_tile():
    """YG-11: +1 team bonus for a Monster in contact with a friend; never a Character."""
    g = ygo_pair()
    play(g, [("tap", "G0"), ("tap", "K1")])
    refused_unchanged(g, ("pod", 1, True), "YG-11")
    play(g, [("pod", 0, True), ("roll", FACE["white"])])
    assert str(g.totals()["G0"]) == "1 strike +5 element +1 team = 7"


def test_yg_12_character_adds_its_attack_bonus_whenever_it_duels():
    """YG-12: a Character tile adds the number on its back, attacking or defending."""
    g = ygo_pair()
    play(g, [("tap", "Y0"), ("tap", "D1"), ("roll", FACE["purple"]), ("roll", FACE["yellow"])])
    assert g.last_battle["totals"]["Y0"] == "6 strike +2 attack = 8"
    g = ygo_pair()
    play(g, [("tap", "G0"), ("tap", "K1"), ("roll", FACE["green"]), ("roll", FACE["white"])])
    assert g.last_battle["totals"]["K1"] == "6 strike +3 attack = 9"


def test_yg_13_a_star_per_enemy_monster_defeated():
    """YG-13: +1 Star each time the player defeats an enemy Monster."""
    g = ygo_pair()
    out = play(g, [("tap", "G0"), ("tap", "D1"), ("roll", FACE["green"]),
                   ("roll", FACE["yellow"])])[-1]
    assert out.find("stones") == {"player": 0, "change": 1, "total": 1, "rule": "YG-13"}
    assert g.view()["stones_word"] == "stars"


def test_yg_14_flash_any_time_extreme_own_turn_never_refunded():
    """YG-14: Flash any time, Extreme only on your own turn; Stars are never refunded."""
    g = ygo_pair(actions0=("star_burst", "earth_fist"), actions1=("disarm", "star_burst"))
    give(g, 0, 5)
    give(g, 1, 5)
    refused_unchanged(g, ("tap", "A1b"), "YG-14")
    play(g, [("tap", "A0a"), ("tap", "G0"), ("tap", "A1a"), ("tap", "A0a")])
    assert g.stones == [2, 4] and g.tiles["A0a"].status == "discard"
    play(g, [("tap", "A0b"), ("tap", "M0")])       # a Flash on your own turn is fine too
    assert g.stones == [0, 4]


def test_yg_15_actions_resolve_first_to_last():
    """YG-15: an Action resolves when played; a Disarm cannot answer a Disarm already
    resolved (unlike JL-C11)."""
    g = ygo_pair(actions0=("star_burst", "disarm"), actions1=("disarm",))
    give(g, 0, 4)
    give(g, 1, 1)
    play(g, [("tap", "A0a"), ("tap", "G0"), ("end",), ("tap", "A1a"), ("tap", "A0a")])
    assert g.tiles["A0a"].status == "discard" and g.tiles["A1a"].status == "discard"
    r = refused_unchanged(g, ("tap", "A0b"), "YG-A1")
    assert "nothing" in r.message


def test_yg_16_mystic_barrier_is_a_friendly_wall():
    """YG-16: a permanent Action on the field (Mystic Barrier) is a friendly wall."""
    g = ygo_pair(actions0=("mystic_barrier",))
    give(g, 0, 1)
    play(g, [("tap", "A0a"), ("end",), ("end",)])
    walls = [a for a in g.view()["active"] if a["wall"]]
    assert [(w["tile"], w["player"]) for w in walls] == [("A0a", 0)]


def test_yg_12_unknown_attack_bonus_and_unknown_element_refused():
    """YG-12: a Character tile whose attack bonus is unknown is refused (never guessed);
    a Monster without its Element colour is refused too (YG-10)."""
    g = HexorsGame(variant="ygo-collector", players=2)
    yugi = dict(YUGI)
    yugi["bonus"] = None
    refused_unchanged(g, ("add", 0, "Y0", yugi), "YG-12")
    gaia = dict(GAIA)
    gaia["colour"] = None
    refused_unchanged(g, ("add", 0, "G0", gaia), "YG-10")


def test_yg_10_odds_of_the_rulebook_duel_with_every_known_bonus():
    """YG-10 / YG-5: the exact odds of Gaia against Thousand Dragon, Element bonuses
    included and ties re-rolled, before and after Gaia's roll; they add up to 1."""
    from shared_rules.core.fraction import Fraction
    from shared_rules.games.hexors.odds import battle_odds

    g = ygo_pair()
    play(g, [("tap", "G0"), ("tap", "D1")])
    assert g.face_totals() == {"G0": (10, 7, 8, 11, 9, 6), "D1": (4, 7, 9, 5, 6, 3)}
    p_att, p_def = g.odds()
    assert (p_att, p_def) == battle_odds(GAIA["strike"], 5, DRAGON["strike"], 2)
    assert p_att + p_def == Fraction(1)
    play(g, [("roll", FACE["green"])])
    after = g.odds()
    assert after == battle_odds(GAIA["strike"], 5, DRAGON["strike"], 2, attacker_face=1)
    assert after[0] + after[1] == 1 and after[0] > p_att
