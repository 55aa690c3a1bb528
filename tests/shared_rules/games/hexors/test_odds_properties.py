"""Property tests for the exact battle odds (JL-B4, JL-B5, YG-5) and the Fraction under them.

The odds are checked against a brute-force enumeration of whole roll sequences (every pair
of faces, round after round), done here with the standard library's ``fractions`` so the
reference shares no code with shared_rules.
"""
import doctest
import fractions
import itertools

from hypothesis import given
from hypothesis import strategies as st

from shared_rules import catalogue
from shared_rules.core import fraction
from shared_rules.core.fraction import Fraction
from shared_rules.games.hexors import odds
from shared_rules.games.hexors.odds import EndlessTie, battle_odds

# Small values as well as the whole range, so ties and endless ties come up often.
strike_rows = st.one_of(
    st.lists(st.integers(min_value=0, max_value=3), min_size=6, max_size=6),
    st.lists(st.integers(min_value=0, max_value=20), min_size=6, max_size=6),
)
bonuses = st.one_of(st.integers(min_value=-1, max_value=1), st.integers(min_value=-10, max_value=15))
faces = st.integers(min_value=1, max_value=6)


def as_std(f):
    return fractions.Fraction(f.numerator, f.denominator)


def brute_force(att, att_bonus, dfd, dfd_bonus, rounds, attacker_face=None):
    """Enumerate every sequence of ``rounds`` rounds of rolls (ties roll both dice again).

    Returns (attacker decided wins, defender decided wins, still tied) as exact
    probabilities. The first round uses ``attacker_face`` when given.
    """
    first = [attacker_face] if attacker_face else range(1, 7)
    att_wins = dfd_wins = fractions.Fraction(0)
    tied = fractions.Fraction(0)
    for seq in itertools.product(itertools.product(range(1, 7), repeat=2), repeat=rounds):
        if seq[0][0] not in first:
            continue
        weight = fractions.Fraction(1, 6 ** (2 * rounds - (1 if attacker_face else 0)))
        for a_face, d_face in seq:
            a = att[a_face - 1] + att_bonus
            d = dfd[d_face - 1] + dfd_bonus
            if a != d:
                if a > d:
                    att_wins += weight
                else:
                    dfd_wins += weight
                break
        else:
            tied += weight
    # A sequence decided early is counted once per continuation, each with its share.
    return att_wins, dfd_wins, tied


@given(strike_rows, bonuses, strike_rows, bonuses)
def test_jl_b5_both_sides_sum_to_one(att, ab, dfd, db):
    """JL-B5: with ties re-rolled one side always wins in the end."""
    try:
        p_att, p_def = battle_odds(att, ab, dfd, db)
    except EndlessTie:
        assert all(a + ab == d + db for a in att for d in dfd)
        return
    assert p_att + p_def == 1
    assert Fraction(0) <= p_att and p_att <= 1
    for face in range(1, 7):
        a, d = battle_odds(att, ab, dfd, db, attacker_face=face)
        assert a + d == 1


@given(strike_rows, bonuses, strike_rows, bonuses)
def test_jl_b4_b5_agree_with_brute_force_enumeration(att, ab, dfd, db):
    """JL-B4/JL-B5: two rounds of every roll, enumerated: the decided part matches the
    exact odds, and the still-tied part re-rolls back to the same odds."""
    att_wins, dfd_wins, tied = brute_force(att, ab, dfd, db, rounds=2)
    assert att_wins + dfd_wins + tied == 1
    try:
        p_att, p_def = battle_odds(att, ab, dfd, db)
    except EndlessTie:
        assert tied == 1
        return
    # P = P(attacker wins within 2 rounds) + P(still tied) * P: the fixed point of JL-B5.
    assert as_std(p_att) == att_wins + tied * as_std(p_att)
    assert as_std(p_def) == dfd_wins + tied * as_std(p_def)


@given(strike_rows, bonuses, strike_rows, bonuses, faces)
def test_yg_5_after_the_attackers_roll_agrees_with_brute_force(att, ab, dfd, db, face):
    """YG-5 (as JL-B5): after the attacker rolled, a tie re-rolls both dice."""
    att_wins, dfd_wins, tied = brute_force(att, ab, dfd, db, rounds=2, attacker_face=face)
    assert att_wins + dfd_wins + tied == 1
    try:
        before = battle_odds(att, ab, dfd, db)[0]
        after = battle_odds(att, ab, dfd, db, attacker_face=face)[0]
    except EndlessTie:
        assert tied == 1
        return
    assert as_std(after) == att_wins + tied * as_std(before)


@given(strike_rows, bonuses, strike_rows, bonuses)
def test_jl_b5_after_roll_averages_to_before(att, ab, dfd, db):
    try:
        before = battle_odds(att, ab, dfd, db)[0]
    except EndlessTie:
        return
    total = Fraction(0)
    for p in odds.odds_by_face(att, ab, dfd, db):
        total = total + p
    assert total / 6 == before


@given(strike_rows, bonuses, strike_rows, bonuses)
def test_jl_b4_swapping_sides_swaps_the_odds(att, ab, dfd, db):
    """JL-B4: before any roll the attacker has no edge (the order of rolling is not luck)."""
    try:
        p_att, p_def = battle_odds(att, ab, dfd, db)
    except EndlessTie:
        return
    assert battle_odds(dfd, db, att, ab) == (p_def, p_att)


ints = st.integers(min_value=-(10 ** 12), max_value=10 ** 12)
nonzero = ints.filter(lambda n: n != 0)


@given(ints, nonzero, ints, nonzero)
def test_fraction_matches_the_standard_library(a, b, c, d):
    x, y = Fraction(a, b), Fraction(c, d)
    sx, sy = fractions.Fraction(a, b), fractions.Fraction(c, d)
    assert (x.numerator, x.denominator) == (sx.numerator, sx.denominator)
    assert as_std(x + y) == sx + sy
    assert as_std(x - y) == sx - sy
    assert as_std(x * y) == sx * sy
    if c != 0:
        assert as_std(x / y) == sx / sy
    assert (x < y) == (sx < sy)
    assert (x == y) == (sx == sy)
    assert (hash(x) == hash(y)) or x != y


def test_docstring_examples_hold():
    for module in (fraction, odds, catalogue):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_jl_b5_hexref_odds_hexors_command(capsys):
    """JL-B5 through the command line: `hexref odds hexors` prints exact fractions."""
    from host.commands.main import main

    code = main(["odds", "hexors", "--attacker", "2,3,5,1,2,2", "--attacker-bonus", "1",
                 "--defender", "3,3,3,3,3,3", "--face", "1"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0] == "2,3,5,1,2,2 against 3,3,3,3,3,3"
    assert out[1] == "before any roll: attacker 2/3 = 66.7%, defender 1/3 = 33.3%"
    # Face 1 (green): 3 against six 3s ties every time, so both dice roll again.
    assert out[2] == "attacker rolled 1 (green): attacker 2/3 = 66.7%, defender 1/3 = 33.3%"


def test_jl_b5_hexref_odds_endless_tie_and_unknown_values(capsys):
    from host.commands.main import main

    assert main(["odds", "hexors", "--attacker", "4,4,4,4,4,4", "--defender", "4,4,4,4,4,4"]) == 1
    assert "tie" in capsys.readouterr().err
    assert main(["odds", "hexors", "--attacker", "jl/superman", "--defender", "1,1,1,1,1,1"]) == 2
    assert "unknown" in capsys.readouterr().err
    code = main(["odds", "hexors", "--attacker", "9,9,9,9,9,9", "--defender", "1,1,1,1,1,1",
                 "--json"])
    assert code == 0
    assert capsys.readouterr().out.strip() == '{"attacker": "1", "defender": "0"}'
