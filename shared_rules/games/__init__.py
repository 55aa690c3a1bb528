"""The games hexref referees: one package each (this folder), listed here and named nowhere
else (docs/RECIPES.md, "Adding a game").

Each package's ``__init__`` holds its descriptors (``FAMILIES``: shared_rules/core/
descriptor.py), and beside them everything the Pi and the pocket board both run of that
game: its engine, its screens, its cards, its odds and dice, its decisions. A package is
imported when it is asked for, so the pocket's heap holds the game it plays, not all of
them; the Pi asks for every one.

>>> [d.family for d in families()][:3]
['Justice League Hexors', 'Yu-Gi-Oh! Hexors', 'HeroScape']
>>> find("jl-collector")[0].cards
'jl'
"""


def _hexors():
    from shared_rules.games import hexors

    return hexors


def _heroscape():
    from shared_rules.games import heroscape

    return heroscape


def _hexo():
    from shared_rules.games import hexo

    return hexo


def _invocations():
    from shared_rules.games import invocations

    return invocations


# Each game package by its name, in the order the menu lists them. A sixth game is one
# more line here (and its package).
PACKAGES = [
    ("hexors", _hexors),
    ("heroscape", _heroscape),
    ("hexo", _hexo),
    ("invocations", _invocations),
]


def load(name):
    """The game package ``name`` (its descriptors in ``FAMILIES``); ValueError when no
    package has that name."""
    for known, loader in PACKAGES:
        if known == name:
            package = loader()
            for d in package.FAMILIES:
                d.package = name
            return package
    raise ValueError("no game package %r: the games are %s"
                     % (name, ", ".join([n for n, _l in PACKAGES])))


def families():
    """Every game family of every package, in the menu's order (imports every package)."""
    out = []
    for name, _loader in PACKAGES:
        out.extend(load(name).FAMILIES)
    return out


def find(variant, package=None):
    """(descriptor, variant) of the variant key ``variant``; ``package`` names where to
    look (the pocket keeps it with its game, so it imports that package alone).
    ValueError naming the known variants when there is none."""
    families_ = load(package).FAMILIES if package else families()
    for d in families_:
        v = d.variant(variant)
        if v is not None:
            return d, v
    raise ValueError("unknown game %r: known are %s" % (variant, ", ".join(
        sorted([v.key for d in families_ for v in d.variants]))))


def by_cards(prefix):
    """The family whose tiles and cards are ``prefix/...`` (``jl``), or None."""
    for d in families():
        if d.cards == prefix:
            return d
    return None


def example_entry():
    """A catalogue entry id as a tile prints it, for the messages that show the form
    (``jl/016``): the first family's prefix and a number."""
    return families()[0].cards + "/016"
