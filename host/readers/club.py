"""Club nights: every table's journal on the club's MQTT broker, and the organiser's page.

With ``[club] broker = "mqtt://HOST"`` in the config, ``hexref publish`` (started with the
referee by its own unit, ``host/deploy/hexref-publish.service``: the referee's unit has no
network) runs a ``Publisher``: it reads the table's own database read-only (like ``hexref
web``) and publishes each journal entry of the night's games, QoS 1, as JSON on ``hexref/club/<table>/journal``:
``{table, game, seq, variant, players, created, target, input, accepted, boot, hub_seq,
time, sig}`` where ``seq`` is the entry's number in its game's journal. What the broker has
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

Every message is read against one schema (host/readers/club_messages.py) and must be signed
with the key the table was paired with (``hexref club-join CODE``, the code from the
organiser's page); what fails is counted beside its table on the organiser's page, logged once
per table and reason, acknowledged, and never reaches the night. What the organiser keeps is
bounded: entries waiting for a missing one, games per table, tables and reasons kept apart,
and what a table may send at all (a person's pace since the night opened: ``PACE_S``). A
night message carries a number that only grows, and a table never goes back to an older
night.

Without a broker in the config none of this runs and nothing is imported.
"""
from __future__ import annotations

import json
import logging
import os
import queue
import re
import socket
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from host.common.i18n import _
from host.readers.club_messages import (
    MAX_GAMES,
    MAX_NAME,
    JournalEntry,
    NightOpened,
    Rejected,
    Resend,
    TableIndex,
    check_code,
    key_of,
    pairing_code,
    parse,
    sign,
    table_topic,
    verify,
)
from host.readers.web_model import Follower
from host.storage import readonly
from host.storage.journal import Entry
from host.storage.store import GameRow
from shared_rules.core import words

PREFIX = "hexref/club"
POLL_S = 0.1
BATCH = 200  # at most this many entries handed to the client per pass
RESEND_S = 1.0  # a table sends one game again at most this often, whoever asks
# A table's index is sent again this often even unchanged: the organiser hears the table
# (and tells it the night) even if a member's junk replaced its retained index or night.
INDEX_EVERY_S = 5.0
# A table's pace (docs/DESIGN.md, "Club nights"): people play a few inputs a minute; the
# fastest table (a tile on and off, a roll and its face, a press: one action every ~5 s)
# about 24. PACE_S allows one input every 2 s on average, 30 a minute, above any table and
# some 10 times a night's usual pace: a table may send at most BURST + (seconds since the
# night opened) / PACE_S entries, and a game counts in the standings only if its journal
# says it took at least PACE_S an input.
PACE_S = 2.0
BURST = 200  # entries a table may send at once: the game it was playing when the night opened
AHEAD = 2000  # entries of one game kept while an earlier one is missing
WAITING = 20_000  # such entries kept in all (~1 KB each)
MAX_TABLES = 100  # tables the organiser keeps apart; past it, counted together
MAX_STRANGERS = 8  # topics of no table it knows, kept apart (an unpaired table's among them)
MAX_REASONS = 8  # reasons kept apart for one table's refused messages
OTHER_TOPICS = "(other topics)"
KEY_FILE = "club-key.json"  # a table's pairing (hexref club-join), in its data folder

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Broker:
    host: str
    port: int
    tls: bool
    username: str = ""
    password: str = field(default="", repr=False)  # never printed, never logged
    ca_file: str = ""  # the club's own authority for mqtts:// (empty: the system's)

    @classmethod
    def parse(cls, url: str, username: str = "", password: str = "",
              ca_file: str = "") -> Broker:
        """``mqtt://HOST[:PORT]`` (1883) or ``mqtts://HOST[:PORT]`` (8883); a ``USER:PASS@``
        in the address counts as the username and password, and is never shown.

        >>> Broker.parse("mqtt://club.local")
        Broker(host='club.local', port=1883, tls=False, username='', ca_file='')
        >>> b = Broker.parse("mqtts://ref:s3cret@10.0.0.2:9000")
        >>> b.port, b.username, b.password, b.shown
        (9000, 'ref', 's3cret', 'mqtts://10.0.0.2:9000')
        """
        parts = urlsplit(url)
        try:
            port = parts.port
        except ValueError:
            port = -1
        if parts.scheme not in ("mqtt", "mqtts") or not parts.hostname or port == -1:
            raise ValueError("broker %r: write it as mqtt://HOST or mqtt://HOST:PORT"
                             % hide_password(url))
        tls = parts.scheme == "mqtts"
        return cls(parts.hostname, port or (8883 if tls else 1883), tls,
                   unquote(parts.username or "") or username,
                   unquote(parts.password or "") or password, ca_file)

    @property
    def shown(self) -> str:
        """The broker's address as it may be printed: no username, no password."""
        return "%s://%s:%d" % ("mqtts" if self.tls else "mqtt", self.host, self.port)


def hide_password(url: str) -> str:
    """``url`` without the credentials it may carry.

    >>> hide_password("mqtt://ref:s3cret@club.local:1883")
    'mqtt://***@club.local:1883'
    """
    return re.sub(r"//[^/@]*@", "//***@", url)


def broker_of(club) -> Broker:
    """The broker a config's ``[club]`` names, with its credentials and authority."""
    return Broker.parse(club.broker, club.username, club.password, club.ca_file)


def _client(client_id: str, clean: bool):
    import paho.mqtt.client as mqtt

    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                         clean_session=clean, protocol=mqtt.MQTTv311)
    client.reconnect_delay_set(min_delay=1, max_delay=4)
    return client


def _connect(client, broker: Broker) -> None:
    if broker.username:
        client.username_pw_set(broker.username, broker.password or None)
    if broker.tls:
        client.tls_set(ca_certs=broker.ca_file or None)
    client.connect_async(broker.host, broker.port, keepalive=15)
    client.loop_start()


# --- a table: the publisher --------------------------------------------------------------

class Publisher:
    """One table's journal, published to the club's broker from what it last confirmed."""

    def __init__(self, data_dir: Path, broker: Broker, table: str) -> None:
        from host.storage.store import DB_NAME

        self.db_path = Path(data_dir) / DB_NAME
        self.table = table
        self.topic = "%s/%s" % (PREFIX, table_topic(table))
        self.state_path = Path(data_dir) / ("club-%s.json" % table_topic(table))
        self.broker = broker
        # The night the organiser opened, as this table heard it, and its first game: the
        # games from it on are the night's, by the journal's order, not by the Pi's clock
        # (a Pi has no clock of its own: it starts from its last shutdown and steps when
        # NTP syncs).
        self.night: str | None = None
        self.number = 0  # the night's number: a night is taken only above it
        self.from_game = 0
        self.refused_night = ""  # the last older night refused (logged once)
        self.confirmed: dict[int, int] = self._load()  # game -> entries the broker has
        self.nights: queue.SimpleQueue[bytes] = queue.SimpleQueue()
        self.acked: dict[int, set[int]] = {}  # confirmed beyond the contiguous watermark
        self.queued: dict[int, int] = dict(self.confirmed)  # game -> entries handed over
        self.in_flight: dict[int, tuple[int, int]] = {}  # message id -> (game, seq)
        self.acks: queue.SimpleQueue[int] = queue.SimpleQueue()
        self.requests: queue.SimpleQueue[bytes] = queue.SimpleQueue()
        self.key_path = Path(data_dir) / KEY_FILE
        self.key: bytes | None = None
        self.key_seen: float | None = -1.0  # never looked
        self.resent: dict[int, float] = {}  # game -> when it was last sent again on request
        self.followers: dict[int, Follower] = {}
        self.index_sent = ""
        self.index_at = -1e9
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
            if isinstance(data.get("night"), str):
                self.night, self.from_game = data["night"], int(data.get("from_game", 0))
                self.number = int(data.get("number", 0))
            return {int(g): int(n) for g, n in data.get("confirmed", {}).items()}
        except (OSError, ValueError, AttributeError, TypeError):
            return {}

    def _save(self) -> None:
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"table": self.table, "night": self.night,
                                   "number": self.number, "from_game": self.from_game,
                                   "confirmed": self.confirmed}))
        os.replace(tmp, self.state_path)

    # paho's thread: only hand things over, never wait on our state (it holds its locks).
    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            return
        client.subscribe([(self.topic + "/resend", 1), (self.topic + "/night", 1)])
        self.link_lost.set()  # start again from what was confirmed
        self.connected.set()

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        self.connected.clear()
        self.link_lost.set()

    def _on_publish(self, client, userdata, mid, reason_code, properties) -> None:
        self.acks.put(mid)

    def _on_message(self, client, userdata, msg) -> None:
        (self.nights if msg.topic.endswith("/night") else self.requests).put(msg.payload)

    def _load_key(self) -> None:
        """The key this table was paired with (``hexref club-join``), read again when the
        file changes, so pairing needs no restart."""
        try:
            mtime = self.key_path.stat().st_mtime
        except OSError:
            mtime = None
        if mtime == self.key_seen:
            return
        self.key_seen = mtime
        self.key = None
        try:
            data = json.loads(self.key_path.read_text())
            self.key = key_of(check_code(data["code"], self.table))
        except FileNotFoundError:
            log.warning("club: %s is not paired with the club: the organiser will refuse "
                        "what it sends (pair it: hexref club-join CODE)", self.table)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("club: %s: %s (pair again: hexref club-join CODE)", self.key_path,
                        exc)
        self.queued = dict(self.confirmed)  # what was sent with the old key, again
        self.index_sent = ""

    def start(self) -> Publisher:
        if self.broker.username and self.broker.username != table_topic(self.table):
            # The club's ACL (host/deploy/hexref-club.acl) lets an account write only the
            # topics of the table it is named after; what else it sends the broker drops.
            log.warning("club: the broker account %r is not this table's name %r: a club's "
                        "broker lets a table write only as its own account (README.md, "
                        "\"The club's broker\")", self.broker.username, table_topic(self.table))
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
        self._load_key()
        while not self.requests.empty():  # the organiser misses (game, from seq on)
            try:
                data = parse(self.requests.get())
                verify(data, self.key)  # only the organiser knows the key too
                ask = Resend.from_json(data)
            except Rejected:
                continue
            now = time.monotonic()
            if ask.game in self.queued and now - self.resent.get(ask.game, -1e9) >= RESEND_S:
                self.resent[ask.game] = now  # a request replayed in a loop costs one game
                self.queued[ask.game] = min(self.queued[ask.game], ask.start - 1)
        if not self.connected.is_set():
            return
        if self.db is None:
            self.db = readonly.open_database(self.db_path)
            if self.db is None:
                return
        while not self.nights.empty():
            self._hear_night(self.nights.get())
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

    def _hear_night(self, payload: bytes) -> None:
        """The organiser opened a night: its games are the one being played (if any) and
        every game after it, in the journal's order. Only a night numbered above the one
        held: the message is retained where members may read it, and last week's, replayed,
        would otherwise move the night's first game (and lose tonight's results)."""
        try:
            data = parse(payload)
            verify(data, self.key)  # only the organiser knows the key too
            opened = NightOpened.from_json(data)
        except Rejected:
            return
        night = opened.night
        if (night, opened.number) == (self.night, self.number):
            return
        if opened.number <= self.number:
            if night != self.refused_night:
                self.refused_night = night
                log.warning("club: %s refused night %s: it is not newer than tonight's "
                            "(%s; replayed?)", self.table, night, self.night)
            return
        assert self.db is not None
        rows = readonly.games(self.db)
        open_ids = [r.id for r in rows if not r.finished]
        self.night, self.number = night, opened.number
        self.from_game = min(open_ids) if open_ids else max((r.id for r in rows),
                                                            default=0) + 1
        self.followers = {}
        self.index_sent = ""
        log.info("club: night %s opened: publishing game %d and after", night,
                 self.from_game)
        self._save()

    def _night(self) -> list[GameRow]:
        assert self.db is not None
        if self.night is None:
            return []  # no night opened yet: nothing of this table's is the club's
        return [r for r in readonly.games(self.db) if r.id >= self.from_game]

    def _publish_game(self, row: GameRow, budget: int) -> int:
        assert self.db is not None
        follower = self.followers.get(row.id)
        if follower is None:
            follower = self.followers[row.id] = Follower(row)
        follower.feed(*readonly.entries_after(self.db, row.id, follower.seen))
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
                       "boot": entry.boot, "hub_seq": entry.seq, "time": item["time"],
                       "night": self.night}
            info = self.client.publish(self.topic + "/journal", self._signed(message), qos=1)
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
        text = self._signed({"table": self.table, "games": games, "night": self.night or ""})
        now = time.monotonic()
        if text != self.index_sent or now - self.index_at >= INDEX_EVERY_S:
            self.index_at = now
            info = self.client.publish(self.topic + "/index", text, qos=1, retain=True)
            if info.rc == 0:
                self.index_sent = text


    def _signed(self, message: dict) -> str:
        return json.dumps(sign(message, self.key) if self.key else message, sort_keys=True)


def start_publisher(cfg, data_dir: Path | None = None) -> Publisher | None:
    """The table's publisher when the config names a club broker, else None."""
    if not cfg.club.broker:
        return None
    table = cfg.club.table or socket.gethostname()
    return Publisher(data_dir or cfg.data.path, broker_of(cfg.club), table).start()


# --- the organiser: every table folded -----------------------------------------------------

class ClubGame:
    """One game of one table, as its entries arrive (in any order, any number of times)."""

    def __init__(self, first: JournalEntry) -> None:
        self.table = first.table
        self.row = GameRow(first.game, first.variant, first.players, first.created, None, None)
        self.follower = Follower(self.row)
        self.waiting: dict[int, JournalEntry] = {}  # arrived before an entry they follow
        self.duplicates = 0
        # How long the game took by its own journal's times (the table's clock: a step back
        # counts nothing, a step forward only makes it longer).
        self.played_s = 0.0
        self.last_at: float | None = None
        self.untimed = False  # an entry without a time: its pace cannot be told
        self.too_fast_said = False

    def has(self, seq: int) -> bool:
        """Whether entry ``seq`` is folded or waiting (sent again, it is a duplicate)."""
        return seq <= self.follower.seen or seq in self.waiting

    @property
    def human(self) -> bool:
        """Whether the game was played at a person's pace (PACE_S), by its journal."""
        return not self.untimed and self.played_s >= PACE_S * (self.follower.seen - 1)

    def _timed(self, when: str) -> None:
        at = seconds_of(when)
        if at is None:
            self.untimed = True
            return
        if self.last_at is not None:
            self.played_s += max(0.0, at - self.last_at)
        self.last_at = at

    def take(self, entry: JournalEntry, room: int = AHEAD) -> bool:
        """Fold ``entry`` and whatever waited for it; ``room``: how many more may wait."""
        if (entry.variant, entry.players) != (self.row.variant, self.row.players):
            raise Rejected(_("players or game differ from the game's first entry"))
        seen = self.follower.seen
        if entry.seq <= seen or entry.seq in self.waiting:
            self.duplicates += 1
            return False
        if entry.seq > seen + AHEAD:  # what waits for a gap is bounded
            raise Rejected(_("too far ahead of the entries received"))
        if entry.seq > seen + 1 and room <= 0:
            raise Rejected(_("too many entries waiting for missing ones"))
        self.waiting[entry.seq] = entry
        fed = False
        while self.follower.seen + 1 in self.waiting:
            e = self.waiting.pop(self.follower.seen + 1)
            try:
                self.follower.feed([Entry(e.target, e.input, e.accepted, e.boot, e.hub_seq)],
                                   [e.time])
                self._timed(e.time)
            except Exception as exc:  # signed, well formed, and still not a game's input
                self.waiting.clear()
                raise Rejected(_("the referee cannot apply it (%s)")
                               % exc.__class__.__name__) from None
            fed = True
        return fed

    @property
    def people(self) -> list[str]:
        """Who sat at each seat, as the night's standings count them."""
        referee = self.follower.referee  # each seat as the journal named it at setup
        return [person(self.table, self.row.variant, n, referee.kept_name(n))
                for n in range(len(referee.seats))]

    @property
    def winners(self) -> list[str]:
        w = self.follower.winners or []
        people = self.people
        return [people[p] for p in w if 0 <= p < len(people)]

    def summary(self) -> dict[str, Any]:
        state = self.follower.state(self.row)
        return {"table": self.table, "topic": table_topic(self.table), "game": self.row.id,
                "variant": self.row.variant, "title": state["game"]["title"],
                "players": state["players"], "turn": state["turn"], "panel": state["panel"],
                "winner": state["winner"], "fight": state["fight"],
                "entries": self.follower.seen,
                "last": state["history"][-1]["text"] if state["history"] else ""}


def seconds_of(when: str) -> float | None:
    """A journal's time (``2026-11-22T18:10:00.123Z``) in seconds, or None if it is not one.

    >>> seconds_of("2026-11-22T18:10:02.500Z") - seconds_of("2026-11-22T18:10:00.000Z")
    2.5
    >>> seconds_of("") is None
    True
    """
    try:
        return datetime.fromisoformat(when).timestamp()
    except ValueError:
        return None


GUESTS = ("guest", "invité", "invitado")  # a seat named so is nobody the night can count on


def person(table: str, variant: str, seat: int, name: str) -> str:
    """Who sat at ``seat``: the name a player was given, or, for a seat nobody named (the
    game's own seat name, as the journal keeps it, or a guest), the table and the seat in
    the organiser's language: never the same person as another table's unnamed seat.

    >>> person("Table 3", "jl-beginner", 0, "P1"), person("Table 3", "jl-beginner", 1, " Ana ")
    ('Table 3 · P1', 'Ana')
    >>> person("Table 4", "jl-beginner", 1, "Guest"), person("Table 5", "invocations", 2, "Green")
    ('Table 4 · P2', 'Table 5 · Green')
    """
    from host.games.descriptor import GAMES

    kind = GAMES.get(variant)
    own = kind.seats(seat + 1)[seat] if kind is not None else "P%d" % (seat + 1)
    clean = " ".join(name.split())
    if not clean or clean == own or clean.casefold() in GUESTS:
        return "%s \u00b7 %s" % (table, words.seat(own))
    return clean


def standings(results: list[tuple[tuple[str, ...], list[str]]]) -> list[dict[str, Any]]:
    """The night's table from decided games ``(people, winners)``: a win is a point, a
    shared win a point to each; ordered by wins, then fewer games, then name. A person is
    one whatever the case of the name at each table.

    >>> standings([(("Ana", "Ben"), ["Ana"]), (("ana", "Cy"), ["Cy"]), (("Ben", "Cy"), ["Cy"])])
    [{'name': 'Cy', 'played': 2, 'won': 2, 'points': 2}, {'name': 'Ana', 'played': 2, 'won': 1, 'points': 1}, {'name': 'Ben', 'played': 2, 'won': 0, 'points': 0}]
    """
    table: dict[str, dict[str, Any]] = {}
    for players, winners in results:
        won = {w.casefold() for w in winners}
        for name in players:
            row = table.setdefault(name.casefold(), {"name": name, "played": 0, "won": 0,
                                                     "points": 0})
            row["played"] += 1
            if name.casefold() in won:
                row["won"] += 1
                row["points"] += 1
    return sorted(table.values(), key=lambda r: (-r["points"], r["played"], r["name"]))


class Rejections:
    """The messages the organiser refused, by the table their topic names and by reason;
    each (table, reason) logged once. Bounded: past ``MAX_TABLES`` tables, ``MAX_STRANGERS``
    topics of no known table, or ``MAX_REASONS`` reasons for one table, the rest are counted
    together."""

    def __init__(self) -> None:
        self.by_table: dict[str, dict[str, int]] = {}
        self.strangers = 0

    def add(self, level: str, reason: str, known: bool = True) -> None:
        if level not in self.by_table:
            if len(self.by_table) >= MAX_TABLES or (not known and
                                                    self.strangers >= MAX_STRANGERS):
                level = OTHER_TOPICS
            elif not known:
                self.strangers += 1
        reasons = self.by_table.setdefault(level, {})
        if reason not in reasons and len(reasons) >= MAX_REASONS:
            reason = _("other reasons")
        if reason not in reasons:
            log.warning("club: refused a message on %s's topic: %s (counted on the "
                        "organiser's page; said once)", level, reason)
        reasons[reason] = reasons.get(reason, 0) + 1

    def shown(self) -> dict[str, dict[str, Any]]:
        return {level: {"count": sum(reasons.values()),
                        "reasons": [{"why": why, "count": n} for why, n in
                                    sorted(reasons.items(), key=lambda r: -r[1])]}
                for level, reasons in sorted(self.by_table.items())}


class Night:
    """Everything the organiser's page shows, fed by the broker's messages. Only what is
    well formed, signed by a table paired with the club (``secret``: the organiser's own)
    and from tonight is taken; the rest is counted in ``rejections``."""

    def __init__(self, secret: bytes, night: str | None = None,
                 number: int | None = None, clock=time.time) -> None:
        self.secret = secret
        self.clock = clock  # the organiser's, for a table's pace
        self.night = night or os.urandom(6).hex()  # what this organiser opened
        self.number = number or int(time.time())  # its number (open_night)
        self.told: set[str] = set()  # tables told of the night (retained: once each)
        self.games: dict[tuple[str, int], ClubGame] = {}
        self.index: dict[str, dict[int, int]] = {}  # table -> game -> entries it has
        self.lock = threading.Lock()
        self.changes = 0
        self.asked: dict[tuple[str, int], float] = {}
        self.rejections = Rejections()
        self.known: set[str] = set()  # the topics of tables that sent something good
        self.taken: dict[str, int] = {}  # table topic -> entries taken (folded or waiting)

    def key(self, level: str) -> bytes:
        return key_of(pairing_code(self.secret, level).replace("-", ""))

    def receive(self, topic: str, payload: bytes, retained: bool = False) -> bool:
        """One message as the broker gave it (``retained``: kept by the broker from before
        the organiser subscribed); never raises (what cannot be taken is counted), so the
        broker's client always acknowledges it and goes on."""
        parts = topic.split("/")
        level = parts[2] if len(parts) == 4 else OTHER_TOPICS
        try:
            if len(parts) != 4 or "/".join(parts[:2]) != PREFIX or parts[3] not in (
                    "journal", "index", "night"):
                raise Rejected(_("not a topic of the club"))
            if parts[3] == "journal" and self.over(level):
                # Said before reading it: a flood costs a comparison a message, not a parse
                # and a signature (only signed entries taken made the table go over).
                raise Rejected(_("faster than a table can play"))
            data = parse(payload)
            verify(data, self.key(level))
            if parts[3] == "night":
                return self.hear_night(level, NightOpened.from_json(data), retained)
            message: JournalEntry | TableIndex = (
                TableIndex if parts[3] == "index" else JournalEntry).from_json(data)
            if table_topic(message.table) != level:
                raise Rejected(_("names another table than its topic"))
            with self.lock:
                self.known.add(level)
            if isinstance(message, TableIndex):
                self.take_index(message)
                return True
            if message.night != self.night:  # by what the organiser opened, not a clock
                raise Rejected(_("a game of an earlier night"))
            return self.take(message)
        except Rejected as exc:
            with self.lock:
                self.rejections.add(level, str(exc), level in self.known)
                self.changes += 1
        except Exception as exc:  # a defect of ours: said, counted, and the night goes on
            log.exception("club: a message on %s's topic broke the organiser", level)
            with self.lock:
                self.rejections.add(level, _("could not be read (%s)") % exc.__class__.__name__)
                self.changes += 1
        return False

    def hear_night(self, level: str, opened: NightOpened, retained: bool) -> bool:
        """A night message on a table's topic: this organiser's own, or one that is not
        tonight's (replayed, or left by an earlier night): the table is told tonight's
        again, so the broker keeps tonight's, and what came while it listened is counted."""
        if (opened.night, opened.number) == (self.night, self.number):
            return False
        with self.lock:
            self.told.discard(level)  # told again (to_tell)
        if retained:
            return False  # last night's own word, still kept by the broker: not an attack
        if opened.number < self.number:
            raise Rejected(_("an earlier night's message, replayed"))
        raise Rejected(_("a night this organiser did not open"))

    def allowance(self) -> float:
        """Entries a table may have sent by now: what a table could have played since the
        night opened (its number is the organiser's clock then), and the game it was
        playing at the opening; so ``--continue`` takes the whole night back at once."""
        return BURST + max(0.0, self.clock() - self.number) / PACE_S

    def over(self, level: str) -> bool:
        """Whether the table on topic ``level`` has sent all it may have by now."""
        return self.taken.get(level, 0) >= self.allowance()

    def take(self, entry: JournalEntry) -> bool:
        key = (entry.table, entry.game)
        level = table_topic(entry.table)
        with self.lock:
            game = self.games.get(key)
            fresh = game is None or not game.has(entry.seq)  # a copy costs nothing
            if fresh and self.over(level):
                raise Rejected(_("faster than a table can play"))
            if game is None:
                if sum(1 for t, _g in self.games if t == entry.table) >= MAX_GAMES:
                    raise Rejected(_("more than %d games from one table") % MAX_GAMES)
                game = self.games[key] = ClubGame(entry)
            waiting = sum(len(g.waiting) for g in self.games.values())
            fed = game.take(entry, WAITING - waiting)
            if fresh:
                self.taken[level] = self.taken.get(level, 0) + 1
            if fed:
                self.changes += 1
                if game.winners and not game.human and not game.too_fast_said:
                    game.too_fast_said = True  # one game, counted once
                    self.rejections.add(level, _(
                        "a game played faster than people play (not in the standings)"))
            return fed

    def take_index(self, index: TableIndex) -> None:
        if index.night != self.night:
            with self.lock:  # it has not heard of tonight (yet, or junk replaced it):
                self.told.discard(table_topic(index.table))  # told again (to_tell)
            return
        games = {g: v.entries for g, v in index.games.items()}
        with self.lock:
            # A table sends its index again every few seconds unchanged: the page is
            # redrawn only when it says something new.
            if self.index.get(index.table) != games:
                self.index[index.table] = games
                self.changes += 1

    def to_tell(self) -> list[tuple[str, dict]]:
        """(table topic, signed message) for each table not yet told of the night."""
        with self.lock:
            new = sorted(self.known - self.told)
            self.told |= set(new)
        return [(level, sign({"night": self.night, "number": self.number}, self.key(level)))
                for level in new]

    def gaps(self, now: float, every_s: float = 2.0) -> list[tuple[str, int, int]]:
        """(table, game, first missing seq) for what a table has and we do not, each asked
        again at most every ``every_s`` seconds."""
        out = []
        with self.lock:
            for table, games in self.index.items():
                for g, entries in games.items():
                    key = (table, g)
                    have = self.games[key].follower.seen if key in self.games else 0
                    if have < entries and now - self.asked.get(key, -1e9) >= every_s:
                        self.asked[key] = now
                        out.append((table, g, have + 1))
        return out

    def results(self) -> list[tuple[tuple[str, ...], list[str]]]:
        """The decided games the standings count: those played at a person's pace."""
        return [(tuple(g.people), g.winners) for g in self.games.values()
                if g.winners and g.human]

    def snapshot(self) -> dict[str, Any]:
        with self.lock:
            tables: dict[str, ClubGame] = {}
            for (table, _id), game in sorted(self.games.items()):
                if game.follower.seen:  # not a game whose first entry is still awaited
                    tables[table] = game  # the latest game of each table
            results = [{"table": g.table, "game": g.row.id, "variant": g.row.variant,
                        "players": g.people, "winners": g.winners}
                       for (_t, _i), g in sorted(self.games.items())
                       if g.winners and g.human]
            rejected = self.rejections.shown()
            return {"tables": [tables[t].summary() for t in sorted(tables)],
                    "results": results, "standings": standings(self.results()),
                    "entries": sum(g.follower.seen for g in self.games.values()),
                    "duplicates": sum(g.duplicates for g in self.games.values()),
                    "rejected": rejected,
                    "rejected_total": sum(r["count"] for r in rejected.values()),
                    "night": self.night, "version": self.changes}


def club_secret(data_dir: Path) -> bytes:
    """The organiser's own secret (made once, kept in its data folder, readable by it
    alone): every table's pairing code and signing key come from it."""
    path = Path(data_dir) / "club-secret"
    try:
        secret = bytes.fromhex(path.read_text().strip())
        if len(secret) == 32:
            return secret
    except (OSError, ValueError):
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    secret = os.urandom(32)
    fd = os.open(path.with_suffix(".tmp"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(secret.hex() + "\n")
    os.replace(path.with_suffix(".tmp"), path)
    return secret


def open_night(data_dir: Path, resume: bool = False) -> tuple[str, int]:
    """The night this organiser runs and its number: a new one (kept in its data folder),
    or with ``resume`` the one it opened last. Nights are told apart by their name, never
    by a clock; the number only orders them (the clock at the opening, in seconds, or one
    past the last night's if the clock is behind), so a table can refuse an older one."""
    path = Path(data_dir) / "club-night"
    last = 0
    try:
        text = path.read_text().strip()
        # A night kept before nights had numbers: its file's time orders it.
        kept: dict[str, Any] = ({"night": text, "number": int(path.stat().st_mtime)}
                                if re.fullmatch(r"[0-9a-f]{12}", text) else json.loads(text))
        night, last = str(kept["night"]), int(kept["number"])
        if resume and re.fullmatch(r"[0-9a-f]{12}", night) and last > 0:
            return night, last
    except (OSError, ValueError, KeyError, TypeError):
        pass
    night, number = os.urandom(6).hex(), max(last + 1, int(time.time()))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.with_suffix(".tmp").write_text(json.dumps({"night": night, "number": number}) + "\n")
    os.replace(path.with_suffix(".tmp"), path)
    return night, number


class Link:
    """The organiser's connection to the broker as its page and its log say it: reached, or
    not reached (no answer, or the broker refused the organiser's account) since when, while
    paho tries again every few seconds. Each change is logged at once, once: a broker that
    is not there is said at the first try, not when a keepalive runs out."""

    def __init__(self, shown: str) -> None:
        self.shown = shown
        self.lock = threading.Lock()
        self.state = "connecting"  # then "live", "unreached" or "refused"
        self.since = time.time()  # wall clock: the page shows it as a time of day
        self.why = ""
        self.changes = 0

    def reached(self) -> None:
        with self.lock:
            was, since = self.state, self.since
            self._set("live", "")
        if was in ("unreached", "refused"):
            log.warning("club: the broker %s is reached again (not reached for %.0f s)",
                        self.shown, time.time() - since)
        else:
            log.info("club: the broker %s is reached", self.shown)

    def lost(self, state: str, why: str) -> None:
        """``state``: "unreached" (no answer, or the link dropped) or "refused"."""
        with self.lock:
            if self.state == state and self.why == why:
                return  # still so: said already
            self._set(state, why)
        if state == "refused":
            log.warning("club: the broker %s refused the organiser: %s (check [club] "
                        "username and password); trying again every few seconds",
                        self.shown, why)
        else:
            log.warning("club: the broker %s is not reached (%s); trying again every few "
                        "seconds", self.shown, why)

    def _set(self, state: str, why: str) -> None:
        self.state, self.why, self.since = state, why, time.time()
        self.changes += 1

    def shown_state(self) -> dict[str, Any]:
        with self.lock:
            return {"address": self.shown, "state": self.state, "since": self.since}


class Organiser:
    """The club's subscriber: every table's journal into a ``Night``."""

    def __init__(self, broker: Broker, secret: bytes, name: str = "hexref-club",
                 night: str | None = None, number: int | None = None) -> None:
        self.broker = broker
        self.night = Night(secret, night, number)
        self.link = Link(broker.shown)
        self.client = _client(name, clean=False)
        self.client.on_connect = self._on_connect
        self.client.on_connect_fail = self._on_connect_fail
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self.link.lost("refused", str(reason_code))
            return
        self.link.reached()
        # The nights too: what is retained there must stay tonight's.
        client.subscribe([(PREFIX + "/+/journal", 1), (PREFIX + "/+/index", 1),
                          (PREFIX + "/+/night", 1)])

    def _on_connect_fail(self, client, userdata) -> None:
        self.link.lost("unreached", "no answer")

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        if self.link.state == "refused":
            return  # paho's disconnect after a refusal: said already
        self.link.lost("unreached", "the link dropped" if self.link.state == "live" else
                       "no answer")

    def _on_message(self, client, userdata, msg) -> None:
        self.night.receive(msg.topic, msg.payload, bool(msg.retain))

    def ask_for_gaps(self) -> None:
        for level, message in self.night.to_tell():  # retained: heard on reconnect too
            self.client.publish("%s/%s/night" % (PREFIX, level), json.dumps(message), qos=1,
                                retain=True)
        for table, game, start in self.night.gaps(time.monotonic()):
            level = table_topic(table)
            self.client.publish("%s/%s/resend" % (PREFIX, level), json.dumps(sign(
                {"game": game, "from": start}, self.night.key(level))), qos=1)

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

    def snapshot() -> dict[str, Any]:
        return dict(organiser.night.snapshot(), broker=organiser.link.shown_state())

    latest: dict[str, Any] = {"snapshot": snapshot()}
    broadcast = Broadcast(latest["snapshot"])

    async def follow() -> None:
        seen = (-1, -1)
        failed: set[str] = set()
        while True:
            try:
                organiser.ask_for_gaps()
                now = (organiser.night.changes, organiser.link.changes)
                if now != seen:
                    seen = now
                    latest["snapshot"] = snapshot()
                    broadcast.publish(latest["snapshot"])
            except Exception as exc:  # a defect of ours: said once, and the page goes on
                if exc.__class__.__name__ not in failed:
                    failed.add(exc.__class__.__name__)
                    log.exception("club: the organiser's page could not update")
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
        return event_stream(broadcast)

    async def words(request: Request) -> Response:
        return JSONResponse(page_words())

    async def pair(request: Request) -> Response:
        """A table's pairing code, shown only on the organiser's own screen: whoever reads
        it can sign for that table."""
        if request.client is None or request.client.host not in ("127.0.0.1", "::1"):
            return JSONResponse({"error": _("Pairing codes are shown only on the "
                                            "organiser's own computer.")}, status_code=403)
        table = request.query_params.get("table", "").strip()
        if not table or len(table) > MAX_NAME or not table.isprintable():
            return JSONResponse({"error": _("Type the table's name as its config says "
                                            "([club] table).")}, status_code=400)
        return JSONResponse({"table": table, "code": pairing_code(organiser.night.secret,
                                                                   table)})

    return Starlette(routes=[Route("/", page), Route("/api/club", state),
                             Route("/api/words", words), Route("/api/pair", pair),
                             Route("/api/events", events),
                             Mount("/static", StaticFiles(directory=PAGE), name="static")],
                     lifespan=lifespan)
