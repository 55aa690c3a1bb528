"""What a game says in sentences, on the phone page and aloud: the words every game's
sentences share (a seat by its name, a tile or card by its name, never a UID) and each game's
own sentences, found through its descriptor (host/games/<game>/sentences.py: ``EVENTS``, the
sentences of its outcome events; ``INPUTS``, of the inputs only it has; ``odds_bars``, its
odds as bars; ``FIGHTS``, the events that are a fight of some kind).

>>> words = Words({"k": "Mars"}, ("Ana", "Ben"))
>>> words.seat(1), words.seat(4), words.thing("k"), words.joined({0: 1, 1: 2})
('Ben', 'player 5', 'Mars', 'Ana 1, Ben 2')
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from host.common.i18n import _
from shared_rules.core.words import name as tile_name


@dataclass(frozen=True)
class Words:
    """The names a sentence uses: tiles by key (``names``), the seats (``players``) and the
    catalogue prefix of the game's tiles (``cards``: "ygo" counts Stars where "jl" counts
    Stones)."""

    names: dict[str, str] = field(default_factory=dict)
    players: tuple[str, ...] = ()
    cards: str = ""

    def seat(self, i: Any) -> str:
        if isinstance(i, int) and 0 <= i < len(self.players):
            return self.players[i]
        return _("player %d") % (i + 1) if isinstance(i, int) else _("a player")

    def seats(self, many: Any) -> str:
        """Players joined: "Ana & Ben"."""
        return " & ".join(self.seat(p) for p in many or [])

    def thing(self, value: Any) -> str:
        """A tile or card by its name: a catalogue entry's as the table's rulebook prints it
        (``words.name``: Dernière bataille at a French table), the book's, never its UID."""
        if isinstance(value, dict):
            return str(tile_name(value) or _("a card"))
        if isinstance(value, str):
            return self.names.get(value) or _("an unknown tile")
        return str(value)

    def joined(self, value: Any) -> str:
        """Per player or per tile (``{0: 1, 1: 2}``: "Ana 1, Ben 2"), or a list."""
        if isinstance(value, dict):
            return ", ".join("%s %s" % (self.seat(k) if isinstance(k, int) else self.thing(k), v)
                             for k, v in value.items())
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value)
        return str(value)


_NONE = ModuleType("no sentences")
_FOUND: dict[str, ModuleType] = {}  # a Pi part's sentences, by the part's name


def sentences(variant: str) -> ModuleType:
    """The game's own sentences (host/games/<game>/sentences.py), or an empty module for a
    game that has none (every sentence then the shared ones)."""
    from host.games.descriptor import game

    try:
        pi = game(variant).descriptor.pi
    except ValueError:  # a stored game of a game this referee no longer has
        pi = ""
    if not pi:
        return _NONE
    if pi not in _FOUND:  # looked for once: the page asks at every entry it follows
        try:  # the Pi's part may be a package (host/games/<game>/) or a single module
            found = importlib.util.find_spec(pi + ".sentences")
        except ModuleNotFoundError:
            found = None
        _FOUND[pi] = importlib.import_module(pi + ".sentences") if found is not None else _NONE
    return _FOUND[pi]
