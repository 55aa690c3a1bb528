"""Correcting the cards of HeroScape, Hexo and Invocations, one path for every game: the
catalogue (shared_rules/core/cards.py), the registry, ``hexref tiles correct --set``, the enroll
flow and the demo's own corrections. A printed value never changes; a bad value is refused
and changes nothing; a corrected card, stored in the registry, plays through the referee.
"""
from __future__ import annotations

import json

import pytest

from host.app.demo import rehearse
from host.app.enroll import CHOOSE, CORRECT, DONE, HOLD, Enrollment, choices_for
from host.commands.main import main
from host.display.screens import text
from host.games.heroscape.demo import HS_CORRECTIONS, HS_UIDS
from host.games.hexo.demo import HX_CORRECTIONS, HX_UIDS
from host.games.invocations.demo import IN_CARDS, IN_UIDS
from host.games.scripting import corrected
from host.session.adapter import Referee
from host.storage import tags
from host.storage.registry import Registry, RegistryBook, Tile
from host.storage.store import Store
from shared_rules import catalogue
from shared_rules.games.heroscape.engine import validate_card
from shared_rules.games.invocations.engine import card_problems

KEY = bytes(range(32))
UID = "04C0FFEE000001"
UID2 = "04C0FFEE000002"
MIMRING = {"move": 6, "range": 1, "attack": 4, "defense": 3}  # the demo set's card


@pytest.fixture
def registry(tmp_path) -> Registry:
    return Registry(Store(tmp_path), KEY)


# --- each game ---------------------------------------------------------------------------

def test_hs_1_mimring_corrected_in_the_registry_is_a_playable_army_card(registry):
    """HS-1: the rulebook names Mimring but prints no values; the table's card fills them."""
    registry.enroll(UID, "hs/mimring", owner="Sam")
    before = registry.resolve(UID, "").entry
    assert before["verified"] is False
    assert catalogue.missing(before) == ["move", "range", "attack", "defense"]
    assert validate_card(before) != []  # the engine would refuse it
    registry.correct(UID, attack=4, defense=3)
    half = registry.resolve(UID, "").entry
    assert (half["attack"], half["defense"], half["verified"]) == (4, 3, False)
    assert catalogue.missing(half) == ["move", "range"]
    fixed = registry.correct(UID, move=6, range=1)  # later corrections add to earlier ones
    assert fixed["verified"] is True and catalogue.missing(fixed) == []
    assert registry.resolve(UID, "").entry == fixed
    assert validate_card(fixed) == []
    assert registry.store.tile(UID).fields == MIMRING
    assert registry.store.tile(UID).strike is None
    assert fixed["source"].endswith("; corrected from the physical card")


def test_hs_1_marro_warriors_keep_their_printed_figure_count(registry):
    registry.enroll(UID, "hs/marro-warriors")
    fixed = registry.correct(UID, figures=4, move=6, range=6, attack=2, defense=3)
    assert fixed["figures"] == 4 and fixed["verified"] is True
    with pytest.raises(ValueError, match="figures is printed as 4"):
        registry.correct(UID, figures=3)
    assert registry.resolve(UID, "").entry == fixed


def test_hx_7_a_companion_with_its_strength_supports_a_fighter(registry):
    """HX-7: a Companion's strength is not in the rulebook; corrected, the engine adds it."""
    registry.enroll(UID, "hx/companion")
    entry = registry.resolve(UID, "").entry
    assert catalogue.missing(entry) == ["strength"] and entry["verified"] is False
    fixed = registry.correct(UID, strength=2, cost=3)
    assert (fixed["strength"], fixed["cost"], fixed["verified"]) == (2, 3, True)
    bronze = catalogue.apply_correction(catalogue.get("hx/bronze"), money=1)
    assert bronze["verified"] is True and bronze["cost"] is None  # a cost is optional
    assert registry.resolve(UID, "").entry == fixed
    assert catalogue.get("hx/companion")["strength"] is None  # the catalogue keeps it unknown


def test_in_a_numbered_card_gets_its_name_attack_defense_cost_and_effect(registry):
    """IN-1: the rulebook prints no card: a numbered place takes the card's own values."""
    registry.enroll(UID, "in/card-12")
    entry = registry.resolve(UID, "").entry
    assert card_problems(entry) == "Card 12: Attack unknown"
    fixed = registry.correct(UID, name="Fire Imp", attack=7, defense=2)
    assert fixed["verified"] is True and card_problems(fixed) is None
    assert catalogue.label(fixed) == "Fire Imp"
    more = registry.correct(UID, cost=1, effect="Take 2 cards")
    assert (more["cost"], more["effect"], more["name"]) == (1, "Take 2 cards", "Fire Imp")
    # The name was only a numbered place: it may be corrected again, the card misread.
    assert registry.correct(UID, name="Fire Imp II")["name"] == "Fire Imp II"


def test_hexors_tiles_keep_their_correction_path(registry):
    registry.enroll(UID, "jl/mars")
    fixed = registry.correct(UID, strike={"green": 4, "blue": 5, "yellow": 2, "purple": 6,
                                          "white": 5}, bonus=2)
    assert fixed["verified"] is True and fixed["strike"]["red"] == 3
    with pytest.raises(ValueError, match="red is printed as 3"):
        registry.correct(UID, strike={"red": 4})
    with pytest.raises(ValueError, match="name is printed as 'Mars'"):
        registry.correct(UID, name="Venus")
    assert registry.resolve(UID, "").entry == fixed


# --- refusals ----------------------------------------------------------------------------

@pytest.mark.parametrize("entry_id, values, reason", [
    ("hs/zettian-guards", {"attack": 5}, "attack is printed as 2"),
    ("hs/zettian-guards", {"kind": "hero"}, "kind is printed as 'squad'"),
    ("hs/mimring", {"attack": 25}, "attack must be a whole number 1..20, not 25"),
    ("hs/mimring", {"attack": 0}, "1..20"),
    ("hs/mimring", {"move": "6"}, "move must be a whole number"),
    ("hs/mimring", {"move": True}, "move must be a whole number"),
    ("hs/mimring", {"strength": 2}, "has no strength"),
    ("hs/mimring", {"move": None}, "cannot be made unknown"),
    ("hx/goblin", {"value": 2}, "value is printed as 1"),
    ("hx/companion", {"strength": -1}, "0..20"),
    ("hx/companion", {"money": 3}, "has no money"),
    ("in/card-01", {"attack": 100}, "0..99"),
    ("in/card-01", {"name": ""}, "name must be text"),
    ("in/card-01", {"name": "x" * 41}, "1 to 40 characters"),
    ("in/card-01", {"effect": "line\nbreak"}, "effect must be text"),
])
def test_bad_card_values_are_refused_and_change_nothing(registry, entry_id, values, reason):
    registry.enroll(UID, entry_id, owner="Kim")
    before = registry.tiles()
    entry = catalogue.get(entry_id)
    with pytest.raises(ValueError, match=reason):
        catalogue.apply_correction(entry, **values)
    with pytest.raises(ValueError, match=reason):
        registry.correct(UID, **values)
    with pytest.raises(ValueError, match=reason):
        registry.enroll(UID2, entry_id, **values)
    assert registry.tiles() == before
    assert entry == catalogue.get(entry_id)


def test_a_card_has_no_strike_values(registry):
    registry.enroll(UID, "hs/mimring")
    with pytest.raises(ValueError, match="HeroScape card has no strike values: give its "
                                         "'name', 'kind', 'figures', 'move'"):
        registry.correct(UID, strike={"red": 3})
    assert registry.store.tile(UID).strike is None


def test_the_same_printed_value_again_is_no_change():
    guards = catalogue.get("hs/zettian-guards")
    again = catalogue.apply_correction(guards, attack=2, defense=7)
    assert again == dict(guards, source=guards["source"] + "; corrected from the physical card")


# --- the demo's corrections are the same path -----------------------------------------------

def test_the_demo_corrects_its_cards_through_the_one_path(registry):
    for entry_id, values in list(HS_CORRECTIONS.items()) + list(HX_CORRECTIONS.items()):
        registry.enroll(HS_UIDS.get(entry_id) or HX_UIDS[entry_id], entry_id)
        stored = registry.correct(HS_UIDS.get(entry_id) or HX_UIDS[entry_id], **values)
        assert stored == corrected(catalogue.get(entry_id), **values)
        assert stored["verified"] is True
    with pytest.raises(ValueError, match="attack is printed as 2"):
        corrected(catalogue.get("hs/zettian-guards"), attack=5)


# --- export and import ----------------------------------------------------------------------

def _collection(registry: Registry) -> None:
    registry.enroll("04A1B2C3D4E501", "jl/superman", owner="Sam",
                    strike={"green": 7, "blue": 5, "red": 5, "purple": 4, "white": 8})
    registry.enroll("04C0FFEE000001", "hs/mimring", owner="Kim", **MIMRING)
    registry.enroll("04C0FFEE000002", "hx/companion", strength=2, cost=3)
    registry.enroll("04C0FFEE000003", "in/card-01", name="Fire Imp, \"hot\"", attack=7,
                    defense=2, effect="Take 2 cards")
    registry.enroll("04C0FFEE000004", "hs/marro-warriors")


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_cards_round_trip_through_export_and_import(tmp_path, fmt):
    first = Registry(Store(tmp_path / "a"), KEY)
    _collection(first)
    exported = first.export(fmt)
    second = Registry(Store(tmp_path / "b"), KEY)
    assert second.import_(exported, fmt) == {"added": 5, "changed": 0, "same": 0}
    assert second.tiles() == first.tiles()
    assert second.export(fmt) == exported
    for row in first.tiles():
        assert second.resolve(row.uid, "").entry == first.resolve(row.uid, "").entry
    imp = second.resolve("04C0FFEE000003", "").entry
    assert (imp["name"], imp["attack"], imp["defense"]) == ('Fire Imp, "hot"', 7, 2)
    assert second.resolve("04C0FFEE000001", "").entry["verified"] is True


def test_csv_gets_a_column_for_each_card_value_in_use(registry):
    _collection(registry)
    lines = registry.export("csv").splitlines()
    assert lines[0] == ("uid,entry,owner,green,blue,yellow,red,purple,white,"
                        "name,kind,colour,element,ally,bonus,"
                        "move,range,attack,defense,strength,cost,effect,enrolled")
    mimring = [line for line in lines if line.startswith("04C0FFEE000001,")][0]
    assert mimring.startswith("04C0FFEE000001,hs/mimring,Kim,,,,,,,,,,,,,6,1,4,3,,,,")


def test_a_spreadsheet_of_cards_is_typed_and_checked_whole(registry):
    good = ("uid,entry,owner,attack,defense,move,range,strength\n"
            "04C0FFEE000001,hs/mimring,Sam,4,3,6,1,\n"
            "04C0FFEE000002,hx/companion,,,,,,2\n")
    assert registry.import_(good, "csv") == {"added": 2, "changed": 0, "same": 0}
    assert registry.store.tile("04C0FFEE000001").fields == MIMRING
    assert registry.resolve("04C0FFEE000002", "").entry["strength"] == 2
    before = registry.tiles()
    for bad, reason in (
            ("04C0FFEE000003,hs/mimring,,four,,,,\n", "line 2: attack must be a whole number"),
            ("04C0FFEE000003,hs/zettian-guards,,5,,,,\n", "line 2: .*attack is printed as 2"),
            ("04C0FFEE000003,hs/mimring,,,,,,2\n", "line 2: .*has no strength")):
        with pytest.raises(ValueError, match=reason):
            registry.import_(good.splitlines()[0] + "\n" + bad, "csv")
    assert registry.tiles() == before
    raw = json.dumps([{"uid": "04C0FFEE000003", "entry": "in/card-02",
                       "fields": {"attack": 300}}])
    with pytest.raises(ValueError, match="tile 1: .*0..99"):
        registry.import_(raw, "json")
    assert registry.tiles() == before


# --- the command line ---------------------------------------------------------------------

def test_tiles_correct_sets_a_card_values_by_name(tmp_path, capsys):
    data = str(tmp_path / "d")
    Registry.open(data).enroll(UID, "hs/mimring")
    assert main(["tiles", "correct", UID, "--set", "attack=4", "--set", "defense=3",
                 "--data", data]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "%s: Mimring  figures 1 move ? range ? attack 4 defense 3" % UID,
        "still unknown: move, range"]
    assert main(["tiles", "correct", UID, "--set", "move=6", "--set", "range=1",
                 "--data", data]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "verified"
    for args, reason in ((["--set", "attack=twenty"], "attack must be a whole number"),
                         (["--set", "attack=21"], "1..20, not 21"),
                         (["--set", "figures=2"], "figures is printed as 1"),
                         (["--set", "colour=red"], "has no colour"),
                         (["--strike", "red=3"], "no strike values")):
        assert main(["tiles", "correct", UID, *args, "--data", data]) == 1
        assert reason in capsys.readouterr().err
    assert Store(data).tile(UID).fields == MIMRING
    with pytest.raises(SystemExit):
        main(["tiles", "correct", UID, "--set", "attack", "--data", data])  # no =
    capsys.readouterr()


def test_tiles_correct_names_an_invocations_card_and_keeps_the_hexors_options(tmp_path,
                                                                              capsys):
    data = str(tmp_path / "d")
    registry = Registry.open(data)
    registry.enroll(UID, "in/card-05")
    registry.enroll(UID2, "jl/016")
    assert main(["tiles", "correct", UID, "--name", "Night Owl", "--set", "attack=5",
                 "--set", "defense=6", "--set", "effect=Block a hand", "--data", data]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "%s: Night Owl  attack 5 defense 6 cost ? effect Block a hand" % UID, "verified"]
    assert main(["tiles", "correct", UID2, "--kind", "character", "--name", "Aquaman",
                 "--colour", "blue", "--strike", "green=4,blue=5,yellow=6",
                 "--set", "red=3", "--set", "purple=2", "--set", "white=7",
                 "--data", data]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "%s: Aquaman  green 4 blue 5 yellow 6 red 3 purple 2 white 7" % UID2, "verified"]
    assert Store(data).tile(UID2).strike == {"green": 4, "blue": 5, "yellow": 6, "red": 3,
                                             "purple": 2, "white": 7}


# --- the enroll flow ----------------------------------------------------------------------

def _enrolled_by_buttons(registry: Registry, presses: list[tuple[str, str]],
                         choices: list[dict] | None = None) -> Enrollment:
    """Tap a new tag, press the referee's buttons, hold OK, confirm the write."""
    job = Enrollment(registry, choices if choices is not None else choices_for())
    job.on_tap(UID, "", 0.0)
    for name, action in presses:
        job.on_button(name, action, 1.0)
    assert job.state == HOLD, text(job.view())
    writes = job.on_button("OK", "long", 2.0)
    job.on_tap(UID, writes[0].record, 3.0)
    assert job.state == DONE
    return job


def test_enroll_offers_every_game_first_then_its_cards(registry):
    job = Enrollment(registry, choices_for())
    job.on_tap(UID, "", 0.0)
    assert job.state == CHOOSE
    assert text(job.view())[:3] == ["Enroll: which game?  [1/5]", "[Justice League Hexors]",
                                    "Yu-Gi-Oh! Hexors"]
    job.on_button("DOWN", "press", 0.1)
    job.on_button("DOWN", "press", 0.1)
    job.on_button("OK", "press", 0.1)
    assert text(job.view())[:3] == ["HeroScape  [1/3]", "[Zettian Guards]", "Marro Warriors"]
    job.on_button("UP", "press", 0.1)  # wraps inside the game
    assert job.entry["id"] == "hs/mimring"
    job.on_button("BACK", "press", 0.1)  # back to the games, the cursor where it was
    assert text(job.view())[0] == "Enroll: which game?  [3/5]"
    job.on_button("BACK", "press", 0.1)
    assert job.state == "tap"


def test_enroll_mimring_with_the_buttons_then_it_plays(registry):
    """The unknown values of an army card are set with UP/DOWN like strike values."""
    presses = [("DOWN", "press")] * 2 + [("OK", "press"), ("UP", "press"), ("OK", "press")]
    job = Enrollment(registry, choices_for())
    job.on_tap(UID, "", 0.0)
    for name, action in presses:
        job.on_button(name, action, 1.0)
    assert job.state == CORRECT
    assert text(job.view()) == ["Mimring  [1/4]", "   move  :  ?", "? ? ? ?",
                                "> As on the card: UP/DOWN, OK next"]
    # Move 6 (a long press is +5), Range 1, Attack 4, Defense 3.
    for value in (6, 1, 4, 3):
        if value >= 5:
            job.on_button("UP", "long", 1.0)
        for _ in range(value % 5):
            job.on_button("UP", "press", 1.0)
        job.on_button("OK", "press", 1.0)
    assert job.state == HOLD
    job.on_button("BACK", "press", 1.0)  # back to Defense
    assert job.view().big == ("defense", "3")
    job.on_button("DOWN", "press", 1.0), job.on_button("DOWN", "press", 1.0)
    job.on_button("DOWN", "press", 1.0), job.on_button("DOWN", "press", 1.0)
    assert job.view().big == ("defense", "1")  # never under the card's lowest
    job.on_button("UP", "press", 1.0), job.on_button("UP", "press", 1.0)
    job.on_button("OK", "press", 1.0)
    writes = job.on_button("OK", "long", 2.0)
    assert writes[0].record == tags.record_for("hs/mimring", UID, KEY)
    job.on_tap(UID, writes[0].record, 3.0)
    assert job.state == DONE
    assert registry.store.tile(UID).fields == MIMRING
    found = registry.resolve(UID, writes[0].record)
    assert isinstance(found, Tile) and found.entry["verified"] is True


def test_enroll_a_companion_and_an_invocations_card_with_the_buttons(registry):
    companion = [("DOWN", "press")] * 3 + [("OK", "press")] + [("DOWN", "press")] * 3 + [
        ("OK", "press"), ("UP", "press"), ("UP", "press"), ("OK", "press")]
    _enrolled_by_buttons(registry, companion)
    assert registry.store.tile(UID).fields == {"strength": 2}
    assert registry.resolve(UID, "").entry["verified"] is True
    registry.forget(UID)
    card = [("UP", "press"), ("OK", "press"), ("DOWN", "press"), ("OK", "press")] + \
        [("UP", "press")] * 7 + [("OK", "press"), ("UP", "press"), ("UP", "press"),
                                 ("OK", "press")]
    _enrolled_by_buttons(registry, card)
    assert registry.store.tile(UID).entry == "in/card-02"
    assert registry.store.tile(UID).fields == {"attack": 7, "defense": 2}


def test_enroll_a_printed_card_asks_nothing(registry):
    job = _enrolled_by_buttons(registry, [("DOWN", "press")] * 2 + [("OK", "press"),
                                                                    ("OK", "press")])
    assert job.enrolled == [(UID, "hs/zettian-guards")]
    assert registry.store.tile(UID).fields is None


def test_reenrolling_a_card_keeps_its_corrections_and_asks_what_is_missing(registry):
    registry.enroll(UID, "in/card-03", name="Sea Serpent", attack=7)
    job = Enrollment(registry, choices_for("in"))
    job.on_tap(UID, "", 0.0)
    assert "Already Sea Serpent" in job.view().footer
    job.on_button("OK", "press", 0.1)
    assert job.state == CORRECT and text(job.view())[2] == "7 ?"  # Attack kept, Defense?
    job.on_button("OK", "press", 0.1)
    for _ in range(5):
        job.on_button("UP", "press", 0.1)
    job.on_button("OK", "press", 0.1)
    writes = job.on_button("OK", "long", 0.2)
    job.on_tap(UID, writes[0].record, 0.3)
    assert registry.store.tile(UID).fields == {"name": "Sea Serpent", "attack": 7,
                                               "defense": 5}


def test_enroll_with_values_on_the_command_line(registry):
    job = Enrollment(registry, choices_for(), entry_id="hs/mimring",
                     values={"move": "6", "range": "1", "attack": "4", "defense": 3})
    job.on_tap(UID, "", 0.0)
    assert job.state == HOLD  # nothing to ask
    writes = job.on_button("OK", "long", 1.0)
    job.on_tap(UID, writes[0].record, 2.0)
    assert registry.store.tile(UID).fields == MIMRING
    for values, reason in (({"attack": "9x"}, "attack must be a whole number"),
                           ({"attack": "30"}, "1..20"), ({"figures": "2"}, "printed as 1")):
        with pytest.raises(ValueError, match=reason):
            Enrollment(registry, choices_for(), entry_id="hs/mimring", values=values)
    with pytest.raises(ValueError, match="give --entry too"):
        Enrollment(registry, choices_for(), values={"attack": "3"})


def test_enroll_command_refuses_a_bad_value_before_any_tag(tmp_path, capsys):
    data = str(tmp_path / "d")
    assert main(["enroll", "--entry", "hs/zettian-guards", "--set", "defense=2",
                 "--data", data]) == 2
    assert "defense is printed as 7" in capsys.readouterr().err
    assert Store(data).tiles() == []


# --- stored cards play through the referee --------------------------------------------------

def _play_through_registry(variant: str, registry: Registry) -> tuple[Referee, list[str]]:
    """The demo's script of ``variant``, with the tags resolved by the registry (the trust
    rule and the stored corrections) instead of the demo's own book."""
    # Tags that carry no record: the registry trusts them by their UID alone.
    return rehearse(variant, book=RegistryBook(registry), records=False)


def test_hs_1_corrected_mimring_from_the_registry_plays_the_demo_game(registry):
    """HS-1..HS-10: Mimring and the Marro Warriors stored with their corrections play
    exactly the game the demo plays with its own book; uncorrected, Mimring is refused."""
    for entry_id, uid in HS_UIDS.items():
        registry.enroll(uid, entry_id)
    referee, said = _play_through_registry("heroscape", registry)
    assert "Mimring: Attack unknown, copy it from the card" in " ".join(said)
    assert referee.game.phase == "setup"  # P2 has no army: the game cannot start
    for entry_id, values in HS_CORRECTIONS.items():
        registry.correct(HS_UIDS[entry_id], **values)
    referee, said = _play_through_registry("heroscape", registry)
    _, demo_said = rehearse("heroscape")
    assert said == demo_said
    assert "P1 wins" in said[-1]


def test_hx_7_and_in_10_stored_cards_play_the_demo_games(registry):
    for entry_id, uid in HX_UIDS.items():
        registry.enroll(uid, entry_id, **HX_CORRECTIONS.get(entry_id, {}))
    referee, said = _play_through_registry("hexo", registry)
    assert said == rehearse("hexo")[1]
    assert referee.game.phase == "over" and "Red wins" in said[-1]
    assert any("Blue: 1 base +2 Companion = 3" in s for s in said)  # its stored strength
    for entry_id, uid in IN_UIDS.items():
        registry.enroll(uid, entry_id)
        name, attack, defense = IN_CARDS[entry_id]
        registry.correct(uid, name=name, attack=attack, defense=defense)
    referee, said = _play_through_registry("invocations", registry)
    assert said == rehearse("invocations")[1]
    assert referee.game.phase == "over" and "Green wins" in said[-1]
