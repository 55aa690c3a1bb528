"""What every part of the referee reads of a game: its descriptor (DESIGN.md principle 7).

Each game package (shared_rules/games/<game>/) describes its families in its ``__init__``
with these, and the registry (shared_rules/games/__init__.py) lists the packages: the Pi's
menu, run loop, enrolment, tiles, replay, demo, odds and page, the pocket board and the
club all find a game here, and no code outside a game's folder names it.

A ``Descriptor`` is one family of a game (Justice League Hexors; HeroScape):

- ``family``: its name as the menu's first level says it (in the code's English: the
  catalogue says it in the table's language); ``short``: the header over its cards;
- ``cards``: the catalogue prefix of its tiles and cards (``jl`` in ``jl/016``), and
  ``data``: their file, in the package's folder (``cards.json``);
- ``variants``: the menu's second level, each a ``Variant``;
- ``engine(variant, seats)``: a fresh rules engine; ``screens(variant)``: the screens both
  the Pi and the pocket draw (``title``, ``view(seen)``);
- ``seats(n)``: the seats' own names for n players (P1, P2... unless the game names them);
- ``timers(variant)``: the module that keeps the game's timers (``running``, ``ran_out``,
  ``left_ms``), or None; ``dice(variant)``: how the game asks the die for several faces
  ("physical", "virtual"), or None;
- ``book()``: how its entries are checked and corrected (``validate``, ``missing``,
  ``fields``, ``parse``, ``correct``: a ``cards.CardBook``, or the Hexors tiles' own);
  ``numbered``: its entries carry printed tile numbers (found by number when enrolling);
- ``pi``: the dotted name of the module that holds what only the Pi has of the game (its
  demo tables, its ``hexref odds`` command), or "".

Everything a descriptor hands out is made when asked, so listing the games imports no
engine and no screen (the pocket's heap holds the one game it plays).

Written for MicroPython too: plain classes, no dataclasses.
"""


def numbered_seats(n):
    """P1, P2, ...

    >>> numbered_seats(3)
    ('P1', 'P2', 'P3')
    """
    return tuple(["P%d" % (i + 1) for i in range(n)])


def nothing(variant):
    return None


class Variant:
    """One way to play a family: its key (stored with each saved game), its label on the
    menu's second level ("" when the family has one), its player counts, its options."""

    def __init__(self, key, label, players, options=None):
        self.key = key
        self.label = label
        self.players = tuple(players)
        self.options = options or {}

    def __repr__(self):
        return "Variant(%r)" % self.key


class Descriptor:
    """One family of a game; see the module's docstring for what each part says."""

    def __init__(self, family, short, cards, variants, engine, screens, seats=numbered_seats,
                 timers=nothing, dice=nothing, data="cards.json", book=None,
                 numbered=False, pi="", package=""):
        self.family = family
        self.short = short
        self.cards = cards
        self.variants = tuple(variants)
        self.engine = engine
        self.screens = screens
        self.seats = seats
        self.timers = timers
        self.dice = dice
        self.data = data
        self.book = book
        self.numbered = numbered
        self.pi = pi
        self.package = package  # set by the registry: the game package that holds it

    def variant(self, key):
        """The variant ``key`` of this family, or None."""
        for v in self.variants:
            if v.key == key:
                return v
        return None

    def __repr__(self):
        return "Descriptor(%r)" % self.family
