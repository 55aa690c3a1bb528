"""A host killed between journalling the winning input and marking the game finished
(two SQLite commits, one after the other in ``App._react``): restarted, it finishes the
game as play would have, instead of restoring a game that is over at every start forever
(DESIGN.md "Reliability goals": killing the host restores exactly the same game). Found
while writing tests/soak_host_kill.py.
"""
from __future__ import annotations

from pathlib import Path

from rigs.table_rig import events_of

from host.app.run import App
from host.devices.panel import Panel
from host.display.screens import text
from host.games.descriptor import game as kind_of
from host.games.hexors.demo import collector_script, demo_entries
from host.hub.connection import Connection
from host.hub.link import Received
from host.session.adapter import Referee, TileBook
from host.storage.store import Store
from shared_rules.games.hexors.engine import HexorsGame
from shared_rules.protocol.codec import message

VARIANT = "jl-collector"


def _journal_events(store: Store, events: list[tuple]) -> tuple[int, Referee]:
    """A game whose journal holds ``events`` as the host took them, then the host died."""
    game_id = store.new_game(VARIANT, ["P1", "P2"])
    referee = Referee(lambda: HexorsGame(variant=VARIANT, players=2), TileBook(demo_entries()),
                      None, store.journal(game_id))
    for seq, event in enumerate(events, start=1):
        referee.on_event(Received("0A0B0C0D", seq, message(event[0], seq, *event[1:])).event)
    return game_id, referee


def _restart(store: Store) -> App:
    return App(Connection(lambda: None, idle_wait=lambda s: None), Panel([]), store,
               TileBook(demo_entries()), clock=lambda: 100.0)


def test_jl_c13_won_but_unfinished_game_is_finished_on_restart(tmp_path: Path):
    store = Store(tmp_path)
    try:
        game_id, live = _journal_events(store, events_of(collector_script()))
        assert store.unfinished().id == game_id  # the kill came before store.finish
        app = _restart(store)
        row = store.game(game_id)
        assert row.finished is not None and row.winner == "P1"
        assert store.unfinished() is None  # the next start opens the game menu
        assert app.board.showing(100.0) == "winner"
        # The panel shows what it showed when the winning roll was taken.
        shown = app.board.view(app.base_view(), 100.0)
        assert shown == kind_of(VARIANT).presenter().screen(live.seen()) and shown.kind == "winner"
        assert text(shown)[1:3] == ["   P1 wins", "Superman 12 : 7 Mars"]
    finally:
        store.close()


def test_jl_c13_game_not_yet_won_stays_open_on_restart(tmp_path: Path):
    store = Store(tmp_path)
    try:
        events = events_of(collector_script())
        game_id, _live = _journal_events(store, events[:-1])  # the winning roll not yet made
        app = _restart(store)
        assert store.game(game_id).finished is None
        assert app.referee is not None and app.game_id == game_id
        assert app.board.showing(100.0) != "winner"
    finally:
        store.close()
