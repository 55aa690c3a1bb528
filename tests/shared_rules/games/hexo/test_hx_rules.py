"""Hexo: La vallée d'Utrisor (RULES.md §4): one test per rule ID and whole scripted games."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import ok, refused, state

from shared_rules.games.hexo import decisions
from shared_rules.games.hexo.engine import MONSTERS, HexoGame, hexo_cards, score, village


def companion(strength, name="Archer"):
    return {"id": "hx/test", "game": "hx", "kind": "companion", "name": name,
            "strength": strength}


def monster_card(kind):
    for c in hexo_cards():
        if c["kind"] == "monster" and c["monster"] == kind:
            return c
    raise AssertionError(kind)


def playing(n=2, first=0):
    g = HexoGame(players=["red", "blue", "green", "white", "black", "gold"][:n])
    ok(g, ("start", first))
    ok(g, ("events", 0))
    return g


def stand(g, p, space):
    """Put player p's figure on ``space`` as if it had stood there since the turn began."""
    g.players[p]["at"] = space
    g.players[p]["began_at"] = space


def troll_on(g, space="M1"):
    """The actor places a Troll on a mountain (plays a monster card)."""
    return ok(g, ("place", "troll", space, "mountain", None))


def test_hx_1_final_scores():
    """HX-1: reserve treasure 10, carried 5 (at the end), Troll 3, Ogre 2, Goblin 1,
    skull 1."""
    p = {"reserve": 1, "carried": 2, "skulls": 4,
         "killed": {"troll": 2, "ogre": 1, "goblin": 3}}
    t = score(p)
    assert t.value == 10 + 10 + 6 + 2 + 3 + 4
    # Each part says what it counts and what one is worth: a count is never read as points.
    assert str(t) == ("1 treasure × 10 +2 carried × 5 +2 Trolls × 3 +1 Ogre × 2 "
                      "+3 Goblins × 1 +4 skulls × 1 = 35")
    assert MONSTERS == {"troll": 3, "ogre": 2, "goblin": 1}
    values = dict((c["monster"], c["value"]) for c in hexo_cards() if c["kind"] == "monster")
    assert values == MONSTERS


def test_hx_2_setup_pile_and_first_player():
    """HX-2: 10 cards per player in the central pile; a First Player is chosen."""
    g = HexoGame(players=3)
    assert g.pile == 30
    refused(g, ("start", 3), "HX-2")
    refused(g, ("buy",), "HX-4")
    out = ok(g, ("start", 2))
    assert out.find("setup")["first"] == 2 and g.first == 2
    assert [pl["at"] for pl in g.players] == ["village1", "village2", "village3"]
    refused(g, ("start", 0), "HX-2")
    one = HexoGame(players=1)
    refused(one, ("start", 0), "HX-2")
    seven = HexoGame(players=7)
    refused(seven, ("start", 0), "HX-2")


def test_hx_2_catalogue_values_only_from_the_rulebook():
    """HX-2: the starting Companion and Bronze are in the catalogue with unknown values."""
    cards = dict((c["id"], c) for c in hexo_cards())
    assert cards["hx/companion"]["strength"] is None
    assert cards["hx/companion"]["verified"] is False
    assert cards["hx/bronze"]["money"] is None
    assert cards["hx/troll"]["colour"] == "red" and cards["hx/troll"]["verified"] is True


def test_hx_3_market_refilled_to_five_events_by_players_in_order():
    """HX-3: the market is filled to exactly 5; events go to the First Player, then the
    next ones."""
    g = HexoGame(players=3)
    out = ok(g, ("start", 1))
    assert out.find("market") == {"revealed": 5, "pile": 25}
    assert g.phase == "events"
    refused(g, ("events", 6), "HX-3")
    refused(g, ("pass",), "HX-4")
    out = ok(g, ("events", 2))
    assert out.find("execute_events")["players"] == [1, 2]
    refused(g, ("events", 1), "HX-3")
    ok(g, ("buy",))
    ok(g, ("buy",))
    ok(g, ("pass",))
    for _ in range(3):
        ok(g, ("pass",))
    out = ok(g, ("monsters_left", 0))
    assert out.find("market") == {"revealed": 2, "pile": 23} and g.market == 5


def test_hx_4_one_action_each_per_round_clockwise_from_first():
    """HX-4: rounds start with the First Player and go clockwise, one action each."""
    g = playing(n=3, first=1)
    assert g.actor == 1
    ok(g, ("buy",))
    assert g.actor == 2
    ok(g, ("pass",))
    assert g.actor == 0
    out = ok(g, ("sink", "hand"))
    assert out.find("round") == {"first": 1} and g.actor == 1
    ok(g, ("sink", "market"))
    assert g.market == 3 and g.actor == 2
    refused(g, ("sink", "deck"), "HX-4")
    refused(g, ("action", "dance"), "HX-4")
    ok(g, ("action", "companion"))


def test_hx_4_attack_a_player_only_from_where_your_turn_began():
    """HX-4 (decision): "un autre joueur qui débute son tour sur la même case": a player who
    moved onto another player's space this turn may attack them there only next turn; the
    one who began the turn there may attack at once."""
    g = playing(n=2, first=0)
    ok(g, ("move", "C4"))                      # red walks onto C4 ...
    ok(g, ("move", "C4"))                      # ... and blue follows
    assert ("attack", 1) not in [c[1] for c in g.legal_inputs().choices]
    r = refused(g, ("attack", 1), "HX-4")      # red came to C4 this turn
    assert "came to C4 this turn" in r.message
    ok(g, ("pass",))
    ok(g, ("pass",))
    ok(g, ("monsters_left", 0))                # turn 2: blue holds the marker, both began on C4
    assert g.actor == 1 and ("attack", 0) in [c[1] for c in g.legal_inputs().choices]
    out = ok(g, ("attack", 0))
    assert out.find("fight")["rule"] == "HX-9"


def test_hx_4_moving_with_two_treasures_costs_two_cards():
    """HX-4: a move plays 1 card, or 2 while carrying 2 treasures; at most 2 carried."""
    g = playing(n=2)
    out = ok(g, ("move", "mine"))
    assert out.find("move")["cards"] == 1
    ok(g, ("pass",))
    ok(g, ("take",))
    ok(g, ("pass",))
    refused(g, ("take",), "HX-14")          # the mine gives one only to the empty-handed
    ok(g, ("move", "B2"))
    ok(g, ("pass",))
    ok(g, ("drop",))
    ok(g, ("pass",))
    g.players[0]["carried"] = 1             # a second treasure lying here as well
    g.lying["B2"] = 1
    ok(g, ("take",))
    assert g.players[0]["carried"] == 2
    ok(g, ("pass",))
    out = ok(g, ("move", "B3"))
    assert out.find("move")["cards"] == 2
    ok(g, ("pass",))
    refused(g, ("move", "B3"), "HX-4")


def test_hx_5_turn_ends_when_all_pass_monsters_placed_marker_moves():
    """HX-5: all pass in one round: the turn ends; market monsters are placed one per
    player from the First Player; the First Player marker moves on."""
    g = playing(n=2, first=0)
    ok(g, ("pass",))
    ok(g, ("buy",))                        # P2 acted: a new round follows
    assert g.phase == "play" and g.actor == 0
    ok(g, ("pass",))
    out = ok(g, ("pass",))
    assert out.find("turn_end")["rule"] == "HX-5" and g.phase == "monsters_left"
    refused(g, ("monsters_left", 5), "HX-5")
    out = ok(g, ("monsters_left", 3))
    assert out.find("market_monsters")["placers"] == [0, 1, 0]
    assert g.legal_inputs().actor == 0
    ok(g, ("place", "ogre", "M1", "mountain", None))
    ok(g, ("place", "ogre", "C2", "plain", "M1"))
    out = ok(g, ("no_space", "ogre"))
    assert out.find("first_player") == {"player": 1, "rule": "HX-5"}
    assert out.find("market")["revealed"] == 4 and g.first == 1


def test_hx_6_game_ends_when_pile_cannot_refill():
    """HX-6: the game ends at once when the pile cannot refill the market to 5; the
    winner is the next game's First Player."""
    g = playing(n=2)
    while g.phase != "over":
        if g.phase == "events":
            out = ok(g, ("events", 0))
        elif g.phase == "monsters_left":
            out = ok(g, ("monsters_left", 0))
        elif g.actor == 0 and g.market == 5:
            out = ok(g, ("buy",))
        else:
            out = ok(g, ("pass",))
    assert out.find("pile_short") == {"pile": 0, "need": 1, "rule": "HX-6"}
    assert out.find("winner")["rule"] == "HX-6"
    refused(g, ("pass",), "HX-6")


def test_hx_7_player_strength_is_one_plus_companions():
    """HX-7: 1 + every Companion the two fighters play; others cannot play Companions."""
    g = playing(n=3)
    for p in (0, 1):
        stand(g, p, "D4")
    ok(g, ("attack", 1))
    ok(g, ("card", 0, "c1", companion(2, "Archer")))
    ok(g, ("card", 0, "c2", companion(1, "Scout")))
    refused(g, ("card", 0, "c2", companion(1, "Scout")), "HX-7")
    refused(g, ("card", 2, "c3", companion(3)), "HX-7")
    refused(g, ("card", 1, "c4", companion(None, "Companion")), "HX-7")
    ok(g, ("card", 1, "c5", companion(1, "Guard")))
    mine, theirs = g.strengths()
    assert str(mine) == "1 base +2 Archer +1 Scout = 4"
    assert str(theirs) == "1 base +1 Guard = 2"
    assert g.legal_inputs().prompt == "4 vs 2"


def test_hx_8_monster_strength_value_reinforcements_skulls():
    """HX-8: value + value x same-type cards from the other players + 1 per skull."""
    g = playing(n=3)
    troll_on(g, "M1")                         # P1 plays a Troll card
    g.monsters["M1"]["skulls"] = 2
    stand(g, 1, "M1")
    ok(g, ("attack", "monster"))
    refused(g, ("card", 1, "t1", monster_card("troll")), "HX-8")   # not the fighter
    refused(g, ("card", 0, "o1", monster_card("ogre")), "HX-8")
    ok(g, ("card", 0, "t2", monster_card("troll")))
    ok(g, ("card", 2, "t3", monster_card("troll")))
    _, monster = g.strengths()
    assert str(monster) == "3 Troll +6 reinforcement +2 skulls = 11"


def test_hx_9_stronger_player_takes_a_skull_loser_goes_home():
    """HX-9: the stronger fighter gains a skull; the weaker goes home leaving treasure."""
    g = playing(n=2)
    for p in (0, 1):
        stand(g, p, "D4")
    g.players[1]["carried"] = 2
    refused(g, ("attack", 0), "HX-9")
    ok(g, ("attack", 1))
    ok(g, ("card", 0, "c1", companion(2)))
    out = ok(g, ("fight",))
    assert out.find("fight_result")["winner"] == 0
    assert g.players[0]["skulls"] == 1
    assert g.players[1]["at"] == village(1) and g.players[1]["carried"] == 0
    assert g.lying == {"D4": 2}


def test_hx_9_tie_fails_and_nothing_changes():
    """HX-9 Decision: on a tie the attack fails and nothing changes."""
    assert decisions.PLAYER_TIE_FAILS is True
    g = playing(n=2)
    for p in (0, 1):
        stand(g, p, "D4")
    ok(g, ("attack", 1))
    out = ok(g, ("fight",))
    assert out.find("fight_result")["winner"] is None
    assert g.players[0]["skulls"] == 0 and g.players[1]["at"] == "D4"
    assert g.actor == 1


def test_hx_10_player_attacks_monster():
    """HX-10: a stronger player takes the monster and its skulls and stays (turn over);
    a tie or less sends the player home and adds a skull to the monster."""
    g = playing(n=2)
    ok(g, ("place", "goblin", "M2", "mountain", None))
    stand(g, 1, "M2")
    g.players[1]["carried"] = 1
    ok(g, ("attack", "monster"))
    out = ok(g, ("fight",))                   # 1 vs 1: strictly stronger needed
    assert out.find("fight_result")["winner"] == "monster"
    assert g.monsters["M2"]["skulls"] == 1 and g.players[1]["at"] == village(1)
    assert g.lying == {"M2": 1}
    stand(g, 0, "M2")
    ok(g, ("attack", "monster"))
    ok(g, ("card", 0, "c", companion(2)))
    out = ok(g, ("fight",))                   # 3 vs 1 goblin + 1 skull
    assert out.find("monster_killed") == {"player": 0, "type": "goblin", "skulls": 1}
    assert g.players[0]["killed"]["goblin"] == 1 and g.players[0]["skulls"] == 1
    assert "M2" not in g.monsters and g.players[0]["done"] is True
    assert g.actor == 1                       # P1 home: no fight there
    refused(g, ("attack", "monster"), "HX-14")
    out = ok(g, ("pass",))                    # P1 passes, P1 is done: turn over
    assert out.find("turn_end") is not None


def test_hx_11_monster_attacks_the_player_who_leaves():
    """HX-11: leaving a monster's space starts a fight; a winner completes the move."""
    g = playing(n=2)
    troll_on(g, "M1")
    stand(g, 1, "M1")
    out = ok(g, ("move", "M9"))
    assert out.find("monster_attacks")["rule"] == "HX-11" and g.phase == "fight"
    refused(g, ("pass",), "HX-4")
    ok(g, ("card", 1, "c", companion(3)))
    out = ok(g, ("fight",))                    # 4 vs 3
    assert out.find("fight_result")["winner"] == 1
    assert g.players[1]["at"] == "M9" and g.players[1]["killed"]["troll"] == 1
    g2 = playing(n=2)
    troll_on(g2, "M1")
    stand(g2, 1, "M1")
    g2.players[1]["carried"] = 1
    ok(g2, ("move", "M9"))
    ok(g2, ("fight",))
    assert g2.players[1]["at"] == village(1) and g2.monsters["M1"]["skulls"] == 1
    assert g2.lying == {"M1": 1}


def test_hx_12_buying_peace():
    """HX-12: pay the monster's strength (reinforcements included) to move on; too little
    and the player stays put."""
    g = playing(n=3)
    troll_on(g, "M1")
    stand(g, 1, "M1")
    ok(g, ("move", "M5"))
    ok(g, ("card", 2, "t", monster_card("troll")))
    refused(g, ("peace", -1), "HX-12")
    out = ok(g, ("peace", 5))                  # costs 6
    assert out.find("peace")["paid"] is False and g.players[1]["at"] == "M1"
    assert out.find("peace")["price"] == "3 Troll +3 reinforcement = 6"
    ok(g, ("pass",))
    ok(g, ("pass",))
    ok(g, ("move", "M5"))
    out = ok(g, ("peace", 3))
    assert out.find("peace")["paid"] is True and g.players[1]["at"] == "M5"
    assert g.monsters["M1"]["skulls"] == 0
    refused(g, ("peace", 3), "HX-12")


def test_hx_13_monster_placement_refusals():
    """HX-13: one monster a space; none on villages or the mine; the first of a type on a
    free mountain; later ones next to the same type; no two mountains per type."""
    g = playing(n=2)
    refused(g, ("place", "dragon", "M1", "mountain", None), "HX-13")
    refused(g, ("place", "troll", "C1", "plain", None), "HX-13")
    refused(g, ("place", "troll", "village2", "plain", None), "HX-13")
    refused(g, ("place", "troll", "mine", "mountain", None), "HX-13")
    refused(g, ("place", "troll", "X", "village", None), "HX-13")
    refused(g, ("no_space", "troll"), "HX-13")
    ok(g, ("place", "troll", "M1", "mountain", None))
    refused(g, ("place", "ogre", "M1", "mountain", None), "HX-13")
    refused(g, ("place", "troll", "M2", "mountain", "M1"), "HX-13")
    refused(g, ("place", "troll", "C1", "plain", None), "HX-13")
    ok(g, ("place", "troll", "C1", "plain", "M1"))
    refused(g, ("place", "ogre", "C2", "plain", "M1"), "HX-13")
    ok(g, ("place", "ogre", "M2", "mountain", None))
    assert sorted(g.monsters) == ["C1", "M1", "M2"]


def test_hx_14_villages_and_the_mine():
    """HX-14: take one treasure at the mine only without treasure; deposit one per action
    at your own village; no fights on these spaces."""
    g = playing(n=2)
    refused(g, ("take",), "HX-14")
    refused(g, ("deposit",), "HX-14")
    ok(g, ("move", "mine"))                   # red
    ok(g, ("move", "mine"))                   # blue
    refused(g, ("attack", 1), "HX-14")
    ok(g, ("take",))                          # red
    ok(g, ("take",))                          # blue
    refused(g, ("take",), "HX-14")            # red already carries one
    refused(g, ("deposit",), "HX-14")         # not at home
    ok(g, ("move", "village"))                # red
    ok(g, ("pass",))                          # blue
    refused(g, ("drop",), "HX-14")            # red is home: deposit instead
    out = ok(g, ("deposit",))
    assert out.find("deposit") == {"player": 0, "reserve": 1, "carried": 0}
    ok(g, ("pass",))
    refused(g, ("deposit",), "HX-14")         # nothing left to deposit
    refused(g, ("attack", "monster"), "HX-14")


def test_hx_whole_game_scripted_with_fights_undo_and_replay():
    """HX-1..HX-14: a whole 2-player game with treasures, a monster and a final score."""
    g = HexoGame(players=["red", "blue"])
    ok(g, ("start", 0))
    ok(g, ("events", 1))
    ok(g, ("place", "ogre", "M1", "mountain", None))     # red plays an Ogre card
    ok(g, ("move", "mine"))                               # blue
    ok(g, ("move", "mine"))                               # red
    ok(g, ("take",))                                      # blue takes a treasure
    ok(g, ("take",))
    before = state(g)
    ok(g, ("move", "M1"))                                 # blue walks onto the Ogre
    assert g.undo() == ("move", "M1")
    assert state(g) == before
    ok(g, ("move", "M1"))
    ok(g, ("move", "B1"))                                 # red
    ok(g, ("move", "B2"))                                 # blue leaves: the Ogre attacks
    ok(g, ("card", 1, "k", companion(2)))
    out = ok(g, ("fight",))
    assert out.find("monster_killed")["type"] == "ogre"
    ok(g, ("move", "village"))                            # red home
    ok(g, ("move", "village"))                            # blue home
    ok(g, ("deposit",))
    ok(g, ("deposit",))
    while g.phase != "over":
        if g.phase == "events":
            out = ok(g, ("events", 0))
        elif g.phase == "monsters_left":
            out = ok(g, ("monsters_left", 0))
        elif g.market == 5:
            out = ok(g, ("buy",))
        else:
            out = ok(g, ("pass",))
    scores = out.find("scores")["scores"]
    assert scores[0] == "1 treasure × 10 = 10"
    assert scores[1] == "1 treasure × 10 +1 Ogre × 2 = 12"
    assert g.winners == [1] and g.next_first == 1
    again = HexoGame(players=["red", "blue"])
    again.replay(list(g.inputs))
    assert state(again) == state(g)


def test_hx_final_tie_is_shared():
    """HX-1 Decision: equal top scores share the win; the next First Player is the tied
    player first clockwise from the current First Player."""
    g = playing(n=3, first=2)
    g.players[0]["reserve"] = 1
    g.players[2]["reserve"] = 1
    g.pile = 0
    g.market = 4
    ok(g, ("pass",))
    ok(g, ("pass",))
    ok(g, ("pass",))
    out = ok(g, ("monsters_left", 0))
    assert out.find("winner") == {"players": [0, 2], "next_first": 0, "rule": "HX-6"}


def test_hx_4_menu_offers_the_spaces_the_referee_knows():
    """HX-4: the action menu offers moves to the mine, monster spaces and spaces with
    treasure, besides buying, passing and going home."""
    g = playing(n=2)
    troll_on(g, "M1")
    g.lying["B7"] = 1
    stand(g, 1, "C3")                 # the next to act stands away from home
    labels = [label for label, _ in g.legal_inputs().choices]
    assert "to lost mine" in labels and "to M1" in labels and "to B7" in labels
    assert "pass" in labels and "buy" in labels and "go home" in labels
    for _, inp in g.legal_inputs().choices:
        assert inp[0] in ("pass", "buy", "move", "take", "deposit", "attack")


def test_hx_7_hx_8_a_pressed_button_says_whose_cards_are_tapped():
    """HX-7, HX-8: in a fight a player's button makes the next tapped Companion theirs
    (an input of its own, so a referee rebuilt from the journal knows it); a monster card
    is a reinforcement from a player other than the one fighting it; a new fight forgets
    who pressed."""
    g = playing(n=3)
    for p in (0, 1):
        stand(g, p, "D4")
    refused(g, ("tapping", 1), "HX-7")              # no fight yet
    assert g.input_for(("button", 1, "press")) == "Choose on the referee: OK opens the menu"
    ok(g, ("attack", 1))
    c = companion(2)
    assert g.input_for(("tap", "c1", c)) == ("card", 0, "c1", c)   # nobody pressed
    assert g.input_for(("button", 1, "press")) == ("tapping", 1)
    ok(g, ("tapping", 1))
    assert g.view()["fight"]["tapping"] == 1
    assert g.input_for(("tap", "c1", c)) == ("card", 1, "c1", c)
    out = ok(g, ("card", 1, "c1", c))
    assert out.find("support") == {"player": 1, "strength": 2}
    result = ok(g, ("fight",)).find("fight_result")
    assert result["winner"] == 1 and result["loser"] == 0 and result["values"] == [1, 3]


def test_hx_13_a_tapped_monster_card_is_placed_by_the_rule():
    """HX-13: the first of a type goes on a free mountain named after it, the next one
    next to the latest of its type."""
    g = playing(n=2)
    troll = monster_card("troll")
    assert g.placement(troll) == ("place", "troll", "Troll 1", "mountain", None)
    ok(g, g.placement(troll))
    assert g.placement(troll) == ("place", "troll", "Troll 2", "plain", "Troll 1")
