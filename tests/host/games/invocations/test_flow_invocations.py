"""Invocations with the referee as the Master: the menu, the timers on the panel, revealed
cards by tap, the dominant player, Shields, the prize, the Supreme Summoner and the series
(RULES.md §5, IN-1..IN-12)."""
from __future__ import annotations

from rigs.referee_table import Table, game_table

from host.app.demo import rehearse
from host.display.screens import text
from host.games.invocations.demo import IN_UIDS, invocations_entries
from host.games.scripting import corrected, lookup
from shared_rules.games.invocations.engine import InvocationsGame
from shared_rules.games.invocations.presenter import BOARD_COLOURS as COLOURS

TWIN_GOLEM = corrected(lookup("in/card-09"), name="Twin Golem", attack=4, defense=1)
MIRROR_GOLEM = corrected(lookup("in/card-11"), name="Mirror Golem", attack=4, defense=5)
COSTLY_WYRM = corrected(lookup("in/card-12"), name="Costly Wyrm", attack=8, defense=2, cost=1)
UIDS = dict(IN_UIDS, **{"in/card-09": "04B5C00000D009", "in/card-10": "04B5C00000D010",
                        "in/card-11": "04B5C00000D011", "in/card-12": "04B5C00000D012"})


def table(players=COLOURS[:3], **options) -> Table:
    entries = invocations_entries() + [TWIN_GOLEM, lookup("in/card-10"), MIRROR_GOLEM,
                                       COSTLY_WYRM]
    return game_table("invocations", entries, tuple(players), UIDS,
                      lambda: InvocationsGame(players=list(players), **options))


def attacks(t: Table, *cards: str) -> None:
    """Every player places an Attack, then the cards are revealed in order."""
    for name in t.ref.players:
        t.choose("%s attack" % name)
    for card in cards:
        assert t.tap(card).accepted, t.screen()


def test_in_1_every_players_name_on_the_panel_two_to_six():
    t = table(COLOURS)
    assert "Red Blue Green Yellow Black White" in t.screen() and "[6 players]" in t.screen()
    t.choose("start")
    assert "Attack: Red Blue Green Yellow Black White" in t.screen()
    t = table(COLOURS[:2])
    t.choose("start")
    assert "Attack: Red Blue" in t.screen()


def test_in_2_the_master_sets_hand_size_and_deck_and_counts_the_deck():
    t = table()
    t.choose("hand 6", "deck 40")
    assert "deck 40  hand 6  timers on" in t.screen()
    t.choose("start")
    assert "hand 6  deck 22" in t.screen() and "Round 1" in t.screen()


def test_in_4_the_attack_timer_counts_down_runs_out_once_and_allows_forcing():
    t = table()
    t.choose("start", "Red spell")
    assert t.ref.on_tick(100.0) is None and "1:00" in t.screen()
    assert t.ref.on_tick(130.0) is None and "   0:30" in t.screen()
    assert t.ref.on_tick(159.5) is None and "   0:01" in t.screen()
    assert "force Red" not in t.menu()
    ran_out = t.ref.on_tick(160.0)
    assert ran_out.accepted and ran_out.entry.input == ("timeout", "attack")
    assert "Time!" in t.screen() and "The Master may force a Spell" in t.screen()
    assert t.ref.on_tick(175.0) is None  # said once, journalled once
    assert [e.input for e in t.journal.entries].count(("timeout", "attack")) == 1
    t.choose("force Red")
    assert t.game.players[0]["attack_down"] and "Attack: Blue Green" in t.screen()


def test_in_4_timers_switched_off_for_a_first_game():
    t = table()
    t.choose("timers off")
    assert "timers off" in t.screen()
    t.choose("start")
    assert t.ref.on_tick(0.0) is None and t.ref.on_tick(1000.0) is None
    assert "Stage 2" in t.screen() and "0:" not in t.screen()


def test_in_4_the_hand_over_timer_and_the_targets_button():
    t = table()
    t.choose("start", "Red steals Blue")
    t.ref.on_tick(10.0)
    t.ref.on_tick(14.0)
    assert "   0:11" in t.screen() and "Blue: card to Red" in t.screen()
    assert "B: handed" in t.screen()
    note = t.button("A")  # Red is waiting, not handing over
    assert note.entry.target == "none" and "Waiting for Blue to hand over" in t.screen()
    assert t.button("B").accepted and t.game.handover is None
    # Again, and this time Blue is too slow: the Master performs the effect (IN-4).
    t.choose("Red steals Blue")
    t.ref.on_tick(20.0)
    assert t.ref.on_tick(34.9) is None
    done = t.ref.on_tick(35.0)
    assert done.accepted and done.result.find("master_performs") == {
        "player": 1, "kind": "steal", "rule": "IN-4"}
    assert "Stage 2" in t.screen()


def test_in_6_attacks_are_read_by_tap_in_the_order_the_screen_asks():
    t = table()
    t.choose("start")
    t.refused(lambda: t.tap("in/card-01"), "IN-6", "cards are read when Attacks or Shields")
    for name in ("Red", "Blue", "Green"):
        t.choose("%s attack" % name)
    assert "Red ? Blue ? Green ?" in t.screen() and "Red: tap Attack" in t.screen()
    t.tap("in/card-01")
    assert "Red 7 Blue ? Green ?" in t.screen() and "Blue: tap Attack" in t.screen()
    t.refused(lambda: t.tap("in/card-10"), "IN-6", "Card 10: Attack unknown")


def test_in_7_in_8_the_dominant_after_a_shield_tie_break():
    ref, said = rehearse("invocations")
    shields = [s for s in said if "[Shields]" in s]
    assert "Tie: Red, Green" in shields[0] and "Red: tap a Shield" in shields[0]
    assert any("Shields: Red 3" in s and "Green: tap a Shield" in s for s in shields)
    assert any("Green | dominates: takes 3 cards | > Victories Green:3" in s
               for s in said)


def test_in_7_an_effect_recorded_and_cancelled_by_the_master():
    t = table()
    t.choose("start")
    attacks(t, "in/card-01", "in/card-02", "in/card-03")
    t.choose("Blue beats Red")
    assert "Blue beats Red (effect)" in t.screen()
    assert "Blue beats Red" not in t.menu() and "Red beats Blue" not in t.menu()
    t.choose("cancel: Blue beats Red")
    assert t.game.beats == [] and "(effect)" not in t.screen()


def test_in_12_a_blocked_attack_card_on_the_panel_and_its_block_cancelled():
    """IN-12: Blue's Attack card blocks Red's: the panel says Red's Attack is blocked and the
    menu no longer offers its raise; the Block is cancelled and both come back."""
    t = table()
    t.choose("start")
    attacks(t, "in/card-01", "in/card-02", "in/card-03")  # 7, 4, 7
    t.choose("Blue blocks Red Attack")
    assert "Blocked: Red Attack" in t.screen(), t.screen()
    assert "Red Attack +1" not in t.menu() and "Blue blocks Red Attack" not in t.menu()
    t.choose("cancel: Blue blocks Red Attack")
    assert "Blocked" not in t.screen() and "Red Attack +1" in t.menu()
    t.choose("Red Attack +1", "judge")
    assert "Red" in t.screen() and "dominates" in t.screen()


def test_in_8_no_shields_no_winner_and_the_prize_carried_over():
    t = table()
    t.choose("start")
    attacks(t, "in/card-01", "in/card-02", "in/card-03")  # 7, 4, 7: Red and Green tie
    t.choose("judge")
    assert "No winner" in t.screen() and "prize: 3 cards carried over" in t.screen()
    attacks(t, "in/card-06", "in/card-07", "in/card-08")  # 6, 2, 3: Red dominates
    t.choose("judge")
    assert "takes 6 cards" in t.screen() and "Victories Red:6" in t.screen()


def _to_the_end(t: Table, blue_wins_with: str = "in/card-09") -> None:
    """Red wins round 1 (7 + 4), the deck is drawn empty, Blue wins round 2 (7 + 4)."""
    t.choose("start")
    attacks(t, "in/card-01", "in/card-02")
    t.choose("judge")
    assert t.game.deck == 20  # 32 - 2 x 5 dealt - 1 each to fill the hands again
    for _ in range(7):
        t.choose("Red takes 3")  # the last Take finds 2 cards: the third is lost (IN-3)
    assert t.game.deck == 0     # nothing left to take from the deck; the discard pile stays
    assert not any("takes" in label and "discard" not in label for label in t.menu())
    attacks(t, blue_wins_with, "in/card-03")
    t.choose("judge")


def test_in_10_the_supreme_summoner_with_the_defense_tie_break():
    t = table(COLOURS[:2], timers=False)
    _to_the_end(t)
    assert t.game.winners == [0]
    assert t.screen() == ("Invocations |    Red wins | Defense Red 10 Blue 6 | "
                          "> Supreme Summoner")


def test_in_11_the_series_to_50():
    t = table(COLOURS[:2], timers=False, series=[40, 45])
    _to_the_end(t)
    assert "Series Red 51 Blue 56 won" in t.screen()


def test_invocations_refusals_of_a_finished_game_change_nothing():
    t = table(COLOURS[:2], timers=False)
    _to_the_end(t)
    t.refused(lambda: t.tap("in/card-05"), "IN-10", "the game is over")


def test_in_12_a_blocked_player_sits_out_the_round():
    t = table()
    t.choose("start", "Red blocks Blue")
    assert "Attack: Red Green" in t.screen()
    assert not any(label.startswith("Blue") for label in t.menu())
    for name in ("Red", "Green"):
        t.choose("%s attack" % name)
    assert "Red ? Green ?" in t.screen()
    t.tap("in/card-02"), t.tap("in/card-01")  # Red 4, Green 7: Green beats the only other
    t.choose("judge")
    assert "Green" in t.screen() and "takes 2 cards" in t.screen()


def test_in_12_an_attack_cards_block_after_the_reveal_and_in_3_a_destroyed_shield():
    t = table()
    t.choose("start", "Red shield", "Blue breaks Red shield")
    assert "[Destroy]" in t.screen() and "Red gives up the card" in t.screen()
    t.button("A")  # Red gives the Shield up
    assert t.game.players[0]["shields"] == 0
    attacks(t, "in/card-01", "in/card-02", "in/card-03")  # 7, 4, 7
    t.choose("Blue blocks Green")  # Blue's Attack card blocks Green: Red alone on top
    t.choose("judge")
    assert "Red" in t.screen() and "dominates" in t.screen()


def test_in_2_the_master_changes_the_hand_size_for_the_next_deal():
    t = table()
    t.choose("start", "next hand 6")
    assert "hand 6  deck 17" in t.screen()  # dealt 5 each; 6 from the next deal
    attacks(t, "in/card-01", "in/card-02", "in/card-06")  # 7, 4, 6: Red
    t.choose("judge")
    assert [p["hand"] for p in t.game.players] == [6, 6, 6] and t.game.deck == 11


def test_in_1_hexref_run_seats_the_players_by_board_colour(tmp_path):
    """The game menu of ``hexref run`` lists Invocations for 2 to 6 players; a new game
    names each player by the colour of their board, on the panel and in the store."""
    from rigs.app_table import Table

    t = Table(tmp_path)
    try:
        t.step(10)
        names = [name for name, _ in t.app.menu.games]
        for _ in range(names.index("Invocations")):
            t.press(27)  # DOWN
        t.press(22)  # OK: Invocations
        assert t.app.menu.items()[:5] == ("2 players", "3 players", "4 players",
                                          "5 players", "6 players")
        t.press(27), t.press(22)  # DOWN OK: 3 players
        assert list(t.app.store.unfinished().players) == ["Red", "Blue", "Green"]
        assert "Red Blue Green" in " | ".join(text(t.view))
    finally:
        t.close()


def test_in_10_still_tied_on_defense_a_play_off_of_12_cards():
    t = table(COLOURS[:2], timers=False)
    _to_the_end(t, blue_wins_with="in/card-11")  # Blue: 7 + 4 Attack, 5 + 5 Defense
    assert t.game.playoff == [0, 1]
    assert "Play-off | Red & Blue tied: 12 cards each" in t.screen()
    assert [p["hand"] for p in t.game.players] == [12, 12]
    attacks(t, "in/card-05", "in/card-04")  # 5 against 3
    t.choose("judge")
    assert t.screen() == "Invocations |    Red wins | play-off of 12 cards | > Supreme Summoner"


def test_in_3_in_6_in_7_the_masters_menu_records_costs_lost_cards_and_a_destroyed_attack():
    """IN-3, IN-6, IN-7 as the Master referees them: a lost effect card, a Take from the
    discard pile, a revealed Attack card's Cost paid with a Spell, an Attack card's effect
    destroying another revealed Attack; each chosen on the menu, each in the counts."""
    t = table(COLOURS[:2], timers=False)
    t.choose("start", "Red spell", "Red loses a card")
    assert "Red: card lost (IN-3)" in t.screen()
    t.choose("Blue takes 1 from discard")
    assert [p["hand"] for p in t.game.players] == [3, 5] and t.game.deck == 22
    attacks(t, "in/card-12", "in/card-02")  # Costly Wyrm 8 (Cost 1), Blue 4
    assert "Cost due: Red 1" in t.screen()
    records = [inp for _label, inp in t.game.legal_inputs().records]
    assert ("destroy", 0, 1, "attack", "spell") in records  # a Spell, the Wyrm unpaid
    assert ("destroy", 0, 1, "attack", "attack") not in records
    t.choose("Red pays with a Spell")
    assert t.game.players[0]["spells"] == 0 and "Cost due" not in t.screen()
    t.choose("Blue destroys Red Attack")
    assert "Red - Blue 4" in t.screen()
    t.choose("judge")
    assert "Blue" in t.screen() and "takes 1 card" in t.screen()
    assert [p["hand"] for p in t.game.players] == [5, 5] and t.game.deck == 18
