"""The journal is the only state (DESIGN.md principle 6): at every step of a session, a
referee rebuilt from the journal alone shows the same screen as the live one, offers the
same menu, and gives the same outcome to the next input (the same journal entry, the same
result, the same words, the same hub commands).

Every game is played: random sessions of each variant (taps of known and unknown tiles,
both hub buttons pressed and held, die faces, a crooked die, the Pi's menu, undo) and every
demo script, the Hexo Companion flow included (whose button was pressed last in a fight
decides whose Companion a tap is, HX-7).

The menu's cursor is the one thing not journalled (where a hand is, not what the table
did): the screens compared are the game's own, without the menu line.
"""
from __future__ import annotations

import random

import pytest

from host.app.demo import ScriptedHub, choose, rigs
from host.display.screens import text
from host.games.descriptor import GAMES, open_game
from host.hub.link import Received
from host.session.adapter import Reaction, Referee, TileBook
from host.storage import tags
from host.storage.journal import MemoryJournal
from shared_rules import catalogue
from shared_rules.protocol.codec import message

BOOT = "5EEDB007"


def _hooks_and_presenter(variant: str, seats: tuple[str, ...]):
    opened = open_game(variant, seats)
    return opened.hooks, opened.presenter


class Table:
    """A live referee, and what a player can do to it (the same way to any referee)."""

    def __init__(self, new_game, opened, entries: list[dict], players: tuple[str, ...],
                 uids: dict[str, str]) -> None:
        self.new_game = new_game
        self.opened = opened  # -> a fresh (hooks, presenter) as a restart opens them
        self.book = TileBook(entries)
        self.players = players
        self.uids = uids
        hooks, _presenter = opened()
        self.live = Referee(new_game, self.book, hooks, MemoryJournal(), players=players)
        self.live.drain_commands()
        self.seq = 0
        self.steps = 0

    def rebuilt(self) -> Referee:
        journal = MemoryJournal()
        journal.entries = list(self.live.journal.entries)
        referee = Referee(self.new_game, self.book, self.opened()[0], journal,
                          players=self.players)
        referee.drain_commands()  # a restart asks the hub for the game's mode again
        return referee

    def seen(self, referee: Referee) -> tuple:
        return (text(self.opened()[1].view(referee.seen())),  # a fresh presenter, as after a restart
                referee.menu(), referee.seat, dict(referee.names), referee.legal().prompt)

    def said(self, referee: Referee, reactions: list[Reaction]) -> list:
        out = []
        for r in reactions:
            shown = self.opened()[1].message(referee.seen(), r)
            out.append((r.entry, repr(r.result), r.note,
                        text(shown[1]) if shown is not None else None))
        return out + [referee.drain_commands()]

    def do(self, act) -> None:
        """Rebuild from the journal, check it matches, then do ``act`` to both referees
        and check they answer alike."""
        copy = self.rebuilt()
        assert self.seen(copy) == self.seen(self.live), "step %d" % self.steps
        # The hand on the menu is not the table's doing: put it where the live one is.
        copy.menu_open, copy.cursor = self.live.menu_open, self.live.cursor
        self.seq += 1
        seq = self.seq
        expect = self.said(self.live, act(self.live, seq))
        assert self.said(copy, act(copy, seq)) == expect, "step %d: %r" % (self.steps, act)
        assert self.seen(copy) == self.seen(self.live), "step %d after" % self.steps
        self.steps += 1


def hub(kind: str, *values):
    def act(referee: Referee, seq: int) -> list[Reaction]:
        return [referee.on_event(Received(BOOT, seq, message(kind, seq, *values)).event)]
    act.__name__ = "%s %r" % (kind, values)
    return act


def menu_choice(label: str):
    def act(referee: Referee, seq: int) -> list[Reaction]:
        return choose(referee, label)
    act.__name__ = "choose %s" % label
    return act


def pi(button: str, action: str = "press"):
    def act(referee: Referee, seq: int) -> list[Reaction]:
        return [referee.on_press(button, action)]
    act.__name__ = "pi %s %s" % (button, action)
    return act


# --- the demo scripts ------------------------------------------------------------------


def script_table(variant: str) -> Table:
    rig = rigs()[variant]
    uids = {}
    for step in rig.script():
        if step["do"] == "place":
            uids[step["uid"]] = step["uid"]
    return Table(rig.new_game, lambda: (rig.hooks(), rig.presenter()), rig.entries(), rig.players, uids)


@pytest.mark.parametrize("variant", sorted(rigs()))
def test_every_demo_script_rebuilt_equals_live(variant):
    t = script_table(variant)
    events = ScriptedHub()
    for step in rigs()[variant].script():
        for event in events.events(step):
            t.do(hub(*event))
        if step["do"] == "choose":
            t.do(menu_choice(step["label"]))
        elif step["do"] == "pi":
            t.do(pi(step["button"], step.get("action", "press")))
    t.do(pi("BACK", "long"))  # and an undo at the end
    assert t.steps > 20


def test_hexo_companion_follows_the_pressed_button_after_a_rebuild():
    """HX-7: A pressed in a fight, then a Companion tapped: the Companion is Red's on a
    referee rebuilt between the press and the tap, as on the live one."""
    from host.games.hexo.demo import HX_PLAYERS, HX_UIDS, hexo_entries

    new_game = open_game("hexo", HX_PLAYERS).new_game
    t = Table(new_game, lambda: _hooks_and_presenter("hexo", HX_PLAYERS), hexo_entries(), HX_PLAYERS,
              HX_UIDS)
    for label in ("Red first", "0 events", "pass", "pass", "1 monster"):
        t.do(menu_choice(label))
    t.do(hub("TAP", 0, HX_UIDS["hx/troll"], tags.record_for("hx/troll")))
    for label in ("0 events", "to Troll 1", "to Troll 1", "pass", "pass", "0 monsters",
                  "pass", "attack Red"):  # HX-4: Blue began turn 3 on Troll 1
        t.do(menu_choice(label))
    t.do(hub("BTN", "A", "press"))  # Red's cards now (Blue attacks)
    t.do(hub("TAP", 0, HX_UIDS["hx/companion"], tags.record_for("hx/companion")))
    assert t.rebuilt().game.fight["support"] == {0: [(2, "Companion")]}
    assert t.live.game.fight["support"] == {0: [(2, "Companion")]}


# --- random sessions -------------------------------------------------------------------


def playable_entries(variant: str) -> list[dict]:
    """Cards a table of this game taps: ones with every value the referee needs (the
    demo's corrected cards; the Hexors test tiles, tests/portable/hexors_tiles.py) and a
    few from the catalogue as printed (values unknown: the referee refuses those)."""
    import hexors_tiles

    kind = GAMES[variant]
    entries: dict[str, dict] = {}
    for v, rig in rigs().items():
        if GAMES[v].cards == kind.cards:
            entries.update({e["id"]: e for e in rig.entries()})
    for value in vars(hexors_tiles).values():
        if isinstance(value, dict) and value.get("game") == kind.cards and "id" in value:
            entries.setdefault(value["id"], value)
    for e in catalogue.load(kind.cards)[:4]:
        entries.setdefault(e["id"], e)
    return list(entries.values())


def random_session(variant: str, players: int, seed: int, steps: int) -> Table:
    """A table doing what tables do, at random, leaning towards what the rules expect now
    (the tiles they name, the roller's faces, the menu) so that games get deep."""
    rng = random.Random(seed)
    kind = GAMES[variant]
    seats = kind.seats(players)
    entries = playable_entries(variant)
    uids = {e["id"]: "04C0%010X" % i for i, e in enumerate(entries)}
    by_uid = {uid: entry_id for entry_id, uid in uids.items()}
    new_game = open_game(variant, seats).new_game
    t = Table(new_game, lambda: _hooks_and_presenter(variant, seats), entries, seats, uids)
    for _ in range(steps):
        legal = t.live.legal()
        r = rng.random()
        menu = [label for label, _t, _i in t.live.menu()]
        named = [by_uid[k] for k in legal.tiles if k in by_uid]
        if legal.expect == "roster" and r < 0.8:
            # Each seat taps a few tiles of its own, then says it is done.
            ours = sum(1 for inp in t.live.game.inputs
                       if inp[0] == "add" and inp[1] == t.live.seat)
            if ours < max(1, len(uids) // (players + 1)) and rng.random() < 0.85:
                entry_id = rng.choice(list(uids))
                act = hub("TAP", 0, uids[entry_id], tags.record_for(entry_id))
            elif t.live.seat < 2:
                act = hub("BTN", "AB"[t.live.seat], "press")
            else:
                act = menu_choice(menu[0])
        elif r < 0.3 and menu:
            act = menu_choice(rng.choice(menu))
        elif r < 0.55:
            entry_id = rng.choice(named if named and rng.random() < 0.7 else list(uids))
            act = hub("TAP", 0, uids[entry_id], tags.record_for(entry_id))
        elif r < 0.57:
            act = hub("TAP", 0, "04DEAD00000001", tags.record_for("jl/nobody"))
        elif r < 0.7:
            act = hub("BTN", rng.choice("AB"), rng.choice(("press", "press", "long")))
        elif r < 0.88:
            n = getattr(legal, "dice", 1) if rng.random() < 0.8 else rng.choice((1, 2, 5))
            act = hub("DIE", 1, ("FACE", tuple(rng.randint(1, 6) for _ in range(n))))
        elif r < 0.91:
            act = hub("DIE", 1, (rng.choice(("CROOKED", "ROLLING")), ()))
        elif r < 0.94:
            act = hub("GONE", 0, rng.choice(list(by_uid)))
        elif r < 0.97:
            act = pi("BACK", "long")
        else:
            act = pi(rng.choice(("UP", "DOWN", "OK", "BACK")))
        t.do(act)
    return t


SESSIONS = [(variant, n) for variant, kind in sorted(GAMES.items())
            for n in sorted({kind.players[0], kind.players[-1]})]


@pytest.mark.parametrize("variant,players", SESSIONS)
def test_random_sessions_rebuilt_equals_live(variant, players):
    accepted = 0
    for seed in range(3):
        t = random_session(variant, players, seed * 7919 + players, 150)
        accepted += sum(1 for e in t.live.journal.entries if e.accepted)
    assert accepted > 20  # the sessions did play


def test_a_journal_written_before_entries_said_whose_event_still_restores(tmp_path):
    """Journals stored before this change keep no-input events as ``("BTN",)`` and a Hexo
    Companion's owner only inside its ``("card", player, ...)`` input: such a game restores
    from the store to the same board, and replays."""
    from host.games.hexo.demo import HX_PLAYERS, HX_UIDS, hexo_entries
    from host.readers.replay import replay
    from host.storage.journal import Entry
    from host.storage.store import Store

    companion = next(e for e in hexo_entries() if e["id"] == "hx/companion")
    old = [("game", ("start", 0)), ("game", ("events", 0)), ("game", ("pass",)),
           ("game", ("pass",)), ("game", ("monsters_left", 1)),
           ("game", ("place", "troll", "Troll 1", "mountain", None)),
           ("game", ("events", 0)), ("game", ("move", "Troll 1")),
           ("game", ("move", "Troll 1")), ("game", ("pass",)), ("game", ("pass",)),
           ("game", ("monsters_left", 0)), ("game", ("pass",)), ("game", ("attack", 0)),
           ("none", ("BTN",)),  # A pressed: Red's cards next, as the old journal said it
           ("game", ("card", 0, HX_UIDS["hx/companion"], companion))]
    store = Store(tmp_path)
    game_id = store.new_game("hexo", list(HX_PLAYERS))
    journal = store.journal(game_id)
    for seq, (target, inp) in enumerate(old, start=1):
        journal.append(Entry(target, inp, target != "none", "0DDB007", seq))
    opened = open_game("hexo", HX_PLAYERS)
    restored = Referee(opened.new_game, TileBook(hexo_entries()), opened.hooks,
                       Store(tmp_path).journal(game_id), players=HX_PLAYERS)
    assert restored.game.fight["support"] == {0: [(2, "Companion")]}
    assert "Red: 1 base +2 Companion = 3" in " | ".join(text(opened.presenter.screen(restored.seen())))
    said = replay(Store(tmp_path), game_id)
    assert any("BTN: nothing to apply (hub 0DDB007 #15)" in line for line in said), said
