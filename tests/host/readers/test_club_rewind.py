"""A club night nobody can rewind (issue 32, item 1), against Debian's Mosquitto as a club
without an ACL runs it: the night message is retained, so any client of the broker can read
last week's, signed by the organiser, and publish it again. A table never leaves tonight's
night for an older one, the organiser counts the replay beside the table with its reason,
and ``hexref club --continue`` keeps tonight's results.

The organiser is ``hexref club`` as its own process (last week's, tonight's, tonight's
continued); the table is a real store and referee published by its own Publisher."""
from __future__ import annotations

import json
import time
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from rigs.broker import Mosquitto, free_port, pair
from rigs.process_table import wait_for
from rigs.table_rig import HumanClock, Table, demo_game_events
from rigs.web_rig import Server

from host.readers.club import Broker, Publisher, club_secret
from host.storage.store import Store

pytestmark = pytest.mark.system  # a real broker and the organiser's own process

TOPIC = "hexref/club/Table 1/night"
REPLAYED = "an earlier night's message, replayed"


def _play_a_game(store: Store, players: list[str], boot: str) -> int:
    game_id = store.new_game("jl-beginner", players)
    rig = Table(store, game_id, boot=boot)
    rig.play(demo_game_events())
    assert rig.referee.game.winners == [0]
    store.finish(game_id, players[0])
    return game_id


def test_last_weeks_night_replayed_rewinds_no_table(tmp_path: Path):
    broker = Mosquitto(tmp_path, free_port())
    broker.start()
    url = "mqtt://127.0.0.1:%d" % broker.port
    organiser = tmp_path / "organiser"
    secret = club_secret(organiser)
    folder = tmp_path / "table-1"
    pair(folder, "Table 1", secret)
    store = Store(folder, clock=HumanClock())
    publisher = Publisher(folder, Broker.parse(url), "Table 1").start()
    # Any client of the broker: it reads the retained night messages as they come.
    seen: list[bytes] = []
    mallory = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="mallory",
                          protocol=mqtt.MQTTv311)
    mallory.on_message = lambda c, u, m: seen.append(m.payload)
    mallory.connect("127.0.0.1", broker.port)
    mallory.loop_start()
    mallory.subscribe(TOPIC, qos=1)
    club = ("club", "--broker", url, "--data", str(organiser))
    try:
        with Server(*club) as last_week:
            old = last_week.wait_for("/api/club", lambda s: s["night"])["night"]
            assert wait_for(lambda: publisher.night == old, 30), "never heard last week"
            _play_a_game(store, ["Ana", "Ben"], "0000000A")
            last_week.wait_for("/api/club", lambda s: len(s["results"]) == 1, timeout_s=30)
        assert wait_for(lambda: any(json.loads(p)["night"] == old for p in seen), 10)
        replay = next(p for p in seen if json.loads(p)["night"] == old)

        with Server(*club) as tonight:
            night = tonight.wait_for("/api/club", lambda s: s["night"])["night"]
            assert night != old
            assert wait_for(lambda: publisher.night == night, 30), "never heard tonight"
            assert publisher.from_game == 2
            game = _play_a_game(store, ["Cleo", "Dev"], "0000000B")
            tonight.wait_for("/api/club", lambda s: len(s["results"]) == 1, timeout_s=30)

            # The attack: last week's signed night, retained again on the table's topic.
            mallory.publish(TOPIC, replay, qos=1, retain=True).wait_for_publish(5)
            held = set()
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                held.add((publisher.night, publisher.from_game))
                time.sleep(0.002)
            assert held == {(night, game)}, held  # not for a moment on last week's
            page = tonight.wait_for("/api/club", lambda s: "Table 1" in s["rejected"])
            assert [r["why"] for r in page["rejected"]["Table 1"]["reasons"]] == [REPLAYED]
            # ...and the broker's retained night is tonight's again, for whoever connects.
            assert wait_for(lambda: json.loads(seen[-1])["night"] == night, 10)

        with Server(*club, "--continue") as continued:
            page = continued.wait_for("/api/club", lambda s: s["night"] == night and len(
                s["results"]) == 1, timeout_s=30)
            assert [(r["game"], r["players"]) for r in page["results"]] == [
                (game, ["Cleo", "Dev"])]
        assert (publisher.night, publisher.from_game) == (night, game)
    finally:
        mallory.disconnect()
        mallory.loop_stop()
        publisher.stop()
        store.close()
        broker.stop()
