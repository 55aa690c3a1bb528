"""Justice League Hexors for three and four players (JL-M1 to JL-M14)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_tiles import (
    ATLANTIS,
    DOOMSDAY,
    FACE,
    FLASH,
    FORTRESS,
    GOTHAM,
    KEYSTONE,
    MARS,
    ROBIN,
    SUPERMAN,
    WONDER,
    give,
    play,
    power,
    refused_unchanged,
    setup,
)

from shared_rules.games.hexors.engine import HexorsGame


def ffa3(powers=None, first=0, homes=(ATLANTIS, MARS, GOTHAM)):
    rosters = [[("S0", homes[0]), ("C0", SUPERMAN)], [("S1", homes[1]), ("C1", DOOMSDAY)],
               [("S2", homes[2]), ("C4", FLASH)]]
    if powers:
        for p in range(3):
            rosters[p].append(("P%d" % p, power(powers[p])))
    return setup("jl-ffa", rosters, first)


def team(powers=None, first=0):
    rosters = [[("S0", ATLANTIS), ("F0", FLASH)], [("S1", MARS), ("C1", DOOMSDAY)],
               [("S2", GOTHAM), ("C4", WONDER)], [("S3", KEYSTONE), ("C5", ROBIN)]]
    if powers:
        for p in range(4):
            rosters[p].append(("P%d" % p, power(powers[p])))
    return setup("jl-team", rosters, first)


def test_jl_m1_free_for_all_setup_and_clockwise_order():
    """JL-M1: 3 or 4 players, same numbers of Characters and Powers, clockwise turns."""
    g = HexorsGame(variant="jl-ffa", players=3)
    play(g, [("add", 0, "S0", ATLANTIS), ("add", 1, "S1", MARS), ("add", 2, "S2", GOTHAM),
             ("add", 0, "C0", SUPERMAN), ("add", 1, "C1", DOOMSDAY), ("add", 2, "C4", FLASH),
             ("add", 0, "P0", power("speed"))])
    refused_unchanged(g, ("start", 0), "JL-M1")
    play(g, [("add", 1, "P1", power("speed")), ("add", 2, "P2", power("speed"))])
    assert g.legal_inputs().choices[0] == ("start: P1", ("start", 0, "moves"))  # youngest: host asks
    play(g, [("start", 1)])
    turns = [g.turn]
    for _ in range(3):
        play(g, [("end",)])
        turns.append(g.turn)
    assert turns == [1, 2, 0, 1]
    # anyone may attack anyone
    assert set(k for k, role in g.legal_inputs().tiles.items() if role == "attacker") == {"C1"}
    play(g, [("tap", "C1")])
    tiles = g.legal_inputs().tiles
    assert tiles["C0"] == "defender" and tiles["C4"] == "defender" and tiles["S2"] == "defender"


def test_jl_m2_several_opponents_fought_in_chosen_order():
    """JL-M2: a moved tile touching tiles of several players fights them all in turn."""
    g = ffa3()
    play(g, [("tap", "C0"), ("tap", "C4"), ("roll", FACE["yellow"]), ("roll", FACE["red"])])
    assert g.phase == "defender" and g.tiles["C4"].status == "discard"
    play(g, [("tap", "C1"), ("roll", FACE["yellow"]), ("roll", FACE["green"])])
    assert g.phase == "accept"          # P1 could still spend a Stone (JL-M4)
    play(g, [("end",)])
    assert g.tiles["C1"].status == "discard" and g.stones == [2, 0, 0]


def test_jl_m3_surge_any_time_ultimate_only_on_own_turn():
    """JL-M3: in the free-for-all too, a Surge any time, an Ultimate on your own turn."""
    g = ffa3(powers=("speed", "super_strength", "teamwork"))
    give(g, 1, 3)
    give(g, 2, 2)
    refused_unchanged(g, ("tap", "P1"), "JL-C10")
    play(g, [("tap", "P2"), ("tap", "C4")])
    assert g.tiles["P2"].status == "active"
    play(g, [("end",), ("tap", "P1"), ("tap", "C1")])
    assert g.tiles["P1"].status == "active"


def test_jl_m4_leftover_stones_boost_once_powers_are_gone():
    """JL-M4: with no Power tiles left, each Stone may buy +1 for this turn."""
    g = ffa3(powers=("speed", "speed", "speed"))
    give(g, 0, 3)
    play(g, [("tap", "C0"), ("tap", "C1")])
    refused_unchanged(g, ("boost", "C0"), "JL-M4")          # Speed still in hand
    play(g, [("tap", "P0")])
    assert ("P1 +1 stone", ("boost", "C0")) in g.legal_inputs().choices
    play(g, [("boost", "C0"), ("boost", "C0"), ("roll", FACE["green"])])
    assert str(g.totals()["C0"]) == "3 strike +6 colour +2 stones = 11" and g.stones[0] == 0
    refused_unchanged(g, ("boost", "C0"), "JL-M4")          # no Stones left
    g2 = setup("jl-collector", [[("S0", ATLANTIS), ("C0", SUPERMAN)],
                                [("S1", MARS), ("C1", DOOMSDAY)]])
    give(g2, 0, 2)
    play(g2, [("tap", "C0"), ("tap", "C1")])
    refused_unchanged(g2, ("boost", "C0"), "JL-M4")         # a 3-4 player rule


def test_jl_m5_fallen_stronghold_takes_its_characters_powers_stay():
    """JL-M5: a defeated Stronghold's Characters leave the field; its active Powers stay."""
    g = ffa3(powers=("speed", "speed", "energy_barrier"), first=2)
    give(g, 2, 1)
    play(g, [("tap", "P2"), ("end",), ("tap", "C0"), ("tap", "S2"), ("roll", FACE["yellow"])])
    out = play(g, [("roll", FACE["red"])])[0]
    gone = [(d["tile"], d["rule"]) for k, d in out.events if k == "defeated"]
    assert gone == [("S2", "JL-B6"), ("C4", "JL-M5")]
    assert g.tiles["P2"].status == "active" and g.stones[0] == 1
    play(g, [("end",)])
    assert g.turn == 1
    play(g, [("end",)])
    assert g.turn == 0                      # P3 has nothing left: no more turns


def test_jl_m6_lone_stronghold_attacks_any_character_or_passes():
    """JL-M6: with only its Stronghold, a player may attack any opposing Character or pass."""
    g = ffa3()
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]), ("roll", FACE["green"]),
             ("end",)])
    assert g.turn == 1
    leg = g.legal_inputs()
    assert leg.tiles == {"S1": "attacker"} and ("end turn", ("end",)) in leg.choices
    play(g, [("tap", "S1")])
    tiles = g.legal_inputs().tiles
    assert tiles.get("C4") == "defender" and tiles.get("C0") == "defender"
    refused_unchanged(g, ("tap", "S2"), "JL-M8")
    play(g, [("end",)])                     # pass
    assert g.turn == 2


def test_jl_m7_stronghold_attacking_without_contact_loses_defense_bonus():
    """JL-M7: an attacking Stronghold not touching its target has no Defense Bonus; when it
    touches (button) or defends, it keeps it."""
    g = ffa3(homes=(ATLANTIS, FORTRESS, GOTHAM))
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]), ("roll", FACE["green"]),
             ("end",), ("tap", "S1"), ("tap", "C4"), ("roll", FACE["green"])])
    assert str(g.totals()["S1"]) == "9 strike = 9"
    play(g, [("touch", True)])
    assert str(g.totals()["S1"]) == "9 strike +4 defense = 13"
    play(g, [("roll", FACE["green"])])
    assert g.tiles["C4"].status == "discard"
    g = ffa3()
    play(g, [("tap", "C0"), ("tap", "S2"), ("roll", FACE["white"]), ("roll", FACE["white"])])
    assert g.last_battle["totals"]["S2"] == "3 strike +3 defense = 6"
    refused_unchanged(g, ("touch", True), "JL-M7")


def test_jl_m8_strongholds_battle_without_defense_once_characters_are_gone():
    """JL-M8: with no Characters left anywhere, Strongholds attack each other, no bonus."""
    g = ffa3(homes=(ATLANTIS, FORTRESS, GOTHAM))
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]), ("roll", FACE["green"]),
             ("tap", "C4"), ("roll", FACE["yellow"]), ("roll", FACE["green"]), ("end",),
             ("end",)])
    play(g, [("tap", "S1")])
    refused_unchanged(g, ("tap", "S0"), "JL-M8")
    play(g, [("tap", "C0"), ("roll", FACE["green"]), ("roll", FACE["white"]), ("end",),
             ("end",)])
    assert g.tiles["C0"].status == "discard"
    play(g, [("tap", "S2"), ("tap", "S1"), ("roll", FACE["red"]), ("roll", FACE["red"]),
             ("end",)])
    assert g.last_battle["totals"] == {"S2": "3 strike = 3", "S1": "9 strike = 9"}
    assert g.tiles["S2"].status == "discard"


def test_jl_m9_free_for_all_ends_with_one_player_left():
    """JL-M9: the free-for-all ends when only one player still has tiles."""
    g = ffa3()
    play(g, [("tap", "C0"), ("tap", "S1"), ("roll", FACE["yellow"]), ("roll", FACE["green"])])
    assert g.phase == "defender" and g.tiles["C1"].status == "discard"
    out = play(g, [("tap", "S2"), ("roll", FACE["yellow"]), ("roll", FACE["green"]),
                   ("end",)])[-1]
    assert out.find("winner") == {"players": [0], "rule": "JL-M9"}


def test_jl_m10_team_turn_order_a1_b1_a2_b2():
    """JL-M10: exactly 4 players in two teams; the toss winner starts; A1 B1 A2 B2."""
    g = team(first=1)
    names = []
    for _ in range(4):
        names.append(g.name(g.turn))
        play(g, [("end",)])
    assert names == ["B1", "A2", "B2", "A1"]
    assert g.legal_inputs().prompt == "B1: tap moved tile"


def test_jl_m11_partners_are_friendly_and_lend_their_ally():
    """JL-M11: a partner's tile cannot be attacked; the partner's Stronghold gives Ally."""
    g = team()
    play(g, [("tap", "F0")])
    refused_unchanged(g, ("tap", "C4"), "JL-B4")
    refused_unchanged(g, ("tap", "S2"), "JL-B4")
    play(g, [("tap", "C1"), ("pod", 0, True), ("roll", FACE["green"])])
    assert str(g.totals()["F0"]) == "4 strike +2 colour +1 pod +1 ally = 8"


def test_jl_m12_partners_pool_stones_and_power_each_other():
    """JL-M12: partners share their Stones; a Surge may help the partner; an Ultimate only
    on the player's own turn."""
    g = team(powers=("speed", "speed", "teamwork", "super_strength"))
    play(g, [("tap", "F0"), ("tap", "C5"), ("roll", FACE["green"]), ("roll", FACE["green"])])
    assert g.stones_of(0) == 1 and g.stones_of(2) == 1 and g.view()["players"][2]["stones"] == 1
    give(g, 0, 2)
    play(g, [("end",), ("tap", "C1"), ("tap", "F0"), ("tap", "P2"), ("tap", "F0")])
    assert g.stones_of(0) == 0 and "Teamwork" in g.view()["tiles"]["F0"]["effects"]
    give(g, 1, 3)
    refused_unchanged(g, ("tap", "P3"), "JL-C10")          # B1's turn, not B2's


def test_jl_m13_lone_stronghold_rules_hold_for_teams():
    """JL-M13: JL-M4..M8 apply to teams: a lone Stronghold attacks (JL-M6) without its
    Defense Bonus (JL-M7)."""
    g = team()
    play(g, [("tap", "F0"), ("tap", "C1"), ("roll", FACE["green"]), ("roll", FACE["green"]),
             ("end",)])
    assert g.turn == 1 and g.legal_inputs().tiles == {"S1": "attacker"}
    play(g, [("tap", "S1"), ("tap", "C4"), ("roll", FACE["blue"]), ("roll", FACE["blue"]),
             ("end",)])
    assert g.last_battle["totals"]["S1"] == "1 strike = 1"


def test_jl_m14_team_loses_when_both_strongholds_fall():
    """JL-M14: a team loses when both of its Strongholds are eliminated."""
    g = team()
    play(g, [("tap", "F0"), ("tap", "S1"), ("roll", FACE["green"]), ("roll", FACE["green"])])
    assert g.tiles["C1"].status == "discard" and g.phase == "defender"
    out = play(g, [("tap", "S3"), ("roll", FACE["green"]), ("roll", FACE["green"]),
                   ("end",)])[-1]
    assert out.find("winner") == {"players": [0, 2], "rule": "JL-M14"}
