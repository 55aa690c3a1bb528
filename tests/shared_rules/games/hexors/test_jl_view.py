"""What the screens read from a Hexors game: legal_inputs() and view() (JL-B4, JL-C2,
JL-C9, JL-C10, JL-W065)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_tiles import FACE, give, jl_pair, play

from shared_rules.games.hexors.engine import HexorsGame


def test_jl_b4_legal_inputs_follow_the_battle():
    """JL-B4: actor, expected input, tiles and the player to roll, step by step."""
    g = jl_pair(powers0=("teamwork",))
    leg = g.legal_inputs()
    assert (leg.actor, leg.expect, leg.roll_by) == (0, "attacker", None)
    assert leg.tiles == {"C0": "attacker", "C2": "attacker"} and leg.powers == []
    assert ("end turn", ("end",)) in leg.choices
    play(g, [("tap", "C0")])
    leg = g.legal_inputs()
    assert leg.expect == "defender" and leg.tiles["C1"] == "defender"
    assert leg.tiles["C2"] == "attacker"           # another tile may still be the moved one
    play(g, [("tap", "C1")])
    leg = g.legal_inputs()
    assert (leg.actor, leg.expect, leg.roll_by, leg.prompt) == (0, "roll", 0,
                                                                "P1: roll the die")
    assert ("P1 pod: yes", ("pod", 0, True)) in leg.choices
    assert ("P2 pod: yes", ("pod", 1, True)) in leg.choices
    play(g, [("roll", FACE["yellow"])])
    assert g.legal_inputs().roll_by == 1 and g.legal_inputs().actor == 1


def test_jl_c9_powers_listed_with_their_cost_when_affordable():
    """JL-C9 / JL-C10: legal_inputs().powers lists playable Powers with their cost."""
    g = jl_pair(powers0=("teamwork",), powers1=("energy_barrier",))
    assert g.legal_inputs().powers == []
    give(g, 0, 2)
    give(g, 1, 1)
    leg = g.legal_inputs()
    assert leg.powers == [("P0a", 2)] and leg.tiles["P0a"] == "power"   # Ultimate: P2 waits
    play(g, [("tap", "P0a")])
    leg = g.legal_inputs()
    assert leg.expect == "target" and leg.actor == 0 and leg.prompt == "P1: tap a target"
    assert leg.tiles == {"S0": "target", "S1": "target", "C0": "target", "C1": "target",
                         "C2": "target", "C3": "target", "P0a": "cancel"}
    assert ("cancel", ("end",)) in leg.choices
    play(g, [("end",)])
    assert g.tiles["P0a"].status == "hand" and g.stones == [2, 1]


def test_jl_c2_view_shows_battle_totals_walls_and_players():
    """JL-C2 / JL-W065: view() carries the running totals, walls, Stones and statuses."""
    g = jl_pair(powers0=("energy_barrier",))
    give(g, 0, 1)
    play(g, [("tap", "P0a"), ("tap", "C0"), ("tap", "C1"), ("roll", FACE["yellow"])])
    v = g.view()
    assert v["battle"]["totals"]["C0"] == "6 strike +6 colour = 12"
    assert v["battle"]["values"] == {"C0": 12, "C1": 3} and v["battle"]["rolls"] == [3, None]
    assert v["active"][0]["wall"] and v["tiles"]["P0a"]["status"] == "active"
    assert v["players"][0] == {"name": "P1", "stones": 0, "alive": True}
    assert v["turn"] == 0 and v["phase"] == "roll" and v["winners"] is None
    play(g, [("roll", FACE["green"])])
    v = g.view()
    assert v["battle"] is None and v["tiles"]["C1"]["status"] == "defeated"
    assert v["last_battle"]["winner"] == "C0"


def test_jl_b1_bad_variant_or_player_count_is_an_error():
    """JL-B1 / JL-M1 / JL-M10: the variants and their player counts."""
    for variant, players in (("jl-beginner", 3), ("jl-team", 3), ("jl-ffa", 2),
                             ("ygo-collector", 4), ("chess", 2)):
        try:
            HexorsGame(variant=variant, players=players)
        except ValueError as exc:
            assert variant in str(exc) or "for" in str(exc)
        else:
            raise AssertionError("%s with %d players accepted" % (variant, players))


def test_jl_b1_setup_footer_says_what_the_rosters_need():
    """JL-B1 / YG-2: during setup the footer names what is missing, then who starts."""
    from hexors_tiles import ATLANTIS, DOOMSDAY, MARS, SUPERMAN

    g = HexorsGame(variant="jl-beginner", players=2)
    assert g.legal_inputs().prompt == "P1: add Stronghold"
    play(g, [("add", 0, "S0", ATLANTIS), ("add", 1, "S1", MARS)])
    assert g.legal_inputs().prompt == "P1: add Characters"
    play(g, [("add", 0, "C0", SUPERMAN), ("add", 0, "C2", SUPERMAN), ("add", 1, "C1", DOOMSDAY)])
    leg = g.legal_inputs()
    assert leg.prompt == "Even up the rosters" and leg.problem.rule == "JL-B1"
    y = HexorsGame(variant="ygo-beginner", players=2)
    assert y.legal_inputs().prompt == "P1: add Character"
