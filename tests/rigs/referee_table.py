"""A referee session fed hub events as ``hexref run``'s loop feeds it (numbered as the hub
numbers them), with no link, store or panel: the rules, the journal in memory and what the
panel would show (``screen()``). By default Justice League on our own tiles, with the
values read off them; ``game_table`` sets it for any other game."""
from __future__ import annotations

import json

from host.app.demo import choose
from host.display.screens import text
from host.games.descriptor import game as kind_of
from host.hub.link import Received
from host.session.adapter import Referee, TileBook
from host.storage import tags
from host.storage.journal import MemoryJournal
from shared_rules import catalogue
from shared_rules.games.hexors.decisions import COLOURS
from shared_rules.games.hexors.engine import HexorsGame
from shared_rules.protocol.codec import message

VALUES = {
    "jl/atlantis": (5, 6, 4, 3, 5, 4),
    "jl/superman": (7, 5, 6, 5, 4, 8),
    "jl/mars": (4, 5, 2, 3, 6, 5),
    "jl/doomsday": (6, 4, 5, 8, 7, 3),
}
UIDS = {"jl/atlantis": "04000001", "jl/superman": "04000002", "jl/mars": "04000011",
        "jl/doomsday": "04000012", "jl/064": "04000003", "jl/070": "04000013"}


BONUS = {"jl/atlantis": 1, "jl/mars": 2}  # read off our Strongholds' bottom faces (JL-C6)


def entries() -> list[dict]:
    out = []
    for i, v in VALUES.items():
        extra = {"bonus": BONUS[i]} if i in BONUS else {}
        out.append(catalogue.apply_correction(catalogue.get(i),
                                              strike=dict(zip(COLOURS, v, strict=True)), **extra))
    return out + [catalogue.get("jl/064"), catalogue.get("jl/070")]


class Table:
    """A referee fed like the real loop feeds it, with a counter for hub numbering.

    By default Justice League (``variant``) on our own tiles. Any other game gives its
    ``new_game``, ``presenter``, ``players`` and ``hooks`` (or use ``game_table``).
    ``book``: the tile book (default: our Justice League tiles); ``tiles``: how a test names
    a tile -> (its tag's UID, the entry the tag's record names), by default by entry id
    (``UIDS``); ``boot``: the hub's boot id."""

    def __init__(self, variant: str = "jl-beginner", journal: MemoryJournal | None = None,
                 book: list[dict] | None = None,
                 tiles: dict[str, tuple[str, str]] | None = None,
                 boot: str = "B00710AD", *, new_game=None, presenter=None,
                 players: tuple[str, ...] = ("P1", "P2"), hooks=None) -> None:
        self.variant = variant
        self.journal = journal if journal is not None else MemoryJournal()
        self.tiles = tiles if tiles is not None else {e: (u, e) for e, u in UIDS.items()}
        self.boot = boot
        self.ref = Referee(new_game or (lambda: HexorsGame(variant=variant, players=2)),
                           TileBook(book if book is not None else entries()), hooks,
                           self.journal, players=players)
        self.presenter = presenter if presenter is not None else kind_of(variant).presenter()
        self.seq = 0
        self.last = None  # the last reaction: its message holds the panel for a while

    @property
    def game(self):
        return self.ref.game

    def event(self, kind: str, *values):
        self.seq += 1
        self.last = self.ref.on_event(Received(self.boot, self.seq,
                                               message(kind, self.seq, *values)).event)
        return self.last

    def tap(self, name: str, uid: str | None = None):
        """Tap the tile the test calls ``name``: its tag, with the record enroll wrote; with
        ``uid``, a tag of that UID whose record names the entry ``name``."""
        tag, entry_id = (uid, name) if uid else self.tiles[name]
        return self.event("TAP", 0, tag, tags.record_for(entry_id))

    def roll(self, *faces: int):
        """The physical die: one DIE event per face, each after its ROLLING, as the hub's."""
        out = None
        for face in faces:
            self.event("DIE", 1, ("ROLLING", ()))
            out = self.event("DIE", 1, ("FACE", (face,)))
        return out

    def dice(self, *faces: int):
        """The virtual die: every face in one DIE event."""
        return self.event("DIE", 1, ("FACE", tuple(faces)))

    def button(self, name: str, action: str = "press"):
        return self.event("BTN", name, action)

    def setup(self, p1=("jl/atlantis", "jl/superman"), p2=("jl/mars", "jl/doomsday")):
        for e in p1:
            assert self.tap(e).accepted
        assert self.button("A").accepted
        for e in p2:
            assert self.tap(e).accepted
        assert self.button("B").accepted

    def choose(self, *labels: str):
        """Pick ``labels`` on the Pi's menu, one after the other, as a player does."""
        for label in labels:
            self.last = choose(self.ref, label)[-1]
        return self.last

    def menu(self) -> list[str]:
        return [label for label, _target, _inp in self.ref.menu()]

    def screen(self) -> str:
        """The panel after the last hub event: its message if it left one, else the game."""
        shown = self.presenter.message(self.ref.seen(), self.last) if self.last is not None else None
        return " | ".join(text(shown[1] if shown else self.presenter.screen(self.ref.seen())))

    def game_screen(self) -> str:
        """The game's own screen, once any message has gone."""
        return " | ".join(text(self.presenter.screen(self.ref.seen())))

    def state(self) -> str:
        """Everything the game holds, to check that a refusal changed nothing."""
        return json.dumps([self.game.inputs, self.game.view()], sort_keys=True, default=str)

    def refused(self, act, rule: str, words: str) -> str:
        """Do ``act()``; it must be refused under ``rule``, say ``words`` on the panel and
        leave the game exactly as it was. Returns the screen."""
        before = self.state()
        reaction = act()
        assert not reaction.accepted, reaction
        assert reaction.result is not None and reaction.result.rule == rule, reaction.result
        screen = self.screen()
        # The rule's ID goes to the log and the phone page, never to the players' panel.
        assert words in screen and rule not in screen, screen
        assert self.state() == before
        return screen


def game_table(variant: str, book: list[dict], players: tuple[str, ...], uids: dict[str, str],
               new_game=None) -> Table:
    """The one table of a game through its descriptor (host/games/descriptor.py): its engine,
    screens, timers and dice as ``hexref run`` opens them. ``uids`` gives each entry's tag,
    the hub is another boot; ``new_game`` an engine a test sets up itself (options no
    variant has)."""
    kind = kind_of(variant)
    return Table(book=book, tiles={e: (u, e) for e, u in uids.items()}, boot="F10AB007",
                 new_game=new_game or (lambda: kind.new_game(tuple(players))),
                 presenter=kind.presenter(), players=players, hooks=kind.hooks())
