"""A club night with a hostile client on the club's network, against Debian's Mosquitto with
accounts (a password file, no anonymous access) on a TLS listener whose authority the test
makes with openssl, and no ACL: every attack reaches the organiser, which must refuse it
alone. Two honest tables, paired with the club, play and publish at a person's pace; the
organiser is ``hexref club`` as its own process, configured as a club would configure it;
the hostile client has a broker account (a member's) and one table paired for itself, and
sends forged, mismatched, retained-junk, replayed messages, last week's night for an honest
table, and a flood of whole games played by a machine from its own table. The organiser's
standings must equal those of the honest tables' own journals, every refusal must be shown
beside the topic's table, the page must keep following, and its memory must stay bounded."""
from __future__ import annotations

import json
import random
import ssl
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from rigs.broker import (
    Mosquitto,
    certificates,
    free_port,
    from_journals,
    machine_game,
    pair,
    passwords,
)
from rigs.table_rig import HumanClock, Table, demo_game_events
from rigs.web_rig import SHOTS, Server, chromium

from host.readers.club import Broker, Publisher, club_secret, standings
from host.readers.club_messages import key_of, pairing_code, sign
from host.storage.store import Store

pytestmark = pytest.mark.system  # real processes, browsers or brokers

PASSWORD = "s3cret-of-the-club"
FLOOD = 45_000


def _accounts(folder: Path) -> Path:
    # One account for every table, and no ACL: every attack reaches the organiser, which
    # must refuse it alone (test_club_acl.py runs the club's broker as the README sets it up).
    return passwords(folder, {"table": PASSWORD, "club": PASSWORD, "mallory": "member-too"})


def _rss_kb(pid: int) -> int:
    for line in Path("/proc/%d/status" % pid).read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS for %d" % pid)


class Hostile:
    """A member's client: the broker's account, the club's authority, nothing signed."""

    def __init__(self, port: int, ca: Path, user: str = "mallory",
                 password: str = "member-too", trust: bool = True) -> None:
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="mallory-%d" %
                                  random.randrange(10**6), protocol=mqtt.MQTTv311)
        self.client.username_pw_set(user, password)
        self.client.tls_set(ca_certs=str(ca) if trust else None)
        self.seen: list[tuple[str, bytes]] = []
        self.client.on_message = lambda c, u, m: self.seen.append((m.topic, m.payload))
        self.connected = threading.Event()
        self.refused: list[str] = []
        self.client.on_connect = self._on_connect
        self.port = port

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self.refused.append(str(reason_code))
        else:
            self.connected.set()

    def connect(self) -> bool:
        try:
            self.client.connect("127.0.0.1", self.port)
        except (ssl.SSLError, OSError) as exc:
            self.refused.append(str(exc))
            return False
        self.client.loop_start()
        deadline = time.monotonic() + 20  # a TLS handshake on a busy machine
        while time.monotonic() < deadline and not self.connected.is_set() and not self.refused:
            time.sleep(0.02)
        return self.connected.is_set()

    def send(self, table: str, kind: str, message, retain: bool = False, qos: int = 1) -> None:
        payload = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.client.publish("hexref/club/%s/%s" % (table, kind), payload, qos=qos,
                            retain=retain).wait_for_publish(5)

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def _refusals_on_the_page(url: str, rejected: dict) -> None:
    """Each table's card says how many of its messages were refused, and why; topics of no
    table have cards of their own. Saved as out/web/club-refused.png."""
    driver = chromium(phone=False, width=1280, height=1400)
    try:
        driver.get(url + "/")
        want = {"Other topics" if t == "(other topics)" else t: "Messages rejected: %d" % r["count"]
                for t, r in rejected.items()}
        # Read in one script, between two of the page's redraws (a card replaced while the
        # test read it element by element went stale), until the page has caught up.
        deadline = time.monotonic() + 20
        while True:
            cards = dict(driver.execute_script(
                "return [...document.querySelectorAll('#tables .table')]"
                ".filter((c) => c.querySelector('.rejected'))"
                ".map((c) => [c.querySelector('h2').innerText.split(' \u00b7 ')[0],"
                " c.querySelector('.rejected summary').innerText]);"))
            if cards == want or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert cards["Table 1"] == "Messages rejected: %d" % rejected["Table 1"]["count"]
        assert cards["Table 2"] == "Messages rejected: %d" % rejected["Table 2"]["count"]
        assert set(cards) == {"Other topics" if t == "(other topics)" else t for t in rejected}
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / "club-refused.png"))
    finally:
        driver.quit()


TONIGHT = {"night": ""}  # the night the organiser opened (its page says it; members hear it)


def _entry(table: str, game: int, seq: int, players=("Mallory", "Ben"), **extra) -> dict:
    message = {"table": table, "game": game, "seq": seq, "variant": "jl-beginner",
               "players": list(players), "created": time.strftime("%Y-%m-%dT%H:%M:%S"),
               "target": "referee", "input": ["seat", 1], "accepted": False, "boot": None,
               "hub_seq": None, "time": "", "night": TONIGHT["night"]}
    message.update(extra)
    return message


def _honest(night: dict) -> int:
    """Entries the page has of the honest tables' games (each plays one)."""
    return sum(t["entries"] for t in night["tables"] if t["table"] in ("Table 1", "Table 2"))


def test_a_hostile_client_can_neither_stop_nor_fool_the_organiser(tmp_path: Path):
    ca, cert, key = certificates(tmp_path)
    broker = Mosquitto(tmp_path, free_port(), (
        # no queue limit: every message of the flood reaches the organiser, none is spared
        "allow_anonymous false\npassword_file %s\ncafile %s\ncertfile %s\nkeyfile %s\n"
        "max_queued_messages 0\n"
        % (_accounts(tmp_path), ca, cert, key)))
    broker.start()
    url = "mqtts://127.0.0.1:%d" % broker.port
    organiser = tmp_path / "organiser"
    secret = club_secret(organiser)
    config = tmp_path / "club.toml"
    config.write_text('[club]\nbroker = "%s"\nusername = "club"\npassword = "%s"\n'
                      'ca_file = "%s"\n' % (url, PASSWORD, ca))
    config.chmod(0o600)
    honest = ["Table 1", "Table 2"]
    folders = [tmp_path / t.replace(" ", "-") for t in honest]
    stores = [Store(f, clock=HumanClock()) for f in folders]
    for folder, table in zip(folders, honest, strict=True):
        pair(folder, table, secret)
    account = Broker.parse(url, "table", PASSWORD, str(ca))
    publishers = [Publisher(f, account, t).start() for f, t in zip(folders, honest,
                                                                     strict=True)]
    mallory = Hostile(broker.port, ca)
    events = demo_game_events()
    half = len(events) // 2
    try:
        # The broker lets in neither a stranger nor a client that does not trust its
        # authority; a member's account gets in.
        assert not Hostile(broker.port, ca, "stranger", "guess").connect()
        assert not Hostile(broker.port, ca, trust=False).connect()
        assert mallory.connect()
        mallory.client.subscribe("hexref/club/#", qos=1)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and len({t for t, _ in mallory.seen}) < 2:
            time.sleep(0.05)  # the honest tables' first indexes, which the junk replaces
        # Retained junk, waiting for every organiser that will ever start: some unsigned,
        # some signed by tables Mallory paired for herself (what schema errors killed).
        mine = {t: key_of(pairing_code(secret, t).replace("-", "")) for t in ("Table 8",
                                                                             "Table 9")}
        mallory.send("Table 1", "index", {"table": "Table 1", "games": {"1": 5}}, retain=True)
        mallory.send("Table 8", "index", sign({"table": "Table 8", "games": {"1": 5}},
                                              mine["Table 8"]), retain=True)
        mallory.send("Table 9", "index", sign({"table": "Table 9", "games": {"x": {}}},
                                              mine["Table 9"]), retain=True)
        mallory.send("Table 9", "journal", sign(_entry("Table 9", 1, 1, input=[]),
                                                mine["Table 9"]), retain=True)
        mallory.send("junk", "journal", b"\x00\xff not json", retain=True)

        with Server("club", "--config", str(config), "--data", str(organiser)) as club:
            TONIGHT["night"] = club.wait_for("/api/club", lambda s: s["night"])["night"]
            tables = [Table(s, s.new_game("jl-beginner", ["Ana", "Ben"] if k == 0 else
                                          ["Cleo", "Ana"]), boot="%08X" % k)
                      for k, s in enumerate(stores)]
            for e in events[:half]:
                for t in tables:
                    t.play([e])
            club.wait_for("/api/club", lambda s: len(s["tables"]) == 2)

            # Asked again and again for Table 1's whole game, unsigned: the table does not
            # send it again (at most what the organiser itself asked for, once).
            sent = publishers[0].published
            for _ in range(20):  # over two seconds: the table looks ten times a second
                for _ in range(10):
                    mallory.send("Table 1", "resend", {"game": tables[0].game_id, "from": 1},
                                 qos=0)
                time.sleep(0.1)
            time.sleep(0.5)
            assert publishers[0].published - sent <= len(tables[0].journal.entries)

            # Forged: a whole game Mallory won, unsigned, and signed with a guessed key.
            for seq in range(1, 4):
                mallory.send("Table 1", "journal", _entry("Table 1", 77, seq))
                mallory.send("Table 1", "journal",
                             sign(_entry("Table 1", 78, seq), key_of("A" * 18)))
            # Mismatched: Mallory's paired table naming another table in its messages, and
            # its signed messages put on another table's topic.
            mallory.send("Table 9", "journal", sign(_entry("Table 1", 5, 1), mine["Table 9"]))
            mallory.send("Table 2", "journal", sign(_entry("Table 9", 5, 1), mine["Table 9"]))
            # Replayed: every entry of Table 1 seen so far, sent again as it was; one on
            # Table 2's topic; one signed by Table 1 for a game of an earlier night.
            captured = [(t, p) for t, p in mallory.seen if t.endswith("Table 1/journal")
                        and b'"sig"' in p]
            assert captured
            for topic, payload in captured:
                mallory.client.publish(topic, payload, qos=1).wait_for_publish(5)
            mallory.client.publish("hexref/club/Table 2/journal", captured[0][1],
                                   qos=1).wait_for_publish(5)
            table_1 = key_of(pairing_code(secret, "Table 1").replace("-", ""))
            mallory.send("Table 1", "journal", sign(_entry(
                "Table 1", 1, 1, players=("Ana", "Ben"), night="last-week"),
                table_1))
            # Rewound: last week's night for Table 1, as the organiser signed it then.
            week_ago = int(time.time()) - 7 * 24 * 3600
            mallory.send("Table 1", "night", sign({"night": "5eed1a57ea57", "number": week_ago},
                                                  table_1), retain=True)
            # Flood: whole games from Mallory's paired table, played by a machine (what
            # filled the standings), and junk on topics of no table.
            game = machine_game(tmp_path / "mallory-table")
            before = _rss_kb(club.proc.pid)
            flooded = 0
            for n in range(FLOOD):
                if n % 3:
                    seq = flooded % len(game) + 1
                    mallory.client.publish("hexref/club/Table 9/journal", json.dumps(sign(
                        dict(game[seq - 1], table="Table 9", game=10 + flooded // len(game),
                             night=TONIGHT["night"]), mine["Table 9"])), qos=0)
                    flooded += 1
                else:
                    mallory.client.publish("hexref/club/ghost-%d/journal" % n, b"{}", qos=0)
                if n % 1000 == 999:
                    time.sleep(0.05)  # what a member's Pi can send; the broker keeps up
            # The only one unsigned, on a topic the flood did not use (what is sent past its
            # table's pace is refused before it is read).
            mallory.send("Table 9", "index", {"flood": "over"})
            club.wait_for("/api/club", lambda s: any(
                r["why"].startswith("not signed")
                for r in s["rejected"].get("Table 9", {}).get("reasons", [])), timeout_s=180)

            # The honest tables play on, and the page follows them to the end.
            for e in events[half:]:
                for t in tables:
                    t.play([e])
            for k, t in enumerate(tables):
                assert t.referee.game.winners == [0]
                stores[k].finish(t.game_id, stores[k].game(t.game_id).players[0])
            results, entries = from_journals(folders)
            club.wait_for("/api/club", lambda s: _honest(s) == entries and len(
                s["results"]) == 2, timeout_s=60)
            # Forged: Table 1's whole game as Mallory saw it, Mallory in Ana's seat, sent
            # on Table 1's topic unsigned and on Mallory's own with her table's signature.
            whole = {}
            for topic, payload in mallory.seen:
                if topic.endswith("Table 1/journal") and b'"sig"' in payload:
                    m = json.loads(payload)
                    whole[m["seq"]] = dict(m, game=99, players=["Mallory", "Ben"])
            assert len(whole) == len(stores[0].journal(tables[0].game_id).entries)
            refused = club.get("/api/club")["rejected"]["Table 1"]["count"]
            for m in whole.values():
                mallory.send("Table 1", "journal", {k: v for k, v in m.items() if k != "sig"})
                mallory.send("Table 9", "journal", sign(dict(m, table="Table 1"),
                                                        mine["Table 9"]))
            night = club.wait_for("/api/club", lambda s: s["rejected"]["Table 1"]["count"] ==
                                  refused + len(whole), timeout_s=30)
            after = _rss_kb(club.proc.pid)
            assert publishers[0].night == TONIGHT["night"]  # last week's changed nothing
            rejected = night["rejected"]
            print("hostile night: %d honest entries; refused %s; organiser RSS %d -> %d KB"
                  % (entries, {t: r["count"] for t, r in rejected.items()}, before, after))

            assert night["standings"] == standings(results)
            assert {r["name"] for r in night["standings"]} == {"Ana", "Ben", "Cleo"}
            # Mallory's own table is followed (its machine's games shown as they come), and
            # none of its games is in the results or the standings.
            assert sorted(t["table"] for t in night["tables"]) == honest + ["Table 9"]
            assert {r["table"] for r in night["results"]} == set(honest)
            whys = {t: {r["why"] for r in v["reasons"]} for t, v in rejected.items()}
            assert whys["Table 1"] >= {
                "not signed (pair the table: hexref club-join)",
                "the signature does not match (forged, or paired for another table)",
                "a game of an earlier night", "an earlier night's message, replayed"}
            assert whys["Table 2"] == {
                "the signature does not match (forged, or paired for another table)"}
            assert whys["Table 8"] == {"a game is not an object"}
            assert whys["Table 9"] >= {"a game's number is not a number",
                                       "names another table than its topic",
                                       "input is not a list that starts with its kind",
                                       "faster than a table can play",
                                       "a game played faster than people play (not in the "
                                       "standings)"}
            assert whys["junk"] == {"not JSON"}
            assert "(other topics)" in rejected  # the ghosts: counted, not kept apart
            assert len(rejected) <= 4 + 8 + 1  # tables, 8 strangers, the rest together
            # The replays were taken as what they are, copies: each entry counted once.
            assert night["duplicates"] > 0 and _honest(night) == entries
            assert after - before < 80_000, (before, after)
            _refusals_on_the_page(club.url, rejected)
            out = club.errors()
        assert PASSWORD not in out and "Traceback" not in out, out[-3000:]
        assert out.count("refused a message on Table 1's topic: not signed") == 1
    finally:
        mallory.stop()
        for p in publishers:
            p.stop()
        for s in stores:
            s.close()
        broker.stop()
