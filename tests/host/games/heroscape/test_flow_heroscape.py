"""HeroScape through the device: taps, the die (physical, one roll per die, or virtual, all
at once), the players' buttons and the panel (RULES.md §3, HS-1..HS-10)."""
from __future__ import annotations

from rigs.referee_table import Table, game_table

from host.app.demo import rehearse
from host.display.screens import text
from host.games.heroscape.demo import HS_UIDS, heroscape_entries
from host.games.scripting import corrected, lookup
from shared_rules.games.heroscape.odds import attack_odds

HS_VARIANTS = {"physical": "heroscape", "virtual": "heroscape-virtual"}


def table(dice: str = "physical") -> Table:
    return game_table(HS_VARIANTS[dice], heroscape_entries(), ("P1", "P2"), HS_UIDS)


def started(dice: str = "physical", p2: str = "hs/marro-warriors") -> Table:
    """Guards for P1, ``p2`` for P2, initiative to P1 (3 skulls against 1)."""
    t = table(dice)
    assert t.tap("hs/zettian-guards").accepted and t.button("A").accepted
    assert t.tap(p2).accepted and t.button("B").accepted
    if dice == "physical":
        t.roll(1, 2, 3, 4, 5)
        t.roll(1, 4, 5, 6, 6)
    else:
        t.dice(1, 2, 3, 4, 5)
        t.dice(1, 4, 5, 6, 6)
    assert t.game.turn == 0 and "P1's turn" in t.screen()
    return t


def test_hs_1_army_cards_tapped_at_setup_with_their_figures():
    t = table()
    t.tap("hs/zettian-guards")
    assert "P1: 1 card  P2: 0 cards" in t.screen()
    assert "Zettian Guards added (2 figures)" in t.screen()
    assert "P1: tap army cards, then A" in t.screen()
    t.button("A")
    t.tap("hs/marro-warriors")
    assert "Marro Warriors added (4 figures)" in t.screen()


def test_hs_1_a_card_without_its_values_is_refused_and_changes_nothing():
    """The catalogue's Marro Warriors print no Attack: the table must correct the card."""
    raw = lookup("hs/marro-warriors")
    t = game_table("heroscape", heroscape_entries()[:1] + [raw], ("P1", "P2"), HS_UIDS)
    screen = t.refused(lambda: t.tap("hs/marro-warriors"), "HS-1", "Attack unknown")
    assert "correct the card in the catalogue" in screen


def test_hs_1_a_card_tapped_twice_is_refused():
    t = table()
    t.tap("hs/zettian-guards")
    t.refused(lambda: t.tap("hs/zettian-guards"), "HS-1", "already in play")


def test_hs_3_initiative_tie_is_rolled_again_and_most_skulls_goes_first():
    t = table()
    t.tap("hs/zettian-guards"), t.button("A"), t.tap("hs/mimring"), t.button("B")
    assert "initiative" in t.screen() and "P1: roll 5 dice" in t.screen()
    t.roll(1, 4)
    assert "1 so far  :  ?" in t.screen() and "P1: roll again, 3 to go" in t.screen()
    t.roll(5, 6, 6)
    t.roll(2, 4, 5, 6, 6)
    assert "Tie 1:1, both roll again" in t.screen()
    assert t.game.turn is None
    t.roll(1, 2, 3, 4, 5)
    t.roll(1, 4, 5, 6, 6)
    assert "P1's turn" in t.screen() and "Initiative: skulls 3:1" in t.screen()


def test_hs_4_choose_a_card_then_attacks_left_per_figure():
    t = started()
    t.refused(lambda: t.tap("hs/marro-warriors"), "HS-4", "Marro Warriors is P2's card")
    t.tap("hs/zettian-guards")
    assert "Zettian Guards" in t.screen() and "2 figures left to attack" in t.screen()


def test_hs_6_height_by_button_for_either_side_and_exact_odds_before_the_roll():
    t = started()
    t.tap("hs/zettian-guards")
    t.tap("hs/marro-warriors")
    level = attack_odds(2, 3).p_destroy.percent()
    assert level in t.screen() and "Zettian Guards > Marro Warriors" in t.screen()
    assert "destroy: dice 2 vs 3, level" in t.screen()
    assert "Who stands higher? A: P1, B: P2, hold: same level" in t.screen()
    assert t.button("B").accepted  # P2's figure stands higher: Defense +1
    assert t.game.attack["dice"] == {0: 2, 1: 4}
    assert "[%s]" % attack_odds(2, 4).p_destroy.percent() in t.screen()
    t.choose("cancel")
    t.tap("hs/marro-warriors")
    assert t.button("A").accepted  # P1's Guard stands higher: Attack +1
    assert t.game.attack["dice"] == {0: 3, 1: 3}
    t.choose("cancel")
    t.tap("hs/marro-warriors")
    assert t.button("B", "long").accepted  # held: neither is higher
    assert t.game.attack["dice"] == {0: 2, 1: 3}


def test_hs_6_the_physical_die_counts_down_the_dice_of_a_roll():
    t = started()
    t.tap("hs/zettian-guards"), t.tap("hs/marro-warriors"), t.button("A")
    assert "skulls: 3 of 3 dice to roll" in t.screen()
    t.roll(1)
    assert "skulls: 2 of 3 dice to roll" in t.screen() and "1 so far  :  ?" in t.screen()
    t.roll(6)
    assert "skulls: 1 of 3 dice to roll" in t.screen()
    assert "P1: roll again, 1 to go" in t.screen()
    t.roll(2)
    assert "shields: 3 of 3 dice to roll" in t.screen() and "2  :  ?" in t.screen()
    reaction = t.button("A")  # not P1's roll any more
    assert reaction.entry.target == "none" and "It is P2's roll" in t.screen()


def test_hs_6_virtual_dice_roll_at_once_when_the_roller_presses():
    t = started("virtual")
    assert t.ref.drain_commands() == [("DIEMODE", "virtual")]
    t.tap("hs/zettian-guards"), t.tap("hs/marro-warriors"), t.button("A")
    assert "P1: press A to roll 3" in t.screen()
    t.button("B")  # the defender cannot roll for the attacker
    assert t.ref.drain_commands() == [] and "It is P1's roll" in t.screen()
    t.button("A")
    assert t.ref.drain_commands() == [("ROLL", 3)]
    assert t.ref.drain_commands() == []  # asked for once
    assert t.dice(1, 2, 6).accepted  # the hub's answer: three faces in one event
    t.button("B")
    assert t.ref.drain_commands() == [("ROLL", 3)]
    t.refused(lambda: t.dice(4, 4, 4, 5), "HS-6", "3 dice expected, got 4")
    assert t.dice(4, 1, 6).accepted
    assert "Marro Warriors destroyed, 3 left" in t.screen()


def test_hs_7_skulls_against_shields_and_figures_left_per_card():
    t = started()
    t.tap("hs/zettian-guards"), t.tap("hs/marro-warriors"), t.button("A")
    t.roll(1, 2, 5)
    t.roll(4, 5, 1)
    assert "2  :  _2_" in t.screen() and "Blocked: nothing happens" in t.screen()
    assert "2 skulls vs 2 shields" in t.screen()
    t.tap("hs/marro-warriors"), t.button("A")
    t.roll(1, 2, 6)
    t.roll(4, 1, 6)
    assert "_2_  :  1" in t.screen() and "Marro Warriors destroyed, 3 left" in t.screen()
    assert "[figures: P1 2 P2 3]" in t.screen()
    assert "P2's turn" not in t.screen() and t.game.turn == 1  # both Guards attacked


def test_hs_8_a_figure_attacks_enemy_figures_only():
    t = started()
    t.tap("hs/zettian-guards")
    t.refused(lambda: t.tap("hs/zettian-guards"), "HS-8", "a figure attacks enemy figures")


def test_hs_6_a_roll_nobody_expects_is_refused_and_changes_nothing():
    t = started()
    t.refused(lambda: t.roll(3), "HS-6", "no roll is expected now")


def test_hs_9_the_last_figure_destroyed_wins():
    ref, said = rehearse("heroscape")
    assert said[-1] == "HeroScape |    P1 wins | 2 skulls vs 1 shield | > all P2 figures destroyed"
    assert ref.game.winner == 0 and ref.game.figures(1) == 0


def test_hs_9_a_scenario_objective_is_confirmed_on_the_menu():
    t = started()
    t.choose("P2 objective")
    assert t.game.winner == 1
    assert "P2 wins" in t.screen() and "scenario objective reached" in t.screen()
    t.refused(lambda: t.tap("hs/zettian-guards"), "HS-9", "the game is over")


def test_hs_10_the_rulebook_example_through_the_device():
    """HS-10: a Guard with height rolls 3 dice, 2 skulls against 2 shields: nothing; the
    second Guard's 2 skulls against 1 shield destroy the target."""
    t = started(p2="hs/mimring")
    t.tap("hs/zettian-guards"), t.tap("hs/mimring"), t.button("A")
    t.roll(1, 2, 5), t.roll(4, 5, 1)
    assert "Blocked: nothing happens" in t.screen()
    t.tap("hs/mimring"), t.button("A")
    t.roll(1, 2, 6), t.roll(4, 1, 6)
    assert "P1 wins" in t.screen()


def test_undo_takes_back_one_die_of_a_countdown():
    t = started()
    t.tap("hs/zettian-guards"), t.tap("hs/marro-warriors"), t.button("A")
    t.roll(1, 6)
    assert t.ref.on_press("BACK", "long").accepted
    assert t.game.pending == [1] and "skulls: 2 of 3 dice to roll" in t.screen()


def test_corrections_keep_the_printed_card():
    guards = lookup("hs/zettian-guards")
    assert corrected(guards, move=4) == dict(guards, source=guards["source"] +
                                             "; corrected from the physical card")
    try:
        corrected(guards, attack=5)
    except ValueError as exc:
        assert "printed as 2" in str(exc)
    else:
        raise AssertionError("a printed value was overwritten")


def test_hexref_run_sends_the_virtual_dice_the_roller_asks_for(tmp_path):
    """HS-3 with virtual dice through ``hexref run``'s loop: the game chosen on the Pi's
    menu, army cards from the registry, the roller's hub button makes the host send
    DIEMODE and ROLL 5, and the hub's five faces are one roll."""
    from rigs.app_table import Table

    from host.storage.registry import Registry, RegistryBook

    class HeroScapeTable(Table):
        def new_app(self):
            app = super().new_app()
            app.book = RegistryBook(Registry(app.store, None, lookup=lookup))
            return app

        def step(self, rounds: int = 10) -> None:
            for _ in range(rounds):
                self.ms += 10
                self.clock.t += 0.01
                for msg in self.hub.poll(self.ms) or ():
                    self.sent.append((msg.kind, getattr(msg, "mode", None) or msg.count))
                self.app.step()

    t = HeroScapeTable(tmp_path)
    t.sent = []
    try:
        registry = Registry(t.app.store, None, lookup=lookup)
        registry.enroll("04B5C00000A001", "hs/zettian-guards")
        registry.enroll("04B5C00000A002", "hs/zettian-guards")
        t.step(10)
        for pin in (27, 27, 22, 27, 22):  # DOWN DOWN OK: HeroScape; DOWN OK: virtual dice
            t.press(pin)
        assert t.app.store.unfinished().variant == "heroscape-virtual"
        t.tap("04B5C00000A001")
        t.hub.send_event(t.ms, "BTN", "A", "press")
        t.step(5)
        t.tap("04B5C00000A002")
        t.hub.send_event(t.ms, "BTN", "B", "press")
        t.step(5)
        assert t.app.referee.game.phase == "initiative"
        t.hub.send_event(t.ms, "BTN", "A", "press")  # P1 rolls
        t.step(10)
        assert t.sent == [("DIEMODE", "virtual"), ("ROLL", 5)]
        t.hub.send_event(t.ms, "DIE", 1, ("FACE", (1, 2, 3, 4, 5)))
        t.step(10)
        assert t.app.referee.game.initiative == {0: 3}
        assert "3  :  ?" in " | ".join(text(t.view))
    finally:
        t.close()


def test_hs_4_the_turn_screen_lists_the_cards_with_their_figures_left():
    t = started()
    assert "Initiative: skulls 3:1" in t.screen() and "[figures: P1 2 P2 4]" in t.screen()
    t.tap("hs/zettian-guards")
    assert t.button("A").accepted  # P1 ends the turn: figures that did not attack give up
    assert "P2's turn" in t.screen() and "Marro Warriors 4" in t.screen()
