"""An exact fraction for odds, on CPython and on MicroPython (which has no ``fractions``).

Integers are arbitrary precision on both interpreters, so a ratio of two ints is exact:
no rounding creeps in however many dice are combined. Always stored in lowest terms with a
positive denominator, so equal values have equal parts and equal hashes.

>>> p = Fraction(23, 36)
>>> p + Fraction(13, 36)
Fraction(1, 1)
>>> str(p), p.percent()
('23/36', '63.9%')
>>> Fraction(2, 4) == Fraction(1, 2)
True

MicroPython does not reflect ordering comparisons: write ``Fraction(1, 2) < 1``, not
``1 > Fraction(1, 2)`` (the second raises TypeError there). ``==`` and arithmetic work
either way round.
"""


def gcd(a, b):
    """Greatest common divisor of two ints (never negative); gcd(0, 0) is 0.

    >>> gcd(12, -18)
    6
    """
    if a < 0:
        a = -a
    if b < 0:
        b = -b
    while b:
        a, b = b, a % b
    return a


def _parts(value):
    """(numerator, denominator) of an int or a Fraction; None for anything else."""
    if isinstance(value, Fraction):
        return value.numerator, value.denominator
    if isinstance(value, int) and not isinstance(value, bool):
        return value, 1
    return None


class Fraction:
    """An exact rational number ``numerator/denominator``.

    ``Fraction(3)`` is 3/1; ``Fraction(6, -8)`` is stored as -3/4. A zero denominator
    raises ZeroDivisionError; anything but ints raises TypeError (no floats: they are not
    exact).
    """

    __slots__ = ("numerator", "denominator")

    def __init__(self, numerator=0, denominator=1):
        if isinstance(numerator, Fraction) and denominator == 1:
            self.numerator = numerator.numerator
            self.denominator = numerator.denominator
            return
        if _parts(numerator) is None or _parts(denominator) is None:
            raise TypeError("Fraction needs ints, got %r / %r" % (numerator, denominator))
        if isinstance(numerator, Fraction) or isinstance(denominator, Fraction):
            n1, d1 = _parts(numerator)
            n2, d2 = _parts(denominator)
            numerator, denominator = n1 * d2, d1 * n2
        if denominator == 0:
            raise ZeroDivisionError("Fraction(%d, 0)" % numerator)
        if denominator < 0:
            numerator, denominator = -numerator, -denominator
        g = gcd(numerator, denominator)
        if g > 1:
            numerator //= g
            denominator //= g
        self.numerator = numerator
        self.denominator = denominator

    # --- arithmetic -------------------------------------------------------------------
    def __add__(self, other):
        o = _parts(other)
        if o is None:
            return NotImplemented
        return Fraction(self.numerator * o[1] + o[0] * self.denominator,
                        self.denominator * o[1])

    __radd__ = __add__

    def __sub__(self, other):
        o = _parts(other)
        if o is None:
            return NotImplemented
        return Fraction(self.numerator * o[1] - o[0] * self.denominator,
                        self.denominator * o[1])

    def __rsub__(self, other):
        o = _parts(other)
        if o is None:
            return NotImplemented
        return Fraction(o[0] * self.denominator - self.numerator * o[1],
                        self.denominator * o[1])

    def __mul__(self, other):
        o = _parts(other)
        if o is None:
            return NotImplemented
        return Fraction(self.numerator * o[0], self.denominator * o[1])

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = _parts(other)
        if o is None:
            return NotImplemented
        if o[0] == 0:
            raise ZeroDivisionError("%s divided by zero" % self)
        return Fraction(self.numerator * o[1], self.denominator * o[0])

    def __rtruediv__(self, other):
        o = _parts(other)
        if o is None:
            return NotImplemented
        if self.numerator == 0:
            raise ZeroDivisionError("%r divided by zero" % (other,))
        return Fraction(o[0] * self.denominator, o[1] * self.numerator)

    def __neg__(self):
        return Fraction(-self.numerator, self.denominator)

    def __pos__(self):
        return self

    def __abs__(self):
        return Fraction(abs(self.numerator), self.denominator)

    # --- comparisons ------------------------------------------------------------------
    def _cmp(self, other):
        """-1, 0 or 1 comparing self with other; None when other is not a number."""
        o = _parts(other)
        if o is None:
            return None
        left = self.numerator * o[1]
        right = o[0] * self.denominator
        return (left > right) - (left < right)

    def __eq__(self, other):
        return self._cmp(other) == 0

    def __ne__(self, other):
        return not self.__eq__(other)

    def __lt__(self, other):
        c = self._cmp(other)
        if c is None:
            return NotImplemented
        return c < 0

    def __le__(self, other):
        c = self._cmp(other)
        if c is None:
            return NotImplemented
        return c <= 0

    def __gt__(self, other):
        c = self._cmp(other)
        if c is None:
            return NotImplemented
        return c > 0

    def __ge__(self, other):
        c = self._cmp(other)
        if c is None:
            return NotImplemented
        return c >= 0

    def __hash__(self):
        # Equal to hash(int) for whole numbers, so Fraction(2) and 2 share a dict slot.
        if self.denominator == 1:
            return hash(self.numerator)
        return hash((self.numerator, self.denominator))

    def __bool__(self):
        return self.numerator != 0

    # --- conversions ------------------------------------------------------------------
    def __float__(self):
        return self.numerator / self.denominator

    def to_float(self):
        """The nearest float (for plotting or sorting, never for deciding anything)."""
        return self.numerator / self.denominator

    def percent(self, decimals=1):
        """The value as a percentage rounded half up, computed with ints so CPython and
        MicroPython print the same digits.

        >>> Fraction(2, 3).percent()
        '66.7%'
        >>> Fraction(1, 8).percent(2)
        '12.50%'
        """
        scale = 10 ** decimals
        n = self.numerator * 100 * scale
        sign = ""
        if n < 0:
            sign, n = "-", -n
        whole = (2 * n + self.denominator) // (2 * self.denominator)
        text = str(whole // scale)
        if decimals > 0:
            frac = str(whole % scale)
            text += "." + "0" * (decimals - len(frac)) + frac
        return sign + text + "%"

    def __str__(self):
        if self.denominator == 1:
            return str(self.numerator)
        return "%d/%d" % (self.numerator, self.denominator)

    def __repr__(self):
        return "Fraction(%d, %d)" % (self.numerator, self.denominator)


ZERO = Fraction(0)
ONE = Fraction(1)
