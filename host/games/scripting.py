"""Writing a demo table: the cards on it and what the players do, step by step.

Each game's folder holds its demo tables (``demo.py``: the tagged cards and a script from
setup to the winner), written with ``Steps``. ``hexref demo`` plays them through the real
firmware on a pseudo-terminal (host/app/demo.py); tests rehearse them straight into a
referee.

Steps are plain data: ``{"do": "place"|"lift"|"roll"|"crooked"|"press"|"long", ...}`` for
what the hub sees, and host steps ``{"do": "choose", "label": ...}`` (open the referee's
menu, move to that line, OK) and ``{"do": "pi", "button": ...}`` for the referee's own
buttons, which do not pass through the hub.

The cards: where a rulebook prints only part of a card, the rest was read off the demo set
and is applied as an explicit correction (``corrected``), exactly as a table corrects an
unverified entry from its own cards; the catalogue files keep them unknown.
"""
from __future__ import annotations

from typing import Any

from host.storage import tags
from shared_rules import catalogue

STEP_MS = 120  # between two scripted actions: a brisk but human pace
REST_MS = 300  # a tile rests on the reader this long: the reader needs ~50 ms to read it
THROW_MS = 600  # a throw tumbles ~0.3 s and the roll detector settles in ~0.1 s
HUB_EVENTS = {"place": 1, "lift": 1, "roll": 2, "crooked": 2, "press": 1, "long": 1}
HOST_DOES = ("choose", "pi")


class Steps:
    """A scripted table: what the players do, in order, at a human pace. ``uids`` gives
    each tile's (or card's) tag UID by catalogue entry id. After a roll the table waits
    for the die to land (``THROW_MS``) before anyone does anything else, as players do."""

    def __init__(self, uids: dict[str, str]) -> None:
        self.uids = uids
        self.steps: list[dict] = []
        self._wait = STEP_MS  # before the next step: longer while a die is in the air

    def _add(self, step: dict, after: int = STEP_MS) -> None:
        step["after"] = max(after, self._wait)
        self._wait = STEP_MS
        self.steps.append(step)

    def tap(self, *entry_ids: str) -> Steps:
        for entry_id in entry_ids:
            self._add({"do": "place", "uid": self.uids[entry_id],
                       "record": tags.record_for(entry_id)})
            self._add({"do": "lift"}, REST_MS)
        return self

    def roll(self, *faces: int) -> Steps:
        for face in faces:
            self._add({"do": "roll", "face": face})
            self._wait = THROW_MS
        return self

    def press(self, *buttons: str) -> Steps:
        for button in buttons:
            self._add({"do": "press", "button": button})
        return self

    def choose(self, *labels: str) -> Steps:
        """The referee's own menu (a host step): open it, move to ``label``, OK."""
        for label in labels:
            self.steps.append({"do": "choose", "label": label})  # no time: the Pi's
        return self

    def pi(self, *buttons: str) -> Steps:
        """One of the referee's own buttons (a host step)."""
        for button in buttons:
            self.steps.append({"do": "pi", "button": button})
        return self


def cards(game: str) -> list[dict]:
    """Catalogue entries of one of these games: "hs", "hx" or "in"."""
    return catalogue.load(game)


def lookup(entry_id: str) -> dict:
    """A catalogue entry by id for any game (KeyError naming it when there is none)."""
    return catalogue.get(entry_id)


def corrected(entry: dict, **values: Any) -> dict:
    """A copy of ``entry`` with values read off the physical card; verified when nothing
    the referee needs is left unknown. The values the rulebook prints must not change.
    The one correction path of every table (catalogue.apply_correction, cards.py): the
    demo corrects its cards exactly as ``hexref tiles correct`` would.

    >>> corrected(lookup("hx/companion"), strength=2)["verified"]
    True
    """
    return catalogue.apply_correction(entry, **values)
