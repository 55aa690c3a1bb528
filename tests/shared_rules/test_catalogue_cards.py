"""The cards of HeroScape, Hexo and Invocations in the catalogue (shared_rules/core/cards.py):
every shipped card is well formed, unknown values are listed, corrections fill them and
never overwrite what the rulebook prints."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from shared_rules import catalogue
from shared_rules.games.heroscape.engine import validate_card
from shared_rules.games.hexors import tiles
from shared_rules.games.invocations.engine import card_problems


def card_entries():
    return catalogue.load("hs") + catalogue.load("hx") + catalogue.load("in")


def test_every_shipped_card_validates_and_verified_means_nothing_missing():
    for entry in card_entries():
        assert catalogue.validate(entry) == [], "%s: %s" % (entry["id"],
                                                            catalogue.validate(entry))
        assert entry["verified"] == (catalogue.missing(entry) == []), entry["id"]


def test_hs_1_the_rulebook_prints_only_the_zettian_guards():
    assert catalogue.missing(catalogue.get("hs/zettian-guards")) == []
    assert catalogue.missing(catalogue.get("hs/mimring")) == ["move", "range", "attack",
                                                             "defense"]
    assert catalogue.missing(catalogue.get("hs/marro-warriors")) == [
        "move", "range", "attack", "defense"]


def test_hs_1_corrected_mimring_passes_the_engine_check():
    mimring = catalogue.get("hs/mimring")
    fixed = catalogue.apply_correction(mimring, move=6, range=1, attack=4, defense=3)
    assert fixed["verified"] is True and validate_card(fixed) == []
    assert fixed["source"].endswith("; corrected from the physical card")
    assert mimring == catalogue.get("hs/mimring")  # the entry handed in is untouched
    again = catalogue.apply_correction(fixed, attack=5)  # a value the table set, not printed
    assert again["attack"] == 5
    assert again["source"].count("corrected from the physical card") == 1


def test_hx_7_companion_strength_and_optional_cost():
    companion = catalogue.get("hx/companion")
    assert catalogue.missing(companion) == ["strength"]
    fixed = catalogue.apply_correction(companion, strength=2)
    assert fixed["verified"] is True and fixed["cost"] is None
    assert catalogue.apply_correction(fixed, cost=3)["cost"] == 3


def test_in_1_a_numbered_card_takes_its_name_and_values():
    card = catalogue.get("in/card-07")
    assert card_problems(card) == "Card 07: Attack unknown"
    fixed = catalogue.apply_correction(card, name="Ice Wyrm", attack=2, defense=7,
                                       effect="Block a hand")
    assert card_problems(fixed) is None and fixed["verified"] is True
    assert catalogue.label(fixed) == "Ice Wyrm"


def test_printed_values_never_change():
    err = raises(ValueError, catalogue.apply_correction, catalogue.get("hs/zettian-guards"),
                 defense=6)
    assert "defense is printed as 7" in str(err)
    err = raises(ValueError, catalogue.apply_correction, catalogue.get("hx/troll"), value=4)
    assert "value must be a whole number 1..3, not 4" in str(err)
    err = raises(ValueError, catalogue.apply_correction, catalogue.get("hx/troll"),
                 points=2)
    assert "points is printed as 3" in str(err)
    err = raises(ValueError, catalogue.apply_correction, catalogue.get("jl/superman"),
                 strike={"yellow": 5})
    assert "yellow is printed as 6" in str(err)
    # The same value again is no change.
    guards = catalogue.get("hs/zettian-guards")
    assert catalogue.apply_correction(guards, defense=7)["defense"] == 7


def test_bad_values_are_refused_with_a_reason():
    mimring = catalogue.get("hs/mimring")
    for values, reason in (({"attack": 21}, "1..20"), ({"attack": "4"}, "whole number"),
                           ({"figures": 2}, "printed as 1"), ({"bonus": 1}, "has no bonus"),
                           ({"kind": "army"}, "one of hero, squad"),
                           ({"defense": None}, "unknown again")):
        err = raises(ValueError, catalogue.apply_correction, mimring, **values)
        assert reason in str(err), (values, str(err))
    err = raises(ValueError, catalogue.apply_correction, mimring, strike={"red": 2})
    assert "no strike values" in str(err)
    err = raises(ValueError, catalogue.apply_correction, catalogue.get("in/card-01"),
                 name="x" * 41)
    assert "1 to 40 characters" in str(err)
    assert mimring == catalogue.get("hs/mimring")


def test_a_squad_has_two_figures_or_more_and_a_hero_one():
    own = {"id": "hs/my-squad", "game": "hs", "kind": "squad", "name": "My Squad",
           "figures": None, "move": 5, "range": 1, "attack": 3, "defense": 3,
           "verified": False, "source": "added by players"}
    err = raises(ValueError, catalogue.apply_correction, own, figures=1)
    assert "2 or more" in str(err)
    # A card the catalogue does not hold: nothing of it is printed, all is correctable.
    fixed = catalogue.apply_correction(own, figures=3, attack=4)
    assert fixed["verified"] is True and fixed["attack"] == 4


def test_values_typed_by_a_player_take_the_card_type():
    mimring = catalogue.get("hs/mimring")
    assert catalogue.parse_value(mimring, "attack", " 4") == 4
    assert catalogue.parse_value(catalogue.get("in/card-01"), "effect", "Take 2") == "Take 2"
    assert catalogue.parse_value(catalogue.get("jl/mars"), "white", "5") == 5
    assert catalogue.parse_value(catalogue.get("jl/mars"), "bonus", "2") == 2
    assert "whole number" in str(raises(ValueError, catalogue.parse_value, mimring,
                                        "attack", "four"))
    assert "has no cost" in str(raises(ValueError, catalogue.parse_value, mimring,
                                       "cost", "1"))
    assert "cannot correct 'attack'" in str(raises(ValueError, catalogue.parse_value,
                                                   catalogue.get("jl/mars"), "attack", "1"))


def test_correctable_names_every_game_s_values():
    assert catalogue.correctable(catalogue.get("hx/companion")) == ["name", "strength", "cost"]
    assert catalogue.correctable(catalogue.get("in/card-01")) == [
        "name", "attack", "defense", "cost", "effect"]
    assert catalogue.correctable(catalogue.get("jl/072")) == list(tiles.CORRECTABLE)
    assert catalogue.correctable(catalogue.get("jl/mars"))[:2] == ["green", "blue"]
    assert catalogue.book(catalogue.get("hs/mimring")).name == "HeroScape"
