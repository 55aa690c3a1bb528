"""Exact Hexors battle odds (shared_rules/games/hexors/odds.py): JL-B4, JL-B5, YG-5 and YG-6 bonuses."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from shared_rules.core.fraction import Fraction
from shared_rules.games.hexors.decisions import COLOURS
from shared_rules.games.hexors.odds import (
    EndlessTie,
    battle_odds,
    count_outcomes,
    describe,
    face_totals,
    odds_by_face,
    strike_row,
    ties_rerolled,
)

ONE_TO_SIX = [1, 2, 3, 4, 5, 6]
ALL_THREES = [3, 3, 3, 3, 3, 3]


def by_colour(values):
    strike = {}
    for i in range(6):
        strike[COLOURS[i]] = values[i]
    return strike


def test_jl_b4_higher_total_always_wins():
    """JL-B4: when every attacker total beats every defender total the attacker wins."""
    assert battle_odds([9] * 6, 0, [1] * 6, 0) == (1, 0)
    assert battle_odds([1] * 6, 0, [9] * 6, 0) == (0, 1)


def test_jl_b4_rolled_colour_selects_the_strike_value():
    """JL-B4: face n selects the n-th colour's value (decisions.COLOURS)."""
    only_green = by_colour([6, 0, 0, 0, 0, 0])
    p_att, p_def = battle_odds(only_green, 0, [1] * 6, 0)
    assert p_att == Fraction(1, 6)
    assert p_def == Fraction(5, 6)
    # Given the face: green (face 1) wins outright, blue (face 2) loses outright.
    assert battle_odds(only_green, 0, [1] * 6, 0, attacker_face=1)[0] == 1
    assert battle_odds(only_green, 0, [1] * 6, 0, attacker_face=2)[0] == 0


def test_jl_b4_dict_and_face_order_agree():
    """JL-B4: a strike dict by colour and a list in face order are the same tile."""
    values = [2, 3, 5, 1, 2, 2]
    assert strike_row(by_colour(values)) == tuple(values)
    assert battle_odds(by_colour(values), 1, ALL_THREES, 0) == battle_odds(values, 1, ALL_THREES, 0)


def test_jl_b5_ties_are_rolled_again_hand_count():
    """JL-B5: totals 3 4 6 2 3 3 against six 3s: 12 wins, 18 ties, 6 losses of 36;
    the ties are re-rolled, so the attacker wins 12 of the 18 decided pairs."""
    assert count_outcomes(face_totals([2, 3, 5, 1, 2, 2], 1), face_totals(ALL_THREES)) == (12, 18, 6)
    p_att, p_def = battle_odds([2, 3, 5, 1, 2, 2], 1, ALL_THREES, 0)
    assert p_att == Fraction(2, 3)
    assert p_def == Fraction(1, 3)


def test_jl_b5_identical_tiles_are_even():
    """JL-B5: the same tile on both sides: ties re-rolled, so exactly one half each."""
    assert battle_odds(ONE_TO_SIX, 2, ONE_TO_SIX, 2) == (Fraction(1, 2), Fraction(1, 2))


def test_jl_b5_a_tie_after_the_attackers_roll_rerolls_both_dice():
    """JL-B5: the attacker rolled 3 against six 3s: every defender face ties, both dice
    are rolled again, so the chance is back to the before-roll chance (3/5), not 0 or 1."""
    before = battle_odds(ONE_TO_SIX, 0, ALL_THREES, 0)[0]
    assert before == Fraction(3, 5)
    assert battle_odds(ONE_TO_SIX, 0, ALL_THREES, 0, attacker_face=3) == (before, 1 - before)
    assert battle_odds(ONE_TO_SIX, 0, ALL_THREES, 0, attacker_face=6)[0] == 1
    assert battle_odds(ONE_TO_SIX, 0, ALL_THREES, 0, attacker_face=1)[0] == 0


def test_jl_b5_after_roll_odds_average_to_the_before_roll_odds():
    """JL-B5: averaging the after-roll chance over the six attacker faces gives the
    before-roll chance (the re-roll is counted once, not twice)."""
    att = [2, 7, 1, 3, 6, 2]
    dfd = [4, 2, 6, 3, 3, 5]
    before = battle_odds(att, 1, dfd, 2)[0]
    total = Fraction(0)
    for p in odds_by_face(att, 1, dfd, 2):
        total = total + p
    assert total / 6 == before
    assert len(odds_by_face(att, 1, dfd, 2)) == 6


def test_jl_b5_a_battle_that_always_ties_is_reported_not_divided():
    """JL-B5: every pair of faces ties: the odds say so (EndlessTie), no ZeroDivisionError."""
    err = raises(EndlessTie, battle_odds, [4] * 6, 0, [4] * 6, 0)
    assert "tie" in str(err)
    raises(EndlessTie, battle_odds, [4] * 6, 0, [4] * 6, 0, 2)
    raises(EndlessTie, ties_rerolled, 0, 36, 0)
    assert isinstance(err, ValueError)


def test_yg_5_duel_odds_as_jl_with_the_yg_6_character_bonus():
    """YG-5 / YG-6: a Beginner Character adds +2 to every strike value it rolls."""
    character = ALL_THREES
    monster = [5, 5, 5, 5, 5, 5]
    raises(EndlessTie, battle_odds, character, 2, monster, 0)
    assert battle_odds(character, 3, monster, 0) == (1, 0)
    assert battle_odds(ONE_TO_SIX, 2, ONE_TO_SIX, 0)[0] == ties_rerolled(*count_outcomes(
        face_totals(ONE_TO_SIX, 2), face_totals(ONE_TO_SIX, 0)))


def test_yg_5_negative_bonus_life_drain_style():
    """YG-5 / JL-W070: a known -1 lowers every total; odds follow exactly."""
    p_att, _ = battle_odds(ONE_TO_SIX, -1, ALL_THREES, 0)
    # totals 0..5 against 3s: 2 wins (4, 5), 1 tie, 3 losses -> 2/5.
    assert p_att == Fraction(2, 5)


def test_unknown_or_bad_values_get_a_clear_message():
    strike = by_colour([1, 2, None, 4, 5, 6])
    err = raises(ValueError, battle_odds, strike, 0, ALL_THREES, 0)
    assert "yellow" in str(err) and "unknown" in str(err)
    raises(ValueError, battle_odds, [1, 2, 3], 0, ALL_THREES, 0)
    raises(ValueError, battle_odds, ONE_TO_SIX, "2", ALL_THREES, 0)
    raises(ValueError, battle_odds, ONE_TO_SIX, 0, ALL_THREES, 0, 7)
    raises(ValueError, battle_odds, ONE_TO_SIX, 0, ALL_THREES, 0, 0)
    raises(ValueError, battle_odds, [1, 2, 3, 4, 5, 6.5], 0, ALL_THREES, 0)
    missing = {"green": 1}
    raises(ValueError, battle_odds, missing, 0, ALL_THREES, 0)


def test_printable_form():
    p_att, p_def = battle_odds([2, 3, 5, 1, 2, 2], 1, ALL_THREES, 0)
    assert describe(p_att, p_def) == "attacker 2/3 = 66.7%, defender 1/3 = 33.3%"
    assert describe(Fraction(23, 36)) == "attacker 23/36 = 63.9%, defender 13/36 = 36.1%"
    assert describe(p_att, names=("Superman", "Doomsday")).startswith("Superman 2/3")
