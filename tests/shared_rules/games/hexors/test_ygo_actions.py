"""Yu-Gi-Oh! Hexors Action glossary (YG-A1 to YG-A12)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_tiles import FACE, give, play, refused_unchanged, ygo_pair


def active(g):
    return [a["tile"] for a in g.view()["active"]]


def test_yg_a1_disarm_destroys_one_active_action():
    """YG-A1: Disarm (Flash, 1) destroys one active Action."""
    g = ygo_pair(actions0=("setting_sun",), actions1=("disarm",))
    give(g, 0, 1)
    give(g, 1, 1)
    refused_unchanged(g, ("tap", "A1a"), "YG-A1")             # nothing to disarm yet
    play(g, [("tap", "A0a"), ("tap", "G0"), ("tap", "A1a")])
    assert g.legal_inputs().tiles == {"A0a": "target", "A1a": "cancel"}
    out = play(g, [("tap", "A0a")])[0]
    assert out.find("destroyed") == {"tile": "A0a", "by": "YG-A1"}
    assert active(g) == [] and g.tiles["A1a"].status == "discard"


def test_yg_a2_mystic_barrier_extreme_permanent_wall():
    """YG-A2: Mystic Barrier (Extreme, 1) only on your turn; a permanent friendly wall."""
    g = ygo_pair(actions1=("mystic_barrier",))
    give(g, 1, 1)
    refused_unchanged(g, ("tap", "A1a"), "YG-14")
    play(g, [("end",), ("tap", "A1a"), ("end",), ("end",)])
    assert g.view()["active"][0]["wall"] and g.tiles["A1a"].status == "active"


def test_yg_a3_symbiosis_uses_the_partners_best_value():
    """YG-A3: Symbiosis (Flash, 1): the target uses the highest value of the friendly
    Monsters tapped as in contact, for the rolled colour."""
    g = ygo_pair(actions0=("symbiosis",))
    give(g, 0, 1)
    play(g, [("tap", "G0"), ("tap", "D1"), ("tap", "A0a")])
    refused_unchanged(g, ("tap", "Y0"), "YG-A3")              # a Character is no Monster
    play(g, [("tap", "G0")])
    assert g.legal_inputs().expect == "partner"
    assert g.legal_inputs().tiles == {"M0": "partner", "A0a": "cancel"}
    refused_unchanged(g, ("tap", "D1"), "YG-A3")              # not a friend of Gaia
    refused_unchanged(g, ("tap", "Y0"), "YG-A3")
    play(g, [("tap", "M0"), ("end",), ("roll", FACE["green"])])
    assert str(g.totals()["G0"]) == "5 strike +1 symbiosis +5 element = 11"
    assert g.stones == [0, 0]


def test_yg_a3_symbiosis_cancelled_without_partner():
    """YG-A3: ending the partner taps with none tapped cancels the Action, free of charge."""
    g = ygo_pair(actions0=("symbiosis",))
    give(g, 0, 1)
    out = play(g, [("tap", "A0a"), ("tap", "G0"), ("end",)])[-1]
    assert out.find("cancelled") == {"tile": "A0a"}
    assert g.tiles["A0a"].status == "hand" and g.stones == [1, 0]


def test_yg_a4_setting_sun_plus_three_this_turn():
    """YG-A4: Setting Sun (Flash, 1): target friendly Monster +3 this turn."""
    g = ygo_pair(actions1=("setting_sun",))
    give(g, 1, 1)
    play(g, [("tap", "G0"), ("tap", "D1"), ("tap", "A1a")])
    refused_unchanged(g, ("tap", "K1"), "YG-A4")              # a Character is no Monster
    play(g, [("tap", "D1"), ("roll", FACE["green"]), ("roll", FACE["yellow"])])
    assert g.last_battle["totals"]["D1"] == "7 strike +2 element +3 Setting Sun = 12"
    play(g, [("end",)])
    assert g.tiles["A1a"].status == "discard"


def test_yg_a5_power_theft_takes_a_star_if_there_is_one():
    """YG-A5: Power Theft (Flash, 1) moves 1 Star from the enemy; none there, still paid."""
    g = ygo_pair(actions0=("power_theft", "power_theft"))
    give(g, 0, 2)
    give(g, 1, 1)
    play(g, [("tap", "A0a")])
    assert g.stones == [2, 0]
    play(g, [("tap", "A0b")])
    assert g.stones == [1, 0] and g.tiles["A0b"].status == "discard"


def test_yg_a6_energy_lock_holds_a_monster_this_turn():
    """YG-A6: Energy Lock (Extreme, 2): the target cannot move, attack or be attacked."""
    g = ygo_pair(actions0=("energy_lock",))
    give(g, 0, 2)
    play(g, [("tap", "A0a"), ("tap", "D1"), ("tap", "G0")])
    refused_unchanged(g, ("tap", "D1"), "YG-A6")
    assert "D1" not in g.legal_inputs().tiles
    assert g.view()["active"][0]["wall"]
    play(g, [("end",)])
    assert g.legal_inputs().tiles.get("D1") == "attacker"     # only this turn


def test_yg_a7_genesis_brings_a_monster_back():
    """YG-A7: Genesis (Extreme, 2) returns one of your discarded Monsters; it may act."""
    g = ygo_pair(actions0=("genesis",))
    give(g, 0, 2)
    refused_unchanged(g, ("tap", "A0a"), "YG-A7")             # nothing in the discard pile
    play(g, [("tap", "G0"), ("tap", "D1"), ("roll", FACE["white"]), ("roll", FACE["yellow"])])
    assert g.tiles["G0"].status == "discard"
    play(g, [("end",)])
    out = play(g, [("tap", "A0a"), ("tap", "G0")])[-1]
    assert out.find("returned") == {"tile": "G0", "player": 0, "rule": "YG-A7"}
    play(g, [("tap", "G0"), ("tap", "D1")])
    assert g.battle["attacker"] == "G0"


def test_yg_a8_divine_chain_three_turns_defends_without_bonuses():
    """YG-A8: Divine Chain (Extreme, 2): for the next 3 turns the target cannot move or
    attack; it defends without Element and Team bonuses."""
    g = ygo_pair(actions0=("divine_chain",))
    give(g, 0, 2)
    play(g, [("tap", "A0a")])
    refused_unchanged(g, ("tap", "K1"), "YG-A8")              # a Character is no Monster
    play(g, [("tap", "D1"), ("tap", "G0"), ("tap", "D1")])
    refused_unchanged(g, ("pod", 1, True), "YG-A8")
    play(g, [("roll", FACE["white"]), ("roll", FACE["yellow"])])
    assert g.last_battle["totals"]["D1"] == "7 strike = 7"
    assert g.turn == 1 and g.turn_no == 2                     # 1st of the 3 turns
    refused_unchanged(g, ("tap", "D1"), "YG-A8")
    play(g, [("end",), ("end",)])                             # turn 3, then turn 4 (P2)
    refused_unchanged(g, ("tap", "D1"), "YG-A8")
    play(g, [("end",)])
    assert g.tiles["A0a"].status == "discard"
    play(g, [("end",)])
    assert g.legal_inputs().tiles.get("D1") == "attacker"


def test_yg_a9_sandstorm_destroys_every_enemy_action():
    """YG-A9: Sandstorm (Extreme, 2) destroys all of the enemy's active Actions."""
    g = ygo_pair(actions0=("star_burst", "mystic_barrier", "sandstorm"),
                 actions1=("sandstorm", "mystic_barrier", "star_burst"))
    give(g, 0, 9)
    give(g, 1, 2)
    play(g, [("tap", "A0a"), ("tap", "G0"), ("tap", "A0b"), ("end",)])
    assert active(g) == ["A0a", "A0b"]
    out = play(g, [("tap", "A1a")])[0]
    assert [d["tile"] for k, d in out.events if k == "destroyed"] == ["A0a", "A0b"]
    assert active(g) == [] and g.stones[1] == 0


def test_yg_a10_earth_fist_plus_seven():
    """YG-A10: Earth Fist (Flash, 2): target friendly Monster +7 this turn."""
    g = ygo_pair(actions0=("earth_fist",))
    give(g, 0, 2)
    play(g, [("tap", "G0"), ("tap", "D1"), ("roll", FACE["white"]), ("roll", FACE["yellow"])])
    play(g, [("tap", "A0a"), ("tap", "G0")])
    assert str(g.totals()["G0"]) == "1 strike +5 element +7 Earth Fist = 13"
    out = play(g, [("end",)])[0]
    assert out.find("battle")["winner"] == "G0"


def test_yg_a11_star_burst_lasts_until_disarmed():
    """YG-A11: Star Burst (Extreme, 3): +3 until the end of the game or until disarmed."""
    g = ygo_pair(actions0=("star_burst",))
    give(g, 0, 3)
    play(g, [("tap", "A0a"), ("tap", "M0"), ("end",), ("tap", "D1"), ("tap", "M0"),
             ("roll", FACE["green"]), ("roll", FACE["red"])])
    assert g.last_battle["totals"]["M0"] == "4 strike +6 element +3 Star Burst = 13"


def test_yg_a12_zombie_controls_an_enemy_tile_this_turn():
    """YG-A12: Zombie (Flash, 3): control one enemy tile this turn as a friendly tile."""
    g = ygo_pair(actions0=("zombie",))
    give(g, 0, 3)
    play(g, [("tap", "A0a"), ("tap", "B1")])
    assert g.view()["tiles"]["B1"]["status"] == "controlled"
    play(g, [("tap", "B1"), ("tap", "D1"), ("roll", FACE["blue"]), ("roll", FACE["green"])])
    assert g.last_battle["totals"]["B1"] == "6 strike = 6"
    assert g.tiles["D1"].status == "discard" and g.stones == [1, 0]
    play(g, [("end",)])
    assert g.controller("B1") == 1
