"""Hexo's cards kept by the referee (RULES.md §4, HX-15, with HX-2..HX-5, HX-7, HX-8, HX-12): hands of 5,
each player's own pile and discard, the money cards paid, actions that name their player,
the pass with an empty hand, the hands discarded at the end of the turn."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import ok, refused, state

from shared_rules.games.hexo.engine import ACTIONS, HexoGame


def companion(strength):
    return {"id": "hx/test", "game": "hx", "kind": "companion", "name": "Archer",
            "strength": strength}


def dealt(n=2, first=0):
    g = HexoGame(players=["red", "blue", "green", "white", "black", "gold"][:n])
    ok(g, ("start", first, "cards"))
    ok(g, ("events", 0))
    return g


def cards(g, p):
    pl = g.players[p]
    return pl["hand"], pl["deck"], pl["discard"]


def menu(g):
    legal = g.legal_inputs()
    return [inp for _label, inp in legal.choices + legal.records]


def test_hx_2_hx_3_the_starting_deck_is_the_discard_and_hands_of_five_are_drawn():
    """HX-15 / HX-2: "5 Bronzes, 1 Gobelin et 1 Compagnon qui constitueront sa défausse
    personnelle"; HX-3: each shuffles the discard under their pile and draws 5."""
    g = HexoGame(players=["red", "blue"])
    assert ("start", 0, "cards") in [inp for _l, inp in g.legal_inputs().choices]
    out = ok(g, ("start", 0, "cards"))
    assert out.find("setup")["cards"] is True
    assert out.find("draw") == {"hands": [5, 5], "rule": "HX-3"}
    assert cards(g, 0) == (5, 2, 0) and cards(g, 1) == (5, 2, 0)
    refused(g, ("start", 0, "hands"), "HX-2")       # the game has started
    other = HexoGame(players=2)
    refused(other, ("start", 0, "hands"), "INPUT")


def test_hx_4_an_action_names_its_player_and_the_wrong_players_is_refused():
    """HX-15 / HX-4: "À tour de rôle [...] chaque joueur pourra exécuter une action": an action
    by a player whose action it is not, or naming nobody, is refused and changes nothing."""
    g = dealt(n=3, first=1)
    r = refused(g, ("buy", 0, 1), "HX-4")
    assert r.message == "it is blue's action" and r.instead == "blue chooses an action or passes"
    refused(g, ("pass",), "HX-4")
    refused(g, ("move", "C4"), "HX-4")
    ok(g, ("move", 1, "C4"))
    assert g.actor == 2 and cards(g, 1) == (4, 2, 1)
    assert ("pass", 2) in menu(g) and ("pass", 1) not in menu(g)


def test_hx_4_a_purchase_pays_money_cards_and_the_card_goes_to_the_discard():
    """HX-15 / HX-4: "Acheter une carte du marché en défaussant les cartes argents [...] La carte
    ainsi achetée est placée dans votre défausse": the money cards paid and the bought card
    go to the discard; a purchase the hand cannot pay is refused."""
    g = dealt()
    assert g.said(("buy", 0, 3)) == "buy, 3 cards"
    labels = [label for label, inp in g.legal_inputs().choices if inp[0] == "buy"]
    assert labels == ["buy, 1 card", "buy, 2 cards", "buy, 3 cards",
                      "buy, 4 cards", "buy, 5 cards"]
    refused(g, ("buy", 0, 6), "HX-15")
    refused(g, ("buy", 0, 0), "HX-15")
    refused(g, ("buy", 0), "HX-15")
    out = ok(g, ("buy", 0, 3))
    assert out.find("buy")["market"] == 4
    assert cards(g, 0) == (2, 2, 4)


def test_hx_4_what_each_action_plays_from_the_hand():
    """HX-15 / HX-4: a move plays 1 card (2 carrying 2 treasures), a sink plays a Goblin and the
    sunk card leaves the game ("immédiatement retiré du jeu"), a burst removes the
    Companion ("en écartant celle-ci"), the other actions play one card, a pass none."""
    g = dealt()
    ok(g, ("move", 0, "mine"))
    ok(g, ("sink", 1, "hand"))
    assert cards(g, 0) == (4, 2, 1) and cards(g, 1) == (3, 2, 1)
    ok(g, ("take", 0))
    ok(g, ("action", 1, "burst"))
    assert cards(g, 0) == (3, 2, 2) and cards(g, 1) == (2, 2, 1)
    ok(g, ("pass", 0))
    ok(g, ("sink", 1, "market"))
    assert cards(g, 1) == (1, 2, 2) and g.market == 4
    g.players[0]["carried"] = 2
    ok(g, ("move", 0, "C4"))                      # carrying 2: two cards
    assert cards(g, 0) == (1, 2, 4)


def test_hx_4_an_empty_hand_can_only_pass():
    """HX-15 / HX-4: "Passer en ne jouant aucune carte ou en agitant ses mains pour montrer aux
    autres que sa main est vide": with no card in hand the menu offers only the pass and
    any other action is refused, saying to pass."""
    g = dealt()
    ok(g, ("buy", 0, 5))
    ok(g, ("pass", 1))
    assert [inp for inp in menu(g) if inp[0] in ACTIONS] == [("pass", 0)]
    r = refused(g, ("move", 0, "mine"), "HX-15")
    assert r.message == "red has 0 cards in hand" and r.instead == "pass"
    g.players[1]["hand"] = 1
    ok(g, ("pass", 0))
    g.players[1]["carried"] = 2
    r = refused(g, ("move", 1, "C4"), "HX-15")          # a move carrying 2 needs 2 cards
    assert r.instead == "choose an action the hand pays"
    assert ("move", 1, "mine") not in menu(g)


def test_hx_5_unplayed_cards_are_discarded_and_the_next_hand_is_drawn():
    """HX-15 / HX-5: "Les cartes en main qui n'ont pas été jouées sont immédiatement défaussées";
    HX-3: the next turn shuffles the discard under the pile and draws 5. No card appears
    or disappears but those bought and sunk."""
    g = dealt()
    ok(g, ("buy", 0, 2))                           # red: 3 left, discard 3
    ok(g, ("pass", 1))
    ok(g, ("pass", 0))
    out = ok(g, ("pass", 1))
    assert out.find("hands_discarded") == {"cards": [3, 5], "rule": "HX-5"}
    assert cards(g, 0) == (0, 2, 6) and cards(g, 1) == (0, 2, 5)
    out = ok(g, ("monsters_left", 0))
    assert out.find("draw") == {"hands": [5, 5], "rule": "HX-3"}
    assert cards(g, 0) == (5, 3, 0) and cards(g, 1) == (5, 2, 0)
    assert sum(cards(g, 0)) == 8 and sum(cards(g, 1)) == 7


def test_hx_7_hx_8_fight_cards_come_from_the_hands_and_are_discarded():
    """HX-15 / HX-7 / HX-8: Companions in support and monster cards in reinforcement are
    "immédiatement défaussées"; a player with no card in hand has none to play."""
    g = dealt()
    ok(g, ("place", 0, "troll", "M1", "mountain", None))
    assert cards(g, 0) == (4, 2, 1)
    ok(g, ("move", 1, "M1"))
    ok(g, ("pass", 0))
    ok(g, ("attack", 1, "monster"))
    assert cards(g, 1) == (3, 2, 2)
    ok(g, ("card", 1, "c1", companion(2)))
    assert cards(g, 1) == (2, 2, 3)
    g.players[0]["hand"] = 0
    troll = {"id": "hx/troll", "kind": "monster", "monster": "troll", "name": "Troll"}
    refused(g, ("card", 0, "t1", troll), "HX-7")
    g.players[0]["hand"] = 4
    ok(g, ("card", 0, "t1", troll))
    assert cards(g, 0) == (3, 2, 2)


def test_hx_12_peace_is_paid_with_money_cards_that_go_to_the_discard():
    """HX-15 / HX-12: "L'argent dépensé est immédiatement défaussé": the peace names the money
    cards paid; the menu offers what the hand holds; a failed peace pays nothing."""
    g = dealt()
    ok(g, ("place", 0, "goblin", "M1", "mountain", None))
    ok(g, ("move", 1, "M1"))
    ok(g, ("pass", 0))
    out = ok(g, ("move", 1, "C4"))
    assert out.find("monster_attacks") and cards(g, 1) == (3, 2, 2)
    choices = [inp for _l, inp in g.legal_inputs().choices]
    assert choices == [("fight",), ("peace", 1, 1), ("peace", 1, 2), ("peace", 1, 3)]
    before = state(g)
    refused(g, ("peace", 1), "HX-12")
    refused(g, ("peace", 1, 4), "HX-12")
    assert state(g) == before
    ok(g, ("peace", 0, 2))                         # not enough: stays, pays nothing
    assert cards(g, 1) == (3, 2, 2) and g.players[1]["at"] == "M1"
    ok(g, ("pass", 0))
    ok(g, ("move", 1, "C4"))
    ok(g, ("peace", 1, 1))
    assert cards(g, 1) == (1, 2, 4) and g.players[1]["at"] == "C4"


def test_hx_4_a_journal_that_left_the_cards_to_the_table_still_folds():
    """HX-15 / HX-4: a game started ``("start", first)`` (journals kept before the referee counted
    the cards) takes the actions without their player and counts no hand."""
    g = HexoGame(players=2)
    ok(g, ("start", 0))
    ok(g, ("events", 0))
    for _ in range(5):
        ok(g, ("buy",))                            # no hand counted, no player named
    assert g.players[0]["hand"] == 0 and g.view()["cards_kept"] is False
    again = HexoGame(players=2)
    again.replay(list(g.inputs))
    assert state(again) == state(g)


def test_hx_14_an_event_naming_a_village_or_the_lost_mine_is_cancelled():
    """HX-14: "Aucun évènement s'appliquant à une case spécifique ne pourra avoir lieu sur
    ces cases. Si le cas survient alors l'évènement est automatiquement annulé": the table
    says which space an event names; on a village or the lost mine the referee says it is
    cancelled, elsewhere it applies. Saying it is no action: the same player acts next."""
    g = dealt()
    assert ("event_on", "mine") in menu(g) and ("event_on", "village") in menu(g)
    out = ok(g, ("event_on", "village2"))
    assert out.find("space_event") == {"space": "village2", "cancelled": True, "rule": "HX-14"}
    assert ok(g, ("event_on", "mine")).find("space_event")["cancelled"] is True
    assert ok(g, ("event_on", "C4")).find("space_event")["cancelled"] is False
    assert g.actor == 0 and g.players[0]["hand"] == 5
    refused(g, ("event_on", ""), "INPUT")
    ok(g, ("pass", 0))
    ok(g, ("pass", 1))
    refused(g, ("event_on", "mine"), "HX-14")         # the turn is over
