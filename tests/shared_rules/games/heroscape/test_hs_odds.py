"""Exact HeroScape attack odds (HS-2, HS-6, HS-7, HS-10) checked against enumeration."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from shared_rules.core.fraction import Fraction
from shared_rules.games.heroscape import decisions
from shared_rules.games.heroscape.odds import attack_odds, p_skulls


def enumerate_odds(attack, defense):
    """Count every outcome of ``attack`` + ``defense`` dice the slow way."""
    faces = decisions.DIE_FACES
    n = attack + defense
    total = 6 ** n
    destroy = 0
    unblocked = [0] * (attack + 1)
    for code in range(total):
        skulls = 0
        shields = 0
        for i in range(n):
            face = faces[code % 6]
            code //= 6
            if i < attack and face == "skull":
                skulls += 1
            elif i >= attack and face == "shield":
                shields += 1
        u = skulls - shields if skulls > shields else 0
        unblocked[u] += 1
        if skulls > shields:
            destroy += 1
    return Fraction(destroy, total), [Fraction(w, total) for w in unblocked]


def test_hs_7_odds_match_enumeration_small_cases():
    """HS-7: destroy = more skulls than shields; the distribution matches every outcome."""
    for a in range(0, 4):
        for d in range(0, 4):
            odds = attack_odds(a, d)
            p, dist = enumerate_odds(a, d)
            assert odds.p_destroy == p, (a, d)
            assert odds.unblocked == dist, (a, d)


def test_hs_7_distribution_sums_to_one_up_to_20_dice():
    """HS-7: the unblocked-skull distribution is complete for 20 dice each side."""
    odds = attack_odds(20, 20)
    total = Fraction(0)
    for p in odds.unblocked:
        total = total + p
    assert total == 1
    rest = Fraction(0)
    for p in odds.unblocked[1:]:
        rest = rest + p
    assert rest == odds.p_destroy
    assert odds.ways_total == 6 ** 40


def test_hs_10_rulebook_example_odds():
    """HS-10: 3 attack dice (Attack 2 + height) against 2 shields' worth of dice."""
    odds = attack_odds(3, 2)
    assert str(odds.p_destroy) == "5/8"
    assert odds.text() == "3 vs 2 dice: destroy 5/8 = 62.5%"
    assert str(odds.unblocked[3]) == "1/18"


def test_hs_6_extra_die_helps_the_side_that_gets_it():
    """HS-6: one more attack die raises the odds; one more defense die lowers them."""
    base = attack_odds(2, 7).p_destroy
    assert attack_odds(3, 7).p_destroy > base
    assert attack_odds(2, 8).p_destroy < base


def test_hs_2_edge_cases_and_bad_counts():
    """HS-2: no attack dice never destroys; no defense dice loses to any skull."""
    assert attack_odds(0, 5).p_destroy == 0
    assert attack_odds(1, 0).p_destroy == Fraction(1, 2)
    assert raises(ValueError, attack_odds, -1, 2)
    assert raises(ValueError, attack_odds, 2, decisions.MAX_DICE + 1)
    assert raises(ValueError, attack_odds, "3", 2)


def test_hs_3_initiative_skull_chances():
    """HS-3: chance of k skulls with the 5 initiative dice."""
    total = Fraction(0)
    for k in range(6):
        total = total + p_skulls(5, k)
    assert total == 1
    assert p_skulls(5, 0) == Fraction(1, 32)
    assert p_skulls(5, 6) == 0


def test_hs_odds_as_dict_is_plain_data():
    """HS-7: the JSON form carries every probability as a fraction string."""
    d = attack_odds(2, 1).as_dict()
    assert d["attack"] == 2 and d["defense"] == 1
    assert [row["skulls"] for row in d["unblocked"]] == [0, 1, 2]
    assert d["p_destroy"] == str(attack_odds(2, 1).p_destroy)
