"""HeroScape basic rules (RULES.md §3): one test per rule ID and whole scripted games."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import ok, refused, state

from shared_rules.games.heroscape import decisions
from shared_rules.games.heroscape.engine import (
    HeroScapeGame,
    army_cards,
    card,
    count_faces,
    validate_card,
)

# Faces by symbol on the HS-2 die (read from the decision, so a house profile still works).
SKULL = decisions.DIE_FACES.index("skull") + 1
SHIELD = decisions.DIE_FACES.index("shield") + 1
BLANK = decisions.DIE_FACES.index("blank") + 1


def zettian():
    for entry in army_cards():
        if entry["name"] == "Zettian Guards":
            return entry
    raise AssertionError("Zettian Guards missing from the catalogue")





def new_game(first=0, good=None, evil=None):
    """Zettian Guards against a test hero; ``first`` wins the initiative."""
    g = HeroScapeGame()
    ok(g, ("add", 0, "zg", good or zettian()))
    ok(g, ("add", 1, "hero", evil or card("Test Hero", "hero", 1, 5, 1, 3, 2)))
    ok(g, ("start",))
    hi = [SKULL] * 3 + [BLANK] * 2
    lo = [SKULL] + [BLANK] * 4
    ok(g, ("roll", hi if first == 0 else lo))
    ok(g, ("roll", lo if first == 0 else hi))
    return g


def test_hs_1_catalogue_ships_rulebook_cards():
    """HS-1: Zettian Guards Move 4, Range 7, Attack 2, Defense 7, 2 figures; Marro Warriors
    (4 figures) and Mimring (hero) are there with unknown values marked unverified."""
    cards = {c["name"]: c for c in army_cards()}
    z = cards["Zettian Guards"]
    assert (z["kind"], z["figures"], z["move"], z["range"], z["attack"], z["defense"]) == \
        ("squad", 2, 4, 7, 2, 7)
    assert z["verified"] is True and validate_card(z) == []
    m = cards["Marro Warriors"]
    assert m["kind"] == "squad" and m["figures"] == 4
    assert m["attack"] is None and m["verified"] is False
    h = cards["Mimring"]
    assert h["kind"] == "hero" and h["figures"] == 1 and h["verified"] is False


def test_hs_1_unknown_values_refused_until_corrected():
    """HS-1: a card whose Attack/Defense are unknown cannot join; a corrected one can."""
    g = HeroScapeGame()
    mimring = [c for c in army_cards() if c["name"] == "Mimring"][0]
    r = refused(g, ("add", 1, "m", mimring), "HS-1")
    assert "Attack unknown" in r.message
    fixed = dict(mimring)
    fixed.update({"attack": 4, "defense": 3, "move": 6, "range": 1})
    ok(g, ("add", 1, "m", fixed))
    refused(g, ("add", 1, "m", fixed), "HS-1")   # same tag twice
    refused(g, ("add", 2, "x", zettian()), "HS-1")
    assert validate_card(card("Solo", "squad", 1, 4, 1, 2, 2)) != []
    assert validate_card(card("Pair", "hero", 2, 4, 1, 2, 2)) != []


def test_hs_1_two_players_each_need_an_army():
    """HS-1: two armies; start is refused while one side is empty."""
    g = HeroScapeGame()
    ok(g, ("add", 0, "zg", zettian()))
    refused(g, ("start",), "HS-1")
    ok(g, ("add", 1, "zg2", zettian()))
    ok(g, ("start",))
    refused(g, ("add", 0, "late", zettian()), "HS-1")


def test_hs_2_die_profile_three_skulls_two_shields_one_blank():
    """HS-2: the combat die has 3 skulls, 2 shields, 1 blank; skulls count for the
    attacker, shields for the defender."""
    faces = decisions.DIE_FACES
    assert len(faces) == 6
    assert count_faces([1, 2, 3, 4, 5, 6], "skull") == 3
    assert count_faces([1, 2, 3, 4, 5, 6], "shield") == 2
    assert count_faces([1, 2, 3, 4, 5, 6], "blank") == 1
    g = new_game()
    ok(g, ("tap", "zg"))
    ok(g, ("tap", "hero"))
    ok(g, ("height", "none"))
    refused(g, ("roll", [0, 3]), "HS-2")
    refused(g, ("roll", [7]), "HS-2")
    refused(g, ("roll", ["skull"]), "HS-2")


def test_hs_3_initiative_most_skulls_first_ties_reroll():
    """HS-3: 5 dice each; most skulls goes first; a tie is rolled again."""
    g = HeroScapeGame()
    ok(g, ("add", 0, "zg", zettian()))
    ok(g, ("add", 1, "zg2", zettian()))
    ok(g, ("start",))
    assert g.legal_inputs().roll_by == 0 and g.legal_inputs().dice == 5
    refused(g, ("roll", [SKULL] * 6), "HS-6")
    ok(g, ("roll", [SKULL, SKULL, BLANK, SHIELD, SHIELD]))
    out = ok(g, ("roll", [SKULL, SHIELD, SKULL, BLANK, BLANK]))
    assert out.find("reroll")["rule"] == "HS-3"
    assert g.phase == "initiative" and g.legal_inputs().roll_by == 0
    ok(g, ("roll", [SKULL, BLANK, BLANK, BLANK, BLANK]))
    out = ok(g, ("roll", [SKULL, SKULL, SKULL, SKULL, BLANK]))
    assert out.find("first") == {"player": 1, "skulls": [1, 4]}
    assert g.turn == 1 and g.phase == "card"


def test_hs_3_players_alternate_turns():
    """HS-3: after a turn the other player takes one."""
    g = new_game(first=0)
    ok(g, ("tap", "zg"))
    ok(g, ("end",))
    assert g.turn == 1
    ok(g, ("tap", "hero"))
    ok(g, ("end",))
    assert g.turn == 0


def test_hs_4_choose_one_of_your_own_cards():
    """HS-4: the player picks one of their own army cards with figures left."""
    g = new_game(first=0)
    r = refused(g, ("tap", "hero"), "HS-4")
    assert "P2's card" in r.message
    refused(g, ("tap", "nope"), "HS-1")
    refused(g, ("end",), "HS-4")
    assert g.legal_inputs().tiles == {"zg": "card"}
    out = ok(g, ("tap", "zg"))
    assert out.find("card")["attacks"] == 2


def test_hs_5_range_and_sight_are_trusted():
    """HS-5: the referee asks nothing about range; any enemy card with figures is a
    target, and the player may end the turn when none is in range."""
    g = new_game(first=0)
    ok(g, ("tap", "zg"))
    legal = g.legal_inputs()
    assert legal.tiles == {"hero": "target"}
    assert ("end turn", ("end",)) in legal.choices


def test_hs_6_height_gives_one_extra_die_either_side():
    """HS-6: the higher figure rolls one extra die, attacker or defender."""
    g = new_game(first=0)
    ok(g, ("tap", "zg"))
    ok(g, ("tap", "hero"))
    refused(g, ("roll", [SKULL, SKULL]), "HS-6")   # height not confirmed yet
    out = ok(g, ("height", "defender"))
    assert out.find("dice_needed")["attack"] == 2
    assert out.find("dice_needed")["defense"] == 3   # hero Defense 2 + 1
    ok(g, ("cancel",))
    ok(g, ("tap", "hero"))
    out = ok(g, ("height", "attacker"))
    assert (out.find("dice_needed")["attack"], out.find("dice_needed")["defense"]) == (3, 2)
    legal = g.legal_inputs()
    assert legal.roll_by == 0 and legal.dice == 3
    ok(g, ("roll", [SKULL]))                           # physical die, one at a time
    assert g.legal_inputs().dice == 2
    refused(g, ("cancel",), "HS-6")
    refused(g, ("roll", [SKULL, SKULL, SKULL]), "HS-6")
    ok(g, ("roll", [BLANK, BLANK]))
    assert g.legal_inputs().roll_by == 1 and g.legal_inputs().dice == 2


def test_hs_6_attacker_rolls_then_defender():
    """HS-6: the attacker's dice come first, then the defender's."""
    g = new_game(first=0)
    ok(g, ("tap", "zg"))
    ok(g, ("tap", "hero"))
    ok(g, ("height", "none"))
    assert g.legal_inputs().roll_by == 0
    out = ok(g, ("roll", [SKULL, SKULL]))
    assert out.find("attack_roll")["skulls"] == 2
    assert g.legal_inputs().roll_by == 1


def test_hs_7_skulls_must_exceed_shields():
    """HS-7: equal shields block; one unblocked skull destroys the figure."""
    g = new_game(first=0)
    ok(g, ("tap", "zg"))
    ok(g, ("tap", "hero"))
    ok(g, ("height", "none"))
    ok(g, ("roll", [SKULL, SKULL]))
    out = ok(g, ("roll", [SHIELD, SHIELD]))
    assert out.find("attack")["destroyed"] is False
    assert g.cards["hero"]["alive"] == 1
    ok(g, ("tap", "hero"))
    ok(g, ("height", "none"))
    ok(g, ("roll", [SKULL, SKULL]))
    out = ok(g, ("roll", [SHIELD, BLANK]))
    assert out.find("attack")["unblocked"] == 1
    assert out.find("destroyed")["card"] == "hero"
    assert g.cards["hero"]["alive"] == 0 and g.cards["hero"]["destroyed"] == 1


def test_hs_8_each_figure_attacks_once_same_target_allowed():
    """HS-8: two Guards attack the same target, then the turn passes."""
    g = new_game(first=0, evil=card("Tough", "hero", 1, 5, 1, 3, 6))
    ok(g, ("tap", "zg"))
    for _ in range(2):
        assert g.turn == 0 and g.phase == "target"
        ok(g, ("tap", "hero"))
        ok(g, ("height", "none"))
        ok(g, ("roll", [BLANK, BLANK]))
        ok(g, ("roll", [BLANK] * 6))
    assert g.turn == 1 and g.phase == "card"
    assert g.cards["zg"]["attacked"] == 2


def test_hs_8_destroyed_figures_do_not_attack():
    """HS-8: a squad attacks once per surviving figure."""
    g = new_game(first=1, evil=card("Brute", "hero", 1, 5, 1, 3, 1))
    ok(g, ("tap", "hero"))
    ok(g, ("tap", "zg"))
    ok(g, ("height", "none"))
    ok(g, ("roll", [SKULL, SKULL, SKULL]))
    ok(g, ("roll", [BLANK] * 7))
    assert g.cards["zg"]["alive"] == 1 and g.turn == 0
    out = ok(g, ("tap", "zg"))
    assert out.find("card")["attacks"] == 1


def test_hs_9_default_victory_all_enemy_figures_destroyed():
    """HS-9: destroying the last enemy figure wins; nothing is accepted afterwards."""
    g = new_game(first=0)
    ok(g, ("tap", "zg"))
    ok(g, ("tap", "hero"))
    ok(g, ("height", "none"))
    ok(g, ("roll", [SKULL, SKULL]))
    out = ok(g, ("roll", [BLANK, BLANK]))
    assert out.find("winner") == {"players": [0], "rule": "HS-9"}
    assert g.phase == "over" and g.legal_inputs().expect == "over"
    refused(g, ("tap", "zg"), "HS-9")
    refused(g, ("objective", 1), "HS-9")


def test_hs_9_scenario_objective_confirmed_by_button():
    """HS-9: a scenario objective reached is confirmed with a button."""
    g = new_game(first=1)
    assert ("P2 objective", ("objective", 1)) in g.legal_inputs().choices
    refused(g, ("objective", 3), "HS-9")
    out = ok(g, ("objective", 1))
    assert out.find("winner")["players"] == [1]
    g2 = HeroScapeGame()
    refused(g2, ("objective", 0), "HS-9")


def test_hs_10_rulebook_example_two_guards_with_height():
    """HS-10: a Guard with height rolls 3 dice, 2 skulls, blocked by 2 shields; the second
    Guard rolls 3 dice, 2 skulls, one unblocked: the target is destroyed."""
    target = card("Airborne Elite", "squad", 4, 4, 8, 3, 2, verified=False)
    g = new_game(first=0, evil=target)
    ok(g, ("tap", "zg"))
    ok(g, ("tap", "hero"))
    out = ok(g, ("height", "attacker"))
    assert out.find("dice_needed")["attack"] == 3
    ok(g, ("roll", [SKULL, SKULL, BLANK]))
    out = ok(g, ("roll", [SHIELD, SHIELD]))
    assert out.find("attack")["destroyed"] is False
    assert g.cards["hero"]["alive"] == 4
    ok(g, ("tap", "hero"))
    ok(g, ("height", "attacker"))
    ok(g, ("roll", [SKULL, SHIELD, SKULL]))
    out = ok(g, ("roll", [SHIELD, BLANK]))
    assert out.find("attack")["skulls"] == 2 and out.find("attack")["shields"] == 1
    assert out.find("destroyed")["left"] == 3
    assert g.turn == 1


def test_hs_whole_game_scripted_with_undo():
    """HS-1..HS-9: a whole game from setup to the default victory; undo replays."""
    g = HeroScapeGame()
    ok(g, ("add", 0, "zg", zettian()))
    ok(g, ("add", 1, "orc", card("Grunts", "squad", 2, 5, 1, 2, 1)))
    ok(g, ("start",))
    ok(g, ("roll", [SKULL, SKULL, SKULL, BLANK, BLANK]))
    ok(g, ("roll", [BLANK] * 5))
    # P1 turn: two Guards each destroy a Grunt.
    ok(g, ("tap", "zg"))
    ok(g, ("tap", "orc"))
    ok(g, ("height", "none"))
    ok(g, ("roll", [SKULL, BLANK]))
    ok(g, ("roll", [BLANK]))
    before = state(g)
    ok(g, ("tap", "orc"))
    assert g.undo() == ("tap", "orc")
    assert state(g) == before
    ok(g, ("tap", "orc"))
    ok(g, ("height", "defender"))
    ok(g, ("roll", [SKULL, SKULL]))
    out = ok(g, ("roll", [SHIELD, BLANK]))
    assert out.find("winner")["players"] == [0]
    assert g.figures(1) == 0 and g.cards["orc"]["destroyed"] == 2
    journal = list(g.inputs)
    again = HeroScapeGame()
    again.replay(journal)
    assert state(again) == state(g)


def test_hs_view_and_odds_before_roll():
    """HS-6/HS-7: the screen gets the exact odds of the attack about to be rolled."""
    g = new_game(first=0)
    ok(g, ("tap", "zg"))
    assert g.odds() is None
    ok(g, ("tap", "hero"))
    assert (g.odds().attack, g.odds().defense) == (2, 2)
    ok(g, ("height", "attacker"))
    assert g.odds().attack == 3 and g.odds().defense == 2
    v = g.view()
    assert v["odds"] == "3 vs 2 dice: destroy 5/8 = 62.5%"
    assert v["figures"] == [2, 1]
