"""Club nights: every table's journal on the club's MQTT broker, and the organiser's page.

With ``[club] broker = "mqtt://HOST"`` in the config, ``hexref publish`` (started with the
referee by its own unit, ``host/deploy/hexref-publish.service``: the referee's unit has no
network) runs a ``Publisher``: it reads the table's own database read-only (like ``hexref
web``) and publishes each journal entry of the night's games, QoS 1, as JSON on ``hexref/club/<table>/journal``:
``{table, game, seq, variant, players, created, target, input, accepted, by, time,
outcome}`` where ``seq`` is the entry's number in its game's journal. What the broker has
confirmed (PUBACK) is written to ``club-<table>.json`` in the data folder, and after a
disconnect or a restart the table publishes again from there: nothing is lost, and what
might be sent twice is the same (table, game, seq), which the receiver keeps once. Each
table also keeps a retained ``hexref/club/<table>/index`` (its games and how many entries
each has), so the organiser's page can see a gap and ask for it again on
``hexref/club/<table>/resend``.

``hexref club`` subscribes to every table (a persistent session: the broker keeps what
arrives while it is away), folds each game through the referee exactly as ``hexref web``
does (host/readers/web_model.py) and serves the organiser's page: every table live, the results
and the night's standings.

Without a broker in the config none of this runs and nothing is imported.
"""
from __future__ import annotations

import json
import os
import queue
import re
import socket
import sqlite3
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from host.readers.web_model import Follower
from host.storage.journal import Entry
from host.storage.store import GameRow

PREFIX = "hexref/club"
NIGHT_S = 12 * 3600  # a club night: the games created in the last 12 hours
POLL_S = 0.1
BATCH = 200  # at most this many entries handed to the client per pass


@dataclass(frozen=True)
class Broker:
    host: str
    port: int
    tls: bool

    @classmethod
    def parse(cls, url: str) -> Broker:
        """``mqtt://HOST[:PORT]`` (1883) or ``mqtts://HOST[:PORT]`` (8883).

        >>> Broker.parse("mqtt://club.local")
        Broker(host='club.local', port=1883, tls=False)
        >>> Broker.parse("mqtts://10.0.0.2:9000").port
        9000
        """
        parts = urlsplit(url)
        if parts.scheme not in ("mqtt", "mqtts") or not parts.hostname:
            raise ValueError("broker %r: write it as mqtt://HOST or mqtt://HOST:PORT" % url)
        tls = parts.scheme == "mqtts"
        return cls(parts.hostname, parts.port or (8883 if tls else 1883), tls)


def table_topic(table: str) -> str:
    """A table's name as one topic level (no ``/``, ``+`` or ``#``).

    >>> table_topic("Table 3/back room")
    'Table 3_back room'
    """
    return re.sub(r"[/+#\x00]", "_", table) or "table"


def _client(client_id: str, clean: bool):
    import paho.mqtt.client as mqtt

    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                         clean_session=clean, protocol=mqtt.MQTTv311)
    client.reconnect_delay_set(min_delay=1, max_delay=4)
    return client


def _connect(client, broker: Broker) -> None:
    if broker.tls:
        client.tls_set()
    client.connect_async(broker.host, broker.port, keepalive=15)
    client.loop_start()


def _read_only(path: Path) -> sqlite3.Connection | None:
    from urllib.parse import quote

    if not path.exists():
        return None
    db = sqlite3.connect("file:%s?mode=ro" % quote(str(path.resolve())), uri=True,
                         check_same_thread=False, timeout=5.0)
    db.execute("PRAGMA query_only = ON")
    if db.execute("PRAGMA user_version").fetchone()[0] == 0:  # the referee is making it
        db.close()
        return None
    return db


# --- a table: the publisher --------------------------------------------------------------

class Publisher:
    """One table's journal, published to the club's broker from what it last confirmed."""

    def __init__(self, data_dir: Path, broker: Broker, table: str,
                 clock: Callable[[], float] = time.time) -> None:
        from host.storage.store import DB_NAME

        self.db_path = Path(data_dir) / DB_NAME
        self.table = table
        self.topic = "%s/%s" % (PREFIX, table_topic(table))
        self.state_path = Path(data_dir) / ("club-%s.json" % table_topic(table))
        self.broker = broker
        self.clock = clock
        self.confirmed: dict[int, int] = self._load()  # game -> entries the broker has
        self.acked: dict[int, set[int]] = {}  # confirmed beyond the contiguous watermark
        self.queued: dict[int, int] = dict(self.confirmed)  # game -> entries handed over
        self.in_flight: dict[int, tuple[int, int]] = {}  # message id -> (game, seq)
        self.acks: queue.SimpleQueue[int] = queue.SimpleQueue()
        self.requests: queue.SimpleQueue[dict] = queue.SimpleQueue()
        self.followers: dict[int, Follower] = {}
        self.index_sent = ""
        self.connected = threading.Event()
        self.link_lost = threading.Event()
        self.stopping = threading.Event()
        self.published = 0
        self.db: sqlite3.Connection | None = None
        self.thread = threading.Thread(target=self._run, name="club-publisher", daemon=True)
        self.client = _client("hexref-table-%s" % table_topic(table), clean=False)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_publish = self._on_publish
        self.client.on_message = self._on_message

    def _load(self) -> dict[int, int]:
        try:
            data = json.loads(self.state_path.read_text())
            return {int(g): int(n) for g, n in data.get("confirmed", {}).items()}
        except (OSError, ValueError, AttributeError):
            return {}

    def _save(self) -> None:
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"table": self.table, "confirmed": self.confirmed}))
        os.replace(tmp, self.state_path)

    # paho's thread: only hand things over, never wait on our state (it holds its locks).
    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            return
        client.subscribe(self.topic + "/resend", qos=1)
        self.link_lost.set()  # start again from what was confirmed
        self.connected.set()

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        self.connected.clear()
        self.link_lost.set()

    def _on_publish(self, client, userdata, mid, reason_code, properties) -> None:
        self.acks.put(mid)

    def _on_message(self, client, userdata, msg) -> None:
        try:
            self.requests.put(json.loads(msg.payload))
        except ValueError:
            pass

    def start(self) -> Publisher:
        _connect(self.client, self.broker)
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)
        self.client.disconnect()
        self.client.loop_stop()
        if self.db is not None:
            self.db.close()

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                self.step()
            except (sqlite3.Error, OSError) as exc:
                print("hexref club: %s: %s" % (exc.__class__.__name__, exc), file=sys.stderr)
                if self.db is not None:
                    self.db.close()
                    self.db = None
            self.stopping.wait(POLL_S)

    def step(self) -> None:
        """One pass: take the broker's confirmations, rewind if the link dropped or a gap
        was asked for, hand over what is new."""
        self._take_acks()
        if self.link_lost.is_set():
            self.link_lost.clear()
            self.in_flight.clear()
            self.queued = dict(self.confirmed)
            self.index_sent = ""
        while not self.requests.empty():  # the organiser misses (game, from seq on)
            ask = self.requests.get()
            try:
                game, start = int(ask["game"]), int(ask.get("from", 1))
            except (KeyError, TypeError, ValueError):
                continue
            if game in self.queued:
                self.queued[game] = min(self.queued[game], max(0, start - 1))
        if not self.connected.is_set():
            return
        if self.db is None:
            self.db = _read_only(self.db_path)
            if self.db is None:
                return
        budget = BATCH
        for row in self._night():
            budget = self._publish_game(row, budget)
            if budget <= 0:
                break
        self._publish_index()

    def _take_acks(self) -> None:
        changed = False
        while not self.acks.empty():
            key = self.in_flight.pop(self.acks.get(), None)
            if key is None:
                continue
            game, seq = key
            acked = self.acked.setdefault(game, set())
            acked.add(seq)
            n = self.confirmed.get(game, 0)
            while n + 1 in acked:
                n += 1
                acked.discard(n)
            if n != self.confirmed.get(game, 0):
                self.confirmed[game] = n
                changed = True
        if changed:
            self._save()

    def _night(self) -> list[GameRow]:
        assert self.db is not None
        since = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(self.clock() - NIGHT_S))
        return [GameRow(r[0], r[1], tuple(json.loads(r[2])), r[3], r[4], r[5])
                for r in self.db.execute(
                    "SELECT id, variant, players, created, finished, winner FROM games "
                    "WHERE created >= ? ORDER BY id", (since,))]

    def _publish_game(self, row: GameRow, budget: int) -> int:
        assert self.db is not None
        follower = self.followers.get(row.id)
        if follower is None:
            follower = self.followers[row.id] = Follower(row)
        rows = self.db.execute("SELECT target, input, accepted, boot, seq, time FROM journal "
                               "WHERE game = ? AND n > ? ORDER BY n",
                               (row.id, follower.seen)).fetchall()
        follower.feed([Entry(t, _to_input(i), bool(a), b, s) for t, i, a, b, s, _ in rows],
                      [r[5] for r in rows])
        self.queued.setdefault(row.id, 0)
        self.confirmed.setdefault(row.id, 0)
        while self.queued[row.id] < follower.seen and budget > 0:
            seq = self.queued[row.id] + 1
            item = follower.history[seq - 1]
            entry = follower.entries[seq - 1]
            message = {"table": self.table, "game": row.id, "seq": seq,
                       "variant": row.variant, "players": list(row.players),
                       "created": row.created, "target": entry.target,
                       "input": list(entry.input), "accepted": entry.accepted,
                       "boot": entry.boot, "hub_seq": entry.seq, "by": item["by"],
                       "time": item["time"],
                       "outcome": {"text": item["text"], "refusal": item.get("refusal"),
                                   "winner": item.get("winner")}}
            info = self.client.publish(self.topic + "/journal", json.dumps(message), qos=1)
            if info.rc != 0:  # the link went between two messages: rewind on reconnect
                self.link_lost.set()
                return 0
            self.in_flight[info.mid] = (row.id, seq)
            self.queued[row.id] = seq
            self.published += 1
            budget -= 1
        return budget

    def _publish_index(self) -> None:
        games = {str(g): {"entries": f.seen, "variant": f.variant,
                          "players": list(f.players)} for g, f in self.followers.items()}
        text = json.dumps({"table": self.table, "games": games}, sort_keys=True)
        if text != self.index_sent:
            info = self.client.publish(self.topic + "/index", text, qos=1, retain=True)
            if info.rc == 0:
                self.index_sent = text


def _to_input(text: str) -> tuple[Any, ...]:
    value = json.loads(text)
    return tuple(value) if isinstance(value, list) else (value,)


def start_publisher(cfg, data_dir: Path | None = None) -> Publisher | None:
    """The table's publisher when the config names a club broker, else None."""
    if not cfg.club.broker:
        return None
    table = cfg.club.table or socket.gethostname()
    return Publisher(data_dir or cfg.data.path, Broker.parse(cfg.club.broker), table).start()


# --- the organiser: every table folded -----------------------------------------------------

class ClubGame:
    """One game of one table, as its entries arrive (in any order, any number of times)."""

    def __init__(self, table: str, message: dict) -> None:
        self.table = table
        self.row = GameRow(int(message["game"]), str(message["variant"]),
                           tuple(message["players"]), str(message.get("created", "")),
                           None, None)
        self.follower = Follower(self.row)
        self.waiting: dict[int, dict] = {}  # arrived before an entry they follow
        self.duplicates = 0

    def take(self, message: dict) -> bool:
        seq = int(message["seq"])
        if seq <= self.follower.seen or seq in self.waiting:
            self.duplicates += 1
            return False
        self.waiting[seq] = message
        fed = False
        while self.follower.seen + 1 in self.waiting:
            m = self.waiting.pop(self.follower.seen + 1)
            entry = Entry(m["target"], tuple(m["input"]), bool(m["accepted"]), m.get("boot"),
                          m.get("hub_seq"))
            self.follower.feed([entry], [m.get("time", "")])
            fed = True
        return fed

    @property
    def winners(self) -> list[str]:
        w = self.follower.winners or []
        return [self.row.players[p] for p in w if 0 <= p < len(self.row.players)]

    def summary(self) -> dict[str, Any]:
        state = self.follower.state(self.row)
        return {"table": self.table, "game": self.row.id, "variant": self.row.variant,
                "title": state["game"]["title"], "players": state["players"],
                "turn": state["turn"], "panel": state["panel"], "winner": state["winner"],
                "fight": state["fight"], "entries": self.follower.seen,
                "last": state["history"][-1]["text"] if state["history"] else ""}


def standings(results: list[tuple[tuple[str, ...], list[str]]]) -> list[dict[str, Any]]:
    """The night's table from decided games ``(players, winners)``: a win is a point, a
    shared win a point to each; ordered by wins, then fewer games, then name.

    >>> standings([(("Ana", "Ben"), ["Ana"]), (("Ana", "Cy"), ["Cy"]), (("Ben", "Cy"), ["Cy"])])
    [{'name': 'Cy', 'played': 2, 'won': 2, 'points': 2}, {'name': 'Ana', 'played': 2, 'won': 1, 'points': 1}, {'name': 'Ben', 'played': 2, 'won': 0, 'points': 0}]
    """
    table: dict[str, dict[str, Any]] = {}
    for players, winners in results:
        for name in players:
            row = table.setdefault(name, {"name": name, "played": 0, "won": 0, "points": 0})
            row["played"] += 1
            if name in winners:
                row["won"] += 1
                row["points"] += 1
    return sorted(table.values(), key=lambda r: (-r["points"], r["played"], r["name"]))


class Night:
    """Everything the organiser's page shows, fed by the broker's messages."""

    def __init__(self) -> None:
        self.games: dict[tuple[str, int], ClubGame] = {}
        self.index: dict[str, dict[str, int]] = {}  # table -> game -> entries it has
        self.lock = threading.Lock()
        self.changes = 0
        self.asked: dict[tuple[str, int], float] = {}

    def take(self, message: dict) -> bool:
        table = str(message["table"])
        key = (table, int(message["game"]))
        with self.lock:
            game = self.games.get(key)
            if game is None:
                game = self.games[key] = ClubGame(table, message)
            fed = game.take(message)
            if fed:
                self.changes += 1
            return fed

    def take_index(self, message: dict) -> None:
        with self.lock:
            self.index[str(message["table"])] = {
                g: int(v.get("entries", 0)) for g, v in (message.get("games") or {}).items()}
            self.changes += 1

    def gaps(self, now: float, every_s: float = 2.0) -> list[tuple[str, int, int]]:
        """(table, game, first missing seq) for what a table has and we do not, each asked
        again at most every ``every_s`` seconds."""
        out = []
        with self.lock:
            for table, games in self.index.items():
                for g, entries in games.items():
                    key = (table, int(g))
                    have = self.games[key].follower.seen if key in self.games else 0
                    if have < entries and now - self.asked.get(key, -1e9) >= every_s:
                        self.asked[key] = now
                        out.append((table, int(g), have + 1))
        return out

    def results(self) -> list[tuple[tuple[str, ...], list[str]]]:
        return [(g.row.players, g.winners) for g in self.games.values() if g.winners]

    def snapshot(self) -> dict[str, Any]:
        with self.lock:
            tables: dict[str, ClubGame] = {}
            for (table, _id), game in sorted(self.games.items()):
                tables[table] = game  # the latest game of each table
            results = [{"table": g.table, "game": g.row.id, "variant": g.row.variant,
                        "players": list(g.row.players), "winners": g.winners}
                       for (_t, _i), g in sorted(self.games.items()) if g.winners]
            return {"tables": [tables[t].summary() for t in sorted(tables)],
                    "results": results, "standings": standings(self.results()),
                    "entries": sum(g.follower.seen for g in self.games.values()),
                    "duplicates": sum(g.duplicates for g in self.games.values()),
                    "version": self.changes}


class Organiser:
    """The club's subscriber: every table's journal into a ``Night``."""

    def __init__(self, broker: Broker, name: str = "hexref-club") -> None:
        self.broker = broker
        self.night = Night()
        self.client = _client(name, clean=False)
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            return
        client.subscribe([(PREFIX + "/+/journal", 1), (PREFIX + "/+/index", 1)])

    def _on_message(self, client, userdata, msg) -> None:
        try:
            message = json.loads(msg.payload)
            if msg.topic.endswith("/index"):
                self.night.take_index(message)
            else:
                self.night.take(message)
        except (ValueError, KeyError, TypeError) as exc:
            print("hexref club: a message on %s that is not a journal entry: %s"
                  % (msg.topic, exc), file=sys.stderr)

    def ask_for_gaps(self) -> None:
        for table, game, start in self.night.gaps(time.monotonic()):
            self.client.publish("%s/%s/resend" % (PREFIX, table_topic(table)),
                                json.dumps({"game": game, "from": start}), qos=1)

    def start(self) -> Organiser:
        _connect(self.client, self.broker)
        return self

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def create_app(organiser: Organiser, poll_s: float = POLL_S):
    """The organiser's page: every table, the results, the standings."""
    import asyncio
    from contextlib import asynccontextmanager

    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    from host.readers.web import PAGE, Broadcast, event_stream, page_words

    broadcast = Broadcast()
    latest: dict[str, Any] = {"snapshot": organiser.night.snapshot()}

    async def follow() -> None:
        seen = -1
        while True:
            organiser.ask_for_gaps()
            if organiser.night.changes != seen:
                seen = organiser.night.changes
                latest["snapshot"] = organiser.night.snapshot()
                await broadcast.publish()
            await asyncio.sleep(poll_s)

    @asynccontextmanager
    async def lifespan(app):
        organiser.start()
        task = asyncio.create_task(follow())
        try:
            yield
        finally:
            task.cancel()
            organiser.stop()

    async def page(request: Request) -> Response:
        return FileResponse(PAGE / "club.html", headers={"Cache-Control": "no-cache"})

    async def state(request: Request) -> Response:
        return JSONResponse(latest["snapshot"])

    async def events(request: Request) -> Response:
        return event_stream(request, broadcast, lambda: latest["snapshot"])

    async def words(request: Request) -> Response:
        return JSONResponse(page_words())

    return Starlette(routes=[Route("/", page), Route("/api/club", state),
                             Route("/api/words", words),
                             Route("/api/events", events),
                             Mount("/static", StaticFiles(directory=PAGE), name="static")],
                     lifespan=lifespan)


def add_commands(commands) -> None:
    """``hexref publish`` (a table) and ``hexref club`` (the organiser)."""
    publish = commands.add_parser(
        "publish", help="club night: send this table's journal to the club's MQTT broker",
        description="With [club] broker in the config, publishes every input of the night's "
                    "games to the broker and keeps going until stopped; without one, says so "
                    "and exits.")
    publish.add_argument("--config", metavar="PATH", help="config file (TOML)")
    publish.add_argument("--data", metavar="DIR", help="the referee's data folder")
    publish.set_defaults(func=_publish_command)

    club = commands.add_parser(
        "club", help="club night: every table live, the results and the standings",
        description="Subscribes to every table's journal on the club's MQTT broker "
                    "([club] broker in the config, or --broker) and serves the organiser's "
                    "page.")
    club.add_argument("--config", metavar="PATH", help="config file (TOML)")
    club.add_argument("--broker", metavar="URL", help="mqtt://HOST[:PORT] (overrides the "
                                                      "config)")
    club.add_argument("--port", type=int, default=8090, metavar="N", help="default 8090")
    club.add_argument("--host", default="0.0.0.0", help="address to listen on")
    club.add_argument("--name", default="hexref-club",
                      help="this page's client id at the broker (its session is kept)")
    club.set_defaults(func=_club_command)


def _club_command(args) -> int:
    from host.common.config import ConfigError, load
    from host.readers.web import serve

    url = args.broker
    if not url:
        try:
            url = load(args.config).club.broker
        except ConfigError as exc:
            print("hexref club: %s" % exc, file=sys.stderr)
            return 2
    if not url:
        print("hexref club: no broker: set [club] broker = \"mqtt://HOST\" in the config or "
              "give --broker", file=sys.stderr)
        return 2
    try:
        broker = Broker.parse(url)
    except ValueError as exc:
        print("hexref club: %s" % exc, file=sys.stderr)
        return 2
    return serve(create_app(Organiser(broker, args.name)), args.host, args.port, "club")


def _publish_command(args) -> int:
    import signal

    from host.common.config import ConfigError, data_dir, load

    try:
        cfg = load(args.config)
    except ConfigError as exc:
        print("hexref publish: %s" % exc, file=sys.stderr)
        return 2
    if not cfg.club.broker:
        print("hexref publish: no [club] broker in the config (%s): nothing to publish"
              % cfg.source)
        return 0
    folder = data_dir(args.data) if args.data else cfg.data.path
    publisher = start_publisher(cfg, folder)
    assert publisher is not None
    print("hexref publish: %s to %s (Ctrl-C stops)" % (publisher.table, cfg.club.broker),
          flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        while not stop.wait(1.0):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        publisher.stop()
    print("hexref publish: stopped; %d entries sent, %d confirmed by the broker"
          % (publisher.published, sum(publisher.confirmed.values())), flush=True)
    return 0
