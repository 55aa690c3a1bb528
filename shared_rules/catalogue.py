"""The catalogue: every tile and card of every game, by its id (``jl/016``, ``hs/mimring``).

Each game keeps its entries in its own package (shared_rules/games/<game>/, the file its
descriptor names) and says how they are checked and corrected (its descriptor's ``book``:
the Hexors tiles' schema, games/hexors/tiles.py, or a ``CardBook`` of values,
core/cards.py); the catalogue finds the game of an id's prefix through the registry
(shared_rules/games/__init__.py) and asks its book. Read with the plain ``json`` module, so
the same files load on CPython and MicroPython.

A value the rulebook does not print is None and the entry is unverified: the catalogue
never invents a value. Players fill the gaps from the physical tile or card with
``apply_correction``, the one correction path of every game; a value the rulebook prints is
never overwritten.

>>> mars = get("jl/mars")
>>> mars["strike"]["red"], mars["ally"], mars["verified"]
(3, 'martian-manhunter', False)
>>> fixed = apply_correction(get("jl/superman"), strike={"green": 2, "blue": 3, "red": 1,
...                          "purple": 2, "white": 2})
>>> fixed["strike"]["yellow"], fixed["verified"]
(6, True)
>>> correctable(get("hs/mimring"))
['name', 'kind', 'figures', 'move', 'range', 'attack', 'defense']
"""

from shared_rules import games
from shared_rules.core import words
from shared_rules.core.data import beside

_loaded = {}


def prefixes():
    """The prefix of every game's ids, in the menu's order (``jl``, ``ygo``, ``hs``...)."""
    return [d.cards for d in games.families()]


def family(prefix):
    """The descriptor of the game whose ids start ``prefix/``; ValueError when none."""
    found = games.by_cards(prefix)
    if found is None:
        raise ValueError("unknown game %r: the catalogue holds %s"
                         % (prefix, ", ".join(prefixes())))
    return found


def _entries(prefix):
    entries = _loaded.get(prefix)
    if entries is None:
        d = family(prefix)
        package = games.load(d.package)
        entries = beside(package.__file__, d.data)
        _loaded[prefix] = entries
    return entries


def _copy(entry):
    new = dict(entry)
    if isinstance(entry.get("strike"), dict):
        new["strike"] = dict(entry["strike"])
    return new


def load(prefix):
    """Every entry of one game ("jl", "ygo", "hs", "hx", "in"...), as fresh dicts the
    caller may change."""
    return [_copy(entry) for entry in _entries(prefix)]


def get(entry_id):
    """The entry with this id (a fresh copy); KeyError naming the id if there is none.

    >>> get("ygo/thousand-dragon")["strike"]["yellow"]
    7
    """
    prefix = entry_id.split("/")[0] if isinstance(entry_id, str) else None
    if prefix is not None and games.by_cards(prefix) is not None:
        for entry in _entries(prefix):
            if entry["id"] == entry_id:
                return _copy(entry)
    raise KeyError("no tile %r in the catalogue" % (entry_id,))


def find(name=None, number=None, game=None):
    """Entries matching a name (case-insensitive, exact) and/or a printed tile number (the
    games whose tiles carry one: their descriptors say ``numbered``).

    >>> [e["id"] for e in find(number=70)]
    ['jl/070']
    >>> [e["name"] for e in find(name="yugi")]
    ['Yugi']
    """
    wanted_name = name.strip().lower() if isinstance(name, str) else None
    found = []
    for d in games.families():
        if (game is not None and d.cards != game) or (game is None and not d.numbered):
            continue
        wanted_number = None
        if number is not None:
            wanted_number = d.book().number_text(number) if d.numbered else None
            if wanted_number is None:
                continue
        for entry in _entries(d.cards):
            if wanted_number is not None and entry.get("number") != wanted_number:
                continue
            if wanted_name is not None and (entry.get("name") or "").lower() != wanted_name:
                continue
            found.append(_copy(entry))
    return found


def label(entry):
    """A name to show: the printed name, else the tile number, else the id.

    >>> label(get("jl/016"))
    'JL #016'
    """
    if entry.get("name"):
        return words.name(entry)
    if entry.get("number"):
        return "%s #%s" % (entry.get("game", "").upper(), entry["number"])
    return str(entry.get("id"))


def book(entry):
    """How the entry's game checks and corrects its entries (its descriptor's ``book``)."""
    game = entry.get("game") if isinstance(entry, dict) else None
    return family(game).book()


def validate(entry):
    """Everything wrong with an entry's shape, as messages; [] when it is well formed.
    Unknown values (None) are not problems here: ``missing`` lists those.

    >>> validate(get("jl/072"))
    []
    >>> validate({"id": "jl/x", "game": "jl"})[0]
    'missing key kind'
    """
    if not isinstance(entry, dict):
        return ["an entry must be an object, not %r" % (entry,)]
    if games.by_cards(entry.get("game")) is None:
        return ["unknown game %r" % (entry.get("game"),)]
    return book(entry).validate(entry)


def missing(entry):
    """What is still unknown before the tile or card can play, e.g. ['kind', 'strike.red'].

    >>> missing(get("ygo/kaiba"))[:2]
    ['strike.green', 'strike.blue']
    """
    return book(entry).missing(entry)


def printed(entry):
    """The entry as the catalogue ships it (its known values are the rulebook's); {} for
    an entry the catalogue does not hold (a card players added themselves)."""
    try:
        return get(entry.get("id"))
    except KeyError:
        return {}


def correctable(entry):
    """What ``apply_correction`` accepts for this entry, by name."""
    return book(entry).fields(entry)


def parse_value(entry, field, text):
    """A value typed by a player (``--set attack=3``, a spreadsheet cell) in the type the
    entry's ``field`` takes; ValueError saying what is wrong.

    >>> parse_value(get("jl/mars"), "green", "4"), parse_value(get("in/card-01"), "name", "Imp")
    (4, 'Imp')
    """
    return book(entry).parse(entry, field, text)


def apply_correction(entry, strike=None, **fields):
    """A new entry with values read off the physical tile or card; the old entry is not
    changed: ``strike`` some or all colours of a Hexors tile, ``fields`` its other values
    by name (``attack=3, defense=2`` for a HeroScape card). A value the rulebook prints
    (``printed``) cannot change (the same value again is fine). The result is marked
    verified when nothing it needs is left unknown (see ``missing``). A bad value raises
    ValueError saying what is wrong, and nothing is returned.

    >>> apply_correction(get("hs/mimring"), attack=4, defense=3)["verified"]
    False
    """
    return book(entry).correct(entry, fields, printed(entry), strike=strike)
