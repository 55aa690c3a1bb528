"""Club nights follow the journal, not the wall clock (issue 23, item 4): a night is what
the organiser opened; a table publishes the game it was playing when it heard of the night
and every game after it, each entry carrying its number in its game. A Pi has no clock of
its own (it starts from its last shutdown and steps when NTP syncs): a clock stepped a day
mid-game, or a Pi still on last week's time, changes nothing.

Real tables (their own stores and referees playing the demo's whole game), each published
by its own Publisher with the key it was paired with, into the organiser's Night; the
clocks are the store's and ``time.time`` itself, moved as NTP or a dead RTC would.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

from rigs.table_rig import Table, demo_game_events

from host.readers.club import KEY_FILE, Broker, Night, Publisher, open_night
from host.readers.club_messages import pairing_code, sign
from host.storage.store import Store

SECRET = bytes(range(33, 65))
DAY = 24 * 3600


def pair(folder: Path, table: str, secret: bytes) -> None:
    """What ``hexref club-join`` leaves in a table's data folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / KEY_FILE).write_text(json.dumps(
        {"table": table, "code": pairing_code(secret, table).replace("-", "")}))


class Sent:
    """What paho would have been handed: (topic, payload), every publish confirmed."""

    rc, mid = 0, 1

    def __init__(self) -> None:
        self.messages: list[tuple[str, str]] = []

    def __call__(self, topic, payload, qos=1, retain=False):
        self.messages.append((topic, payload))
        return self


class Clock:
    """The Pi's clock: real time plus an offset that can jump."""

    def __init__(self, offset: float = 0.0) -> None:
        self.offset = offset
        self.real = time.time

    def __call__(self) -> float:
        return self.real() + self.offset


def _table(folder: Path, clock: Clock) -> tuple[Store, Publisher, Sent]:
    store = Store(folder, clock=clock)
    pair(folder, "Table 1", SECRET)
    publisher = Publisher(folder, Broker.parse("mqtt://127.0.0.1"), "Table 1")
    publisher.client.publish = sent = Sent()
    publisher.connected.set()
    return store, publisher, sent


def _deliver(publisher: Publisher, sent: Sent, night: Night) -> None:
    """One pass of the table, its messages to the organiser, the organiser's word back."""
    publisher.step()
    for topic, payload in sent.messages:
        night.receive(topic, payload.encode())
    sent.messages.clear()
    for _level, message in night.to_tell():
        publisher.nights.put(json.dumps(message).encode())


def _play(store: Store, events, boot: str) -> Table:
    game_id = store.new_game("jl-beginner", ["Ana", "Ben"])
    rig = Table(store, game_id, boot=boot)
    for event in events:
        rig.play([event])
    return rig


def test_a_clock_stepped_a_day_mid_game_changes_nothing(tmp_path, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(time, "time", clock)  # every reader of the Pi's clock sees the step
    store, publisher, sent = _table(tmp_path / "t1", clock)
    night = Night(SECRET)
    _deliver(publisher, sent, night)  # the table is heard, and told of the night
    _deliver(publisher, sent, night)
    events = demo_game_events()
    half = len(events) // 2
    rig = _play(store, events[:half], "0000000A")
    _deliver(publisher, sent, night)
    clock.offset += DAY  # NTP syncs, or a wrong sync: the Pi jumps a day mid-game
    for event in events[half:]:
        rig.play([event])
    assert rig.referee.game.winners == [0]
    store.finish(rig.game_id, "Ana")
    for _ in range(3):
        _deliver(publisher, sent, night)
    snap = night.snapshot()
    assert snap["entries"] == len(store.journal(rig.game_id).entries)
    assert [r["winners"] for r in snap["results"]] == [["Ana"]]
    assert snap["rejected"] == {}


def test_a_pi_on_last_weeks_time_sends_nothing_of_last_week(tmp_path, monkeypatch):
    clock = Clock(-7 * DAY)  # last week, when it was right
    monkeypatch.setattr(time, "time", clock)
    store, publisher, sent = _table(tmp_path / "t1", clock)
    last_week = _play(store, demo_game_events(), "0000000B")
    store.finish(last_week.game_id, "Ana")
    # Tonight: the Pi boots with no RTC and no network yet, an hour after its shutdown.
    clock.offset = -7 * DAY + 3600
    night = Night(SECRET)
    _deliver(publisher, sent, night)
    _deliver(publisher, sent, night)
    tonight = _play(store, demo_game_events()[:6], "0000000C")
    for _ in range(3):
        _deliver(publisher, sent, night)
    snap = night.snapshot()
    assert snap["results"] == []  # last week's winner is not tonight's
    assert [t["game"] for t in snap["tables"]] == [tonight.game_id]
    assert snap["entries"] == len(store.journal(tonight.game_id).entries)


def test_the_game_being_played_when_the_night_opens_is_the_nights(tmp_path):
    store, publisher, sent = _table(tmp_path / "t1", Clock())
    finished = _play(store, demo_game_events(), "0000000D")
    store.finish(finished.game_id, "Ana")
    playing = _play(store, demo_game_events()[:4], "0000000E")
    night = Night(SECRET)
    for _ in range(3):
        _deliver(publisher, sent, night)
    assert publisher.from_game == playing.game_id
    snap = night.snapshot()
    assert [t["game"] for t in snap["tables"]] == [playing.game_id]
    assert snap["entries"] == len(store.journal(playing.game_id).entries)


def test_a_table_that_heard_of_no_night_publishes_no_game(tmp_path):
    store, publisher, sent = _table(tmp_path / "t1", Clock())
    _play(store, demo_game_events()[:4], "0000000F")
    publisher.step()
    journal = [t for t, _p in sent.messages if t.endswith("/journal")]
    assert journal == [] and publisher.night is None


def test_a_table_never_goes_back_to_an_older_night(tmp_path):
    """Last week's night message (retained, readable by any member) replayed to a table, and
    a table's own signed index put on the night's topic: the table keeps tonight's night and
    its first game, before and after a restart of its publisher (issue 32, item 1)."""
    store, publisher, sent = _table(tmp_path / "t1", Clock())
    last_week, tonight = Night(SECRET, "0123456789ab", 1000), Night(SECRET, "ba9876543210", 2000)
    _deliver(publisher, sent, last_week)
    _deliver(publisher, sent, last_week)
    assert publisher.night == last_week.night
    old = json.dumps(sign({"night": last_week.night, "number": last_week.number},
                          publisher.key)).encode()
    finished = _play(store, demo_game_events(), "00000010")
    store.finish(finished.game_id, "Ana")
    _deliver(publisher, sent, tonight)
    _deliver(publisher, sent, tonight)
    assert (publisher.night, publisher.from_game) == (tonight.night, finished.game_id + 1)
    own = publisher._signed({"table": "Table 1", "games": {}, "night": tonight.night})
    for payload in (old, own.encode()):
        publisher.nights.put(payload)
    publisher.step()
    assert (publisher.night, publisher.from_game) == (tonight.night, finished.game_id + 1)
    again = Publisher(tmp_path / "t1", Broker.parse("mqtt://127.0.0.1"), "Table 1")
    again.client.publish = Sent()
    again.connected.set()
    again.nights.put(old)
    again.step()
    assert (again.night, again.number, again.from_game) == (
        tonight.night, tonight.number, finished.game_id + 1)


def test_each_night_opened_is_numbered_above_the_last(tmp_path, monkeypatch):
    """``hexref club`` opens a night numbered by the organiser's clock, and above the last
    one even when that clock is behind; ``--continue`` keeps the name and the number, a
    night kept before nights had numbers included."""
    night, number = open_night(tmp_path)
    assert open_night(tmp_path, resume=True) == (night, number)
    monkeypatch.setattr(time, "time", lambda: number - 7 * DAY)  # a clock a week behind
    later, above = open_night(tmp_path)
    assert later != night and above == number + 1
    (tmp_path / "club-night").write_text("0123456789ab\n")
    assert open_night(tmp_path, resume=True)[0] == "0123456789ab"
