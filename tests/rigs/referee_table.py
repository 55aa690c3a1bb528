"""A referee session fed hub events as ``hexref run``'s loop feeds it (numbered as the hub
numbers them), with no link, store or panel: the rules, the journal in memory and what the
panel would show (``screen()``). Our own Justice League tiles, with the values read off
them."""
from __future__ import annotations

from host.display.screens import text
from host.games.hexors.presenter import HexorsView
from host.hub.link import Received
from host.session.referee import Referee, TileBook
from host.storage import tags
from host.storage.journal import MemoryJournal
from shared_rules import catalogue
from shared_rules.decisions import COLOURS
from shared_rules.hexors import HexorsGame
from shared_rules.protocol import message

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

    ``book``: the tile book (default: our Justice League tiles); ``tiles``: how a test names
    a tile -> (its tag's UID, the entry the tag's record names), by default by entry id
    (``UIDS``); ``boot``: the hub's boot id."""

    def __init__(self, variant: str = "jl-beginner", journal: MemoryJournal | None = None,
                 book: list[dict] | None = None,
                 tiles: dict[str, tuple[str, str]] | None = None,
                 boot: str = "B00710AD") -> None:
        self.variant = variant
        self.journal = journal if journal is not None else MemoryJournal()
        self.tiles = tiles if tiles is not None else {e: (u, e) for e, u in UIDS.items()}
        self.boot = boot
        self.ref = Referee(lambda: HexorsGame(variant=variant, players=2),
                           TileBook(book if book is not None else entries()), None,
                           self.journal)
        self.presenter = HexorsView(variant)
        self.seq = 0
        self.last = None

    def event(self, kind: str, *values):
        self.seq += 1
        self.last = self.ref.on_event(Received(self.boot, self.seq,
                                               message(kind, self.seq, *values)).event)
        return self.last

    def tap(self, name: str):
        """Tap the tile the test calls ``name``: its tag, with the record enroll wrote."""
        uid, entry_id = self.tiles[name]
        return self.event("TAP", 0, uid, tags.record_for(entry_id))

    def roll(self, face: int):
        return self.event("DIE", 1, ("FACE", (face,)))

    def button(self, name: str, action: str = "press"):
        return self.event("BTN", name, action)

    def setup(self, p1=("jl/atlantis", "jl/superman"), p2=("jl/mars", "jl/doomsday")):
        for e in p1:
            assert self.tap(e).accepted
        assert self.button("A").accepted
        for e in p2:
            assert self.tap(e).accepted
        assert self.button("B").accepted

    def screen(self) -> str:
        """The panel after the last hub event: its message if it left one, else the game."""
        shown = self.presenter.message(self.ref.seen(), self.last) if self.last is not None else None
        return " | ".join(text(shown[1] if shown else self.presenter.screen(self.ref.seen())))
