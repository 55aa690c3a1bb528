"""The cards of HeroScape, Hexo and Invocations: which values each card carries, of what
type and range, which of them the referee needs, and how a table corrects them.

The Hexors tiles (jl, ygo) have their own schema in ``catalogue``; these games' entries are
flat dicts with their own numbers (shared_rules/data/heroscape.json, hexo.json,
invocations.json). ``SPECS`` describes, per game and kind, every value a card carries:

=========  ======================================================================
game/kind  values (``*`` = the referee needs it: unknown means not verified)
=========  ======================================================================
hs         name* kind* (hero, squad) figures* 1..20 move* 0..20 range* 0..20
           attack* 1..HS_MAX_DICE defense* 1..HS_MAX_DICE
hx monster name* monster* (goblin, ogre, troll) colour* value* 1..3 points* 1..3
hx companion  name* strength* 0..20 cost 0..20
hx money   name* money* 0..20 cost 0..20
in card    name* (a numbered slot: replace it by the card's name) attack* 0..99
           defense* 0..99 cost 0..99 effect (text)
=========  ======================================================================

A value the rulebook prints is never overwritten: ``correct`` refuses a different value
(the same value again is fine). Invocations' names are numbered places ("Card 01") that the
rulebook does not print: a table gives each its card's name.

>>> spec_for({"game": "hs", "kind": "hero"})[4]
('range', 'int', 0, 20, True)
>>> mimring = {"id": "hs/mimring", "game": "hs", "kind": "hero", "name": "Mimring",
...     "figures": 1, "move": None, "range": None, "attack": None, "defense": None,
...     "verified": False, "source": "seed 002"}
>>> missing(mimring)
['move', 'range', 'attack', 'defense']
>>> fixed = correct(mimring, {"move": 6, "range": 1, "attack": 4, "defense": 3}, mimring)
>>> fixed["verified"], fixed["source"]
(True, 'seed 002; corrected from the physical card')
"""

from shared_rules.decisions import HS_MAX_DICE
from shared_rules.words import _

GAMES = ("hs", "hx", "in")
# What the enroll menu and the messages call each game (Hexors included).
GAME_NAMES = {"jl": "Justice League Hexors", "ygo": "Yu-Gi-Oh! Hexors", "hs": "HeroScape",
              "hx": "Hexo", "in": "Invocations"}

NOTE = "corrected from the physical card"
KEYS = ("id", "game", "kind", "verified", "source")  # every card has these, not corrected

# (field, type, a, b, needed): type "int" (a..b), "text" (a: most characters), "choice"
# (a: the choices), "slot" (text; the catalogue's value is a placeholder, not printed).
_NAME = ("name", "text", 40, None, True)
_SPECS = {
    ("hs", None): (
        _NAME,
        ("kind", "choice", ("hero", "squad"), None, True),
        ("figures", "int", 1, 20, True),
        ("move", "int", 0, 20, True),
        ("range", "int", 0, 20, True),  # HS-5: Range 1 is adjacent only
        ("attack", "int", 1, HS_MAX_DICE, True),
        ("defense", "int", 1, HS_MAX_DICE, True),
    ),
    ("hx", "monster"): (
        _NAME,
        ("monster", "choice", ("goblin", "ogre", "troll"), None, True),
        ("colour", "choice", ("green", "yellow", "red"), None, True),
        ("value", "int", 1, 3, True),  # HX-1, HX-8
        ("points", "int", 1, 3, True),
    ),
    ("hx", "companion"): (
        _NAME,
        ("strength", "int", 0, 20, True),  # HX-7: added to the fighter's 1
        ("cost", "int", 0, 20, False),  # players pay the market themselves
    ),
    ("hx", "money"): (
        _NAME,
        ("money", "int", 0, 20, True),
        ("cost", "int", 0, 20, False),
    ),
    ("in", "card"): (
        ("name", "slot", 40, None, True),
        ("attack", "int", 0, 99, True),
        ("defense", "int", 0, 99, True),
        ("cost", "int", 0, 99, False),  # "may have a Cost and an Effect"
        ("effect", "text", 80, None, False),
    ),
}
KINDS = {"hs": ("hero", "squad"), "hx": ("monster", "companion", "money"), "in": ("card",)}


def add_game(prefix, name, specs):
    """Another game's cards: ``specs`` {kind: (field spec, ...)} in the form above, the
    name first (a game registered by the host: host/games/descriptor.py ``register``)."""
    global GAMES
    if prefix not in GAMES:
        GAMES = GAMES + (prefix,)
    GAME_NAMES[prefix] = name
    KINDS[prefix] = tuple(specs)
    for kind in specs:
        _SPECS[(prefix, kind)] = (_NAME,) + tuple(specs[kind])


def is_card(entry):
    """True for an entry of HeroScape, Hexo or Invocations."""
    return isinstance(entry, dict) and entry.get("game") in GAMES


def spec_for(entry):
    """The value specs of an entry's game and kind; ValueError when it has none."""
    game = entry.get("game")
    if game not in GAMES:
        raise ValueError("unknown game %r: cards are %s" % (game, ", ".join(GAMES)))
    kind = entry.get("kind")
    if kind not in KINDS[game]:
        raise ValueError("a %s card's kind is %s, not %r"
                         % (GAME_NAMES[game], " or ".join(KINDS[game]), kind))
    return _SPECS[(game, None if game == "hs" else kind)]


def fields(entry):
    """The names of the values a card carries, in card order.

    >>> fields({"game": "hx", "kind": "companion"})
    ['name', 'strength', 'cost']
    """
    return [s[0] for s in spec_for(entry)]


def named(keys):
    """Field names as the command line takes them (``--set move=3``), quoted: they are
    keys, the same in every language."""
    return ", ".join(["'%s'" % k for k in keys])


def _spec(entry, field):
    for s in spec_for(entry):
        if s[0] == field:
            return s
    return None


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _printable(text):
    for c in text:
        if ord(c) < 32 or ord(c) == 127:
            return False
    return True


def problem(entry, field, value):
    """Why ``value`` cannot be the card's ``field`` (None when it can; None is unknown).

    >>> problem({"game": "hs", "kind": "hero"}, "attack", 25)
    'attack must be a whole number 1..20, not 25'
    """
    s = _spec(entry, field)
    if s is None:
        return _("a %(game)s card has no %(field)s: its values are %(fields)s") % {
            "game": GAME_NAMES[entry["game"]], "field": field, "fields": named(fields(entry))}
    if value is None:
        return None
    kind = s[1]
    if kind == "int":
        if not _is_int(value) or not s[2] <= value <= s[3]:
            return _("%(field)s must be a whole number %(low)d..%(high)d, not %(value)r") % {
                "field": field, "low": s[2], "high": s[3], "value": value}
    elif kind == "choice":
        if value not in s[2]:
            return _("%(field)s must be one of %(choices)s, not %(value)r") % {
                "field": field, "choices": ", ".join(s[2]), "value": value}
    elif not isinstance(value, str) or not value.strip() or len(value) > s[2] \
            or not _printable(value):
        return _("%(field)s must be text of 1 to %(most)d characters, not %(value)r") % {
            "field": field, "most": s[2], "value": value}
    return None


def validate(entry):
    """Everything wrong with a card entry's shape, as messages; [] when it is well formed.

    >>> validate({"id": "hs/x", "game": "hs", "kind": "hero", "name": "X", "figures": 2,
    ...           "move": 1, "range": 1, "attack": 1, "defense": 1, "verified": False,
    ...           "source": "added by players"})
    ['a hero card has one figure']
    """
    if not isinstance(entry, dict):
        return ["an entry must be an object, not %r" % (entry,)]
    problems = []
    for key in KEYS:
        if key not in entry:
            problems.append("missing key %s" % key)
    if problems:
        return problems
    try:
        specs = spec_for(entry)
    except ValueError as e:
        return [str(e)]
    game = entry["game"]
    if not isinstance(entry["id"], str) or not entry["id"].startswith(game + "/"):
        problems.append("id must look like '%s/name', not %r" % (game, entry["id"]))
    known = list(KEYS)
    for s in specs:
        known.append(s[0])
        if s[0] not in entry:
            problems.append("missing key %s" % s[0])
            continue
        if s[0] == "kind":
            continue  # spec_for checked it
        why = problem(entry, s[0], entry[s[0]])
        if why:
            problems.append(why)
    for key in entry:
        if key not in known:
            problems.append("unknown key %r" % (key,))
    if game == "hs" and _is_int(entry.get("figures")):
        if entry["kind"] == "hero" and entry["figures"] != 1:
            problems.append("a hero card has one figure")
        elif entry["kind"] == "squad" and entry["figures"] < 2:
            problems.append("a squad card has 2 or more figures")
    if not isinstance(entry["source"], str) or not entry["source"]:
        problems.append("source must say where the values come from")
    if entry["verified"] is not True and entry["verified"] is not False:
        problems.append("verified must be true or false")
    return problems


def missing(entry):
    """The values the referee needs that are still unknown, in card order."""
    return [s[0] for s in spec_for(entry) if s[4] and entry.get(s[0]) is None]


def parse(entry, field, text):
    """A value typed on the command line or read from a spreadsheet cell, as the card's
    type: "3" -> 3 for a number, text stays text. ValueError saying what is wrong.

    >>> parse({"game": "in", "kind": "card"}, "attack", " 7")
    7
    """
    s = _spec(entry, field)
    if s is None:
        raise ValueError(problem(entry, field, None))
    text = text.strip() if isinstance(text, str) else text
    if s[1] == "int":
        if not isinstance(text, str) or not text or \
                any(c not in "0123456789" for c in text):
            raise ValueError(_("%(field)s must be a whole number, not %(text)r")
                             % {"field": field, "text": text})
        return int(text)
    return text


def correct(entry, values, printed):
    """A new card entry with ``values`` read off the physical card; ``entry`` is not
    changed. ``printed`` is the entry as the catalogue ships it: its known values are the
    rulebook's and cannot change. Verified when nothing needed is unknown. ValueError
    says what is wrong, and nothing is returned."""
    if not isinstance(values, dict):
        raise ValueError("corrected values are given by name, e.g. {\"attack\": 3}")
    spec_for(entry)  # ValueError for an entry that is not a card
    problems = []
    for field in values:
        s = _spec(entry, field)
        why = problem(entry, field, values[field])
        if why is None and values[field] is None:
            why = _("%s cannot be made unknown again") % field
        if why is None and s[1] != "slot":
            was = printed.get(field)
            if was is not None and was != values[field]:
                why = _("%(field)s is printed as %(value)r in the rulebook: it cannot "
                        "change") % {"field": field, "value": was}
        if why:
            problems.append(why)
    if problems:
        raise ValueError(_("correction refused: %s") % "; ".join(problems))
    new = dict(entry)
    for field in values:
        new[field] = values[field]
    new["verified"] = False
    problems = validate(new)
    if problems:
        raise ValueError(_("correction refused: %s") % "; ".join(problems))
    if values and NOTE not in new["source"]:
        new["source"] = new["source"] + "; " + NOTE
    new["verified"] = not missing(new)
    return new
