"""Exact odds of a Hexors battle (JL-B4, JL-B5, YG-5), before any roll or after the attacker's.

Each side rolls the colour die once; the colour picks that side's strike value and the known
bonuses are added (Colour, Pod, Ally, Defense, Powers: whatever the referee already
knows). The higher total wins; on a tie *both* dice are rolled again with the same bonuses
(JL-B5, YG-5), so a tie sends the battle back to where it started. With W strict attacker
wins, L strict defender wins and T ties among the 36 equally likely pairs of faces:

    P(attacker) = W / (W + L)            (the tied pairs are simply rolled again)

and once the attacker has rolled face f (w, t, l counted over the defender's six faces):

    P(attacker | f) = w/6 + t/6 * P(attacker)    (a tie re-rolls both dice, JL-B5)

If every pair of faces ties the battle can never end: ``EndlessTie`` says so instead of
dividing by zero.

>>> p_att, p_def = battle_odds([1, 2, 3, 4, 5, 6], 0, [3, 3, 3, 3, 3, 3], 0)
>>> describe(p_att, p_def)
'attacker 3/5 = 60.0%, defender 2/5 = 40.0%'

Strike values come as a dict by colour name (as in a catalogue entry's ``"strike"``) or as
six ints in die-face order; ``decisions.COLOURS`` maps face n to its colour. The counting
helpers (``face_totals``, ``count_outcomes``, ``ties_rerolled``) are plain enough for other
dice games to reuse; HeroScape keeps its own combat-dice odds in ``heroscape_odds``.
"""

from shared_rules.core.fraction import Fraction
from shared_rules.core.words import _
from shared_rules.games.hexors.decisions import COLOURS


class EndlessTie(ValueError):
    """Every roll ties, so re-rolling (JL-B5, YG-5) can never decide the battle."""


def strike_row(strike, colours=COLOURS):
    """The strike values as a tuple in die-face order (face 1 first).

    >>> strike_row({"green": 5, "blue": 1, "yellow": 7, "red": 2, "purple": 3, "white": 4})
    (5, 1, 7, 2, 3, 4)

    An unknown (None) value or a missing colour raises ValueError naming the colour: the
    tile must be corrected from the physical tile before its odds mean anything.
    """
    if isinstance(strike, dict):
        row = []
        for colour in colours:
            if colour not in strike:
                raise ValueError("no %s strike value" % colour)
            row.append(strike[colour])
    else:
        row = list(strike)
        if len(row) != len(colours):
            raise ValueError("need %d strike values (one per die face), got %d"
                             % (len(colours), len(row)))
    for i in range(len(row)):
        value = row[i]
        if value is None:
            raise ValueError("the %s strike value is unknown: correct the tile first"
                             % colours[i])
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError("the %s strike value must be a whole number, not %r"
                             % (colours[i], value))
    return tuple(row)


def _check_bonus(bonus, side):
    if not isinstance(bonus, int) or isinstance(bonus, bool):
        raise ValueError("the %s bonus must be a whole number, not %r" % (side, bonus))


def face_totals(strike, bonus=0, colours=COLOURS):
    """The battle total for each die face: strike value of the face's colour + bonus.

    >>> face_totals([1, 2, 3, 4, 5, 6], 2)
    (3, 4, 5, 6, 7, 8)
    """
    _check_bonus(bonus, "strike")
    row = strike_row(strike, colours)
    return tuple([value + bonus for value in row])


def count_outcomes(first, second):
    """(wins, ties, losses) of ``first`` against ``second`` over every pair of outcomes.

    Each argument lists one total per equally likely outcome (per die face here).

    >>> count_outcomes((1, 2, 3), (2, 2, 3))
    (2, 3, 4)
    """
    wins = ties = losses = 0
    for a in first:
        for d in second:
            if a > d:
                wins += 1
            elif a == d:
                ties += 1
            else:
                losses += 1
    return wins, ties, losses


def ties_rerolled(wins, ties, losses):
    """The first side's chance when tied outcomes are rolled again until one side wins.

    >>> ties_rerolled(15, 6, 15)
    Fraction(1, 2)
    """
    decided = wins + losses
    if decided == 0:
        raise EndlessTie(_("every roll is a tie (%(ties)d of %(all)d): re-rolling can never "
                           "decide this battle") % {"ties": ties, "all": ties})
    return Fraction(wins, decided)


def odds_from_totals(attacker_totals, defender_totals, attacker_face=None):
    """(p_attacker, p_defender) from each side's total per die face (face 1 first).

    ``attacker_face`` (1..6) is the face the attacker has already rolled; None means
    before any roll. Ties re-roll both dice (JL-B5, YG-5).
    """
    wins, ties, losses = count_outcomes(attacker_totals, defender_totals)
    before = ties_rerolled(wins, ties, losses)
    if attacker_face is None:
        return before, 1 - before
    faces = len(attacker_totals)
    if (not isinstance(attacker_face, int) or isinstance(attacker_face, bool)
            or not 1 <= attacker_face <= faces):
        raise ValueError("the attacker's face must be 1..%d, not %r" % (faces, attacker_face))
    w, t, _ = count_outcomes((attacker_totals[attacker_face - 1],), defender_totals)
    after = Fraction(w, len(defender_totals)) + Fraction(t, len(defender_totals)) * before
    return after, 1 - after


def battle_odds(att_strike, att_bonus, def_strike, def_bonus, attacker_face=None,
                colours=COLOURS):
    """Exact (p_attacker, p_defender) of a battle with known bonuses, as Fractions.

    ``att_strike`` / ``def_strike``: strike values by colour (dict) or in face order;
    ``att_bonus`` / ``def_bonus``: every known bonus added up (may be negative, e.g. Life
    Drain); ``attacker_face``: the attacker's rolled face, or None before any roll.

    >>> att = {"green": 2, "blue": 3, "yellow": 6, "red": 1, "purple": 2, "white": 2}
    >>> dfd = {"green": 3, "blue": 3, "yellow": 5, "red": 8, "purple": 7, "white": 5}
    >>> battle_odds(att, 6, dfd, 3)
    (Fraction(3, 5), Fraction(2, 5))
    >>> battle_odds(att, 6, dfd, 3, attacker_face=4)[0]
    Fraction(1, 3)
    """
    _check_bonus(att_bonus, "attacker")
    _check_bonus(def_bonus, "defender")
    return odds_from_totals(face_totals(att_strike, att_bonus, colours),
                            face_totals(def_strike, def_bonus, colours), attacker_face)


def odds_by_face(att_strike, att_bonus, def_strike, def_bonus, colours=COLOURS):
    """The attacker's chance after each possible attacker face, face 1 first: what the
    screen can show while the attacker holds the die."""
    att = face_totals(att_strike, att_bonus, colours)
    dfd = face_totals(def_strike, def_bonus, colours)
    return [odds_from_totals(att, dfd, face)[0] for face in range(1, len(att) + 1)]


def describe(p_attacker, p_defender=None, names=("attacker", "defender")):
    """The odds the way the screen and ``hexref odds`` print them.

    >>> describe(Fraction(23, 36), Fraction(13, 36))
    'attacker 23/36 = 63.9%, defender 13/36 = 36.1%'
    """
    if p_defender is None:
        p_defender = 1 - p_attacker
    return "%s %s = %s, %s %s = %s" % (names[0], p_attacker, p_attacker.percent(),
                                       names[1], p_defender, p_defender.percent())
