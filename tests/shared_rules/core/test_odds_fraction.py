"""The exact Fraction the odds are built on (shared_rules/core/fraction.py), on both interpreters."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from shared_rules.core.fraction import ONE, ZERO, Fraction, gcd


def test_gcd_of_signed_and_zero_values():
    assert gcd(12, 18) == 6
    assert gcd(-12, 18) == 6
    assert gcd(12, -18) == 6
    assert gcd(0, 5) == 5
    assert gcd(0, 0) == 0
    assert gcd(2 ** 100, 2 ** 80 * 3) == 2 ** 80


def test_lowest_terms_and_positive_denominator():
    f = Fraction(6, -8)
    assert (f.numerator, f.denominator) == (-3, 4)
    assert Fraction(0, 7).denominator == 1
    assert Fraction(5).denominator == 1
    assert Fraction(Fraction(3, 9)) == Fraction(1, 3)
    assert Fraction(Fraction(1, 2), Fraction(3, 4)) == Fraction(2, 3)


def test_bad_parts_are_refused():
    raises(ZeroDivisionError, Fraction, 1, 0)
    raises(TypeError, Fraction, 0.5)
    raises(TypeError, Fraction, "1", 2)
    raises(TypeError, Fraction, True)


def test_arithmetic_both_ways_round():
    a = Fraction(1, 3)
    b = Fraction(1, 6)
    assert a + b == Fraction(1, 2)
    assert a - b == Fraction(1, 6)
    assert a * b == Fraction(1, 18)
    assert a / b == 2
    assert 1 + a == Fraction(4, 3)
    assert 1 - a == Fraction(2, 3)
    assert 2 * a == Fraction(2, 3)
    assert 1 / a == 3
    assert -a == Fraction(-1, 3)
    assert abs(Fraction(-2, 5)) == Fraction(2, 5)
    raises(ZeroDivisionError, lambda: a / 0)
    raises(ZeroDivisionError, lambda: 1 / ZERO)


def test_comparisons_with_fractions_and_ints():
    assert Fraction(1, 3) < Fraction(1, 2)
    assert Fraction(1, 2) <= Fraction(2, 4)
    assert Fraction(3, 2) > 1
    assert Fraction(3, 2) >= Fraction(3, 2)
    assert Fraction(4, 2) == 2
    assert 2 == Fraction(4, 2)
    assert Fraction(1, 2) != Fraction(1, 3)
    assert Fraction(1, 2) != "1/2"
    assert not ZERO
    assert ONE


def test_equal_values_hash_alike():
    seen = {Fraction(1, 2): "half", Fraction(2): "two"}
    assert seen[Fraction(2, 4)] == "half"
    assert seen[2] == "two"


def test_printed_forms():
    assert str(Fraction(23, 36)) == "23/36"
    assert str(Fraction(4, 2)) == "2"
    assert repr(Fraction(-1, 3)) == "Fraction(-1, 3)"
    assert Fraction(23, 36).percent() == "63.9%"
    assert Fraction(13, 36).percent() == "36.1%"
    assert Fraction(1, 8).percent(2) == "12.50%"
    assert Fraction(1, 200).percent() == "0.5%"
    assert Fraction(2, 3).percent(0) == "67%"
    assert ONE.percent() == "100.0%"
    assert Fraction(-1, 3).percent() == "-33.3%"
    assert Fraction(1, 4).to_float() == 0.25
    assert float(Fraction(3, 4)) == 0.75


def test_big_denominators_stay_exact():
    # 20 dice: 6**20 outcomes; the sum of all single-outcome chances is exactly one.
    one_outcome = Fraction(1, 6 ** 20)
    assert one_outcome * 6 ** 20 == ONE
    assert (ONE - one_outcome) + one_outcome == 1
