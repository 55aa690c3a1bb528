"""The club's broker as the README's recipe sets it up (issue 32, item 3): Debian's Mosquitto
with one account per table and one for the organiser (a password file), TLS with the club's
own authority, and the club's ACL (host/deploy/hexref-club.acl). Two honest tables play a
game each at a person's pace through it and the organiser (``hexref club`` as its own
process) has both results; the owner of Table 2, who holds its account and its key, then
tries the issue's three attacks: on Table 1's topic the broker refuses it (MQTT 5 says "Not
authorized"), it cannot read Table 1's night nor write any night, and its flood of
machine-played games on its own topic is throttled by the organiser and none of it reaches
the standings."""
from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from rigs.broker import club_broker, from_journals, machine_game, pair
from rigs.process_table import wait_for
from rigs.table_rig import HumanClock, Table, demo_game_events
from rigs.web_rig import Server

from host.readers.club import Broker, Publisher, club_secret, standings
from host.readers.club_messages import key_of, pairing_code, sign
from host.storage.store import Store

pytestmark = pytest.mark.system  # a real broker and the organiser's own process

ACCOUNTS = {"Table 1": "pass-of-table-1", "Table 2": "pass-of-table-2",
            "club": "pass-of-the-organiser"}


class Member:
    """An MQTT 5 client on one account: the broker says why it refuses a publish."""

    def __init__(self, port: int, ca: Path, user: str) -> None:
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="member-2",
                                  protocol=mqtt.MQTTv5)
        self.client.username_pw_set(user, ACCOUNTS[user])
        self.client.tls_set(ca_certs=str(ca))
        self.acks: dict[int, str] = {}
        self.seen: list[str] = []
        self.lock = threading.Lock()
        self.client.on_publish = self._on_publish
        self.client.on_message = lambda c, u, m: self.seen.append(m.topic)
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()

    def _on_publish(self, client, userdata, mid, reason_code, properties) -> None:
        with self.lock:
            self.acks[mid] = str(reason_code)

    def publish(self, topic: str, message: dict, retain: bool = False) -> str:
        """The broker's answer to one QoS 1 publish."""
        info = self.client.publish(topic, json.dumps(message), qos=1, retain=retain)
        assert wait_for(lambda: info.mid in self.acks, 20), "no PUBACK for " + topic
        return self.acks[info.mid]

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def test_a_table_may_write_only_its_own_topics(tmp_path: Path):
    broker, ca = club_broker(tmp_path, ACCOUNTS)
    broker.start()
    url = "mqtts://127.0.0.1:%d" % broker.port
    organiser = tmp_path / "organiser"
    secret = club_secret(organiser)
    config = tmp_path / "club.toml"
    config.write_text('[club]\nbroker = "%s"\nusername = "club"\npassword = "%s"\n'
                      'ca_file = "%s"\n' % (url, ACCOUNTS["club"], ca))
    honest = ["Table 1", "Table 2"]
    folders = [tmp_path / t.replace(" ", "-") for t in honest]
    stores = [Store(f, clock=HumanClock()) for f in folders]
    publishers = []
    for folder, table in zip(folders, honest, strict=True):
        pair(folder, table, secret)
        publishers.append(Publisher(folder, Broker.parse(url, table, ACCOUNTS[table], str(ca)),
                                    table).start())
    member = None
    try:
        with Server("club", "--config", str(config), "--data", str(organiser)) as club:
            night = club.wait_for("/api/club", lambda s: s["night"])["night"]
            assert wait_for(lambda: all(p.night == night for p in publishers), 30), \
                "a table never heard the night through the ACL"
            for k, store in enumerate(stores):
                game_id = store.new_game("jl-beginner", [["Ana", "Ben"], ["Cleo", "Ana"]][k])
                table = Table(store, game_id, boot="%08X" % k)
                table.play(demo_game_events())
                store.finish(game_id, store.game(game_id).players[0])
            results, entries = from_journals(folders)
            club.wait_for("/api/club", lambda s: len(s["results"]) == 2, timeout_s=60)

            member = Member(broker.port, ca, "Table 2")
            own = key_of(pairing_code(secret, "Table 2").replace("-", ""))
            entry = dict(machine_game(tmp_path / "machine")[0], night=night)
            # On Table 1's topics: refused by the broker, whatever is signed.
            assert member.publish("hexref/club/Table 1/journal", sign(dict(
                entry, table="Table 2", game=9), own)) == "Not authorized"
            assert member.publish("hexref/club/Table 1/index", sign(
                {"table": "Table 2", "games": {}, "night": night}, own)) == "Not authorized"
            # The nights: Table 1's cannot be read (so not kept for next week), and no night
            # can be written, its own table's included.
            member.client.subscribe("hexref/club/Table 1/night", qos=1)
            last_week = {"night": "5eed1a57ea57", "number": int(time.time()) - 7 * 86400}
            assert member.publish("hexref/club/Table 1/night", last_week,
                                  retain=True) == "Not authorized"
            assert member.publish("hexref/club/Table 2/night", sign(last_week, own),
                                  retain=True) == "Not authorized"
            # Its own topic: taken by the broker, and the flood is the organiser's to refuse.
            game = machine_game(tmp_path / "flood")
            for n in range(3000):
                m = game[n % len(game)]
                member.client.publish("hexref/club/Table 2/journal", json.dumps(sign(dict(
                    m, table="Table 2", game=10 + n // len(game), night=night), own)), qos=0)
            assert member.publish("hexref/club/Table 2/index", {"flood": "over"}) == "Success"
            page = club.wait_for("/api/club", lambda s: any(
                r["why"].startswith("not signed")
                for r in s["rejected"].get("Table 2", {}).get("reasons", [])), timeout_s=120)
            whys = {r["why"] for r in page["rejected"]["Table 2"]["reasons"]}
            print("club ACL: Table 2's flood refused %d; %s"
                  % (page["rejected"]["Table 2"]["count"], whys))
            assert "Table 1" not in page["rejected"]  # nothing of it reached the organiser
            assert whys == {"faster than a table can play", "not signed (pair the table: "
                            "hexref club-join)", "a game played faster than people play "
                            "(not in the standings)"}
            assert page["standings"] == standings(results)
            assert {r["table"] for r in page["results"]} == set(honest)
            assert member.seen == []  # Table 1's retained night never came
            assert publishers[0].night == night and publishers[1].night == night
    finally:
        if member is not None:
            member.stop()
        for p in publishers:
            p.stop()
        for s in stores:
            s.close()
        broker.stop()
