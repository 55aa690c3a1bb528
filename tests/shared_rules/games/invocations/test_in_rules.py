"""Invocations with the referee as Master (RULES.md §5): one test per rule ID, whole games."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import ok, refused, state

from shared_rules.games.invocations import decisions
from shared_rules.games.invocations.engine import InvocationsGame, supreme


def card(attack, defense=1, name=None):
    return {"name": name or "A%d/D%d" % (attack, defense), "attack": attack,
            "defense": defense}


def started(n=2, deck=32, hand=4, timers=True, series=None):
    names = ["red", "blue", "green", "white", "black", "gold"][:n]
    g = InvocationsGame(players=names, deck=deck, hand=hand, timers=timers, series=series)
    ok(g, ("start",))
    return g


def attacks_down(g, players=None):
    for p in players if players is not None else g.in_round():
        ok(g, ("place", p, "attack"))


def reveal_all(g, values, defenses=None):
    """Reveal Attack cards with the given values (dict player -> attack)."""
    for p in sorted(values):
        d = defenses[p] if defenses else 1
        ok(g, ("reveal", p, "tag%d" % p, card(values[p], d)))


def test_in_1_two_to_six_players_and_deck_size():
    """IN-1: 2..6 players, a deck of 32..68 cards suggested; the referee is the Master."""
    g = InvocationsGame()
    ok(g, ("player", "red"))
    refused(g, ("start",), "IN-1")
    refused(g, ("player", "red"), "IN-1")
    for name in ("blue", "green", "white", "black", "gold"):
        ok(g, ("player", name))
    refused(g, ("player", "pink"), "IN-1")
    refused(g, ("deck", 0), "IN-1")
    refused(g, ("confirm_deck",), "IN-1")       # nothing waits for the Master
    ok(g, ("deck", 68))
    assert g.legal_inputs().expect == "setup"
    out = ok(g, ("start",))
    assert out.find("deal")["cards"] == [5] * 6
    assert g.deck == 68 - 30
    refused(g, ("player", "late"), "IN-1")
    refused(g, ("deck", 40), "IN-1")


def test_in_1_a_deck_outside_32_to_68_is_confirmed_by_the_master_not_refused():
    """IN-1 (decision): "Se puede agrandar o achicar el mazo": a deck of 31 or 69 cards is
    taken, the referee says it is outside the suggested sizes and the game starts only once
    the Master confirms it; changing back to a suggested size needs no confirmation."""
    g = InvocationsGame(players=["red", "blue"])
    out = ok(g, ("deck", 69))
    assert out.find("deck") == {"cards": 69, "confirm": True}
    legal = g.legal_inputs()
    assert legal.expect == "confirm_deck" and legal.prompt == "Master: confirm deck 69"
    assert ("confirm_deck",) in [c[1] for c in legal.choices]
    assert ("start",) not in [c[1] for c in legal.choices]
    r = refused(g, ("start",), "IN-1")
    assert "outside the suggested 32 to 68" in r.message and "Master confirms" in r.instead
    out = ok(g, ("confirm_deck",))
    assert out.find("deck_confirmed") == {"cards": 69, "rule": "IN-1"}
    out = ok(g, ("start",))
    assert g.deck == 69 - 10
    small = InvocationsGame(players=["red", "blue"], deck=20)
    refused(small, ("start",), "IN-1")
    ok(small, ("deck", 31))
    refused(small, ("start",), "IN-1")
    ok(small, ("deck", 32))                        # a suggested size: nothing to confirm
    ok(small, ("start",))
    assert small.deck == 32 - 10


def test_in_2_hand_size_four_to_six():
    """IN-2: the Master deals each hand up to 4..6 cards."""
    g = InvocationsGame(players=["red", "blue", "green"])
    refused(g, ("hand", 3), "IN-2")
    refused(g, ("hand", 7), "IN-2")
    ok(g, ("hand", 6))
    out = ok(g, ("start",))
    assert out.find("deal")["cards"] == [6, 6, 6] and g.deck == 32 - 18


def test_in_2_short_deck_gives_everyone_at_least_one():
    """IN-2: a deck that cannot fill the hands still gives each player one card first."""
    g = started(n=6, deck=32, hand=5)          # 30 dealt, 2 left
    assert g.deck == 2
    attacks_down(g)
    reveal_all(g, {0: 9, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1})
    out = ok(g, ("judge",))
    deal = out.find("deal")
    assert deal["cards"] == [1, 1, 0, 0, 0, 0] and g.deck == 0
    assert g.phase == "stage2"


def test_in_2_empty_deck_and_empty_hand_ends_the_game():
    """IN-2: if the deck runs out and a player has no card in hand, the game ends."""
    g = started(n=2, deck=32, hand=4)
    g.deck = 1                                 # a nearly spent deck (set-up shortcut)
    g.players[1]["hand"] = 0
    g.players[1]["spells"] = 1
    ok(g, ("place", 0, "attack"))
    ok(g, ("spell_attack", 1))
    reveal_all(g, {0: 3, 1: 2})
    out = ok(g, ("judge",))
    assert out.find("end")["rule"] == "IN-2"
    assert g.phase == "over"


def test_in_3_one_attack_card_and_stage_3_when_all_are_down():
    """IN-3: cards go face down; Stage 3 starts once every player has an Attack card."""
    g = started()
    refused(g, ("place", 0, "hand"), "IN-3")
    ok(g, ("place", 0, "shield"))
    ok(g, ("place", 0, "spell"))
    ok(g, ("place", 0, "attack"))
    refused(g, ("place", 0, "attack"), "IN-3")
    assert g.phase == "stage2"
    refused(g, ("reveal", 0, "t", card(3)), "IN-3")
    out = ok(g, ("place", 1, "attack"))
    assert out.find("stage") == {"stage": 3} and g.phase == "stage3"
    assert g.players[0]["shields"] == 1 and g.players[0]["spells"] == 1
    assert g.players[0]["hand"] == 1


def test_in_3_effects_take_and_target_must_finish_first():
    """IN-3: effects discard their card; a targeted player does nothing else until the
    effect is done."""
    g = started(hand=5)
    out = ok(g, ("take", 0, 2, "hand"))
    assert out.find("take")["cards"] == 2 and g.players[0]["hand"] == 6 and g.deck == 20
    ok(g, ("place", 1, "spell"))
    ok(g, ("destroy", 0, 1, "spell", "hand"))
    assert g.players[1]["spells"] == 0 and g.players[0]["hand"] == 5
    refused(g, ("place", 1, "attack"), "IN-3")
    refused(g, ("take", 0, 1, "hand"), "IN-3")
    refused(g, ("destroy", 0, 1, "shield", "hand"), "IN-3")
    ok(g, ("handed", 1))
    out = ok(g, ("destroy", 0, 1, "shield", "hand"))   # nothing there: the card is lost
    assert out.find("effect_lost")["rule"] == "IN-3" and g.players[0]["hand"] == 4
    refused(g, ("destroy", 0, 0, "hand", "hand"), "IN-3")
    refused(g, ("take", 0, 0, "hand"), "IN-3")


def test_in_4_attack_timer_lets_the_master_force_a_spell():
    """IN-4: after 1 minute without an Attack card the Master may move a Spell to Attack."""
    g = started()
    ok(g, ("place", 1, "spell"))
    ok(g, ("place", 0, "attack"))
    refused(g, ("force", 1), "IN-4")
    ok(g, ("tick", 59000))
    assert g.view()["attack_left_ms"] == 1000
    refused(g, ("force", 1), "IN-4")
    out = ok(g, ("tick", 1000))
    assert out.find("attack_timeout") == {"players": [1], "rule": "IN-4"}
    assert ("force blue", ("force", 1)) in g.legal_inputs().choices
    out = ok(g, ("force", 1))
    assert out.find("spell_attack")["rule"] == "IN-4" and g.phase == "stage3"


def test_in_4_handover_timer_master_performs_the_effect():
    """IN-4: a player targeted by Steal has 15 seconds, then the Master does it."""
    g = started()
    out = ok(g, ("steal", 0, 1, "hand", "hand"))
    assert out.find("handover")["ms"] == decisions.HANDOVER_TIMER_MS
    assert g.players[0]["hand"] == 4 and g.players[1]["hand"] == 3
    assert g.legal_inputs().expect == "handover"
    ok(g, ("tick", 14999))
    assert g.handover is not None
    out = ok(g, ("tick", 1))
    assert out.find("master_performs")["player"] == 1 and g.handover is None
    ok(g, ("steal", 1, 0, "hand", "hand"))
    out = ok(g, ("timeout", "handover"))
    assert out.find("master_performs")["kind"] == "steal"
    refused(g, ("timeout", "handover"), "IN-4")


def test_in_4_timers_can_be_switched_off():
    """IN-4: with the timers off nothing runs out and no hand-over waits."""
    g = InvocationsGame(players=["red", "blue"])
    ok(g, ("timers", False))
    ok(g, ("start",))
    ok(g, ("place", 1, "spell"))
    ok(g, ("tick", 120000))
    refused(g, ("force", 1), "IN-4")
    refused(g, ("timeout", "attack"), "IN-4")
    ok(g, ("destroy", 0, 1, "spell", "hand"))
    assert g.handover is None and g.view()["attack_left_ms"] is None


def test_in_5_attack_from_spells_then_from_the_deck():
    """IN-5: no card in hand: the Attack comes from a Spell; no Spell: the Master gives one
    from the deck."""
    g = started(hand=4)
    for _ in range(3):
        ok(g, ("place", 0, "shield"))
    ok(g, ("place", 0, "spell"))
    refused(g, ("master_gives", 0), "IN-5")
    refused(g, ("place", 0, "attack"), "IN-5")
    ok(g, ("spell_attack", 0))
    for _ in range(4):
        ok(g, ("place", 1, "shield"))
    refused(g, ("spell_attack", 1), "IN-5")
    deck = g.deck
    out = ok(g, ("master_gives", 1))
    assert out.find("master_gives")["deck"] == deck - 1
    assert g.phase == "stage3"
    g2 = started()
    refused(g2, ("spell_attack", 0), "IN-5")   # no Spell at all


def test_in_6_reveal_by_tap_and_attack_effects():
    """IN-6: every Attack is revealed by tapping it; effects then come from the Attack or
    the Spells, not from the hand."""
    g = started()
    ok(g, ("place", 0, "spell"))
    attacks_down(g)
    refused(g, ("reveal", 0, "t", {"name": "blank", "attack": None, "defense": 2}), "IN-6")
    refused(g, ("take", 0, 1, "attack"), "IN-6")
    ok(g, ("reveal", 0, "t0", card(5)))
    refused(g, ("reveal", 0, "t0", card(5)), "IN-6")
    out = ok(g, ("reveal", 1, "t1", card(4)))
    assert g.phase == "effects" and out.find("stage")
    refused(g, ("take", 0, 1, "hand"), "IN-6")
    ok(g, ("take", 0, 1, "spell"))
    ok(g, ("take", 1, 1, "attack"))


def test_in_7_highest_attack_dominates_and_takes_all_attack_cards():
    """IN-7: the player beating the most players takes every Attack card as Victories."""
    g = started(n=3)
    attacks_down(g)
    reveal_all(g, {0: 3, 1: 8, 2: 5})
    out = ok(g, ("judge",))
    assert out.find("dominance")["beats"] == {0: 0, 1: 2, 2: 1}
    assert out.find("dominant") == {"player": 1, "cards": 3, "rule": "IN-7"}
    assert [c["attack"] for c in g.players[1]["victories"]] == [3, 8, 5]
    assert g.phase == "stage2" and g.round == 2


def test_in_7_an_effect_can_make_a_player_win():
    """IN-7: a recorded effect "A beats B" counts even against a higher Attack."""
    g = started(n=3)
    attacks_down(g)
    reveal_all(g, {0: 2, 1: 8, 2: 5})
    ok(g, ("beats", 0, 1))
    ok(g, ("beats", 0, 2))
    refused(g, ("beats", 1, 0), "IN-7")
    refused(g, ("beats", 0, 0), "IN-7")
    out = ok(g, ("judge",))
    assert out.find("dominant")["player"] == 0


def test_in_8_tie_broken_by_shield_defense():
    """IN-8: tied dominants reveal a Shield each; the higher Defense wins."""
    g = started()
    ok(g, ("place", 0, "shield"))
    ok(g, ("place", 1, "shield"))
    attacks_down(g)
    reveal_all(g, {0: 5, 1: 5})
    out = ok(g, ("judge",))
    assert out.find("shields")["players"] == [0, 1] and g.phase == "shields"
    refused(g, ("judge",), "IN-7")
    ok(g, ("shield", 0, "s0", card(1, 4)))
    refused(g, ("shield", 0, "s0", card(1, 4)), "IN-8")
    out = ok(g, ("shield", 1, "s1", card(1, 6)))
    assert out.find("dominant")["player"] == 1
    assert g.players[0]["shields"] == 0 and len(g.players[1]["victories"]) == 2


def test_in_8_no_winner_carries_the_prize_over():
    """IN-8: tied again and out of Shields: the Attack cards wait for the next dominant."""
    g = started()
    ok(g, ("place", 0, "shield"))
    ok(g, ("place", 1, "shield"))
    attacks_down(g)
    reveal_all(g, {0: 5, 1: 5})
    ok(g, ("judge",))
    ok(g, ("shield", 0, "s0", card(1, 3)))
    out = ok(g, ("shield", 1, "s1", card(1, 3)))
    assert out.find("no_winner") == {"rule": "IN-8", "prize": 2}
    assert g.view()["prize"] == 2
    attacks_down(g)
    reveal_all(g, {0: 9, 1: 2})
    out = ok(g, ("judge",))
    assert out.find("dominant")["cards"] == 4
    assert len(g.players[0]["victories"]) == 4 and g.prize == []


def test_in_9_revealed_cards_discarded_rest_stays_face_down():
    """IN-9: revealed Shields and used Spells are discarded; other cards stay down."""
    g = started(hand=5)
    ok(g, ("place", 0, "shield"))
    ok(g, ("place", 0, "shield"))
    ok(g, ("place", 0, "spell"))
    ok(g, ("place", 1, "shield"))
    attacks_down(g)
    reveal_all(g, {0: 4, 1: 4})
    ok(g, ("take", 0, 1, "spell"))
    ok(g, ("judge",))
    ok(g, ("shield", 0, "s", card(0, 5)))
    ok(g, ("shield", 1, "s", card(0, 2)))
    assert g.players[0]["shields"] == 1 and g.players[0]["spells"] == 0
    assert g.players[1]["shields"] == 0
    assert g.players[0]["attack"] is None and g.phase == "stage2"


def test_in_10_supreme_summoner_most_attack_points():
    """IN-10: at the end the most Attack in Victories is the Supreme Summoner."""
    assert supreme([card(5, 2), card(3, 4)]) == (8, 6)
    g = started(deck=32, hand=6)    # 12 dealt, 20 left: rounds of 2 cards
    values = [(6, 2), (2, 6)]
    turn = 0
    while g.phase != "over":
        attacks_down(g)
        a, b = values[turn % 2]
        ok(g, ("reveal", 0, "a", card(a, 1)))
        ok(g, ("reveal", 1, "b", card(b, 2 if turn == 0 else 1)))
        out = ok(g, ("judge",))
        turn += 1
    end = out.find("end")
    assert end["rule"] == "IN-9"
    assert out.find("winner")["rule"] == "IN-10"
    a = supreme(g.players[0]["victories"])[0]
    b = supreme(g.players[1]["victories"])[0]
    assert out.find("end")["scores"] == [a, b] and a > b
    assert g.winners == [0]


def test_in_10_equal_attack_points_defense_decides():
    """IN-10: equal Attack points: the higher Defense total of the Victories wins."""
    h = started()
    h.players[0]["victories"] = [card(7, 1)]
    h.players[1]["victories"] = []
    h.deck = 0   # the deck runs out at the next Stage 1 (set-up shortcut)
    attacks_down(h)
    reveal_all(h, {0: 2, 1: 5}, {0: 1, 1: 6})
    out = ok(h, ("judge",))                    # P2 takes 2 + 5 = 7 points, defense 7
    assert out.find("end")["scores"] == [7, 7]
    assert out.find("defense_tiebreak") == {"players": [1], "rule": "IN-10"}
    assert out.find("winner")["players"] == [1] and h.winners == [1]


def test_in_10_defense_decides_then_playoff_of_twelve():
    """IN-10: equal Attack points go to Defense; equal again: a 12-card play-off hand."""
    g = started()
    g.deck = 0   # the deck runs out at the next Stage 1 (set-up shortcut)
    attacks_down(g)
    reveal_all(g, {0: 5, 1: 5}, {0: 3, 1: 3})
    ok(g, ("beats", 0, 1))
    out = ok(g, ("judge",))
    # P1 won the only round: 10 Attack points, so the game ends with P1 Supreme.
    assert out.find("winner")["players"] == [0]
    h = started()
    h.players[0]["victories"] = [card(5, 1)]
    h.players[1]["victories"] = [card(5, 1)]
    h.deck = 0
    attacks_down(h)
    ok(h, ("reveal", 0, "x", card(2, 1)))
    ok(h, ("reveal", 1, "y", card(2, 1)))
    ok(h, ("beats", 0, 1))
    out = ok(h, ("judge",))
    assert out.find("end")["scores"] == [9, 5]
    assert h.winners == [0]
    k = started()
    k.players[0]["victories"] = [card(5, 2)]
    k.players[1]["victories"] = [card(5, 2)]
    k.deck = 0
    k.players[0]["shields"] = 0
    attacks_down(k)
    reveal_all(k, {0: 3, 1: 3})
    out = ok(k, ("judge",))     # tie, no Shield: no winner, prize kept; deck empty
    assert out.find("no_winner") is not None
    assert out.find("defense_tiebreak")["players"] == [0, 1]
    assert out.find("playoff") == {"players": [0, 1], "cards": decisions.PLAYOFF_HAND}
    assert k.players[0]["hand"] == 12 and k.phase == "stage2"
    attacks_down(k)
    reveal_all(k, {0: 1, 1: 7})
    out = ok(k, ("judge",))
    assert out.find("winner") == {"players": [1], "rule": "IN-10", "playoff": True}
    refused(k, ("judge",), "IN-10")


def test_in_11_series_score_to_fifty():
    """IN-11: games add up; the first to 50 points wins the series."""
    g = started(series=[45, 10])
    g.deck = 0
    attacks_down(g)
    reveal_all(g, {0: 3, 1: 2})
    out = ok(g, ("judge",))
    assert out.find("series") == {"totals": [50, 10], "winner": [0], "target": 50}
    bad = InvocationsGame(players=["a", "b"], series=[1, 2, 3])
    refused(bad, ("start",), "IN-11")


def test_in_12_blocked_player_sits_out_and_blocked_hand_draws_nothing():
    """IN-12: a blocked player sits out the round; a blocked hand draws no cards next
    round; a blocked Spell cannot be used."""
    g = started(n=3, hand=4)
    ok(g, ("block", 0, 2, "player", "hand"))
    refused(g, ("place", 2, "attack"), "IN-12")
    ok(g, ("block", 1, 0, "hand", "hand"))
    refused(g, ("place", 0, "spell"), "IN-12")
    refused(g, ("take", 0, 1, "hand"), "IN-12")
    g.players[0]["spells"] = 1        # a Spell left from an earlier round
    ok(g, ("block", 1, 0, "spell", "hand"))
    refused(g, ("take", 0, 1, "spell"), "IN-12")
    g.players[0]["hand_blocked"] = False   # the hand may place its Attack
    ok(g, ("block", 1, 0, "hand", "hand"))
    g.players[0]["hand_blocked"] = False
    ok(g, ("place", 0, "attack"))
    g.players[0]["hand_blocked"] = True
    out = ok(g, ("place", 1, "attack"))
    assert g.phase == "stage3" and out.find("stage")
    reveal_all(g, {0: 2, 1: 6})
    refused(g, ("reveal", 2, "z", card(9)), "IN-12")
    out = ok(g, ("judge",))
    assert out.find("dominance")["beats"] == {0: 0, 1: 1}
    deal = out.find("deal")["cards"]
    assert deal[0] == 0 and deal[1] > 0
    assert g.players[2]["blocked"] is False


def test_in_14_cancelled_effect_leaves_the_card_without_effect():
    """IN-14: cancelling an effect removes what it did; the card stays. A journal kept
    before the effects were numbered says ``("cancel", p)``: p's who-beats-whom effects,
    and it still folds the same way."""
    for cancel in (("cancel", 0, 0), ("cancel", 0)):
        g = started()
        attacks_down(g)
        reveal_all(g, {0: 2, 1: 8})
        ok(g, ("beats", 0, 1))
        refused(g, ("cancel", 1), "IN-14")
        refused(g, ("cancel", 1, 0), "IN-14")       # Red's effect, not Blue's
        out = ok(g, cancel)
        assert g.beats == [] and g.view()["recorded"] == []
        refused(g, cancel, "IN-14")                  # taken back once
        out = ok(g, ("judge",))
        assert out.find("dominant")["player"] == 1
        assert [c["attack"] for c in g.players[1]["victories"]] == [2, 8]


def test_in_whole_game_two_players_with_undo_and_replay():
    """IN-1..IN-10: a whole 2-player game from setup to the Supreme Summoner; undo and
    replay give the same state."""
    g = InvocationsGame()
    ok(g, ("player", "red"))
    ok(g, ("player", "blue"))
    ok(g, ("hand", 4))
    ok(g, ("start",))
    rnd = 0
    while g.phase != "over":
        ok(g, ("place", 0, "attack"))
        before = state(g)
        ok(g, ("place", 1, "attack"))
        assert g.undo() == ("place", 1, "attack")
        assert state(g) == before
        ok(g, ("place", 1, "attack"))
        ok(g, ("reveal", 0, "r%d" % rnd, card(3 + rnd % 3, 2)))
        ok(g, ("reveal", 1, "b%d" % rnd, card(4, 1)))
        ok(g, ("judge",))
        if g.phase == "shields":
            ok(g, ("shield", 0, "s", card(0, 1)))
        rnd += 1
        assert rnd < 50
    assert g.winners is not None and g.deck == 0
    again = InvocationsGame()
    again.replay(list(g.inputs))
    assert state(again) == state(g)
    assert g.legal_inputs().expect == "over"


def test_in_6_and_in_8_taps_read_cards_for_the_named_player():
    """IN-6 / IN-8: a tapped card is the Attack, then the Shield, of the player the
    screen names, in seat order."""
    g = started()
    ok(g, ("place", 0, "shield"))
    ok(g, ("place", 1, "shield"))
    refused(g, ("tap", "a", card(5)), "IN-6")
    attacks_down(g)
    assert g.legal_inputs().prompt == "red: tap Attack"
    ok(g, ("tap", "a", card(5)))
    assert g.legal_inputs().prompt == "blue: tap Attack"
    ok(g, ("tap", "b", card(5)))
    refused(g, ("tap", "c", card(1)), "IN-6")
    ok(g, ("judge",))
    assert g.legal_inputs().prompt == "red: tap a Shield"
    ok(g, ("tap", "s", card(0, 2)))
    out = ok(g, ("tap", "t", card(0, 3)))
    assert out.find("dominant")["player"] == 1


def test_in_12_in_5_a_blocked_hand_attacks_from_a_spell_or_the_masters_card():
    """IN-12 + IN-5 (decision): a hand blocked before its player placed an Attack cannot be
    used ("no podrá ser utilizada"), so IN-5 applies as to an empty hand: the Attack comes
    from a free Spell, else the Master gives a deck card; the blocked hand draws nothing
    next round. The referee's menu offers exactly that, and it is accepted."""
    g = started(n=2, hand=4, timers=False)
    ok(g, ("block", 0, 1, "hand", "hand"))
    r = refused(g, ("place", 1, "attack"), "IN-12")
    assert r.instead == "the Master gives a deck card"
    refused(g, ("spell_attack", 1), "IN-5")
    choices = [inp for _label, inp in g.legal_inputs().choices]
    assert ("master_gives", 1) in choices and ("place", 1, "attack") not in choices
    ok(g, ("place", 0, "attack"))
    out = ok(g, ("master_gives", 1))
    assert out.find("master_gives") == {"player": 1, "deck": 23}
    assert g.phase == "stage3"
    reveal_all(g, {0: 5, 1: 3})
    out = ok(g, ("judge",))
    assert out.find("deal")["cards"] == [2, 0]      # the blocked hand draws nothing
    # With a Spell on the board the blocked hand's Attack comes from it.
    g = started(n=2, hand=4, timers=False)
    ok(g, ("place", 1, "spell"))
    ok(g, ("block", 0, 1, "hand", "hand"))
    r = refused(g, ("place", 1, "attack"), "IN-12")
    assert r.instead == "take the Attack from a Spell"
    refused(g, ("master_gives", 1), "IN-5")
    assert ("spell_attack", 1) in [inp for _label, inp in g.legal_inputs().choices]
    ok(g, ("spell_attack", 1))
    assert g.players[1]["spells"] == 0 and g.players[1]["attack_down"]


def test_in_5_no_card_anywhere_and_no_deck_sits_out_the_round():
    """IN-5 (decision): a player left with no usable hand, no free Spell and an empty deck
    for the Master's card has no Attack: they sit out the rest of the round as a blocked
    player does (IN-12); the others play it out and the next Stage 1 ends the game (IN-9)."""
    g = InvocationsGame(players=["red", "blue"], deck=8, hand=4, timers=False)
    ok(g, ("confirm_deck",))
    ok(g, ("start",))
    assert g.deck == 0
    out = ok(g, ("block", 0, 1, "hand", "hand"))
    assert out.find("sits_out") == {"player": 1, "rule": "IN-5"}
    assert g.in_round() == [0] and g.view()["players"][1]["sits_out"]
    refused(g, ("master_gives", 1), "IN-5")
    ok(g, ("place", 0, "attack"))
    assert g.phase == "stage3"
    ok(g, ("reveal", 0, "t0", card(4)))
    out = ok(g, ("judge",))
    assert out.find("dominant") == {"player": 0, "cards": 1, "rule": "IN-7"}
    assert out.find("end")["rule"] == "IN-9" and g.winners == [0]


def test_in_3_an_effect_that_cannot_be_carried_out_costs_its_card():
    """IN-3: "Si alguno no puede hacerse, la carta se pierde": Destroy, Steal or Block with
    nothing to act on is accepted as a lost card: the card leaves its source, nothing else
    changes, the refill and the deck count follow, and a player whose last card it was
    takes the Attack the IN-5 way."""
    g = started(n=2, hand=5, timers=False)
    assert g.deck == 22
    out = ok(g, ("destroy", 0, 1, "spell", "hand"))
    assert out.find("effect_lost") == {"by": 0, "player": 1, "what": "spell",
                                       "effect": "destroy", "source": "hand", "rule": "IN-3"}
    assert out.find("destroy") is None and g.handover is None
    assert g.players[0]["hand"] == 4 and g.players[1]["hand"] == 5
    ok(g, ("steal", 1, 0, "shield", "hand"))            # no Shield to steal: lost too
    ok(g, ("block", 1, 0, "spell", "hand"))             # no Spell to block: lost too
    assert g.players[1]["hand"] == 3 and g.players[0]["spells_blocked"] == 0
    attacks_down(g)
    reveal_all(g, {0: 5, 1: 3})
    out = ok(g, ("judge",))
    assert out.find("deal")["cards"] == [2, 3] and g.deck == 17
    # The last card lost: the Attack comes from the Master (IN-5).
    g = InvocationsGame(players=["red", "blue"], deck=32, hand=4, timers=False)
    ok(g, ("start",))
    for _ in range(3):
        ok(g, ("place", 0, "shield"))
    ok(g, ("destroy", 0, 1, "spell", "hand"))
    assert g.players[0]["hand"] == 0
    assert ("master_gives", 0) in [inp for _label, inp in g.legal_inputs().choices]
    ok(g, ("master_gives", 0))


def menu(g):
    legal = g.legal_inputs()
    return [inp for _label, inp in legal.choices + legal.records]


def test_in_6_a_revealed_attack_cards_cost_is_paid_before_its_effect():
    """IN-6 (decision): "pagan sus Costos si los tuvieran": a Cost is paid one card at a
    time from the Spells or the Shields (the hand cannot be used in Stage 3); until it is
    paid the Attack card's effect cannot be used; its values count whatever happens."""
    g = started(timers=False)
    ok(g, ("place", 0, "spell"))
    ok(g, ("place", 0, "shield"))
    attacks_down(g)
    out = ok(g, ("reveal", 0, "t0", {"name": "Dragon", "attack": 9, "defense": 2, "cost": 2}))
    assert out.find("reveal")["cost"] == 2 and g.view()["players"][0]["cost_due"] == 2
    assert ("pay", 0, "spell") in menu(g) and ("pay", 0, "shield") in menu(g)
    ok(g, ("pay", 0, "spell"))
    ok(g, ("reveal", 1, "t1", card(3)))
    r = refused(g, ("block", 0, 1, "player", "attack"), "IN-6")
    assert r.instead == "pay the Cost first"
    refused(g, ("pay", 0, "spell"), "IN-12")           # no Spell left
    refused(g, ("pay", 1, "shield"), "IN-6")           # Blue owes nothing
    out = ok(g, ("pay", 0, "shield"))
    assert out.find("paid") == {"player": 0, "source": "shield", "due": 0, "rule": "IN-6"}
    assert g.players[0]["spells"] == 0 and g.players[0]["shields"] == 0
    refused(g, ("pay", 0, "shield"), "IN-6")
    ok(g, ("raise", 0, 0, 1, "attack"))                # the effect, now paid
    refused(g, ("raise", 0, 0, 1, "attack"), "IN-6")   # once
    assert ("raise", 0, 0, 1, "attack") not in menu(g)
    out = ok(g, ("judge",))
    assert out.find("dominant")["player"] == 0


def test_in_6_in_7_an_effect_raises_an_attack_after_the_reveal_and_changes_the_judging():
    """IN-6 / IN-7: an effect raising (or lowering) a revealed Attack changes who beats
    whom; in Stage 2 it does nothing and its card is lost (IN-3: "no tiene sentido usar
    efectos de aumento de Ataque")."""
    g = started(timers=False)
    out = ok(g, ("raise", 0, 0, 2, "hand"))
    assert out.find("effect_lost")["effect"] == "raise" and g.players[0]["hand"] == 3
    ok(g, ("place", 1, "spell"))
    attacks_down(g)
    reveal_all(g, {0: 5, 1: 6})
    out = ok(g, ("raise", 0, 0, 2, "attack"))
    assert out.find("raised") == {"by": 0, "player": 0, "amount": 2, "attack": 7,
                                  "rule": "IN-6"}
    assert ("raise", 1, 1, 1, "attack") in menu(g)
    ok(g, ("raise", 1, 0, -3, "spell"))
    assert g.players[1]["spells"] == 0 and g.view()["players"][0]["attack"] == 4
    out = ok(g, ("judge",))
    assert out.find("dominant")["player"] == 1


def test_in_7_a_revealed_attack_destroyed_goes_to_the_discard_and_loses():
    """IN-7 / IN-3 (decision): an Attack destroyed after the reveal goes to the discard
    pile: its player has no Attack for the judging, every Attack beats them, and the
    dominant does not win that card."""
    g = started(n=3, timers=False)
    attacks_down(g)
    reveal_all(g, {0: 2, 1: 8, 2: 5})
    assert ("destroy", 0, 1, "attack", "attack") in menu(g)
    out = ok(g, ("destroy", 0, 1, "attack", "attack"))
    assert out.find("destroy") == {"by": 0, "player": 1, "what": "attack"}
    assert g.view()["players"][1]["attack_gone"] and g.view()["players"][1]["attack"] is None
    out = ok(g, ("judge",))
    assert out.find("dominance")["beats"] == {0: 1, 1: 0, 2: 2}
    assert out.find("dominant") == {"player": 2, "cards": 2, "rule": "IN-7"}


def test_in_3_take_from_a_named_source_and_a_lost_effect_card():
    """IN-3: "Tomar: Si no especifica de donde, recibe las primeras cartas del mazo": a
    Take from the discard pile leaves the deck alone; an effect card the referee has no
    input for, or that does nothing, is recorded as lost and leaves its source."""
    g = started(timers=False)
    assert ("take", 0, 1, "hand", "discard") in menu(g)
    out = ok(g, ("take", 0, 1, "hand", "discard"))
    assert out.find("take")["from"] == "discard" and g.deck == 24
    assert g.players[0]["hand"] == 4
    refused(g, ("take", 0, 1, "hand", "victories"), "IN-3")
    assert ("lose", 1, "hand") in menu(g)
    out = ok(g, ("lose", 1, "hand"))
    assert out.find("effect_lost")["effect"] == "lost" and g.players[1]["hand"] == 3
    attacks_down(g)
    reveal_all(g, {0: 5, 1: 6})
    refused(g, ("lose", 1, "attack"), "IN-3")
    out = ok(g, ("judge",))
    assert out.find("deal")["cards"] == [1, 2] and g.deck == 21


def test_in_12_a_blocked_attack_card_cannot_use_its_effect():
    """IN-12: "Cuando una carta es bloqueada no podrá ser utilizada [...] hasta el final de
    la ronda": Blue blocks Red's revealed Attack card, so its raise (6 becomes 8) cannot
    be used and Blue's 7 dominates (issue 30, departure 1)."""
    g = started(timers=False)
    ok(g, ("place", 1, "spell"))
    attacks_down(g)
    reveal_all(g, {0: 6, 1: 7})
    ok(g, ("block", 1, 0, "attack", "spell"))
    assert g.view()["players"][0]["attack_blocked"]
    r = refused(g, ("raise", 0, 0, 2, "attack"), "IN-12")
    assert r.message == "red's Attack card is blocked"
    assert ("raise", 0, 0, 1, "attack") not in menu(g)
    out = ok(g, ("judge",))
    assert out.find("dominant")["player"] == 1


def test_in_14_in_12_a_cancelled_block_no_longer_blocks():
    """IN-14 / IN-12: "Una carta que le cancelan el efecto, se mantiene en su lugar pero su efecto
    no funciona": Blue's Block on Red's Attack card is cancelled, so Red's raise works
    again (6 becomes 8) and Red dominates (issue 30, departure 2)."""
    g = started(timers=False)
    ok(g, ("place", 1, "spell"))
    attacks_down(g)
    reveal_all(g, {0: 6, 1: 7})
    ok(g, ("block", 1, 0, "attack", "spell"))
    assert ("cancel", 1, 0) in menu(g)
    out = ok(g, ("cancel", 1, 0))
    assert out.find("cancelled")["effect"] == ["block", 1, 0, "attack", "spell"]
    assert not g.view()["players"][0]["attack_blocked"]
    assert g.players[1]["spells"] == 0             # the Spell was used all the same
    ok(g, ("raise", 0, 0, 2, "attack"))
    out = ok(g, ("judge",))
    assert out.find("dominant")["player"] == 0


def test_in_12_a_blocked_card_that_used_its_effect_keeps_it():
    """IN-12: "Una carta bloqueada que ya haya usado su efecto, mantiene su efecto": Red's
    Attack card raised itself (6 becomes 8) before Blue blocked it; the 8 stands."""
    g = started(timers=False)
    ok(g, ("place", 1, "spell"))
    attacks_down(g)
    reveal_all(g, {0: 6, 1: 7})
    ok(g, ("raise", 0, 0, 2, "attack"))
    ok(g, ("block", 1, 0, "attack", "spell"))
    assert g.view()["players"][0]["attack"] == 8
    out = ok(g, ("judge",))
    assert out.find("dominant")["player"] == 0


def test_in_14_cancel_takes_back_any_recorded_effect():
    """IN-14: a cancelled Take, Destroy, Steal, Attack raise, Block (of a Spell, a Shield,
    a player) or who-beats-whom no longer works: what it did is taken back; the card it came
    from stays used. Effects of Stage 2 were discarded as they were used: nothing to cancel
    there (IN-3)."""
    g = started(n=3, hand=5, timers=False)
    for p, slot in ((0, "spell"), (0, "spell"), (0, "spell"), (1, "shield"), (1, "spell"),
                    (2, "spell")):
        ok(g, ("place", p, slot))
    ok(g, ("take", 2, 1, "hand"))
    refused(g, ("cancel", 2, 0), "IN-14")           # Stage 2: no cancel
    attacks_down(g)
    reveal_all(g, {0: 4, 1: 5, 2: 6})
    deck, hand = g.deck, g.players[0]["hand"]
    ok(g, ("take", 0, 2, "spell"))                   # effect 0
    ok(g, ("destroy", 0, 2, "attack", "spell"))      # effect 1
    ok(g, ("block", 0, 1, "shield", "spell"))        # effect 2
    ok(g, ("raise", 1, 1, 3, "spell"))               # effect 3: 5 becomes 8
    ok(g, ("beats", 2, 0))                           # effect 4
    ok(g, ("steal", 2, 1, "attack", "spell"))        # effect 5
    assert g.deck == deck - 2 and g.players[0]["hand"] == hand + 2
    assert [i for i, _inp in g.view()["recorded"]] == [0, 1, 2, 3, 4, 5]
    assert ("cancel", 0, 1) in menu(g) and ("cancel", 2, 5) in menu(g)
    assert g.said(("cancel", 0, 1)) == "cancel: red destroys green Attack"
    ok(g, ("cancel", 2, 5))      # Blue's Attack back on the table, Green's hand as it was
    assert g.view()["players"][1]["attack"] == 8 and g.players[2]["hand"] == 3
    ok(g, ("cancel", 0, 0))      # the two cards go back to the deck
    assert g.deck == deck and g.players[0]["hand"] == hand
    ok(g, ("cancel", 0, 1))      # Green's Attack back
    assert g.view()["players"][2]["attack"] == 6 and not g.view()["players"][2]["attack_gone"]
    ok(g, ("cancel", 0, 2))
    assert g.free_shields(1) == 1
    ok(g, ("cancel", 1, 3))      # 8 back to 5
    assert g.view()["players"][1]["attack"] == 5
    ok(g, ("cancel", 2, 4))
    assert g.beats == [] and g.view()["recorded"] == []
    assert g.players[0]["spells"] == 0 and g.players[1]["spells"] == 0  # the cards stay used
    out = ok(g, ("judge",))
    assert out.find("dominant")["player"] == 2


def test_in_14_a_cancel_waits_for_the_hand_over():
    """IN-14 / IN-4: a Destroy after the reveal is handed over first; cancelling it then
    gives the card back."""
    g = started(timers=True)
    ok(g, ("place", 1, "spell"))
    attacks_down(g)
    reveal_all(g, {0: 6, 1: 7})
    ok(g, ("destroy", 1, 0, "attack", "spell"))
    refused(g, ("cancel", 1, 0), "IN-3")
    ok(g, ("handed", 0))
    ok(g, ("cancel", 1, 0))
    out = ok(g, ("judge",))
    assert out.find("dominance")["beats"] == {0: 0, 1: 1}


def test_in_8_a_blocked_shield_is_not_turned_over_in_the_tie_break():
    """IN-8 / IN-12 (decision): a blocked Shield "no podrá ser utilizada [...] hasta el final
    de la ronda", and turning a Shield over in the tie-break is using it ("hasta que sea
    necesario usarlas"): a tied player whose Shields are all blocked has none to turn, so
    there is no winner and the Attacks are the next round's prize; nor does a blocked
    Shield pay a Cost (IN-6)."""
    g = started(timers=False)
    ok(g, ("place", 0, "shield"))
    ok(g, ("place", 1, "shield"))
    ok(g, ("place", 1, "spell"))
    attacks_down(g)
    ok(g, ("reveal", 0, "t0", {"name": "Dragon", "attack": 5, "defense": 1, "cost": 1}))
    ok(g, ("reveal", 1, "t1", card(5)))
    ok(g, ("block", 1, 0, "shield", "spell"))
    assert g.view()["players"][0]["shields_blocked"] == 1
    assert ("pay", 0, "shield") not in menu(g)
    refused(g, ("pay", 0, "shield"), "IN-12")
    out = ok(g, ("judge",))
    assert out.find("no_winner") == {"rule": "IN-8", "prize": 2}
    assert g.players[0]["shields"] == 1 and g.players[0]["shields_blocked"] == 0
    # Unblocked at the end of the round: the same Shield breaks the next tie.
    attacks_down(g)
    reveal_all(g, {0: 3, 1: 3})
    ok(g, ("judge",))
    assert g.phase == "shields"
    ok(g, ("tap", "s0", card(0, 4)))
    out = ok(g, ("tap", "s1", card(0, 2)))
    assert out.find("dominant") == {"player": 0, "cards": 4, "rule": "IN-7"}


def test_in_13_swap_hand_and_spell_cards_but_not_a_blocked_one():
    """IN-13 / IN-12: "Podrás intercambiar cartas de tu mano con las de Conjuro": a hand
    card and a Spell change places (the counts stay); a blocked Spell or a blocked hand
    "no podrá ser [...] remplazada": the swap is refused and changes nothing."""
    g = started(n=2, hand=4, timers=False)
    refused(g, ("swap", 0), "IN-13")                  # no Spell yet
    ok(g, ("place", 0, "spell"))
    assert ("swap", 0) in menu(g) and g.said(("swap", 0)) == "red swaps hand and Spell"
    out = ok(g, ("swap", 0))
    assert out.find("swapped") == {"player": 0, "rule": "IN-13"}
    assert g.players[0]["hand"] == 3 and g.players[0]["spells"] == 1
    ok(g, ("block", 1, 0, "spell", "hand"))
    r = refused(g, ("swap", 0), "IN-12")
    assert r.message == "a blocked card cannot be replaced"
    assert ("swap", 0) not in menu(g)
    ok(g, ("place", 1, "spell"))
    ok(g, ("block", 0, 1, "hand", "hand"))
    refused(g, ("swap", 1), "IN-12")
