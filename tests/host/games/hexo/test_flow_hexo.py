"""Hexo through the device: the referee's menu for actions, tapped Companion and monster
cards, the scoreboard and the strength arithmetic on the panel (RULES.md §4, HX-1..HX-14)."""
from __future__ import annotations

from rigs.referee_table import Table, game_table

from host.app.demo import rehearse
from host.games.hexo.demo import HX_UIDS, hexo_entries
from host.games.scripting import lookup
from shared_rules.games.hexo.engine import score

SECOND_COMPANION = "04B5C00000C0FF"


def table(entries: list[dict] | None = None) -> Table:
    return game_table("hexo", entries if entries is not None else hexo_entries(),
                      ("Red", "Blue"), HX_UIDS)


def troll_out() -> Table:
    """Turn 1 passes; its one market monster, a Troll, is placed by Red; Blue's turn 2."""
    t = table()
    t.choose("Red first", "0 events", "pass", "pass", "1 monster")
    assert "Red: tap the monster card" in t.screen()
    assert t.tap("hx/troll").accepted
    t.choose("0 events")
    return t


def both_on_the_troll() -> Table:
    """Blue and Red walk onto the Troll in turn 2; in turn 3 Red passes and Blue, who began
    that turn there, attacks Red (HX-4, HX-9)."""
    t = troll_out()
    t.choose("to Troll 1", "to Troll 1")
    assert "attack Red" not in t.menu()   # HX-4: Blue came to Troll 1 this turn
    t.choose("pass", "pass", "0 monsters", "pass", "attack Red")
    return t


def test_hx_2_setup_names_the_players_and_asks_for_the_first():
    t = table()
    assert "Players: Red Blue" in t.screen() and "OK: who goes first?" in t.screen()
    assert t.menu() == ["Red first", "Blue first"]
    t.choose("Blue first")
    assert "First: Blue" in t.screen() and "5 new market cards" in t.screen()


def test_hx_3_events_are_shared_out_from_the_first_player():
    t = table()
    t.choose("Red first", "3 events")
    assert "Events: Red Blue Red" in t.screen()
    assert "Red: your action" in t.screen()


def test_hx_13_a_tapped_monster_card_is_placed_by_the_rules():
    t = table()
    t.choose("Red first", "0 events", "pass", "pass", "2 monsters")
    t.tap("hx/troll")
    assert t.game.monsters["Troll 1"] == {"type": "troll", "skulls": 0, "terrain": "mountain"}
    assert "Troll 1 placed on a free mountain" in t.screen()
    t.tap("hx/troll")  # Blue's: the second Troll goes next to the first
    assert t.game.monsters["Troll 2"]["terrain"] == "plain"
    assert "to Troll 2" in t.menu() or t.game.phase == "events"


def test_hx_7_a_card_outside_a_fight_is_refused_and_changes_nothing():
    t = table()
    t.choose("Red first", "0 events")
    t.refused(lambda: t.tap("hx/companion"), "HX-7", "support cards are played during a fight")


def test_hx_7_a_companion_whose_strength_is_unknown_is_refused():
    raw = [lookup("hx/companion"), lookup("hx/troll"), lookup("hx/ogre")]
    t = game_table("hexo", raw, ("Red", "Blue"), HX_UIDS)
    t.choose("Red first", "0 events", "pass", "pass", "1 monster")
    t.tap("hx/troll")
    t.choose("0 events", "to Troll 1", "to Troll 1", "pass", "pass", "0 monsters", "pass",
             "attack Red")
    t.refused(lambda: t.tap("hx/companion"), "HX-7", "Companion: strength unknown")


def test_hx_7_hx_9_companions_by_the_pressing_player_and_the_stronger_wins():
    t = both_on_the_troll()
    assert "Blue attacks Red" in t.screen() and "Blue: 1 base = 1" in t.screen()
    assert "Red: 1 base = 1" in t.screen() and "1 vs 1  OK: fight" in t.screen()
    t.tap("hx/companion")  # nobody pressed: the attacker's
    t.button("A")
    assert "Red: tap your cards" in t.screen()
    t.tap("hx/companion", SECOND_COMPANION)
    t.tap("hx/companion", "04B5C00000C0FE")
    assert "Red: 1 base +2 Companion +2 Companion = 5" in t.screen()
    assert "Blue: 1 base +2 Companion = 3" in t.screen()
    t.refused(lambda: t.tap("hx/companion", SECOND_COMPANION), "HX-7", "already played")
    t.choose("fight")
    assert "3  :  _5_" in t.screen() and "Red wins a skull, Blue goes home" in t.screen()
    assert "1 base +2 Companion +2 Companion = 5" in t.screen()
    assert t.game.players[0]["skulls"] == 1 and t.game.players[1]["at"] == "village2"


def test_hx_9_a_tie_between_players_changes_nothing():
    t = both_on_the_troll()
    t.choose("fight")
    assert "Tie: nothing happens" in t.screen() and "1  :  1" in t.screen()
    assert [p["at"] for p in t.game.players] == ["Troll 1", "Troll 1"]


def test_hx_8_hx_10_reinforcement_and_strictly_stronger_than_the_monster():
    t = troll_out()
    t.choose("to Troll 1", "pass", "attack monster")
    t.tap("hx/companion")  # Blue's, the attacker: 1 base +2 = 3 against the Troll's 3
    assert "Troll: 3 Troll = 3" in t.screen() and "HX-10" not in t.screen()
    t.refused(lambda: t.tap("hx/ogre"), "HX-8", "same monster type")
    t.tap("hx/troll")  # Red reinforces: +3
    assert "Troll: 3 Troll +3 reinforcement = 6" in t.screen()
    t.choose("fight")
    assert "The monster wins: Blue goes home" in t.screen() and "3  :  _6_" in t.screen()
    assert t.game.monsters["Troll 1"]["skulls"] == 1  # HX-10: a skull on its space


def test_hx_10_a_tie_against_a_monster_is_lost():
    t = troll_out()
    t.choose("to Troll 1", "pass", "attack monster")
    t.tap("hx/companion")
    t.choose("fight")  # 3 against 3: the player must be stronger
    assert "The monster wins" in t.screen()


def test_hx_11_hx_12_leaving_a_monster_it_attacks_or_peace_is_bought():
    t = troll_out()
    t.choose("to Troll 1", "pass", "go home")
    assert "Troll attacks Blue" in t.screen() and "HX-11" not in t.screen()
    assert "OK: fight or peace" in t.screen()
    t.choose("peace, 1 card")
    assert "Blue pays, moves on" in t.screen() and "price 3 Troll = 3" in t.screen()
    assert t.game.players[1]["at"] == "village2"


def test_hx_11_winning_against_the_leaving_monster_takes_it():
    t = troll_out()
    t.choose("to Troll 1", "pass", "go home")
    t.tap("hx/companion")
    t.tap("hx/companion", SECOND_COMPANION)  # 5 against 3
    t.choose("fight")
    assert "Blue takes the Troll (+0 skulls)" in t.screen()
    assert t.game.players[1]["killed"]["troll"] == 1


def test_hx_12_peace_is_only_bought_from_a_monster_that_attacks():
    t = both_on_the_troll()
    assert not [label for label in t.menu() if label.startswith("buy peace")]


def test_hx_1_hx_6_end_scores_and_the_winner():
    ref, said = rehearse("hexo")
    game = ref.game
    assert game.phase == "over" and game.winners == [0]
    assert said[-1] == "Hexo |    Red wins | points: Red 20 Blue 0 | > 2 treasures × 10 = 20"
    assert str(score(game.players[0])) == "2 treasures × 10 = 20"
    assert any("pile 0" in s for s in said)


def test_hexo_has_no_dice_and_says_so():
    t = table()
    t.choose("Red first")
    t.refused(lambda: t.roll(3), "INPUT", "unknown input 'roll'")


def test_hexo_buttons_point_to_the_menu():
    t = table()
    t.choose("Red first", "0 events")
    reaction = t.button("A")
    assert reaction.entry.target == "none" and "OK opens the menu" in t.screen()


def test_hx_4_the_other_actions_are_on_the_menu_too():
    t = table()
    t.choose("Red first", "0 events", "to lost mine", "sink from market")
    assert t.game.market == 4
    t.choose("take treasure", "companion action")
    assert "drop treasure" in t.menu() and t.game.actor == 0  # Red carries one
    t.choose("pass", "pass", "1 monster")
    t.tap("hx/troll")
    t.choose("0 events", "pass", "to Troll 1", "pass", "drop treasure")
    assert t.game.lying == {"Troll 1": 1} and t.game.players[0]["carried"] == 0


def test_hx_13_no_free_space_next_to_its_type_removes_the_monster():
    t = table()
    t.choose("Red first", "0 events", "pass", "pass", "2 monsters")
    assert "no space: Troll" not in t.menu()  # the first of a type always has a mountain
    t.tap("hx/troll")
    t.choose("no space: Troll")
    assert list(t.game.monsters) == ["Troll 1"] and t.game.phase == "events"


def test_hx_7_a_button_pressed_in_one_fight_does_not_carry_into_the_next():
    t = both_on_the_troll()
    t.button("B")  # Blue's cards in this fight (none played)
    t.choose("fight")  # a tie: nothing happens
    t.choose("attack Blue")  # Red attacks back: a new fight, nobody pressed yet
    t.tap("hx/companion")
    assert "Red: 1 base +2 Companion = 3" in t.screen()
    assert t.game.fight["support"] == {0: [(2, "Companion")]}


def test_hx_3_hx_4_hx_5_the_hands_on_the_panel_paid_and_discarded():
    """HX-3: hands of 5; HX-4: a purchase pays its money cards, an empty hand only passes;
    HX-5: what is left in the hands is discarded at the end of the turn."""
    t = table()
    t.choose("Red first", "0 events")
    assert "[5 in hand]" in t.screen() and "Red: your action" in t.screen(), t.screen()
    t.choose("buy, 5 cards")
    assert "Red bought a card" in t.screen() and "Blue: your action" in t.screen()
    assert "[5 in hand]" in t.screen()
    t.choose("pass")
    assert "[0 in hand]" in t.screen() and "Red: your action" in t.screen()
    assert t.menu()[0] == "pass" and "go home" not in t.menu() and \
        not [label for label in t.menu() if label.startswith(("buy", "sink", "to "))], t.menu()
    t.choose("pass", "pass")
    assert t.game.players[1]["discard"] == 5 and t.game.players[0]["discard"] == 6
    t.choose("0 monsters", "1 event")
    assert "[5 in hand]" in t.screen() and "Blue: your action" in t.screen()


def test_hx_14_an_event_on_a_village_is_cancelled_on_the_panel():
    """HX-14: the table says an event names a village: the panel says it is cancelled."""
    t = table()
    t.choose("Red first", "1 event", "event: village")
    assert "event on a village: cancelled" in t.screen() and "Red: your action" in t.screen()
