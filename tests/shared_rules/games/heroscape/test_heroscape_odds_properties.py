"""Property tests for HeroScape odds (HS-6, HS-7) against Python's own fractions."""
import itertools
from fractions import Fraction as PyFraction

from hypothesis import given, settings
from hypothesis import strategies as st

from shared_rules.games.heroscape import decisions
from shared_rules.games.heroscape.odds import attack_odds

dice = st.integers(min_value=0, max_value=decisions.MAX_DICE)


def as_py(f):
    return PyFraction(f.numerator, f.denominator)


def binomial(n, p):
    from math import comb
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


@given(dice, dice)
@settings(max_examples=200, deadline=None)
def test_hs_7_distribution_is_complete_and_matches_independent_formula(a, d):
    """HS-7: the unblocked distribution sums to 1 and agrees with a float-free formula
    built from Python's fractions and math.comb."""
    odds = attack_odds(a, d)
    assert sum(as_py(p) for p in odds.unblocked) == 1
    sk = binomial(a, PyFraction(3, 6))
    sh = binomial(d, PyFraction(2, 6))
    expected = [PyFraction(0)] * (a + 1)
    for k, pk in enumerate(sk):
        for j, pj in enumerate(sh):
            expected[max(0, k - j)] += pk * pj
    assert [as_py(p) for p in odds.unblocked] == expected
    assert as_py(odds.p_destroy) == 1 - expected[0]


@given(st.integers(0, 19), dice)
@settings(max_examples=100, deadline=None)
def test_hs_6_more_attack_dice_never_hurt(a, d):
    """HS-6: an extra attack die (height) never lowers the chance to destroy."""
    assert attack_odds(a + 1, d).p_destroy >= attack_odds(a, d).p_destroy


@given(dice, st.integers(0, 19))
@settings(max_examples=100, deadline=None)
def test_hs_6_more_defense_dice_never_help_the_attacker(a, d):
    """HS-6: an extra defense die never raises the chance to destroy."""
    assert attack_odds(a, d + 1).p_destroy <= attack_odds(a, d).p_destroy


@given(st.integers(0, 3), st.integers(0, 3))
@settings(max_examples=30, deadline=None)
def test_hs_7_brute_force_enumeration(a, d):
    """HS-7: every face combination counted by itertools agrees."""
    faces = decisions.DIE_FACES
    wins = 0
    total = 0
    for roll in itertools.product(faces, repeat=a + d):
        total += 1
        wins += roll[:a].count("skull") > roll[a:].count("shield")
    assert as_py(attack_odds(a, d).p_destroy) == PyFraction(wins, total)
