"""``hexref web`` as a real process beside a real referee: it follows the game through the
database it only reads, pushes each change as a server-sent event, serves ``/api/state``
with the winner, changes nothing, serves no key; and ``hexref die-check``."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from rigs.table_rig import Table, demo_game_events
from rigs.web_rig import ROOT, Events, Server

from host.storage import keys
from host.storage.journal import Entry
from host.storage.store import Store


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.system
def test_web_follows_a_real_demo_and_serves_its_winner(tmp_path: Path):
    """The issue's check: `make demo`, then `hexref web --data out/demo/data` says who won;
    here the page is open before the demo starts and follows it as it is played."""
    data = tmp_path / "data"
    with Server("web", "--data", str(data)) as web:
        assert "waiting" in web.get("/api/state")["status"]
        events = Events(web.url)
        demo = subprocess.run([sys.executable, "-m", "host.commands.main", "demo", "--out",
                               str(tmp_path), "--live", "no"], cwd=ROOT, capture_output=True,
                              text=True, timeout=120)
        assert demo.returncode == 0, demo.stderr
        # The rules declare the winner one commit before the game is marked finished.
        state = web.wait_for("/api/state", lambda s: s.get("winner") == "P1" and
                             bool(s["game"]["finished"]))
        assert state["game"]["variant"] == "jl-beginner" and state["game"]["finished"]
        assert [p["name"] for p in state["players"]] == ["P1", "P2"]
        assert [p["winner"] for p in state["players"]] == [True, False]
        assert state["games"][0]["winner"] == "P1"
        # Pushed as it happened, not only at the end: the setup, a battle, the winner.
        events.wait_for(lambda s: s.get("winner") == "P1")
        seen = [len(s.get("history") or []) for s in events.states]
        assert len(set(seen)) >= 5, seen
        assert any(s.get("odds") and not s.get("winner") for s in events.states)
        events.close()
        journal_rows = len(Store(data).journal(1).entries)
        assert len(state["history"]) == journal_rows


@pytest.mark.system
def test_web_reads_beside_the_referee_and_changes_nothing(tmp_path: Path):
    store = Store(tmp_path)
    key = keys.collection_key(tmp_path)  # the key that signs the tags sits beside the db
    table = Table(store)
    events = demo_game_events()
    table.play(events[:6])
    db = tmp_path / "hexref.db"
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = _sha(db)
    with Server("web", "--data", str(tmp_path)) as web:
        stream = Events(web.url)
        first = stream.wait_for(lambda s: s.get("game") is not None)
        assert first["game"]["id"] == table.game_id and not first["winner"]
        assert _sha(db) == before  # reading wrote nothing
        # The referee goes on writing while the page reads (WAL): each input is pushed.
        n = len(table.journal.entries)
        table.play(events[6:12])
        pushed = stream.wait_for(lambda s: len(s.get("history") or []) > n)
        assert pushed["history"][n]["n"] == n + 1
        # Nothing but the page and its data: no file of the data folder, no key.
        for path in ("/static/../hexref.db", "/static/..%2fhexref.db",
                     "/static/..%2f" + keys.KEY_FILE, "/hexref.db", "/" + keys.KEY_FILE):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(web.url + path, timeout=5)
            assert refused.value.code == 404, path
        page = urllib.request.urlopen(web.url + "/", timeout=5).read().decode()
        assert "/api/events" in urllib.request.urlopen(
            web.url + "/static/app.js", timeout=5).read().decode()
        assert 'name="viewport"' in page
        blob = json.dumps(web.get("/api/state")) + json.dumps(web.get("/api/games/1"))
        assert key.hex() not in blob.lower() and keys.fingerprint(key) not in blob
        stream.close()
        with pytest.raises(urllib.error.HTTPError) as nogame:
            urllib.request.urlopen(web.url + "/api/games/99", timeout=5)
        assert nogame.value.code == 404
    store.close()


@pytest.mark.system
def test_web_says_plainly_when_its_port_is_taken(tmp_path: Path):
    with Server("web", "--data", str(tmp_path)) as web:
        port = web.url.rsplit(":", 1)[1]
        other = subprocess.run([sys.executable, "-m", "host.commands.main", "web", "--data",
                                str(tmp_path), "--port", port, "--host", "127.0.0.1"],
                               cwd=ROOT, capture_output=True, text=True, timeout=30)
        assert other.returncode == 1
        assert "cannot listen on 127.0.0.1 port %s" % port in other.stderr
        assert "--port" in other.stderr and "Traceback" not in other.stderr


def _rolls(store: Store, variant: str, faces: list[int], boot: str | None = "B00T") -> None:
    game = store.new_game(variant, ["P1", "P2"])
    journal = store.journal(game)
    for i, face in enumerate(faces):
        inp = ("roll", [face]) if variant.startswith("heroscape") else ("roll", face)
        journal.append(Entry("game", inp, i % 3 != 0, boot, i + 1 if boot else None))


@pytest.mark.system
def test_die_check_counts_the_physical_die_and_names_a_biased_face(tmp_path: Path):
    fair = tmp_path / "fair"
    with Store(fair) as store:
        _rolls(store, "jl-beginner", [1, 2, 3, 4, 5, 6] * 30 + [2, 5] * 3)
        _rolls(store, "heroscape", [6, 5, 4, 3, 2, 1] * 8)
        _rolls(store, "heroscape-virtual", [6] * 200)  # the hub's random numbers, not the die
        _rolls(store, "jl-beginner", [6] * 50, boot=None)  # faces chosen on the Pi
    out = subprocess.run([sys.executable, "-m", "host.commands.main", "die-check", "--data", str(fair)],
                         cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    assert "No sign of bias over 234 rolls." in out.stdout
    assert "chi-square 0.31 with 5 degrees of freedom, p = 0.9975" in out.stdout

    loaded = tmp_path / "loaded"
    with Store(loaded) as store:
        _rolls(store, "jl-collector", [1, 2, 3, 4, 5, 6] * 40 + [4] * 40)
    out = subprocess.run([sys.executable, "-m", "host.commands.main", "die-check", "--data",
                          str(loaded), "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert out.returncode == 3
    result = json.loads(out.stdout)
    assert result["counts"] == [40, 40, 40, 80, 40, 40] and result["biased_face"] == 4
    assert result["p_value"] < 0.01
    assert result["verdict"] == ("face 4 comes up too often (80 of 280 rolls, 46.7 "
                                 "expected): recalibrate the die")
    with Server("web", "--data", str(loaded)) as web:
        die = web.wait_for("/api/die", lambda d: d["rolls"] == 280)
        assert die["biased_face"] == 4

    empty = subprocess.run([sys.executable, "-m", "host.commands.main", "die-check", "--data",
                            str(tmp_path / "none")], cwd=ROOT, capture_output=True,
                           text=True, timeout=30)
    # Issue 35: a misspelt --data is named, not taken for "no database yet".
    assert empty.returncode == 1 and empty.stderr == (
        "hexref die-check: there is no data folder %s (is its name right? nothing was made "
        "there)\n" % (tmp_path / "none"))


def test_a_long_game_pushes_its_latest_inputs_and_serves_the_whole_game(tmp_path: Path):
    from host.readers.web import HISTORY_PUSHED, Reader

    with Store(tmp_path) as store:
        table = Table(store)
        table.play(demo_game_events())
        journal = store.journal(table.game_id)
        for i in range(400):  # after the winner every roll is refused, and journalled
            journal.append(Entry("game", ("roll", i % 6 + 1), False, "0A1B2C3D", 1000 + i))
        total = len(journal.entries)
    reader = Reader(tmp_path)
    assert reader.changes == 1  # read at once: the page's first answer is the game (issue 35)
    live = reader.snapshot
    assert live["entries"] == total and len(live["history"]) == HISTORY_PUSHED
    assert live["history"][0]["n"] == total - HISTORY_PUSHED + 1
    assert live["history"][-1]["refusal"].startswith("the game is over")
    assert live["winner"] == "P1"
    whole = reader.game(table.game_id)
    assert whole is not None and [h["n"] for h in whole["history"]] == list(range(1, total + 1))
    assert not reader.refresh()  # nothing new: no push
    reader.close()


def test_a_database_made_anew_is_followed_as_the_new_one(tmp_path: Path):
    """`make demo` deletes its database and starts a fresh one: the page follows that."""
    from host.readers.web import Reader

    with Store(tmp_path) as store:
        store.new_game("jl-beginner", ["Ana", "Ben"])
    reader = Reader(tmp_path)
    assert reader.changes == 1 and reader.snapshot["players"][0]["name"] == "Ana"
    for old in tmp_path.glob("hexref.db*"):
        old.unlink()
    assert reader.refresh() and reader.snapshot["game"] is None
    assert "waiting" in reader.snapshot["status"]
    with Store(tmp_path) as store:
        store.new_game("hexo", ["Red", "Blue", "Green"])
    assert reader.refresh()
    assert [p["name"] for p in reader.snapshot["players"]] == ["Red", "Blue", "Green"]
    assert reader.snapshot["game"]["variant"] == "hexo"
    reader.close()


def test_a_game_this_hexref_does_not_know_is_named_not_fatal(tmp_path: Path):
    """A game written by a newer hexref (a variant unknown here): the page says so and
    keeps what the games table knows; the die check still counts."""
    from host.readers.web import Reader

    with Store(tmp_path) as store:
        _rolls(store, "jl-beginner", [1, 2, 3, 4, 5, 6] * 6)
        store.new_game("sixth-game", ["Ana", "Ben"])
    reader = Reader(tmp_path)
    assert reader.changes == 1
    snapshot = reader.snapshot
    assert snapshot["status"].startswith("cannot follow game 2: unknown game 'sixth-game'")
    assert [p["name"] for p in snapshot["players"]] == ["Ana", "Ben"]
    assert snapshot["die"]["rolls"] == 36
    reader.close()
