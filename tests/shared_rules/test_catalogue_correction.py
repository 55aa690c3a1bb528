"""Correcting a catalogue entry from the physical tile (catalogue.apply_correction)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from shared_rules import catalogue
from shared_rules.core.fraction import Fraction
from shared_rules.games.hexors.odds import battle_odds

SUPERMAN_REST = {"green": 2, "blue": 3, "red": 1, "purple": 2, "white": 2}


def test_full_strike_correction_marks_the_entry_verified():
    old = catalogue.get("jl/superman")
    new = catalogue.apply_correction(old, strike=SUPERMAN_REST)
    assert new["verified"] is True
    assert new["strike"]["yellow"] == 6  # the rulebook value stays
    assert new["strike"]["green"] == 2
    assert "corrected from the physical tile" in new["source"]
    assert catalogue.validate(new) == []
    # The entry handed in is untouched, and so is the catalogue.
    assert old["strike"]["green"] is None and old["verified"] is False
    assert catalogue.get("jl/superman")["strike"]["green"] is None


def test_partial_correction_stays_unverified():
    new = catalogue.apply_correction(catalogue.get("jl/mars"), strike={"green": 4})
    assert new["strike"]["green"] == 4 and new["strike"]["red"] == 3
    assert new["verified"] is False
    assert "bonus" in catalogue.missing(new)
    done = catalogue.apply_correction(new, strike={"blue": 1, "yellow": 2, "purple": 5,
                                                   "white": 6}, bonus=3)
    assert done["verified"] is True
    assert done["source"].count("corrected from the physical tile") == 1


def test_unidentified_numbered_tile_can_be_identified():
    tile = catalogue.get("jl/016")
    new = catalogue.apply_correction(tile, name="Some Hero", kind="character", colour="green",
                                     strike={"green": 2, "blue": 3, "yellow": 5, "red": 1,
                                             "purple": 2, "white": 2})
    assert new["verified"] is True
    assert catalogue.label(new) == "Some Hero"
    assert new["number"] == "016"


def test_element_correction_sets_the_colour():
    # A monster whose element a player reads off the tile: the colour follows the Decision.
    gaia = catalogue.get("ygo/gaia-the-fierce-knight")
    new = catalogue.apply_correction(gaia, element="fire")
    assert new["colour"] == "red"


def test_bad_corrections_are_refused_with_a_reason():
    sup = catalogue.get("jl/superman")
    err = raises(ValueError, catalogue.apply_correction, sup, strike={"red": 25})
    assert "red is 25: a strike value is from 0 to 20" in str(err)
    err = raises(ValueError, catalogue.apply_correction, sup, strike={"pink": 2})
    assert "pink" in str(err)
    err = raises(ValueError, catalogue.apply_correction, sup, cost=3)
    assert "cannot correct 'cost'" in str(err)
    raises(ValueError, catalogue.apply_correction, catalogue.get("jl/072"), strike={"red": 2})
    raises(ValueError, catalogue.apply_correction, sup, colour="pink")
    assert sup == catalogue.get("jl/superman")


def test_jl_b4_corrected_tiles_feed_the_odds():
    """JL-B4: once both tiles are known, the catalogue's strike dicts go straight into the
    odds; unknown values are refused with the colour named."""
    sup = catalogue.apply_correction(catalogue.get("jl/superman"), strike=SUPERMAN_REST)
    doom = catalogue.get("jl/doomsday")
    err = raises(ValueError, battle_odds, sup["strike"], 6, doom["strike"], 3)
    assert "green" in str(err)
    doom = catalogue.apply_correction(doom, strike={"green": 3, "blue": 3, "yellow": 5,
                                                    "purple": 7, "white": 5})
    p_att, p_def = battle_odds(sup["strike"], 6, doom["strike"], 3)
    assert p_att + p_def == 1
    # Doomsday's totals are 6 6 8 11 10 8. Superman rolled yellow: 12 beats them all;
    # red: 1 + 6 = 7 beats two of six and loses four.
    assert battle_odds(sup["strike"], 6, doom["strike"], 3, attacker_face=3)[0] == 1
    assert battle_odds(sup["strike"], 6, doom["strike"], 3, attacker_face=4)[0] == Fraction(1, 3)
