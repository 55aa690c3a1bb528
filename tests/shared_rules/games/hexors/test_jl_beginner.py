"""Justice League Hexors, Beginner game (JL-P1, JL-P2, JL-B1 to JL-B9)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_tiles import (
    ATLANTIS,
    BATMAN,
    DOOMSDAY,
    FACE,
    MANHUNTER,
    MARS,
    SUPERMAN,
    play,
    power,
    snapshot,
)

from shared_rules.games.hexors.engine import HexorsGame


def beginner(first=0, pairs=1):
    g = HexorsGame(variant="jl-beginner", players=2)
    inputs = [("add", 0, "S0", ATLANTIS), ("add", 1, "S1", MARS),
              ("add", 0, "C0", SUPERMAN), ("add", 1, "C1", DOOMSDAY)]
    if pairs > 1:
        inputs += [("add", 0, "C2", BATMAN), ("add", 1, "C3", MANHUNTER)]
    play(g, inputs)
    play(g, [("start", first)])
    return g


def test_jl_p1_three_tile_kinds_take_roles():
    """JL-P1: Stronghold, Character and Power tiles each get their role."""
    g = HexorsGame(variant="jl-collector", players=2)
    play(g, [("add", 0, "S0", ATLANTIS), ("add", 0, "C0", SUPERMAN),
             ("add", 0, "P0", power("teamwork"))])
    assert [g.tiles[k].role for k in ("S0", "C0", "P0")] == ["home", "fighter", "power"]
    bad = dict(SUPERMAN)
    bad["kind"] = "vehicle"
    assert g.apply(("add", 0, "X", bad)).rule == "JL-B1"


def test_jl_p2_unknown_strike_value_is_refused():
    """JL-P2: a tile whose strike value is unknown (null) cannot join a game."""
    g = HexorsGame(variant="jl-beginner", players=2)
    entry = dict(SUPERMAN)
    entry["strike"] = dict(SUPERMAN["strike"])
    entry["strike"]["purple"] = None
    r = g.apply(("add", 0, "C0", entry))
    assert not r.accepted and r.rule == "JL-P2" and "purple" in r.message
    assert g.tiles == {}


def test_jl_b1_one_stronghold_and_equal_characters():
    """JL-B1: exactly one Stronghold each and the same number of Characters."""
    g = HexorsGame(variant="jl-beginner", players=2)
    play(g, [("add", 0, "S0", ATLANTIS)])
    assert g.apply(("add", 0, "S9", MARS)).rule == "JL-B1"
    play(g, [("add", 1, "S1", MARS), ("add", 0, "C0", SUPERMAN), ("add", 0, "C2", BATMAN),
             ("add", 1, "C1", DOOMSDAY)])
    r = g.apply(("start", 0))
    assert not r.accepted and r.rule == "JL-B1"
    assert g.phase == "setup" and g.legal_inputs().choices == []
    play(g, [("add", 1, "C3", MANHUNTER), ("start", 0)])
    assert g.phase == "attacker"
    assert g.apply(("add", 1, "C4", BATMAN)).rule == "JL-B1"


def test_jl_b2_last_character_picker_moves_first():
    """JL-B2: the player who picked the last Character is suggested to move first."""
    g = HexorsGame(variant="jl-beginner", players=2)
    play(g, [("add", 0, "S0", ATLANTIS), ("add", 1, "S1", MARS),
             ("add", 1, "C1", DOOMSDAY), ("add", 0, "C0", SUPERMAN)])
    leg = g.legal_inputs()
    assert leg.choices[0][1] == ("start", 0)
    play(g, [leg.choices[0][1]])
    assert g.turn == 0
    play(g, [("end",)])
    assert g.turn == 1          # then players alternate


def test_jl_b3_turn_moves_one_character_strongholds_never_move():
    """JL-B3: the moved tile is a Character of the player to act; a Stronghold never moves."""
    g = beginner(first=0)
    assert g.legal_inputs().tiles == {"C0": "attacker"}
    r = g.apply(("tap", "S0"))
    assert r.rule == "JL-B3"
    r = g.apply(("tap", "C1"))
    assert r.rule == "JL-B3" and "P1" in r.instead
    out = play(g, [("end",)])[0]        # a move without contact ends the turn
    assert out.find("turn") == {"player": 1}


def test_jl_b4_attacker_rolls_first_colour_picks_value():
    """JL-B4: attacker rolls first, then defender; the rolled colour picks the value."""
    g = beginner(first=0)
    play(g, [("tap", "C0"), ("tap", "C1")])
    leg = g.legal_inputs()
    assert leg.expect == "roll" and leg.roll_by == 0 and leg.prompt == "P1: roll the die"
    play(g, [("roll", FACE["yellow"])])
    assert g.legal_inputs().roll_by == 1
    out = play(g, [("roll", FACE["red"])])[0]
    battle = out.find("battle")
    assert str(battle["totals"]["C0"]) == "6 strike = 6"
    assert str(battle["totals"]["C1"]) == "8 strike = 8"
    assert battle["winner"] == "C1"


def test_jl_b5_tie_rerolls_attacker_first():
    """JL-B5: on a tie both re-roll, attacker first, until one total is higher."""
    g = beginner(first=0)
    play(g, [("tap", "C0"), ("tap", "C1")])
    out = play(g, [("roll", FACE["blue"]), ("roll", FACE["yellow"])])[1]   # 4 vs 4
    assert out.find("battle")["winner"] is None
    assert out.find("reroll") == {"rule": "JL-B5"}
    assert g.phase == "roll" and g.legal_inputs().roll_by == 0
    out = play(g, [("roll", FACE["yellow"]), ("roll", FACE["green"])])[1]  # 6 vs 2
    assert out.find("battle")["winner"] == "C0"


def test_jl_b6_loser_goes_to_discard_for_good():
    """JL-B6: the loser is discarded and can never be tapped again."""
    g = beginner(first=0)
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]), ("roll", FACE["green"])])
    assert g.tiles["C1"].status == "discard"
    assert g.view()["tiles"]["C1"]["status"] == "defeated"
    before = snapshot(g)
    r = g.apply(("tap", "C1"))
    assert r.rule == "JL-B6" and snapshot(g) == before


def test_jl_b7_multiple_attack_in_attackers_order():
    """JL-B7: the moved tile battles each touching opponent in the order chosen."""
    g = beginner(first=0, pairs=2)
    play(g, [("tap", "C0"), ("tap", "C3"), ("roll", FACE["yellow"]), ("roll", FACE["red"])])
    assert g.phase == "defender" and g.turn == 0 and g.attacker == "C0"
    assert "C1" in g.legal_inputs().tiles
    assert g.apply(("tap", "C2")).rule == "JL-B4"       # not its own team-mate
    play(g, [("tap", "C1"), ("roll", FACE["green"]), ("roll", FACE["red"])])
    # Superman lost the second battle: the multiple attack and the turn are over
    assert g.tiles["C0"].status == "discard" and g.turn == 1


def test_jl_b8_no_powers_no_bonuses_no_stones():
    """JL-B8: the Beginner game has no Power tiles, no bonuses and no Energy Stones."""
    g = HexorsGame(variant="jl-beginner", players=2)
    assert g.apply(("add", 0, "P0", power("teamwork"))).rule == "JL-B8"
    g = beginner(first=0)
    play(g, [("tap", "C0"), ("tap", "S1")])
    assert g.apply(("pod", 0, True)).rule == "JL-B8"
    out = play(g, [("roll", FACE["yellow"]), ("roll", FACE["red"])])[1]
    assert str(out.find("battle")["totals"]["S1"]) == "3 strike = 3"   # no Defense Bonus
    assert g.stones == [0, 0] and out.find("stones") is None


def test_jl_b9_stronghold_only_skips_then_showdown_and_win():
    """JL-B9: only a Stronghold left skips turns; two lone Strongholds roll it out."""
    g = beginner(first=0)
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]), ("roll", FACE["green"])])
    out = play(g, [("end",)])[0]
    assert out.find("skip") == {"player": 1, "rule": "JL-B9"} and g.turn == 0
    # P2's Stronghold defends when attacked; Superman loses, both have only Strongholds
    play(g, [("tap", "C0"), ("tap", "S1")])
    out = play(g, [("roll", FACE["green"]), ("roll", FACE["purple"])])[1]   # 3 vs 5
    assert out.find("showdown") == {"rule": "JL-B9"}
    assert g.battle["showdown"] and g.legal_inputs().roll_by == 1   # next player rolls first
    out = play(g, [("roll", FACE["white"]), ("roll", FACE["blue"])])[1]     # Mars 2 vs 6
    assert out.find("winner") == {"players": [0], "rule": "JL-B9"}
    assert g.phase == "over" and g.legal_inputs().expect == "over"
    assert g.apply(("end",)).rule == "JL-B9"


def test_jl_b9_win_by_defeating_everything():
    """JL-B9: defeating every Character and the Stronghold wins at once."""
    g = beginner(first=1)
    play(g, [("tap", "C1"), ("tap", "C0"), ("roll", FACE["red"]), ("roll", FACE["green"])])
    out = play(g, [("end",)])[0]
    assert out.find("skip") == {"player": 0, "rule": "JL-B9"}
    assert g.turn == 1                       # P1 has only Atlantis: skipped
    play(g, [("tap", "C1"), ("tap", "S0")])
    out = play(g, [("roll", FACE["red"]), ("roll", FACE["green"])])[1]      # 8 vs 2
    assert out.find("winner") == {"players": [1], "rule": "JL-B9"}
    assert g.winners == [1]


def test_jl_p3_character_colour_is_one_of_six_ally_optional():
    """JL-P3: a Character has one of the six Colours (needed for the Colour bonus in the
    Collector's game) and may carry an Ally icon; hero or villain changes nothing."""
    g = HexorsGame(variant="jl-collector", players=2)
    entry = dict(SUPERMAN)
    entry["colour"] = "orange"
    r = g.apply(("add", 0, "C0", entry))
    assert not r.accepted and r.rule == "JL-C3"
    hero = dict(SUPERMAN)
    hero["hero"] = True
    play(g, [("add", 0, "C0", hero), ("add", 0, "C2", BATMAN)])
    assert g.tiles["C0"].entry.get("ally") is None and g.tiles["C2"].entry["ally"] == "aquaman"


def test_jl_p4_stronghold_has_defense_bonus_and_never_moves():
    """JL-P4: a Stronghold carries a Defense Bonus (and maybe an Ally icon); it never moves."""
    g = beginner(first=0)
    assert g.tiles["S0"].entry["bonus"] == 2 and g.tiles["S0"].entry["ally"] == "aquaman"
    assert "S0" not in g.legal_inputs().tiles
    r = g.apply(("tap", "S0"))
    assert not r.accepted and r.rule == "JL-B3"


def test_jl_p5_power_tiles_064_to_075_cost_zero_to_three():
    """JL-P5: twelve Power tiles, each Surge or Ultimate, costing 0 to 3 Energy Stones."""
    from shared_rules.games.hexors.powers import POWERS

    jl = [p for p in POWERS.values() if p.game == "jl"]
    assert sorted(p.rule for p in jl) == ["JL-W%03d" % n for n in range(64, 76)]
    for p in jl:
        assert p.timing in ("surge", "ultimate") and 0 <= p.cost <= 3
    g = HexorsGame(variant="jl-collector", players=2)
    r = g.apply(("add", 0, "X", power("disarm", game="ygo")))
    assert not r.accepted and r.rule == "JL-B1"
    bad = power("teleport")
    r = g.apply(("add", 0, "Y", bad))
    assert not r.accepted and "no known effect" in r.message


def test_jl_b4_roll_only_when_a_battle_waits_for_it():
    """JL-B4: a roll before any battle, or a face outside 1..6, is refused and changes
    nothing; the footer says what to do instead."""
    g = beginner(first=0)
    before = snapshot(g)
    r = g.apply(("roll", 3))
    assert r.rule == "JL-B4" and r.instead == "P1: tap moved tile" and snapshot(g) == before
    play(g, [("tap", "C0"), ("tap", "C1")])
    before = snapshot(g)
    assert g.apply(("roll", 7)).rule == "INPUT" and g.apply(("roll", "6")).rule == "INPUT"
    assert g.apply(("end",)).rule == "JL-B7"           # the battle must be fought
    assert snapshot(g) == before


def test_jl_b6_undo_brings_the_loser_back():
    """JL-B6 with undo: taking back the deciding roll returns the loser to the field."""
    g = beginner(first=0)
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"])])
    before = snapshot(g)
    play(g, [("roll", FACE["green"])])
    assert g.tiles["C1"].status == "discard"
    assert g.undo() == ("roll", FACE["green"])
    assert g.tiles["C1"].status == "play" and snapshot(g) == before
    assert g.legal_inputs().roll_by == 1
