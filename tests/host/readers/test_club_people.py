"""Players are people (issue 21): the night's standings count a person across tables, and a
seat nobody named is its table's own ("Table 3 · P1"), never merged with another table's.
Two real tables (their own stores and referees, the demo's whole game), each published by
its own Publisher with the key it was paired with, into the organiser's Night."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from rigs.broker import pair
from rigs.table_rig import HumanClock, Table, demo_entries, demo_game_events, new_game

from host.app.run import App
from host.common.config import ConfigError, parse
from host.devices.panel import Panel
from host.games.descriptor import Choice
from host.hub.connection import Connection
from host.readers.club import Broker, Night, Publisher, standings
from host.readers.web_model import Follower
from host.session.adapter import Referee, TileBook
from host.storage.journal import Entry, MemoryJournal
from host.storage.store import Store

SECRET = bytes(range(32))


class Sent:
    """What paho would have been handed: (topic, payload), every publish confirmed."""

    rc, mid = 0, 1

    def __init__(self) -> None:
        self.messages: list[tuple[str, str]] = []

    def __call__(self, topic, payload, qos=1, retain=False):
        self.messages.append((topic, payload))
        return self


def _night(tmp_path: Path, seats: list[list[str] | None],
           named: dict[int, list[str]] | None = None) -> Night:
    """Each table plays the demo's game to its end with ``seats`` (None: nobody named);
    ``named``: names journalled at setup, by table."""
    night = Night(SECRET)
    for k, names in enumerate(seats):
        table = "Table %d" % (k + 1)
        folder = tmp_path / table.replace(" ", "-")
        store = Store(folder, clock=HumanClock())
        pair(folder, table, SECRET)
        publisher = Publisher(folder, Broker.parse("mqtt://127.0.0.1"), table)
        publisher.client.publish = sent = Sent()
        publisher.connected.set()
        publisher.step()  # heard by the organiser (its index), which tells it the night
        for topic, payload in sent.messages:
            night.receive(topic, payload.encode())
        for _level, message in night.to_tell():
            publisher.nights.put(json.dumps(message).encode())
        publisher.step()  # the night is open before the table's game starts
        assert publisher.night == night.night and publisher.from_game == 1
        game_id = store.new_game("jl-beginner", names or ["P1", "P2"])
        rig = Table(store, game_id, boot="%08X" % k)
        for seat, name in enumerate((named or {}).get(k, [])):
            assert rig.referee.name_seat(seat, name).accepted
        for event in demo_game_events():
            rig.play([event])
        assert rig.referee.game.winners == [0]
        publisher.step()
        for topic, payload in sent.messages:
            assert night.receive(topic, payload.encode()) or topic.endswith("/index")
        store.close()
    assert night.snapshot()["rejected"] == {}
    return night


@pytest.mark.system
def test_two_tables_whose_seats_nobody_named_are_four_people(tmp_path: Path):
    night = _night(tmp_path, [None, None])
    rows = [(r["name"], r["won"], r["played"]) for r in night.snapshot()["standings"]]
    assert rows == [("Table 1 · P1", 1, 1), ("Table 2 · P1", 1, 1),
                    ("Table 1 · P2", 0, 1), ("Table 2 · P2", 0, 1)]


@pytest.mark.system
def test_the_same_player_at_two_tables_is_one_person(tmp_path: Path):
    night = _night(tmp_path, [["Ana", "Ben"], ["Cleo", "ana "], None])
    snap = night.snapshot()
    rows = {r["name"]: (r["won"], r["played"]) for r in snap["standings"]}
    assert rows == {"Ana": (1, 2), "Cleo": (1, 1), "Ben": (0, 1),
                    "Table 3 · P1": (1, 1), "Table 3 · P2": (0, 1)}
    assert snap["standings"] == standings([(tuple(r["players"]), r["winners"])
                                           for r in snap["results"]])
    assert json.dumps(snap)  # what the page is sent


@pytest.mark.system
def test_names_journalled_at_setup_are_the_people_counted(tmp_path: Path):
    """Table 1's game was opened with its own seats and named at setup (journal inputs);
    the organiser reads the names from the journal, as it reads everything else."""
    night = _night(tmp_path, [None, ["Cleo", "Ana"]], named={0: ["Ana", "Ben"]})
    rows = {r["name"]: (r["won"], r["played"]) for r in night.snapshot()["standings"]}
    assert rows == {"Ana": (1, 2), "Cleo": (1, 1), "Ben": (0, 1)}


class Owners(TileBook):
    def owners(self) -> list[str]:
        return ["Ben", "Sam"]

    def owner_of(self, uid: str) -> str | None:
        return "Zoe" if uid.endswith("01") else None


def test_the_owner_of_the_tiles_a_seat_taps_is_offered_first(tmp_path: Path):
    rig = Table(Store(tmp_path))
    rig.referee.book = Owners(demo_entries())
    events = demo_game_events()
    rig.play(events[:2])  # P1's first tile: 04A1B2C3D4E501, Zoe's
    assert any(e.input[:3] == ("add", 0, "04A1B2C3D4E501") for e in rig.journal.entries)
    assert [label for label, _t, _i in rig.referee.menu()] == [
        "P1 done", "P1 is Zoe", "P1 is Ben", "P1 is Sam"]


def test_the_panel_names_a_seat_from_the_owners_the_registry_knows():
    """At setup the Pi's menu offers "P1 is Sam" for each owner and, once named, "P1 is a
    guest"; a name is journalled, undo takes it back, a restore gives it again."""
    journal = MemoryJournal()
    referee = Referee(new_game, Owners(demo_entries()), None, journal=journal)
    labels = [label for label, _t, _i in referee.menu()]
    assert labels == ["P1 done", "P1 is Ben", "P1 is Sam"]
    referee.on_press("OK", "press")  # the menu opens
    referee.on_press("DOWN", "press")
    referee.on_press("DOWN", "press")
    assert referee.on_press("OK", "press").accepted
    assert referee.players == ("Sam", "P2")
    assert journal.entries[-1] == Entry("referee", ("name", 0, "Sam"), True)
    assert [label for label, _t, _i in referee.menu()][-1] == "P1 is a guest"
    again = Referee(new_game, Owners(demo_entries()), None, journal=journal)
    assert again.players == ("Sam", "P2")
    referee.on_press("BACK", "long")  # undo
    assert referee.players == ("P1", "P2")
    assert Referee(new_game, TileBook([]), None, journal=journal).players == ("P1", "P2")
    assert not referee.name_seat(5, "Eve").accepted
    assert not referee.name_seat(0, "x" * 41).accepted


def test_names_in_the_config_are_journalled_when_a_game_starts(tmp_path: Path):
    """``[players] names``: every new game's seats named, as journal inputs."""
    cfg = parse('[players]\nnames = ["Ana", "Ben", "Cy"]\n')
    assert cfg.players.names == ("Ana", "Ben", "Cy")
    with pytest.raises(ConfigError, match="players.names must be a list of names"):
        parse('[players]\nnames = ["Ana", 3]\n')
    store = Store(tmp_path)
    app = App(Connection(lambda: None, idle_wait=lambda s: None), Panel([]), store,
              TileBook(demo_entries()))
    app.names = cfg.players.names
    app.start(Choice("Beginner", "jl-beginner", 2))
    assert app.referee is not None and app.referee.players == ("Ana", "Ben")
    assert [e.input for e in store.journal(app.game_id).entries] == [
        ("name", 0, "Ana"), ("name", 1, "Ben")]
    assert store.game(app.game_id).players == ("P1", "P2")  # the journal holds the names


def test_a_naming_reads_as_a_sentence_on_the_page(tmp_path: Path):
    store = Store(tmp_path)
    game_id = store.new_game("jl-beginner", ["P1", "P2"])
    follower = Follower(store.game(game_id))
    follower.feed([Entry("referee", ("name", 0, "Ana"), True),
                   Entry("referee", ("name", 0, ""), True)], ["", ""])
    assert [h["text"] for h in follower.history] == ["seat 1: Ana", "seat 1: a guest"]
    assert follower.referee.players == ("P1", "P2")
