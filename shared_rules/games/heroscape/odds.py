"""Exact odds of a HeroScape attack before the dice are rolled (HS-2, HS-6, HS-7).

The attacker rolls ``attack`` combat dice and counts skulls, the defender rolls ``defense``
dice and counts shields; more skulls than shields destroys the figure. Every die is
independent, so the number of skulls is binomial and so is the number of shields; the
referee counts outcomes with integers over ``6 ** (attack + defense)`` and only builds a
Fraction at the end, which keeps 20 dice against 20 well under a millisecond.

Which faces are skulls and shields comes from ``decisions.DIE_FACES`` (HS-2).

>>> odds = attack_odds(3, 2)
>>> str(odds.p_destroy), odds.p_destroy.percent()
('5/8', '62.5%')
>>> odds.text()
'3 vs 2 dice: destroy 5/8 = 62.5%'
>>> [str(p) for p in odds.unblocked]
['3/8', '25/72', '2/9', '1/18']
"""

from shared_rules.core.fraction import Fraction
from shared_rules.core.words import _
from shared_rules.games.heroscape import decisions


def _profile(faces):
    """(skull faces, shield faces, all faces) of a die profile."""
    skulls = 0
    shields = 0
    for face in faces:
        if face == "skull":
            skulls += 1
        elif face == "shield":
            shields += 1
    return skulls, shields, len(faces)


def _binomial_counts(n, hits, sides):
    """Ways to get k hits with n dice, for k = 0..n (their sum is sides ** n).

    >>> _binomial_counts(2, 3, 6)
    [9, 18, 9]
    """
    misses = sides - hits
    counts = []
    choose = 1  # C(n, k), updated in place to stay in ints
    for k in range(n + 1):
        counts.append(choose * hits ** k * misses ** (n - k))
        choose = choose * (n - k) // (k + 1)
    return counts


def _check_dice(label, n):
    # Whole sentences per side: a translator makes the words agree.
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        said = (_("attack dice must be a whole number from 0, got %r") if label == "attack"
                else _("defense dice must be a whole number from 0, got %r"))
        raise ValueError(said % (n,))
    if n > decisions.MAX_DICE:
        said = (_("attack dice: at most %(most)d, got %(n)d") if label == "attack"
                else _("defense dice: at most %(most)d, got %(n)d"))
        raise ValueError(said % {"most": decisions.MAX_DICE, "n": n})


class AttackOdds:
    """The exact odds of one attack: ``attack`` dice against ``defense`` dice.

    ``p_destroy`` is the chance of more skulls than shields (HS-7); ``unblocked[u]`` is the
    chance of exactly ``u`` unblocked skulls (skulls minus shields, never below 0), for
    ``u = 0..attack``. ``ways_destroy`` / ``ways_total`` are the same chance as counted
    outcomes, for anyone who wants the integers.
    """

    def __init__(self, attack, defense, faces=None):
        _check_dice("attack", attack)
        _check_dice("defense", defense)
        skull, shield, sides = _profile(faces or decisions.DIE_FACES)
        self.attack = attack
        self.defense = defense
        skulls = _binomial_counts(attack, skull, sides)
        shields = _binomial_counts(defense, shield, sides)
        total = sides ** (attack + defense)
        ways = [0] * (attack + 1)
        # ways[u] for u >= 1: skulls = shields + u; u = 0 collects every blocked outcome.
        for u in range(1, attack + 1):
            w = 0
            for s in range(min(defense, attack - u) + 1):
                w += skulls[s + u] * shields[s]
            ways[u] = w
        destroy = 0
        for u in range(1, attack + 1):
            destroy += ways[u]
        ways[0] = total - destroy
        self.ways_total = total
        self.ways_destroy = destroy
        self.ways_unblocked = ways
        self.p_destroy = Fraction(destroy, total)
        self.unblocked = [Fraction(w, total) for w in ways]

    def text(self):
        """One line for the screen footer or the CLI."""
        return "%d vs %d dice: destroy %s = %s" % (
            self.attack, self.defense, self.p_destroy, self.p_destroy.percent())

    def as_dict(self):
        """Plain JSON-able form: every probability as a "n/d" string and a float."""
        return {
            "attack": self.attack,
            "defense": self.defense,
            "p_destroy": str(self.p_destroy),
            "p_destroy_float": self.p_destroy.to_float(),
            "unblocked": [
                {"skulls": u, "p": str(p), "p_float": p.to_float()}
                for u, p in enumerate(self.unblocked)
            ],
        }

    def __repr__(self):
        return "AttackOdds(%d, %d, p_destroy=%s)" % (self.attack, self.defense, self.p_destroy)


def attack_odds(attack, defense, faces=None):
    """Exact odds of ``attack`` combat dice against ``defense`` dice (see ``AttackOdds``).

    ``faces`` overrides the die profile (six face names); it defaults to HS-2's die.
    """
    return AttackOdds(attack, defense, faces)


def p_skulls(n, k, faces=None):
    """Chance of exactly ``k`` skulls with ``n`` dice (initiative uses this: HS-3).

    >>> str(p_skulls(5, 5))
    '1/32'
    """
    _check_dice("attack", n)
    skull, _, sides = _profile(faces or decisions.DIE_FACES)
    if k < 0 or k > n:
        return Fraction(0)
    return Fraction(_binomial_counts(n, skull, sides)[k], sides ** n)
