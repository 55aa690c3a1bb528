"""Scripted tables for HeroScape, Hexo and Invocations, and how the device opens them.

Each game gets a demo table (its descriptor's ``demos``, host/games/descriptor.py): the tagged cards
and a script from setup to the winner, played by ``hexref demo --variant heroscape|hexo|
invocations`` through the real firmware on a pseudo-terminal, like the Hexors demos.

These games are also played on the referee's own buttons (the Pi's menu: Hexo's actions,
the Master's records in Invocations), which do not pass through the hub. A script says
them as host steps, ``{"do": "choose", "label": ...}`` (open the menu, move the cursor to
that line, OK) and ``{"do": "pi", "button": ...}``; ``HostSteps`` takes them out of what
the simulated hub plays and runs each one right after the hub event it follows, so the
order of a script holds whatever the timing.

The cards: the rulebooks print the Zettian Guards' card (HS-1), Hexo's monster values
(HX-1, HX-8) and nothing of Invocations' cards. The other values were read off the demo
set and are applied here as explicit corrections (``corrected``), exactly as a table
corrects an unverified entry from its own cards; the catalogue files keep them unknown.

``rehearse(variant)`` plays a script straight into a referee without the firmware, for
tests and for writing scripts.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from host.games.descriptor import board_colours
from shared_rules import catalogue

# --- the cards -------------------------------------------------------------------------


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


# --- host steps: the referee's own buttons in a script ----------------------------------

HUB_EVENTS = {"place": 1, "lift": 1, "roll": 2, "crooked": 2, "press": 1, "long": 1}
HOST_DOES = ("choose", "pi")


class HostSteps:
    """The host steps of a script, each due after a count of hub events."""

    def __init__(self, due: dict[int, list[dict]]) -> None:
        self.due = due

    @classmethod
    def split(cls, steps: list[dict]) -> tuple[list[dict], HostSteps]:
        """(what the hub plays, what the host does and after how many hub events)."""
        hub: list[dict] = []
        due: dict[int, list[dict]] = {}
        events = 0
        for step in steps:
            if step["do"] in HOST_DOES:
                due.setdefault(events, []).append(step)
            else:
                hub.append(step)
                events += HUB_EVENTS[step["do"]]
        return hub, cls(due)

    def run(self, events: int, referee, press: Callable[..., None],
            show: Callable[..., None]) -> None:
        """Do what is due after ``events`` hub events: ``press(button, action)`` presses a
        referee button (the run loop's own handling, messages included), ``show()``
        draws what the panel shows after each press."""
        for step in self.due.pop(events, []):
            if step["do"] == "pi":
                press(step["button"], step.get("action", "press"))
            else:
                choose(referee, step["label"], show, press)


def choose(referee, label: str, show: Callable[..., None] | None = None,
           press: Callable[..., Any] | None = None) -> list:
    """Open the referee's menu, move to ``label`` and press OK, as a player would.
    ``press(button)`` presses a button (default: straight to the referee); returns what
    each press gave back."""
    from host.common.i18n import speaking

    if press is None:
        press = referee.on_press
    with speaking("en"):  # scripts name menu lines in English; the order is the same
        labels = [item[0] for item in referee.menu()]
    if label not in labels:
        raise ValueError("the menu has no %r: it offers %s" % (label, ", ".join(labels)))
    out = []
    if not referee.menu_open:
        out.append(press("OK", "press"))
    for _ in range(labels.index(label)):
        if show is not None:
            show()
        out.append(press("DOWN", "press"))
    if show is not None:
        show()
    out.append(press("OK", "press"))
    return out


def _steps(uids: dict[str, str]):
    from host.app.demo import Steps

    class GameSteps(Steps):
        def choose(self, *labels: str) -> GameSteps:
            for label in labels:
                self.steps.append({"do": "choose", "label": label})  # no time: the Pi's
            return self

        def pi(self, *buttons: str) -> GameSteps:
            for button in buttons:
                self.steps.append({"do": "pi", "button": button})
            return self

    return GameSteps(uids)


# --- HeroScape ---------------------------------------------------------------------------

HS_UIDS = {"hs/zettian-guards": "04B5C00000A001", "hs/mimring": "04B5C00000B001",
           "hs/marro-warriors": "04B5C00000B002"}
# Mimring and the Marro Warriors as printed on the demo set's cards (basic side).
HS_CORRECTIONS = {
    "hs/mimring": {"move": 6, "range": 1, "attack": 4, "defense": 3},
    "hs/marro-warriors": {"move": 6, "range": 6, "attack": 2, "defense": 3},
}


def heroscape_entries() -> list[dict]:
    return [corrected(lookup(i), **HS_CORRECTIONS[i]) if i in HS_CORRECTIONS else lookup(i)
            for i in HS_UIDS]


def heroscape_script() -> list[dict]:
    s = _steps(HS_UIDS)
    s.tap("hs/zettian-guards").press("A")       # HS-1: P1 ("good")
    s.tap("hs/mimring").press("B")              # P2 ("evil"); B closes setup
    s.roll(1, 4, 5, 6, 6).roll(2, 4, 5, 6, 6)   # HS-3: 1 skull each: a tie, roll again
    s.roll(1, 2, 3, 4, 5).roll(1, 4, 5, 6, 6)   # 3 skulls against 1: P1 goes first
    s.tap("hs/mimring")                         # HS-4: not P1's card: refused
    s.tap("hs/zettian-guards", "hs/mimring")    # the card, then the target
    s.press("A")                                # HS-6: P1's Guard stands higher
    s.roll(1, 2, 5).roll(4, 5, 1)               # HS-10: 2 skulls, 2 shields: nothing
    s.tap("hs/mimring").press("A")              # HS-8: the second Guard, higher too
    s.roll(1, 2, 6).roll(4, 1, 6)               # 2 skulls, 1 shield: destroyed (HS-7)
    return s.steps


# --- Hexo --------------------------------------------------------------------------------

HX_UIDS = {"hx/companion": "04B5C00000C001", "hx/troll": "04B5C00000C002",
           "hx/ogre": "04B5C00000C003"}
HX_PLAYERS = ("Red", "Blue")
# The demo set's Companion, as printed on its card.
HX_CORRECTIONS = {"hx/companion": {"strength": 2, "cost": 3}}


def hexo_entries() -> list[dict]:
    return [corrected(lookup(i), **HX_CORRECTIONS[i]) if i in HX_CORRECTIONS else lookup(i)
            for i in HX_UIDS]


def hexo_script() -> list[dict]:
    s = _steps(HX_UIDS)
    s.choose("Red first", "5 events")                 # HX-2, HX-3: events, Red first
    # Turn 1: both go to the lost mine and bring a treasure home (HX-14).
    s.choose("to mine", "to mine", "take treasure", "take treasure")
    s.choose("go home", "buy", "deposit", "buy", "pass", "pass")
    s.choose("1 monster")                            # HX-5: one monster card left
    s.tap("hx/troll")                                 # Red places it (HX-13): Troll 1
    # Turn 2, Blue first: Blue goes for the Troll with a Companion in support (HX-7, HX-10).
    s.choose("0 events", "to Troll 1", "buy", "attack monster")
    s.press("B").tap("hx/companion")                  # Blue's card: 1 base +2 = 3
    s.tap("hx/troll")                                 # Red reinforces the Troll (HX-8)
    s.choose("fight")                                 # 3 vs 6: Blue goes home, the
    s.choose("to Troll 1", "buy", "take treasure")    # treasure stays: Red picks it up
    s.choose("pass", "go home")                       # leaving, the Troll attacks (HX-11)
    s.choose("buy peace")                             # HX-12: Red pays 4 and goes home
    s.choose("pass", "deposit", "pass", "pass", "0 monsters")
    # Turns 3 to 5: the market is bought out until the pile cannot refill it (HX-6).
    s.choose("2 events", "buy", "buy", "buy", "buy", "buy", "pass", "pass", "pass",
             "0 monsters")
    s.choose("5 events", "buy", "buy", "buy", "buy", "buy", "pass", "pass", "pass",
             "0 monsters")
    s.choose("5 events", "buy", "pass", "pass", "pass", "0 monsters")
    return s.steps


# --- Invocations -------------------------------------------------------------------------

IN_PLAYERS = board_colours(3)
IN_CARDS = {  # the demo deck's cards that get revealed: (name, Attack, Defense)
    "in/card-01": ("Fire Imp", 7, 2), "in/card-02": ("Stone Golem", 4, 8),
    "in/card-03": ("Sea Serpent", 7, 5), "in/card-04": ("Wind Sprite", 3, 3),
    "in/card-05": ("Night Owl", 5, 6), "in/card-06": ("Sun Priest", 6, 1),
    "in/card-07": ("Ice Wyrm", 2, 7), "in/card-08": ("Dune Beetle", 3, 4),
}
IN_UIDS = {entry_id: "04B5C00000D0%02d" % i for i, entry_id in enumerate(IN_CARDS, 1)}


def invocations_entries() -> list[dict]:
    return [corrected(lookup(i), name=n, attack=a, defense=d)
            for i, (n, a, d) in IN_CARDS.items()]


def invocations_script() -> list[dict]:
    s = _steps(IN_UIDS)
    s.choose("hand 4", "start")                       # IN-2: 3 x 4 cards, 20 left
    # Round 1, Stage 2: Shields and Spells face down, then the Attacks (IN-3).
    s.choose("Red shield", "Green shield", "Blue spell")
    s.choose("Blue steals Green")                     # a Steal: the 15 s hand-over (IN-4)
    s.press("B")                                      # not Green's button: a note
    s.choose("handed")                                # Green hands the card over
    s.choose("Red attack", "Blue attack", "Green attack")
    s.tap("in/card-01", "in/card-02", "in/card-03")   # Stage 3: 7, 4, 7 (IN-6)
    s.choose("judge")                                 # Red and Green tie (IN-7)
    s.tap("in/card-04", "in/card-05")                 # Shields 3 and 6: Green (IN-8)
    # Round 2: Take effects empty the deck (IN-3); Blue's effect beats everybody (IN-7).
    s.choose("Red takes 3", "Blue takes 3", "Green takes 3", "Red takes 3", "Blue takes 1")
    s.choose("Red attack", "Blue attack", "Green attack")
    s.tap("in/card-06", "in/card-07", "in/card-08")   # 6, 2, 3
    s.choose("Blue beats Red", "Blue beats Green", "judge")
    # No deck left for round 3: the game ends (IN-9), Green 18 against Blue 11 (IN-10).
    return s.steps


# --- a script without the firmware -------------------------------------------------------


def rehearse(variant: str, script: list[dict] | None = None, journal=None,
             on_view: Callable[[Any], Any] | None = None, book=None, records: bool = True):
    """Play a rig's script straight into a referee (no firmware, no pty); returns the
    referee and the text of every screen shown, in order. ``journal``: where the inputs
    are kept (a stored game's, host/storage/store.py), else in memory; ``on_view`` is handed each
    screen (a panel to draw it on); ``book``: the tile book (default: the rig's cards);
    ``records``: False for tags that carry no record (a registry trusts them by UID)."""
    from host.app.demo import ScriptedHub, rigs
    from host.display.screens import text
    from host.hub.link import Received
    from host.session.referee import Referee, TileBook
    from shared_rules.protocol import message

    rig = rigs()[variant]
    referee = Referee(rig.new_game, book if book is not None else TileBook(rig.entries()),
                      rig.presenter(), journal=journal, players=rig.players)
    said: list[str] = []

    def show(view=None) -> None:
        view = view or referee.view()
        said.append(" | ".join(text(view)))
        if on_view is not None:
            on_view(view)

    def said_by(reaction) -> None:
        shown = referee.message_for(reaction)  # a refusal or a note, as the panel shows it
        if shown is not None:
            show(shown[1])
        show()

    hub = ScriptedHub(records)
    seq = 0
    for step in script if script is not None else rig.script():
        for event in hub.events(step):
            seq += 1
            said_by(referee.on_event(Received("DE30B007", seq, message(event[0], seq,
                                                                        *event[1:])).event))
        if step["do"] == "choose":
            said_by(choose(referee, step["label"], show)[-1])
        elif step["do"] == "pi":
            said_by(referee.on_press(step["button"], step.get("action", "press")))
    return referee, said
