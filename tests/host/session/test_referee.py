"""The referee session: hub events and the Pi's buttons become journalled rules inputs."""
from __future__ import annotations

from rigs.referee_table import UIDS, Table, entries

from host.session.adapter import Referee, TileBook
from host.storage import tags
from shared_rules.games.hexors.engine import HexorsGame


def test_every_hub_event_is_journalled_with_its_numbering():
    t = Table()
    t.tap("jl/atlantis")
    t.event("GONE", 0, UIDS["jl/atlantis"])
    t.event("DIE", 1, ("ROLLING", ()))
    assert [(e.seq, e.accepted, e.target) for e in t.journal.entries] == [
        (1, True, "game"), (2, False, "none"), (3, False, "none")]
    assert t.journal.positions() == {"B00710AD": 3}


def test_unknown_tile_is_refused_with_the_way_to_enroll_it():
    t = Table()
    r = t.event("TAP", 0, "04FFFFFF", tags.record_for("jl/nobody"))
    assert not r.accepted and "enroll" in r.note
    assert t.ref.game.inputs == []
    assert "Unknown tile" in t.screen()


def test_jl_b5_no_roll_expected_changes_nothing():
    t = Table()
    t.setup()
    before = list(t.ref.game.inputs)
    r = t.roll(3)
    assert not r.accepted and r.result.rule == "JL-B4"
    assert t.ref.game.inputs == before
    assert "no roll expected" in t.screen()


def test_roster_is_tapped_seat_by_seat_and_only_the_seated_player_closes_it():
    t = Table()
    t.tap("jl/atlantis")
    r = t.button("B")
    assert not r.accepted and "P1 is tapping tiles" in r.note
    assert t.button("A").accepted and t.ref.seat == 1
    t.tap("jl/mars")
    assert [inp[1] for inp in t.ref.game.inputs] == [0, 1]  # owners follow the seat


def test_undo_by_holding_back_takes_back_the_last_input_of_either_kind():
    t = Table()
    t.tap("jl/atlantis")
    t.button("A")
    assert t.ref.seat == 1
    assert t.ref.on_press("BACK", "long").accepted
    assert t.ref.seat == 0  # the seat change was the last input
    assert t.ref.on_press("BACK", "long").accepted
    assert t.ref.game.inputs == []
    assert not t.ref.on_press("BACK", "long").accepted  # nothing left: refused, no change
    assert t.journal.entries[-1].accepted is False


def test_hub_long_press_is_not_undo():
    t = Table()
    t.tap("jl/atlantis")
    r = t.button("A", "long")
    assert not r.accepted and "hold BACK" in r.note
    assert len(t.ref.game.inputs) == 1


def test_restored_from_the_journal_gives_the_same_game():
    t = Table()
    t.setup()
    t.tap("jl/doomsday")
    t.tap("jl/superman")
    t.roll(4)
    t.ref.on_press("BACK", "long")  # undo the roll
    again = Referee(lambda: HexorsGame(variant="jl-beginner", players=2), TileBook(entries()),
                    None, t.journal)
    assert again.game.inputs == t.ref.game.inputs
    assert again.seat == t.ref.seat and again.game.view() == t.ref.game.view()


def test_jl_c4_pods_confirmed_by_the_players_buttons_and_powers_by_tap():
    t = Table("jl-collector")
    t.setup(p1=("jl/atlantis", "jl/superman", "jl/064"), p2=("jl/mars", "jl/doomsday", "jl/070"))
    assert "Stones P1 0 P2 0" in t.screen()  # every player's Stones in the header
    t.tap("jl/doomsday")
    t.tap("jl/superman")
    assert t.button("A").accepted  # P1 says: Superman is in a pod
    assert t.ref.game.view()["battle"]["pod"] == [False, True]
    assert t.tap("jl/064").accepted  # P1 plays Last Stand (cost 0): one Character left
    t.roll(4)  # Doomsday red 8, Mars' red value 3 as colour bonus
    fought = t.roll(1).result.find("battle")  # Superman green 7, Atlantis' blue 6
    superman, doomsday = fought["totals"][UIDS["jl/superman"]], fought["totals"][UIDS["jl/doomsday"]]
    assert superman.value == 7 + 6 + 1 + 3 and "+1 pod" in str(superman)
    assert doomsday.value == 8 + 3
    assert fought["winner"] == UIDS["jl/superman"]
    assert "Stones P1 1 P2 0" in t.screen()  # JL-C8: a Stone for the defeated Character


def test_the_pi_menu_offers_the_engines_choices():
    t = Table()
    t.setup()
    t.tap("jl/doomsday")
    assert t.ref.on_press("OK", "press").entry is None  # opens the menu
    assert t.screen().endswith("> 1/1 end turn")  # the choice under the cursor
    r = t.ref.on_press("OK", "press")
    assert r.accepted and r.entry.boot is None  # a Pi input: no hub numbering
    assert "P1's turn" in t.screen()
