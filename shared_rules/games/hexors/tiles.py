"""The Hexors tiles (jl.json and ygo.json beside this): what each entry holds, how it is
checked, what is still unknown before it can play, and how a table corrects it from the
physical tile (the catalogue, shared_rules/catalogue.py, asks this book for the tiles of
both families, as it asks a ``CardBook`` for other games' cards).

=========  =================================================================================
id         ``"jl/064"`` (printed number) or ``"jl/superman"`` (number not known)
game       ``"jl"`` or ``"ygo"``
kind       jl: stronghold, character, power; ygo: character, monster, action.
           None for a numbered tile the rulebook shows but does not identify.
name       as printed (None when the rulebook does not say)
number     the three-digit tile number as a string, or None
strike     {green, blue, yellow, red, purple, white: int 0..20 or None (unknown)};
           None as a whole for Powers and Actions, which have no strike values (JL-P5)
colour     a Character's / Monster's background colour (YGO: the Element's colour)
element    ygo monsters only: earth, water, wind, fire, dark, light (else None)
ally       Ally icon, e.g. ``"martian-manhunter"`` (JL-C5), or None
bonus      Stronghold Defense Bonus (JL-C6) / YGO Character attack bonus (YG-12), or None
effect     Powers/Actions: what the engine does (``"teamwork"``, ``"disarm"``...), else None
timing     Powers: surge / ultimate; Actions: flash / extreme (JL-C10, YG-14), else None
cost       Energy Stones / Stars to pay, else None
text       short rules text
verified   True only when every value the tile needs is known and comes from a trusted
           source (the rulebook or the physical tile)
source     where the values come from
=========  =================================================================================

A value the rulebook does not print is None and the entry is unverified: the catalogue never
invents a value.

>>> mars = get("jl/mars")
>>> mars["strike"]["red"], mars["ally"], mars["verified"]
(3, 'martian-manhunter', False)
"""

from shared_rules.core import words
from shared_rules.core.data import beside
from shared_rules.games.hexors.decisions import COLOURS, ELEMENT_COLOURS

KEYS = ("id", "game", "kind", "name", "number", "strike", "colour", "element", "ally",
        "bonus", "effect", "timing", "cost", "text", "verified", "source")

KINDS = {"jl": ("stronghold", "character", "power"),
         "ygo": ("character", "monster", "action")}
# Silver tiles: no strike values, a cost and an effect instead.
PLAYABLE = ("power", "action")

TIMINGS = {"jl": ("surge", "ultimate"), "ygo": ("flash", "extreme")}

EFFECTS = {
    "jl": ("last_stand", "energy_barrier", "escape", "speed", "detection", "flying_debris",
           "life_drain", "self_destruct", "teamwork", "super_strength", "telepathy",
           "wasteland"),
    "ygo": ("disarm", "mystic_barrier", "symbiosis", "setting_sun", "power_theft",
            "energy_lock", "genesis", "divine_chain", "sandstorm", "earth_fist", "star_burst",
            "zombie"),
}


STRIKE_MIN = 0
STRIKE_MAX = 20
COST_MAX = 9

_SLUG_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"
_DIGITS = "0123456789"


def get(entry_id):
    """A tile as the catalogue ships it, read from its family's file (for the examples
    here; the referee reads tiles through shared_rules/catalogue.py)."""
    for entry in beside(__file__, entry_id.split("/")[0] + ".json"):
        if entry["id"] == entry_id:
            return _copy(entry)
    raise KeyError(entry_id)


def _copy(entry):
    new = dict(entry)
    if isinstance(entry.get("strike"), dict):
        new["strike"] = dict(entry["strike"])
    return new


def number_text(number):
    """'16', 16, '#016' and '016' all mean tile 016."""
    if isinstance(number, int) and not isinstance(number, bool):
        text = str(number)
    elif isinstance(number, str):
        text = number.strip()
        if text.startswith("#"):
            text = text[1:]
    else:
        return None
    if not text or any(c not in _DIGITS for c in text) or len(text) > 3:
        return None
    return "0" * (3 - len(text)) + text


# --- checking entries -----------------------------------------------------------------
def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _is_slug(text):
    return isinstance(text, str) and text != "" and all(c in _SLUG_CHARS for c in text)


def _check_strike(entry, problems):
    strike = entry["strike"]
    if entry["kind"] in PLAYABLE:
        if strike is not None:
            problems.append("a %s has no strike values: strike must be null" % entry["kind"])
        return
    if not isinstance(strike, dict):
        problems.append("strike must be an object with the six colours")
        return
    for colour in COLOURS:
        if colour not in strike:
            problems.append("strike has no %s value" % colour)
    for colour in strike:
        if colour not in COLOURS:
            problems.append("strike has an unknown colour %r" % (colour,))
            continue
        value = strike[colour]
        if value is None:
            continue
        if not _is_int(value):
            problems.append(words._("%(field)s must be a whole number, not %(text)r")
                            % {"field": words._(colour), "text": value})
        elif not STRIKE_MIN <= value <= STRIKE_MAX:
            problems.append(words._("%(field)s is %(value)d: a strike value is from %(min)d "
                                    "to %(max)d") % {"field": words._(colour), "value": value,
                                                     "min": STRIKE_MIN, "max": STRIKE_MAX})


def _check_power(entry, problems):
    game, kind = entry["game"], entry["kind"]
    fields = ("effect", "timing", "cost")
    if kind not in PLAYABLE:
        for field in fields:
            if entry[field] is not None:
                problems.append("only Powers and Actions have a %s" % field)
        return
    if entry["effect"] not in EFFECTS[game]:
        problems.append("unknown %s effect %r" % (kind, entry["effect"]))
    if entry["timing"] not in TIMINGS[game]:
        problems.append("%s timing must be %s, not %r"
                        % (kind, " or ".join(TIMINGS[game]), entry["timing"]))
    cost = entry["cost"]
    if not _is_int(cost) or not 0 <= cost <= COST_MAX:
        problems.append("%s cost must be a whole number 0..%d, not %r" % (kind, COST_MAX, cost))


def _check_looks(entry, problems):
    """Colour, element, ally and bonus: only on the kinds that carry them."""
    game, kind = entry["game"], entry["kind"]
    coloured = kind == "monster" or (game == "jl" and kind == "character")
    colour = entry["colour"]
    if colour is not None:
        if colour not in COLOURS:
            problems.append("unknown colour %r" % (colour,))
        elif not coloured:
            problems.append("a %s has no background colour" % kind)
    element = entry["element"]
    if element is not None:
        if kind != "monster":
            problems.append("only YGO Monsters have an element")
        elif element not in ELEMENT_COLOURS:
            problems.append("unknown element %r" % (element,))
        elif colour is not None and ELEMENT_COLOURS[element] != colour:
            problems.append("element %s is the colour %s, not %s"
                            % (element, ELEMENT_COLOURS[element], colour))
    ally = entry["ally"]
    if ally is not None:
        if not (game == "jl" and kind in ("stronghold", "character")):
            problems.append("only JL Strongholds and Characters carry an Ally icon")
        elif not _is_slug(ally):
            problems.append("ally must be a lower-case name like 'martian-manhunter'")
    bonus = entry["bonus"]
    if bonus is not None:
        if not ((game == "jl" and kind == "stronghold") or (game == "ygo" and kind == "character")):
            problems.append("only JL Strongholds and YGO Characters have a bonus")
        elif not _is_int(bonus) or not STRIKE_MIN <= bonus <= STRIKE_MAX:
            problems.append("bonus must be a whole number %d..%d, not %r"
                            % (STRIKE_MIN, STRIKE_MAX, bonus))


def validate(entry):
    """Everything wrong with an entry's shape, as messages; [] when it is well formed.

    Unknown values (None) are not problems here: ``missing`` lists those.

    >>> validate(get("jl/072"))
    []
    >>> validate({"id": "jl/x"})[0]
    'missing key game'
    """
    if not isinstance(entry, dict):
        return ["an entry must be an object, not %r" % (entry,)]
    problems = []
    for key in KEYS:
        if key not in entry:
            problems.append("missing key %s" % key)
    for key in entry:
        if key not in KEYS:
            problems.append("unknown key %r" % (key,))
    if problems:
        return problems
    game = entry["game"]
    if game not in KINDS:
        return ["unknown game %r" % (game,)]
    entry_id = entry["id"]
    if not isinstance(entry_id, str) or not entry_id.startswith(game + "/") \
            or not _is_slug(entry_id[len(game) + 1:]):
        problems.append("id must look like '%s/name-or-number', not %r" % (game, entry_id))
    kind = entry["kind"]
    if kind is not None and kind not in KINDS[game]:
        problems.append("kind must be one of %s, not %r" % (", ".join(KINDS[game]), kind))
        return problems
    name = entry["name"]
    if name is not None and (not isinstance(name, str) or not name.strip()):
        problems.append("name must be text or null")
    number = entry["number"]
    if number is not None and (not isinstance(number, str) or number_text(number) != number):
        problems.append("number must be three digits like '016' or null, not %r" % (number,))
    _check_strike(entry, problems)
    _check_power(entry, problems)
    _check_looks(entry, problems)
    if not isinstance(entry["text"], str):
        problems.append("text must be a string")
    if not isinstance(entry["source"], str) or not entry["source"]:
        problems.append("source must say where the values come from")
    verified = entry["verified"]
    if verified is not True and verified is not False:
        problems.append("verified must be true or false")
    elif verified and not problems and missing(entry):
        problems.append("verified but %s unknown" % ", ".join(missing(entry)))
    return problems


def missing(entry):
    """What is still unknown before the tile can play, e.g. ['kind', 'strike.red'].

    >>> missing(get("ygo/kaiba"))[:2]
    ['strike.green', 'strike.blue']
    """
    gaps = []
    kind = entry.get("kind")
    if kind is None:
        gaps.append("kind")
    if not entry.get("name"):
        gaps.append("name")
    if kind in PLAYABLE:
        for field in ("effect", "timing", "cost"):
            if entry.get(field) is None:
                gaps.append(field)
        return gaps
    strike = entry.get("strike")
    for colour in COLOURS:
        if not isinstance(strike, dict) or strike.get(colour) is None:
            gaps.append("strike." + colour)
    game = entry.get("game")
    if kind == "monster" or (game == "jl" and kind == "character"):
        if entry.get("colour") is None:
            gaps.append("colour")
    if (game == "jl" and kind == "stronghold") or (game == "ygo" and kind == "character"):
        if entry.get("bonus") is None:
            gaps.append("bonus")
    return gaps


CORRECTABLE = ("name", "kind", "colour", "element", "ally", "bonus")
# Values the rulebook prints that a tile cannot contradict. Colour and element stay
# correctable: four of the six Element colours are a Decision (decisions.ELEMENT_COLOURS)
# and a player may read the tile's own colour instead.
PRINTED = ("name", "kind", "ally", "bonus")


def fields(entry):
    """What a correction accepts for this tile, by name: the strike colours (when it has
    strike values) and the other values a tile shows.

    >>> fields(get("jl/mars"))[:2]
    ['green', 'blue']
    """
    out = list(COLOURS) if isinstance(entry.get("strike"), dict) else []
    return out + list(CORRECTABLE)


def parse(entry, field, text):
    """A value typed by a player (``--set green=3``, a spreadsheet cell) in the type the
    tile's ``field`` takes; ValueError saying what is wrong.

    >>> parse(get("jl/mars"), "green", "4")
    4
    """
    if field not in fields(entry):
        raise ValueError(words._("cannot correct %(field)r: only %(fields)s") % {
            "field": field, "fields": ", ".join(words._(f) for f in fields(entry))})
    text = text.strip() if isinstance(text, str) else text
    if field in COLOURS or field == "bonus":
        if not isinstance(text, str) or not text or any(c not in _DIGITS for c in text):
            raise ValueError(words._("%(field)s must be a whole number, not %(text)r")
                             % {"field": words._(field), "text": text})
        return int(text)
    return text


def correct(entry, values, printed, strike=None):
    """A new tile entry with values read off the physical tile: ``strike`` some or all
    colours, ``values`` the others by name (name, kind, colour, element: it sets the
    colour too, ELEMENT_COLOURS; ally, bonus); ``entry`` is not changed. ``printed`` is
    the entry as the catalogue ships it: a value the rulebook prints cannot change (the
    same value again is fine). Verified when nothing it needs is left unknown
    (``missing``). ValueError says what is wrong, and nothing is returned.

    >>> fixed = correct(get("jl/superman"), {}, get("jl/superman"), strike={"green": 2,
    ...     "blue": 3, "red": 1, "purple": 2, "white": 2})
    >>> fixed["strike"]["yellow"], fixed["verified"]
    (6, True)
    """
    book = printed
    fields_ = values
    for field in fields_:
        if field not in CORRECTABLE:
            raise ValueError(words._("cannot correct %(field)r: only %(fields)s") % {
                "field": field, "fields": ", ".join(words._(f) for f in fields(entry))})
    new = _copy(entry)
    if strike is not None:
        if not isinstance(strike, dict) or not isinstance(new.get("strike"), dict):
            raise ValueError(words._("strike values are given by colour, for a tile that "
                                     "has them"))
        for colour in strike:
            if colour not in COLOURS:
                raise ValueError(words._("unknown colour %(colour)r: use %(colours)s") % {
                    "colour": colour, "colours": ", ".join(words._(c) for c in COLOURS)})
            new["strike"][colour] = strike[colour]
    for field in fields_:
        new[field] = fields_[field]
    if "element" in fields_ and "colour" not in fields_ and \
            fields_["element"] in ELEMENT_COLOURS:
        new["colour"] = ELEMENT_COLOURS[fields_["element"]]
    new["verified"] = False
    problems = validate(new)
    was = book.get("strike") or {}
    for colour in strike or ():
        if was.get(colour) is not None and was[colour] != strike[colour]:
            problems.append(words._("%(field)s is printed as %(value)r in the rulebook: it "
                                    "cannot change") % {"field": words._(colour),
                                                        "value": was[colour]})
    for field in fields_:
        if field in PRINTED and book.get(field) is not None and book[field] != fields_[field]:
            problems.append(words._("%(field)s is printed as %(value)r in the rulebook: it "
                                    "cannot change") % {"field": words._(field),
                                                        "value": book[field]})
    if problems:
        raise ValueError(words._("correction refused: %s") % "; ".join(problems))
    note = "corrected from the physical tile"
    if note not in new["source"]:
        new["source"] = new["source"] + "; " + note
    new["verified"] = not missing(new)
    return new


# --- what enrolling and the tiles commands ask of a game's book ---------------------------
piece = "tile"  # what a player holds: a tile (the messages say "As on the tile")


def grouped(entry):
    """The tile's values kept together, by name, and their keys: ("strike", the six
    colours) for a tile with strike values, else (None, ())."""
    if isinstance(entry.get("strike"), dict):
        return "strike", COLOURS
    return None, ()


def slots(printed, current):
    """What the correcting step of enrolling asks for, as (key, lowest, highest): the six
    strike values of a tile that lacks some; [] when nothing is missing.

    >>> slots(get("jl/superman"), get("jl/superman"))[0]
    ('green', 0, 20)
    """
    strike = current.get("strike")
    if not isinstance(strike, dict) or all(strike.get(c) is not None for c in COLOURS):
        return []
    return [(c, STRIKE_MIN, STRIKE_MAX) for c in COLOURS]


def columns():
    """The values a table corrects, as an export's columns (the strike colours first)."""
    return list(COLOURS) + list(CORRECTABLE)
