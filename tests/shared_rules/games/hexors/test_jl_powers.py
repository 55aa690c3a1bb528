"""Justice League Hexors Power glossary (JL-W064 to JL-W075)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_tiles import (
    ATLANTIS,
    DOOMSDAY,
    FACE,
    MARS,
    SUPERMAN,
    give,
    jl_pair,
    play,
    power,
    refused_unchanged,
    setup,
)


def active(g):
    return [a["tile"] for a in g.view()["active"]]


def test_jl_w064_last_stand_only_for_the_last_character():
    """JL-W064: Last Stand (Surge, 0) gives the last living Character +3 this turn."""
    g = jl_pair(powers0=("last_stand",), first=1)
    refused_unchanged(g, ("tap", "P0a"), "JL-W064")
    play(g, [("tap", "C1"), ("tap", "C0"), ("roll", FACE["red"]), ("roll", FACE["green"]),
             ("end",)])
    out = play(g, [("tap", "P0a")])[0]
    assert out.find("power")["target"] == "C2" and out.find("power")["cost"] == 0
    play(g, [("tap", "C2"), ("tap", "C1"), ("roll", FACE["green"])])
    assert str(g.totals()["C2"]) == "5 strike +3 colour +1 ally +3 Last Stand = 12"


def test_jl_w065_energy_barrier_is_a_lasting_wall_played_on_own_turn():
    """JL-W065: Energy Barrier (Ultimate, 1) stays on the field as a friendly wall."""
    g = jl_pair(powers0=("energy_barrier",), first=1)
    give(g, 0, 1)
    refused_unchanged(g, ("tap", "P0a"), "JL-C10")
    play(g, [("end",), ("tap", "P0a"), ("end",), ("end",)])
    assert g.view()["active"] == [{"tile": "P0a", "name": g.tiles["P0a"].name, "player": 0,
                                   "effect": "energy_barrier", "target": None, "wall": True}]
    assert g.stones == [0, 0]


def test_jl_w066_escape_voids_the_battle_after_the_roll():
    """JL-W066: Escape voids the round even after the dice: no loser, no Stone."""
    g = jl_pair(powers1=("escape",))
    give(g, 1, 1)
    refused_unchanged(g, ("tap", "P1a"), "JL-W066")
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]), ("roll", FACE["green"])])
    assert g.phase == "accept" and g.legal_inputs().tiles == {"P1a": "power"}
    play(g, [("tap", "P1a")])
    assert set(g.legal_inputs().tiles) == {"C0", "C1", "P1a"}
    out = play(g, [("tap", "C1")])[0]
    assert out.find("battle")["void"] and out.find("defeated") is None
    assert g.tiles["C1"].status == "play" and g.stones == [0, 0]
    assert g.phase == "defender" and g.attacker == "C0"       # it may battle on


def test_jl_w067_speed_lasts_this_turn():
    """JL-W067: Speed (Surge, 1) is paid, lasts this turn, then goes to the discard pile."""
    g = jl_pair(powers0=("speed",))
    give(g, 0, 1)
    out = play(g, [("tap", "P0a")])[0]
    assert out.find("power")["effect"] == "speed" and g.stones == [0, 0]
    assert active(g) == ["P0a"]
    play(g, [("end",)])
    assert active(g) == [] and g.tiles["P0a"].status == "discard"


def test_jl_w068_detection_destroys_an_active_power():
    """JL-W068: Detection (Surge, 2) destroys one active Power and cancels its effect."""
    g = jl_pair(powers0=("super_strength",), powers1=("detection",))
    give(g, 0, 3)
    give(g, 1, 2)
    play(g, [("tap", "P0a"), ("tap", "C0"), ("tap", "C0"), ("tap", "C1"),
             ("roll", FACE["yellow"])])
    assert str(g.totals()["C0"]) == "6 strike +6 colour +3 Super Strength = 15"
    out = play(g, [("tap", "P1a"), ("tap", "P0a")])[1]
    assert out.find("destroyed") == {"tile": "P0a", "by": "P1a", "rule": "JL-W068"}
    assert str(g.totals()["C0"]) == "6 strike +6 colour = 12"
    play(g, [("roll", FACE["red"]), ("end",)])
    assert g.tiles["P0a"].status == "discard"


def test_jl_w069_flying_debris_plus_two_then_a_wall():
    """JL-W069: Flying Debris (Ultimate, 2): +2 this turn, then a permanent friendly wall."""
    g = jl_pair(powers0=("flying_debris",))
    give(g, 0, 2)
    play(g, [("tap", "P0a")])
    refused_unchanged(g, ("tap", "C1"), "JL-W069")
    play(g, [("tap", "C0"), ("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"])])
    assert str(g.totals()["C0"]) == "6 strike +6 colour +2 Flying Debris = 14"
    play(g, [("roll", FACE["green"]), ("end",), ("tap", "C3"), ("tap", "C0"),
             ("roll", FACE["green"]), ("roll", FACE["yellow"])])
    assert g.last_battle["totals"]["C0"] == "6 strike +6 colour = 12"
    assert g.view()["active"][0]["wall"] and g.tiles["P0a"].status == "active"


def test_jl_w070_life_drain_after_the_opponents_roll():
    """JL-W070: Life Drain (Surge, 2) gives an opposing tile -1, even after its roll."""
    g = jl_pair(powers1=("life_drain",))
    give(g, 1, 2)
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["blue"]), ("roll", FACE["red"])])
    assert [str(g.totals()[k]) for k in ("C0", "C1")] == ["4 strike +6 colour = 10",
                                                          "8 strike +3 colour = 11"]
    play(g, [("tap", "P1a")])
    refused_unchanged(g, ("tap", "C1"), "JL-W070")
    out = play(g, [("tap", "C0")])[0]
    assert str(out.find("totals")["totals"]["C0"]) == "4 strike +6 colour -1 Life Drain = 9"
    out = play(g, [("end",)])[0]
    assert out.find("battle")["winner"] == "C1"


def test_jl_w071_self_destruct_before_the_attackers_roll():
    """JL-W071: Self-Destruct (Surge, 2), played by the defender before the attacker rolls:
    if the attacker wins it is destroyed too, and the attack cannot be called off."""
    g = jl_pair(powers0=("self_destruct",), powers1=("self_destruct", "escape"))
    give(g, 0, 2)
    give(g, 1, 3)
    refused_unchanged(g, ("tap", "P1a"), "JL-W071")          # no battle yet
    play(g, [("tap", "C0"), ("tap", "C1")])
    refused_unchanged(g, ("tap", "P0a"), "JL-W071")          # the attacker's side
    play(g, [("tap", "P1a")])
    refused_unchanged(g, ("tap", "P1b"), "JL-W071")          # no Escape now
    out = play(g, [("roll", FACE["yellow"]), ("roll", FACE["green"])])[-1]
    gone = [(d["tile"], d["rule"]) for k, d in out.events if k == "defeated"]
    assert gone == [("C1", "JL-B6"), ("C0", "JL-W071")]
    assert g.stones == [3, 2] and g.turn == 1


def test_jl_w071_self_destruct_too_late_after_the_roll():
    """JL-W071: once the attacker has rolled, Self-Destruct is refused."""
    g = jl_pair(powers1=("self_destruct",))
    give(g, 1, 2)
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"])])
    refused_unchanged(g, ("tap", "P1a"), "JL-W071")


def test_jl_w072_teamwork_plus_seven_on_a_character_or_stronghold():
    """JL-W072: Teamwork (Surge, 2): the targeted Character or Stronghold gets +7."""
    g = jl_pair(powers1=("teamwork",), first=1)
    give(g, 1, 2)
    play(g, [("tap", "C1"), ("tap", "C2"), ("roll", FACE["red"]), ("roll", FACE["green"]),
             ("end",), ("end",), ("tap", "C0"), ("tap", "S1"), ("tap", "P1a")])
    assert g.tiles["C2"].status == "discard"
    refused_unchanged(g, ("tap", "C2"), "JL-W072")          # a defeated tile
    assert "C0" in g.legal_inputs().tiles                  # any standing tile may be helped
    play(g, [("tap", "S1"), ("roll", FACE["white"]), ("roll", FACE["green"])])
    assert g.last_battle["totals"]["S1"] == "2 strike +1 defense +7 Teamwork = 10"
    assert g.last_battle["winner"] == "S1"


def test_jl_w073_super_strength_lasts_across_turns():
    """JL-W073: Super Strength (Ultimate, 3): +3 until the end of the game."""
    g = jl_pair(powers0=("super_strength",))
    give(g, 0, 3)
    play(g, [("tap", "P0a"), ("tap", "S0"), ("end",), ("tap", "C1"), ("tap", "S0"),
             ("roll", FACE["green"]), ("roll", FACE["green"])])
    assert g.last_battle["totals"]["S0"] == "2 strike +2 defense +3 Super Strength = 7"
    assert g.tiles["P0a"].status == "active"


def test_jl_w074_telepathy_controls_an_opposing_character_this_turn():
    """JL-W074: Telepathy (Surge, 3): play an opposing Character as your own this turn,
    without Colour or Ally bonus; it returns at the end of the turn."""
    g = jl_pair(powers0=("telepathy",))
    give(g, 0, 3)
    play(g, [("tap", "P0a")])
    refused_unchanged(g, ("tap", "C2"), "JL-W074")
    play(g, [("tap", "C1")])
    assert g.view()["tiles"]["C1"]["status"] == "controlled"
    assert g.legal_inputs().tiles.get("C1") == "attacker"
    play(g, [("tap", "C1"), ("tap", "C3"), ("roll", FACE["red"]), ("roll", FACE["red"])])
    assert g.last_battle["totals"]["C1"] == "8 strike = 8"
    assert g.tiles["C3"].status == "discard" and g.stones == [1, 0]
    play(g, [("end",)])
    assert g.controller("C1") == 1 and g.view()["tiles"]["C1"]["status"] == "play"


def test_jl_w075_wasteland_traps_until_detection():
    """JL-W075: Wasteland (Ultimate, 3): a reported trapped tile is out of the game until a
    Detection removes the Wasteland."""
    g = jl_pair(powers0=("wasteland",), powers1=("detection",))
    give(g, 0, 3)
    give(g, 1, 2)
    refused_unchanged(g, ("trapped", "C1"), "JL-W075")        # no Wasteland yet
    play(g, [("tap", "P0a"), ("trapped", "C1")])
    refused_unchanged(g, ("trapped", "C0"), "JL-W075")        # not by your own Wasteland
    assert g.view()["tiles"]["C1"]["status"] == "trapped"
    play(g, [("end",)])
    refused_unchanged(g, ("tap", "C1"), "JL-W075")
    play(g, [("tap", "P1a"), ("tap", "P0a")])
    assert g.view()["tiles"]["C1"]["status"] == "play"
    play(g, [("tap", "C1"), ("end",)])
    assert not g.tiles["C1"].trapped


def test_jl_w075_trapped_counts_as_defeated_for_winning():
    """JL-W075: with its last Character trapped and its Stronghold beaten, a player loses."""
    g = setup("jl-collector", [[("S0", ATLANTIS), ("C0", SUPERMAN), ("W", power("wasteland"))],
                               [("S1", MARS), ("C1", DOOMSDAY), ("X", power("speed"))]])
    give(g, 0, 3)
    play(g, [("tap", "W"), ("trapped", "C1"), ("tap", "C0"), ("tap", "S1"),
             ("roll", FACE["yellow"])])
    out = play(g, [("roll", FACE["green"])])[0]
    assert out.find("winner") == {"players": [0], "rule": "JL-C13"}


def test_jl_c11_detection_answers_self_destruct():
    """JL-C11 / JL-W071 / JL-W068: a Detection played after a Self-Destruct resolves first
    and destroys it: the winning attacker survives."""
    g = jl_pair(powers0=("detection",), powers1=("self_destruct",))
    give(g, 0, 2)
    give(g, 1, 2)
    play(g, [("tap", "C0"), ("tap", "C1"), ("tap", "P1a"), ("tap", "P0a"), ("tap", "P1a"),
             ("roll", FACE["yellow"])])
    out = play(g, [("roll", FACE["green"])])[0]
    assert [d["tile"] for k, d in out.events if k == "defeated"] == ["C1"]
    assert g.tiles["C0"].status == "play" and g.stones == [1, 0]


def test_jl_w074_telepathy_cannot_take_the_tile_that_moved():
    """JL-W074 (Decision): a tile already moved or battling cannot be taken over."""
    g = jl_pair(powers1=("telepathy",))
    give(g, 1, 3)
    play(g, [("tap", "C0"), ("tap", "P1a")])
    assert "C0" not in g.legal_inputs().tiles and "C2" in g.legal_inputs().tiles
    refused_unchanged(g, ("tap", "C0"), "JL-W074")


def test_jl_w071_self_destruct_too_late_when_the_attack_wins_the_game():
    """JL-W071 / JL-C13: when the attacking Character's win ends the game, the first player
    to defeat everything has won; Self-Destruct no longer matters. It never answers a
    Stronghold's attack (JL-B9 showdown)."""
    g = setup("jl-collector", [[("S0", ATLANTIS), ("C0", SUPERMAN), ("X", power("speed"))],
                               [("S1", MARS), ("C1", DOOMSDAY),
                                ("D", power("self_destruct"))]], first=1)
    give(g, 1, 2)
    play(g, [("tap", "C1"), ("tap", "S0"), ("roll", FACE["red"]), ("roll", FACE["green"])])
    play(g, [("end",), ("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]),
             ("roll", FACE["green"])])
    assert g.phase == "defender" and g.stones == [1, 3]
    play(g, [("tap", "S1"), ("tap", "D")])
    out = play(g, [("roll", FACE["yellow"]), ("roll", FACE["green"])])[-1]
    assert out.find("winner") == {"players": [0], "rule": "JL-C13"}
    assert g.tiles["C0"].status == "play"
