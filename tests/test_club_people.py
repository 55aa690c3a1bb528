"""Players are people (issue 21): the night's standings count a person across tables, and a
seat nobody named is its table's own ("Table 3 · P1"), never merged with another table's.
Two real tables (their own stores and referees, the demo's whole game), each published by
its own Publisher with the key it was paired with, into the organiser's Night."""
from __future__ import annotations

import json
from pathlib import Path

from table_rig import Table, demo_game_events
from test_club import pair

from host.readers.club import Broker, Night, Publisher, standings
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


def _night(tmp_path: Path, seats: list[list[str] | None]) -> Night:
    """Each table plays the demo's game to its end with ``seats`` (None: nobody named)."""
    night = Night(SECRET)
    for k, names in enumerate(seats):
        table = "Table %d" % (k + 1)
        folder = tmp_path / table.replace(" ", "-")
        store = Store(folder)
        game_id = store.new_game("jl-beginner", names or ["P1", "P2"])
        rig = Table(store, game_id, boot="%08X" % k)
        for event in demo_game_events():
            rig.play([event])
        assert rig.referee.game.winners == [0]
        pair(folder, table, SECRET)
        publisher = Publisher(folder, Broker.parse("mqtt://127.0.0.1"), table)
        publisher.client.publish = sent = Sent()
        publisher.connected.set()
        publisher.step()
        for topic, payload in sent.messages:
            assert night.receive(topic, payload.encode()) or topic.endswith("/index")
        store.close()
    assert night.snapshot()["rejected"] == {}
    return night


def test_two_tables_whose_seats_nobody_named_are_four_people(tmp_path: Path):
    night = _night(tmp_path, [None, None])
    rows = [(r["name"], r["won"], r["played"]) for r in night.snapshot()["standings"]]
    assert rows == [("Table 1 · P1", 1, 1), ("Table 2 · P1", 1, 1),
                    ("Table 1 · P2", 0, 1), ("Table 2 · P2", 0, 1)]


def test_the_same_player_at_two_tables_is_one_person(tmp_path: Path):
    night = _night(tmp_path, [["Ana", "Ben"], ["Cleo", "ana "], None])
    snap = night.snapshot()
    rows = {r["name"]: (r["won"], r["played"]) for r in snap["standings"]}
    assert rows == {"Ana": (1, 2), "Cleo": (1, 1), "Ben": (0, 1),
                    "Table 3 · P1": (1, 1), "Table 3 · P2": (0, 1)}
    assert snap["standings"] == standings([(tuple(r["players"]), r["winners"])
                                           for r in snap["results"]])
    assert json.dumps(snap)  # what the page is sent
