"""The organiser's night against messages no honest table sends (host/readers/club.py
Night.receive, host/readers/club_messages.py): each is refused with a reason, counted
beside its table, and the night goes on; what waits for a missing entry is bounded."""
from __future__ import annotations

import json
import time

import pytest
from rigs.table_rig import HumanClock, Table, demo_game_events

from host.readers.club import AHEAD, BURST, WAITING, Night, standings, table_topic
from host.readers.club_messages import key_of, pairing_code, sign
from host.storage.store import Store

SECRET = bytes(range(32))
NIGHT = "tonight"  # the night the organiser opened


def key(table: str) -> bytes:
    return key_of(pairing_code(SECRET, table).replace("-", ""))


def entry(table: str = "Table 1", game: int = 1, seq: int = 1, **extra) -> dict:
    message = {"table": table, "game": game, "seq": seq, "variant": "jl-beginner",
               "players": ["Ana", "Ben"], "created": time.strftime("%Y-%m-%dT%H:%M:%S"),
               "target": "referee", "input": ["seat", 1], "accepted": False, "boot": None,
               "hub_seq": None, "time": "", "night": NIGHT}
    message.update(extra)
    return message


def send(night: Night, message, table: str = "Table 1", kind: str = "journal",
         signer: str | None = "Table 1") -> bool:
    if signer is not None and isinstance(message, dict):
        message = sign(message, key(signer))
    payload = message if isinstance(message, bytes) else json.dumps(message).encode()
    return night.receive("hexref/club/%s/%s" % (table_topic(table), kind), payload)


def reasons(night: Night, table: str = "Table 1") -> list[str]:
    return [r["why"] for r in night.snapshot()["rejected"][table]["reasons"]]


def test_a_signed_entry_is_taken_once():
    night = Night(SECRET, NIGHT)
    assert send(night, entry())
    assert not send(night, entry())  # the same again: a duplicate, not a second input
    snap = night.snapshot()
    assert snap["entries"] == 1 and snap["duplicates"] == 1 and snap["rejected"] == {}


@pytest.mark.parametrize("message, why", [
    (entry(input=[]), "input is not a list that starts with its kind"),
    (entry(input="seat"), "input is not a list that starts with its kind"),
    (entry(seq="1"), "seq is not a whole number"),
    (entry(seq=0), "seq is out of range"),
    (entry(game=True), "game is not a whole number"),
    (entry(players=[]), "players is not a list of 1 to 8 names"),
    (entry(players=["Ana", 7]), "players is not text"),
    (entry(variant="chess"), "a game this referee does not know"),
    (entry(target="shell"), "target is not one of game, referee, none"),
    (entry(accepted="yes"), "accepted is not true or false"),
    (entry(input=["seat", [[[[1]]]]]), "input holds something that is not a journal's value"),
    ([1, 2], "not signed (pair the table: hexref club-join)"),  # no room for a signature
])
def test_a_badly_formed_entry_is_refused_and_the_night_goes_on(message, why):
    night = Night(SECRET, NIGHT)
    assert not send(night, message)
    assert reasons(night) == [why]
    assert send(night, entry())  # the next good one is taken
    assert night.snapshot()["entries"] == 1


@pytest.mark.parametrize("index, why", [
    ({"table": "Table 1", "games": {"1": 5}}, "a game is not an object"),
    ({"table": "Table 1", "games": {"x": {}}}, "a game's number is not a number"),
    ({"table": "Table 1", "games": []}, "games is not a map of at most 200 games"),
    ({"table": "Table 1", "games": {"1": {"entries": -1, "variant": "jl-beginner",
                                          "players": ["A"]}}}, "entries is out of range"),
])
def test_a_bad_index_is_refused_and_asks_for_nothing(index, why):
    night = Night(SECRET, NIGHT)
    assert not send(night, index, kind="index")
    assert reasons(night) == [why]
    assert night.gaps(0.0) == []


def test_unsigned_forged_and_misplaced_messages_are_refused():
    night = Night(SECRET, NIGHT)
    send(night, entry(), signer=None)
    send(night, entry(), signer="Table 2")  # a key of another table's
    send(night, dict(sign(entry(), key("Table 1")), seq=2), signer=None)  # changed after
    send(night, entry(table="Table 2"), table="Table 1")  # names another table
    send(night, b"\xff not json", signer=None)
    send(night, b"[" * 100_000, signer=None)  # too big
    send(night, b"[" * 10_000, signer=None)  # small, and too deep for the parser
    send(night, entry(night="last-week"))  # a game of an earlier night
    assert night.snapshot()["entries"] == 0
    assert sorted(reasons(night)) == sorted([
        "not signed (pair the table: hexref club-join)",
        "the signature does not match (forged, or paired for another table)",
        "names another table than its topic",
        "not JSON", "larger than 16 KB", "a game of an earlier night"])
    assert night.snapshot()["rejected"]["Table 1"]["count"] == 8
    assert night.receive("hexref/club/x/journal/extra", b"{}") is False
    assert night.snapshot()["rejected"]["(other topics)"]["count"] == 1


def test_entries_out_of_order_wait_and_are_freed():
    night = Night(SECRET, NIGHT)
    for seq in (3, 2, 1):
        send(night, entry(seq=seq, input=["seat", seq % 2]))
    game = night.games[("Table 1", 1)]
    assert game.follower.seen == 3 and game.waiting == {}


def test_what_waits_for_a_missing_entry_is_bounded():
    """A paired table that skips its first entry and floods the rest: at most ``AHEAD``
    entries of one game and ``WAITING`` in all are kept; the rest are refused."""
    night = Night(SECRET, NIGHT, int(time.time()) - 100_000)  # a table paced to send them
    for seq in range(2, AHEAD + 50):
        send(night, entry(seq=seq))
    assert len(night.games[("Table 1", 1)].waiting) == AHEAD - 1
    assert "too far ahead of the entries received" in reasons(night)
    for game in range(2, WAITING // AHEAD + 3):
        for seq in range(2, AHEAD + 1):
            send(night, entry(game=game, seq=seq))
    assert sum(len(g.waiting) for g in night.games.values()) == WAITING
    assert "too many entries waiting for missing ones" in reasons(night)


def test_refusals_kept_apart_are_bounded():
    """Refusals are kept apart for every table that sent something good, and for the first
    eight topics of no known table (an unpaired table is among them); the rest together."""
    night = Night(SECRET, NIGHT)
    assert send(night, entry(table="Table 2"), table="Table 2", signer="Table 2")
    for n in range(500):
        night.receive("hexref/club/fake-%d/journal" % n, b"{}")
        send(night, entry(seq=n + 10 ** 7))
    send(night, entry(table="Table 2", seq=0), table="Table 2", signer="Table 2")
    snap = night.snapshot()["rejected"]
    assert len(snap) == 1 + 8 + 1
    assert snap["(other topics)"]["count"] == 500 - 7  # fake-0 to fake-6 kept apart
    assert snap["Table 1"] == {"count": 500, "reasons": [{"why": "seq is out of range",
                                                          "count": 500}]}
    assert snap["Table 2"]["count"] == 1


def test_a_table_sending_faster_than_a_table_can_play_is_refused():
    """What a table may have sent is what a table could have played since the night opened
    (issue 32, item 2): past it, each entry is refused and counted; a copy costs nothing;
    an organiser whose night opened hours ago (``--continue``) takes the whole night."""
    opened = int(time.time())
    night = Night(SECRET, NIGHT, opened, clock=lambda: opened)  # just opened
    send(night, entry(seq=1))
    assert not send(night, entry(seq=1))  # sent again: a copy, which costs nothing
    for seq in range(2, BURST + 51):
        send(night, entry(seq=seq))
    snap = night.snapshot()
    assert snap["entries"] == BURST and snap["duplicates"] == 1
    assert snap["rejected"]["Table 1"]["reasons"] == [
        {"why": "faster than a table can play", "count": 50}]
    hours_ago = Night(SECRET, NIGHT, opened, clock=lambda: opened + 3 * 3600)
    for seq in range(1, BURST + 51):
        assert send(hours_ago, entry(seq=seq))


def _decided(tmp_path, clock) -> list[dict]:
    """A whole game of the demo, played on a table whose clock is ``clock``, as published."""
    with Store(tmp_path, clock=clock) as store:
        game_id = store.new_game("jl-beginner", ["Ana", "Ben"])
        table = Table(store, game_id)
        table.play(demo_game_events())
        assert table.referee.game.winners == [0]
        times = store.journal(game_id).times()
        return [entry(seq=n + 1, target=e.target, input=list(e.input), accepted=e.accepted,
                      boot=e.boot, hub_seq=e.seq, time=times[n])
                for n, e in enumerate(store.journal(game_id).entries)]


def test_a_game_played_faster_than_people_play_is_not_in_the_standings(tmp_path):
    """The same game, once played by people (a few seconds an input, as its journal says)
    and once by a machine (milliseconds): only the first is a result; the second is counted
    beside its table, once (issue 32, item 2)."""
    night = Night(SECRET, NIGHT)
    for message in _decided(tmp_path / "people", HumanClock()):
        send(night, message)
    for message in _decided(tmp_path / "machine", time.time):
        send(night, dict(message, game=2))
    snap = night.snapshot()
    assert [r["game"] for r in snap["results"]] == [1]
    assert snap["standings"] == standings([(("Ana", "Ben"), ["Ana"])])
    assert snap["rejected"]["Table 1"]["reasons"] == [
        {"why": "a game played faster than people play (not in the standings)", "count": 1}]
