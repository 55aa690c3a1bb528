"""What a real ``hexref web`` answers anyone on the network (issue 21, item 4): never the
server's paths or a stack trace, a damaged game named and skipped (never a 500), the page's
own files only (CSP), no type guessing, no framing, and the Host header never written back
into a redirect."""
from __future__ import annotations

import http.client
import json
import sqlite3
from pathlib import Path

import pytest
from rigs.table_rig import Table, demo_game_events
from rigs.web_rig import Server

from host.storage.store import Store

pytestmark = pytest.mark.system  # real processes, browsers or brokers

PATHS = ("/api/state", "/api/games/1", "/api/games/2", "/api/games/x", "/api/die",
         "/api/words", "/", "/static/app.js", "/static/", "/static",
         "/static/../web.py", "/static/%2e%2e/web.py", "/nothing")


def _ask(url: str, path: str, host: str = "") -> tuple[int, dict[str, str], str]:
    server, port = url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(server, int(port), timeout=10)
    conn.putrequest("GET", path, skip_host=bool(host))
    if host:
        conn.putheader("Host", host)
    conn.endheaders()
    res = conn.getresponse()
    body = res.read().decode("utf-8", "replace")
    conn.close()
    return res.status, {k.lower(): v for k, v in res.getheaders()}, body


def _everything(url: str, folder: Path) -> dict[str, tuple[int, dict[str, str], str]]:
    answers = {p: _ask(url, p) for p in PATHS}
    for path, (status, headers, body) in answers.items():
        assert status < 500, (path, status, body[:300])
        assert str(folder) not in body and "/tmp" not in body, (path, body[:300])
        assert "Traceback" not in body and 'File "' not in body, (path, body[:300])
        csp = headers.get("content-security-policy", "")
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, (path, headers)
        assert headers.get("x-content-type-options") == "nosniff", (path, headers)
        assert headers.get("x-frame-options") == "DENY", (path, headers)
    return answers


def test_an_empty_data_folder_says_so_without_the_servers_path(tmp_path: Path):
    data = tmp_path / "secret-folder-name"
    with Server("web", "--data", str(data)) as web:
        answers = _everything(web.url, data)
        for escape in ("/static/../web.py", "/static/%2e%2e/web.py"):  # the page's files only
            assert answers[escape][0] == 404 and "import" not in answers[escape][2]
        status = json.loads(answers["/api/state"][2])["status"]
        assert status == "waiting for the referee's database"
        assert "secret-folder-name" not in json.dumps([a[2] for a in answers.values()])


def test_a_damaged_game_is_named_and_skipped_never_a_500(tmp_path: Path):
    data = tmp_path / "data"
    store = Store(data)
    Table(store).play(demo_game_events())
    store.finish(1, "P1")
    store.new_game("jl-beginner", ["Ana", "Ben"])
    store.close()
    with sqlite3.connect(data / "hexref.db") as db:  # as a broken disk or a hand would
        db.execute("UPDATE games SET players = 'Ana,Ben' WHERE id = 2")
    with Server("web", "--data", str(data)) as web:
        web.wait_for("/api/state", lambda s: s["status"] == "ok")
        answers = _everything(web.url, data)
        state = json.loads(answers["/api/state"][2])
        assert [g["id"] for g in state["games"]] == [1]
        assert state["game"]["id"] == 1 and state["winner"] == "P1"
        assert state["damaged"] == [{"id": 2, "why": "game 2 cannot be read: its players "
                                                     "are not a list of names"}]
        status, _headers, body = answers["/api/games/2"]
        assert status == 422 and "game 2 cannot be read" in json.loads(body)["error"]
        whole = json.loads(answers["/api/games/1"][2])
        assert answers["/api/games/1"][0] == 200 and whole["winner"] == "P1"
        # Move by move: the game as it stood after its first three inputs.
        status, _headers, body = _ask(web.url, "/api/games/1?upto=3")
        early = json.loads(body)
        assert status == 200 and early["entries"] == 3 and early["total"] == whole["total"]
        assert early["winner"] is None and len(early["history"]) == 3
        assert _ask(web.url, "/api/games/1?upto=-1")[0] == 400


def test_the_host_header_is_never_written_back_into_a_redirect(tmp_path: Path):
    with Server("web", "--data", str(tmp_path)) as web:
        status, headers, _body = _ask(web.url, "/static", host="evil.example")
        assert status in (301, 302, 307, 308), (status, headers)
        assert headers["location"] == "/static/", headers
        assert "evil" not in json.dumps(headers)


def test_the_page_gives_its_own_address_as_a_qr_code(tmp_path: Path):
    with Server("web", "--data", str(tmp_path)) as web:
        status, _headers, body = _ask(web.url, "/api/join", host="evil.example")
        assert status == 200 and json.loads(body)["url"] == web.url + "/"
        status, headers, svg = _ask(web.url, "/api/join.svg")
        assert status == 200 and headers["content-type"].startswith("image/svg+xml")
        assert svg.startswith("<svg") and "evil" not in svg
