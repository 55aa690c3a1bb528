"""Is the die honest? Every face the physical die gave, counted, and tested against a fair
die with Pearson's chi-square goodness of fit (5 degrees of freedom for six faces).

A face that comes up too often usually means a calibration that is off (a face recorded
while the die was not quite flat, ``firmware.calibrate``) or a die whose weight is not
central. The check only reads the journal: rolls of the hub's virtual dice (HeroScape's
"Virtual dice") are not the die's and are left out, and so are faces typed on the Pi.

>>> c = check([1, 2, 3, 4, 5, 6] * 52)
>>> c.verdict
'no sign of bias over 312 rolls'
>>> c = check([6] * 30 + [1, 2, 3, 4, 5, 6] * 40)
>>> c.verdict
'face 6 comes up too often (70 of 270 rolls, 45 expected): recalibrate the die'
>>> check([2, 3, 4, 5, 6] * 40).verdict
'face 1 comes up too rarely (0 of 200 rolls, 33.3 expected): recalibrate the die'
"""
from __future__ import annotations

import json
import math
import sqlite3
from dataclasses import dataclass

from host.common.i18n import _, n_, number

FACES = 6
MIN_ROLLS = 30  # 5 expected per face: below that the chi-square approximation is poor
ALPHA = 0.01  # the check runs after every game: 1 false alarm in 100 checks, not in 20
# Variants whose rolls are the hub's random numbers, not the physical die.


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square distributed with ``df`` degrees of freedom (closed forms:
    odd ``df`` through erfc, even through the Poisson sum).

    >>> round(chi_square_sf(11.0705, 5), 4)   # the 5% critical value for 5 df
    0.05
    >>> round(chi_square_sf(15.0863, 5), 4)   # the 1% one
    0.01
    >>> round(chi_square_sf(5.991, 2), 3)
    0.05
    """
    if x <= 0:
        return 1.0
    if df % 2 == 0:
        term = total = 1.0
        for k in range(1, df // 2):
            term *= (x / 2) / k
            total += term
        return min(1.0, math.exp(-x / 2) * total)
    chi = math.sqrt(x)
    total = 0.0
    term = chi
    for r in range(1, (df - 1) // 2 + 1):
        if r > 1:
            term *= x / (2 * r - 1)
        total += term
    return min(1.0, math.erfc(chi / math.sqrt(2)) +
               math.sqrt(2 / math.pi) * math.exp(-x / 2) * total)


@dataclass(frozen=True)
class DieCheck:
    counts: tuple[int, ...]  # rolls per face, face 1 first
    rolls: int
    statistic: float | None  # Pearson's chi-square, None below MIN_ROLLS
    p_value: float | None
    biased_face: int | None  # the face furthest from its fair share, when the die fails
    verdict: str

    def as_dict(self) -> dict:
        return {"counts": list(self.counts), "rolls": self.rolls,
                "expected": self.rolls / FACES if self.rolls else 0,
                "statistic": self.statistic, "p_value": self.p_value,
                "biased_face": self.biased_face, "verdict": self.verdict,
                "alpha": ALPHA, "min_rolls": MIN_ROLLS}


def check(faces: list[int]) -> DieCheck:
    """Count ``faces`` (1..6) and judge the die."""
    counts = [0] * FACES
    for face in faces:
        if 1 <= face <= FACES:
            counts[face - 1] += 1
    n = sum(counts)
    if n == 0:
        return DieCheck(tuple(counts), 0, None, None, None,
                        _("no rolls of the physical die journalled yet"))
    if n < MIN_ROLLS:
        return DieCheck(tuple(counts), n, None, None, None,
                        _("too few rolls to judge: %(n)d so far, at least %(min)d needed")
                        % {"n": n, "min": MIN_ROLLS})
    expected = n / FACES
    stat = sum((c - expected) ** 2 / expected for c in counts)
    p = chi_square_sf(stat, FACES - 1)
    if p >= ALPHA:
        return DieCheck(tuple(counts), n, stat, p, None,
                        _("no sign of bias over %d rolls") % n)
    # The face furthest from a fair share: usually one that comes up too often (a face
    # recorded off the flat), sometimes one that hardly ever does.
    face = max(range(FACES), key=lambda i: abs(counts[i] - expected)) + 1
    said = (_("face %(face)d comes up too often (%(count)d of %(n)d rolls, %(expected)s "
              "expected): recalibrate the die") if counts[face - 1] > expected else
            _("face %(face)d comes up too rarely (%(count)d of %(n)d rolls, %(expected)s "
              "expected): recalibrate the die"))
    return DieCheck(tuple(counts), n, stat, p, face,
                    said % {"face": face, "count": counts[face - 1], "n": n,
                            "expected": number(expected, 1)})


def roll_faces(inp: list | tuple) -> list[int]:
    """The faces in one journalled roll input: ``["roll", 4]`` or ``["roll", [2, 5]]``.

    >>> roll_faces(["roll", [2, 5]]), roll_faces(["roll", 4]), roll_faces(["tap", "04AB"])
    ([2, 5], [4], [])
    """
    if not inp or inp[0] != "roll" or len(inp) < 2:
        return []
    value = inp[-1]
    values = value if isinstance(value, list) else [value]
    return [v for v in values if isinstance(v, int) and not isinstance(v, bool)]


def journalled_faces(db: sqlite3.Connection) -> list[int]:
    """Every face the physical die reported through the hub, over every game, in order.
    Refused rolls count too: the die gave that face whatever the rules made of it."""
    tally = Tally()
    tally.update(db)
    return tally.faces


class Tally:
    """The die's faces, read once: each ``update`` reads only the journal written since
    (games and their entries only ever grow), so a long night costs one pass."""

    def __init__(self) -> None:
        self.faces: list[int] = []
        self.after = (0, 0)  # (game, n) of the last entry read

    def update(self, db: sqlite3.Connection) -> bool:
        game, n = self.after
        rows = db.execute(
            "SELECT j.game, j.n, g.variant, j.target, j.boot, j.input FROM journal j "
            "JOIN games g ON g.id = j.game WHERE j.game > ? OR (j.game = ? AND j.n > ?) "
            "ORDER BY j.game, j.n", (game, game, n)).fetchall()
        before = len(self.faces)
        for game, n, variant, target, boot, text in rows:
            if target == "game" and boot is not None and text.startswith('["roll",') and \
                    not _virtual(variant):
                self.faces.extend(roll_faces(json.loads(text)))
            self.after = (game, n)
        return len(self.faces) != before


def _virtual(variant: str) -> bool:
    """The game rolls the hub's virtual dice (its descriptor says so); a stored game of a
    game this referee no longer has is taken as rolling the die."""
    from host.games.descriptor import virtual_die

    try:
        return virtual_die(variant)
    except ValueError:
        return False


def report(c: DieCheck) -> list[str]:
    """The check as text: a histogram, the test and the verdict (``hexref die-check``)."""
    lines = [n_("Physical die: %d roll journalled", "Physical die: %d rolls journalled",
                c.rolls) % c.rolls]
    top = max(c.counts) if c.rolls else 0
    for face, count in enumerate(c.counts, start=1):
        bar = "#" * (round(40 * count / top) if top else 0)
        lines.append("  %d | %-40s %d" % (face, bar, count))
    if c.statistic is not None and c.p_value is not None:
        lines.append(_("chi-square %(chi)s with %(dof)d degrees of freedom, p = %(p)s (fair "
                       "die rejected below p = %(alpha)s)")
                     % {"chi": number(c.statistic, 2, exact=True), "dof": FACES - 1,
                        "p": number(c.p_value, 4, exact=True), "alpha": number(ALPHA, 2)})
    lines.append(c.verdict[0].upper() + c.verdict[1:] + ".")
    return lines
