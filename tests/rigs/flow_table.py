"""A referee fed the way the real loop feeds it, for the flow tests of HeroScape, Hexo and
Invocations: hub events numbered like the hub's, the Pi's menu pressed like a player."""
from __future__ import annotations

import json

from host.app.demo import choose
from host.display.screens import text
from host.hub.link import Received
from host.session.referee import Referee, TileBook
from host.storage import tags
from host.storage.journal import MemoryJournal
from shared_rules.protocol import message


class FlowTable:
    def __init__(self, new_game, entries: list[dict], presenter, players: tuple[str, ...],
                 uids: dict[str, str], hooks=None) -> None:
        self.uids = uids
        self.journal = MemoryJournal()
        self.presenter = presenter
        self.ref = Referee(new_game, TileBook(entries), hooks, self.journal,
                           players=players)
        self.seq = 0
        self.last = None  # the last reaction: its message holds the panel for a while

    @property
    def game(self):
        return self.ref.game

    def event(self, kind: str, *values):
        self.seq += 1
        self.last = self.ref.on_event(Received("F10AB007", self.seq,
                                               message(kind, self.seq, *values)).event)
        return self.last

    def tap(self, entry_id: str, uid: str | None = None):
        return self.event("TAP", 0, uid or self.uids[entry_id], tags.record_for(entry_id))

    def roll(self, *faces: int):
        """The physical die: one DIE event per face, each after its ROLLING."""
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

    def choose(self, *labels: str):
        for label in labels:
            self.last = choose(self.ref, label)[-1]
        return self.last

    def menu(self) -> list[str]:
        return [label for label, _target, _inp in self.ref.menu()]

    def screen(self) -> str:
        """The panel after the last input: its message if it left one, else the game."""
        shown = (self.presenter.message(self.ref.seen(), self.last) if self.last is not None
                 else None)
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
