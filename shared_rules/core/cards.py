"""A game's cards described by their values: which values a card carries, of what type and
range, which of them the referee needs, and how a table corrects them.

A game whose cards are flat dicts of its own numbers (HeroScape, Hexo, Invocations) gives
its descriptor a ``CardBook`` of specs, one tuple per value, per kind of card (its
package's ``cards.py``); the Hexors tiles have their own schema
(shared_rules/games/hexors/tiles.py) with the same five questions: ``validate``,
``missing``, ``fields``, ``parse``, ``correct``.

A spec is ``(field, type, a, b, needed)``: type "int" (a..b), "text" (a: most characters),
"choice" (a: the choices), "slot" (text whose catalogue value is a placeholder, not
printed); ``needed``: the referee needs it, so unknown means not verified.

A value the rulebook prints is never overwritten: ``correct`` refuses a different value
(the same value again is fine).

>>> book = CardBook("Toy", {None: (("kind", "choice", ("hero",), None, True),
...                                ("attack", "int", 1, 9, True))})
>>> toy = {"id": "ty/x", "game": "ty", "kind": "hero", "name": "X", "attack": None,
...        "verified": False, "source": "the box"}
>>> book.missing(toy)
['attack']
>>> fixed = book.correct(toy, {"attack": 4}, toy)
>>> fixed["verified"], fixed["source"]
(True, 'the box; corrected from the physical card')
>>> book.problem(toy, "attack", 25)
'attack must be a whole number 1..9, not 25'
"""

from shared_rules.core.words import _

NOTE = "corrected from the physical card"
KEYS = ("id", "game", "kind", "verified", "source")  # every card has these, not corrected
NAME = ("name", "text", 40, None, True)


def named(keys):
    """Field names as the command line takes them (``--set move=3``), quoted: they are
    keys, the same in every language."""
    return ", ".join(["'%s'" % k for k in keys])


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _printable(text):
    for c in text:
        if ord(c) < 32 or ord(c) == 127:
            return False
    return True


class CardBook:
    """The cards of one game: ``specs`` {kind: (spec, ...)} (kind None: every card alike;
    the name comes first unless a spec says otherwise), ``check(entry)``: the game's own
    checks across values, as messages."""

    piece = "card"  # what a player holds (the messages say "As on the card")

    def __init__(self, name, specs, check=None):
        self.name = name  # the game's name, in the messages
        self.kinds = tuple([k for k in specs if k is not None])
        self.specs = {}
        for kind in specs:
            own = tuple(specs[kind])
            self.specs[kind] = own if own and own[0][0] == "name" else (NAME,) + own
        self.check = check

    def spec_for(self, entry):
        """The value specs of an entry's kind; ValueError when it has none."""
        if None in self.specs:
            specs = self.specs[None]
            kinds = [s[2] for s in specs if s[0] == "kind"]
            if kinds and entry.get("kind") not in kinds[0]:
                raise ValueError("a %s card's kind is %s, not %r"
                                 % (self.name, " or ".join(kinds[0]), entry.get("kind")))
            return specs
        kind = entry.get("kind")
        if kind not in self.specs:
            raise ValueError("a %s card's kind is %s, not %r"
                             % (self.name, " or ".join(self.kinds), kind))
        return self.specs[kind]

    def fields(self, entry):
        """The names of the values a card carries, in card order (what a table may
        correct)."""
        return [s[0] for s in self.spec_for(entry)]

    def _spec(self, entry, field):
        for s in self.spec_for(entry):
            if s[0] == field:
                return s
        return None

    def problem(self, entry, field, value):
        """Why ``value`` cannot be the card's ``field`` (None when it can; None is
        unknown)."""
        s = self._spec(entry, field)
        if s is None:
            return _("a %(game)s card has no %(field)s: its values are %(fields)s") % {
                "game": self.name, "field": field, "fields": named(self.fields(entry))}
        if value is None:
            return None
        kind = s[1]
        if kind == "int":
            if not _is_int(value) or not s[2] <= value <= s[3]:
                return _("%(field)s must be a whole number %(low)d..%(high)d, not "
                         "%(value)r") % {"field": field, "low": s[2], "high": s[3],
                                         "value": value}
        elif kind == "choice":
            if value not in s[2]:
                return _("%(field)s must be one of %(choices)s, not %(value)r") % {
                    "field": field, "choices": ", ".join(s[2]), "value": value}
        elif not isinstance(value, str) or not value.strip() or len(value) > s[2] \
                or not _printable(value):
            return _("%(field)s must be text of 1 to %(most)d characters, not %(value)r") % {
                "field": field, "most": s[2], "value": value}
        return None

    def validate(self, entry):
        """Everything wrong with a card entry's shape, as messages; [] when it is well
        formed."""
        if not isinstance(entry, dict):
            return ["an entry must be an object, not %r" % (entry,)]
        problems = []
        for key in KEYS:
            if key not in entry:
                problems.append("missing key %s" % key)
        if problems:
            return problems
        try:
            specs = self.spec_for(entry)
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
            why = self.problem(entry, s[0], entry[s[0]])
            if why:
                problems.append(why)
        for key in entry:
            if key not in known:
                problems.append("unknown key %r" % (key,))
        if self.check is not None and not problems:
            problems.extend(self.check(entry))
        if not isinstance(entry["source"], str) or not entry["source"]:
            problems.append("source must say where the values come from")
        if entry["verified"] is not True and entry["verified"] is not False:
            problems.append("verified must be true or false")
        return problems

    def missing(self, entry):
        """The values the referee needs that are still unknown, in card order."""
        return [s[0] for s in self.spec_for(entry) if s[4] and entry.get(s[0]) is None]

    def parse(self, entry, field, text):
        """A value typed on the command line or read from a spreadsheet cell, as the card's
        type: "3" -> 3 for a number, text stays text. ValueError saying what is wrong."""
        s = self._spec(entry, field)
        if s is None:
            raise ValueError(self.problem(entry, field, None))
        text = text.strip() if isinstance(text, str) else text
        if s[1] == "int":
            if not isinstance(text, str) or not text or \
                    any(c not in "0123456789" for c in text):
                raise ValueError(_("%(field)s must be a whole number, not %(text)r")
                                 % {"field": field, "text": text})
            return int(text)
        return text

    def correct(self, entry, values, printed, strike=None):
        """A new card entry with ``values`` read off the physical card; ``entry`` is not
        changed. ``printed`` is the entry as the catalogue ships it: its known values are
        the rulebook's and cannot change. Verified when nothing needed is unknown.
        ValueError says what is wrong, and nothing is returned."""
        if strike:
            raise ValueError(_("a %(game)s card has no strike values: give its %(fields)s")
                             % {"game": self.name, "fields": named(self.fields(entry))})
        if not isinstance(values, dict):
            raise ValueError("corrected values are given by name, e.g. {\"attack\": 3}")
        self.spec_for(entry)  # ValueError for an entry that is not a card
        problems = []
        for field in values:
            s = self._spec(entry, field)
            why = self.problem(entry, field, values[field])
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
        problems = self.validate(new)
        if problems:
            raise ValueError(_("correction refused: %s") % "; ".join(problems))
        if values and NOTE not in new["source"]:
            new["source"] = new["source"] + "; " + NOTE
        new["verified"] = not self.missing(new)
        return new

    # --- what enrolling and the tiles commands ask of a game's book ----------------------

    def grouped(self, entry):
        """A card keeps no values together: (None, ())."""
        return None, ()

    def slots(self, printed, current):
        """What the correcting step of enrolling asks for, as (key, lowest, highest): the
        numbers the catalogue does not print, when the referee still needs one of them; []
        when nothing is missing."""
        numbers = [(s[0], s[2], s[3]) for s in self.spec_for(printed)
                   if s[1] == "int" and s[4] and printed.get(s[0]) is None]
        if any(current.get(key) is None for key, _low, _high in numbers):
            return numbers
        return []

    def columns(self):
        """Every value a table corrects on any kind of card, in card order."""
        out = []
        for kind in self.specs:
            for s in self.specs[kind]:
                if s[0] not in out:
                    out.append(s[0])
        return out
