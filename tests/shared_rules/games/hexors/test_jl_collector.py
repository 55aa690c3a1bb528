"""Justice League Hexors, Collector's game (JL-C1 to JL-C13)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_tiles import (
    ATLANTIS,
    BATMAN,
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

from shared_rules.games.hexors.engine import HexorsGame


def test_jl_c1_roster_limits_say_why():
    """JL-C1: same numbers of Characters and Powers; at most 2 identical of each."""
    g = HexorsGame(variant="jl-collector", players=2)
    play(g, [("add", 0, "S0", ATLANTIS), ("add", 1, "S1", MARS),
             ("add", 0, "A", SUPERMAN), ("add", 0, "B", SUPERMAN),
             ("add", 1, "C", DOOMSDAY), ("add", 1, "D", BATMAN),
             ("add", 0, "P", power("speed")), ("add", 0, "Q", power("speed"))])
    refused_unchanged(g, ("add", 0, "E", SUPERMAN), "JL-C1")
    refused_unchanged(g, ("add", 0, "R", power("speed")), "JL-C1")
    r = refused_unchanged(g, ("start", 0), "JL-C1")
    assert "Power" in r.message
    play(g, [("add", 1, "T", power("teamwork"))])
    refused_unchanged(g, ("start", 0), "JL-C1")
    play(g, [("add", 1, "U", power("escape")), ("start", 0)])
    assert g.phase == "attacker"


def test_jl_c2_total_lists_every_part():
    """JL-C2: die + Colour + Pod + Ally + active Powers, printed the way players say it."""
    g = jl_pair(powers0=("teamwork",))
    give(g, 0, 2)
    play(g, [("tap", "C2"), ("tap", "C1"), ("pod", 0, True), ("tap", "P0a"), ("tap", "C2"),
             ("roll", FACE["green"]), ("roll", FACE["red"])])
    battle = g.last_battle
    assert battle["totals"]["C2"] == "5 strike +3 colour +1 pod +1 ally +7 Teamwork = 17"
    assert battle["totals"]["C1"] == "8 strike +3 colour = 11"


def test_jl_c3_rulebook_example_superman_beats_doomsday():
    """JL-C3: Superman 6 + Atlantis blue 6 = 12 beats Doomsday 8 + Mars red 3 = 11."""
    g = jl_pair()
    play(g, [("tap", "C0"), ("tap", "C1")])
    out = play(g, [("roll", FACE["yellow"]), ("roll", FACE["red"])])[1]
    battle = out.find("battle")
    assert str(battle["totals"]["C0"]) == "6 strike +6 colour = 12"
    assert str(battle["totals"]["C1"]) == "8 strike +3 colour = 11"
    assert battle["winner"] == "C0"


def test_jl_c4_pod_bonus_once_never_for_a_stronghold():
    """JL-C4: +1 for a pod (confirmed by button), never more, never for a Stronghold."""
    g = jl_pair()
    play(g, [("tap", "C0"), ("tap", "S1")])
    choices = [c[1] for c in g.legal_inputs().choices]
    assert ("pod", 0, True) in choices and ("pod", 1, True) not in choices
    refused_unchanged(g, ("pod", 1, True), "JL-C4")
    play(g, [("pod", 0, True), ("pod", 0, True)])
    totals = g.totals()
    assert [p for p in totals["C0"].parts if p[1] == "pod"] == [(1, "pod")]
    play(g, [("pod", 0, False)])
    assert [p for p in g.totals()["C0"].parts if p[1] == "pod"] == []


def test_jl_c5_ally_bonus_when_icons_match():
    """JL-C5: Batman's Ally icon matches Atlantis (+1); Superman has no icon (+0)."""
    g = jl_pair()
    play(g, [("tap", "C2"), ("tap", "C1"), ("roll", FACE["green"])])
    assert str(g.totals()["C2"]) == "5 strike +3 colour +1 ally = 9"
    g = jl_pair(first=1)
    play(g, [("tap", "C1"), ("tap", "C0"), ("roll", FACE["green"]), ("roll", FACE["green"])])
    assert g.last_battle["totals"]["C0"] == "3 strike +6 colour = 9"


def test_jl_c6_defending_stronghold_adds_its_defense_bonus():
    """JL-C6: a Stronghold in battle adds the number on its bottom face."""
    g = jl_pair()
    play(g, [("tap", "C0"), ("tap", "S1"), ("roll", FACE["white"]), ("roll", FACE["purple"])])
    assert g.last_battle["totals"]["S1"] == "5 strike +1 defense = 6"


def test_jl_c7_no_colour_or_ally_bonus_after_stronghold_falls():
    """JL-C7: once its Stronghold is defeated a player's Characters lose Colour and Ally."""
    g = jl_pair(first=1)
    play(g, [("tap", "C1"), ("tap", "S0"), ("roll", FACE["red"]), ("roll", FACE["green"])])
    assert g.tiles["S0"].status == "discard"
    play(g, [("end",), ("tap", "C2"), ("tap", "C1"), ("roll", FACE["green"])])
    assert str(g.totals()["C2"]) == "5 strike = 5"


def test_jl_c8_one_stone_per_defeated_character_or_stronghold():
    """JL-C8: the winner's player takes one Stone per opposing tile defeated."""
    g = jl_pair()
    out = play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]),
                   ("roll", FACE["red"])])[-1]
    assert out.find("stones") == {"player": 0, "change": 1, "total": 1, "rule": "JL-C8"}
    out = play(g, [("tap", "S1"), ("roll", FACE["yellow"]), ("roll", FACE["green"])])[-1]
    assert g.stones == [2, 0] and out.find("defeated")["tile"] == "S1"
    # a defender that wins earns the Stone too
    play(g, [("end",), ("tap", "C3"), ("tap", "C0"), ("roll", FACE["purple"]),
             ("roll", FACE["purple"])])
    assert g.tiles["C3"].status == "discard" and g.stones == [3, 0]


def test_jl_c9_pay_the_cost_never_refunded():
    """JL-C9: a Power costs Stones from the reserve; cancelled later, nothing comes back."""
    g = jl_pair(powers0=("teamwork",), powers1=("detection",))
    give(g, 0, 1)
    r = refused_unchanged(g, ("tap", "P0a"), "JL-C9")
    assert "costs 2" in r.message
    give(g, 0, 3)
    give(g, 1, 2)
    play(g, [("tap", "P0a"), ("tap", "C0")])
    assert g.stones == [1, 2]
    play(g, [("tap", "P1a"), ("tap", "P0a")])
    assert g.stones == [1, 0]
    assert g.view()["active"][0]["effect"] == "detection"   # Teamwork is gone, no refund


def test_jl_c10_surge_any_time_ultimate_own_turn_only():
    """JL-C10: a Surge on the opponent's turn lasts that turn; an Ultimate only on your own
    turn, and it lasts."""
    g = jl_pair(powers0=("super_strength",), powers1=("teamwork", "super_strength"))
    give(g, 1, 9)
    give(g, 0, 9)
    refused_unchanged(g, ("tap", "P1b"), "JL-C10")
    play(g, [("tap", "C0"), ("tap", "C1"), ("tap", "P1a"), ("tap", "C1")])
    assert g.tiles["P1a"].status == "active"
    play(g, [("tap", "P0a"), ("tap", "C0")])
    play(g, [("roll", FACE["yellow"]), ("roll", FACE["red"])])
    assert g.last_battle["totals"]["C1"] == "8 strike +3 colour +7 Teamwork = 18"
    assert g.tiles["P1a"].status == "discard"                      # end of that turn
    assert g.tiles["P0a"].status == "active" and g.turn == 1
    play(g, [("tap", "P1b"), ("tap", "C1")])                         # now P2's own turn
    assert g.tiles["P1b"].status == "active"


def test_jl_c11_powers_resolve_last_to_first():
    """JL-C11: a later Detection answering an earlier Detection saves its target."""
    g = jl_pair(powers0=("super_strength", "detection"), powers1=("detection",))
    give(g, 0, 9)
    give(g, 1, 9)
    play(g, [("tap", "P0a"), ("tap", "C0"), ("end",)])
    play(g, [("tap", "P1a"), ("tap", "P0a")])
    assert "P0a" not in [a["tile"] for a in g.view()["active"]]
    play(g, [("tap", "P0b"), ("tap", "P1a")])
    active = [a["tile"] for a in g.view()["active"]]
    assert "P0a" in active and "P1a" not in active
    play(g, [("end",)])
    assert g.tiles["P0a"].status == "active"
    assert g.tiles["P1a"].status == "discard" and g.tiles["P0b"].status == "discard"


def test_jl_c12_used_power_goes_to_discard_and_cannot_return():
    """JL-C12: a used Power is discarded; tapping it again is refused."""
    g = jl_pair(powers0=("speed",))
    give(g, 0, 1)
    play(g, [("tap", "P0a")])
    refused_unchanged(g, ("tap", "P0a"), "JL-C12")
    play(g, [("end",)])
    assert g.tiles["P0a"].status == "discard"
    r = refused_unchanged(g, ("tap", "P0a"), "JL-C12")
    assert "discard" in r.message


def test_jl_c13_collector_win_as_beginner():
    """JL-C13: win by defeating every Character and the Stronghold (JL-B9)."""
    r0 = [("S0", ATLANTIS), ("C0", SUPERMAN)]
    r1 = [("S1", MARS), ("C1", DOOMSDAY)]
    g = setup("jl-collector", [r0, r1])
    play(g, [("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"]), ("roll", FACE["green"])])
    out = play(g, [("tap", "S1"), ("roll", FACE["yellow"]), ("roll", FACE["green"])])[-1]
    assert out.find("winner") == {"players": [0], "rule": "JL-C13"}


def test_jl_c6_unknown_defense_bonus_is_refused_not_guessed():
    """JL-C6: a Stronghold whose Defense Bonus is unknown (null) cannot join a Collector's
    game: every battle it fights adds that number. The players correct the entry first."""
    entry = dict(MARS)
    entry["bonus"] = None
    g = HexorsGame(variant="jl-collector", players=2)
    refusal = refused_unchanged(g, ("add", 1, "S1", entry), "JL-C6")
    assert "defense bonus unknown" in refusal.message
    beginner = HexorsGame(variant="jl-beginner", players=2)  # JL-B8: no bonuses at all
    assert beginner.apply(("add", 1, "S1", entry)).accepted


def test_jl_b9_collector_stronghold_showdown_adds_no_defense_bonus():
    """JL-B9 / JL-C13: two lone Strongholds roll it out with strike values alone: the
    Stronghold-against-Stronghold rolls add no Defense Bonus in the Collector's game either
    (decisions.JL_SHOWDOWN_DEFENSE_BONUS, as JL-M8 for 3-4 players), though JL-C6 gave the
    same Stronghold its bonus while a Character attacked it."""
    from hexors_tiles import ROBIN

    g = setup("jl-collector", [[("S0", ATLANTIS), ("C0", ROBIN)],
                               [("S1", MARS), ("C1", DOOMSDAY)]], first=1)
    play(g, [("tap", "C1"), ("tap", "C0"), ("roll", FACE["red"]), ("roll", FACE["red"])])
    out = play(g, [("end",)])[0]
    assert out.find("skip") == {"player": 0, "rule": "JL-B9"}
    play(g, [("tap", "C1"), ("tap", "S0"), ("roll", FACE["purple"])])
    out = play(g, [("roll", FACE["blue"])])[0]
    assert str(out.find("battle")["totals"]["S0"]).endswith("+2 defense = 8")    # JL-C6
    assert out.find("showdown") == {"rule": "JL-B9"}
    assert g.battle["attacker"] == "S0" and g.legal_inputs().roll_by == 0
    out = play(g, [("roll", FACE["green"]), ("roll", FACE["purple"])])[-1]
    totals = out.find("battle")["totals"]
    assert (str(totals["S0"]), str(totals["S1"])) == ("2 strike = 2", "5 strike = 5")
    assert out.find("winner") == {"players": [1], "rule": "JL-C13"}
