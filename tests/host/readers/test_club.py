"""A club night against a real broker: Debian's Mosquitto (``make test`` installs it) on a
loopback port, set up as the README's recipe sets up a club's (an account per table and the
organiser's, TLS with the club's own authority, the club's ACL), 8 tables each playing two games with their own referee and database, each
publishing its journal (host/readers/club.py Publisher), ``hexref club`` as its own process, and
the broker restarted in the middle of the night (SIGTERM, as systemd does; and in a second
night killed, as a crash or a power cut would). The organiser's standings must equal the
ones computed from the tables' own journals, with every entry once."""
from __future__ import annotations

import json
import re
import select
import signal
import subprocess
import time
from pathlib import Path

import pytest
from rigs.broker import Mosquitto, club_broker, free_port, from_journals, pair
from rigs.process_table import wait_for
from rigs.table_rig import HumanClock, Table, demo_game_events
from rigs.web_rig import ROOT, SHOTS, Server, chromium

from host.common.config import Config
from host.readers.club import KEY_FILE, Broker, Publisher, club_secret, standings, start_publisher
from host.readers.club_messages import pairing_code
from host.storage.store import Store

TABLES = 8
PLAYERS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus")


def join(config: Path, data: Path, code: str) -> None:
    """``hexref club-join CODE`` as a table's owner types it."""
    done = subprocess.run(Server.command("club-join", code, "--config", str(config),
                                         "--data", str(data)),
                          cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert "is paired with the club" in done.stdout


class PublishProcess:
    """``hexref publish`` for one table, as its unit runs it beside the referee."""

    def __init__(self, config: Path, data: Path) -> None:
        self.proc = subprocess.Popen(
            Server.command("publish", "--config", str(config), "--data", str(data)),
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.said = ""

    def started(self, timeout_s: float = 60) -> str:
        """Its first line, once it has said it (it runs from there: a SIGTERM sooner, while
        Python still imports on a busy machine, ends it before its handler is set)."""
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout_s)
        assert ready, "hexref publish said nothing in %d s" % timeout_s
        self.said = self.proc.stdout.readline()  # type: ignore[union-attr]
        return self.said

    def stop(self) -> tuple[int, int]:
        """SIGTERM, as systemd stops it; returns (entries sent, entries confirmed)."""
        self.proc.send_signal(signal.SIGTERM)
        out, err = self.proc.communicate(timeout=20)
        self.out = self.said + out + err
        assert self.proc.returncode == 0, err
        found = re.search(r"stopped; (\d+) entr(?:y|ies) sent, (\d+) confirmed", out)
        assert found, out + err
        return int(found.group(1)), int(found.group(2))


def _confirmed(state: Path) -> int:
    """Entries the broker has confirmed, as a publisher's state file says (0 before it
    writes one)."""
    try:
        return sum(json.loads(state.read_text())["confirmed"].values())
    except (FileNotFoundError, ValueError, KeyError):
        return 0


def _seats(table: int, game: int) -> list[str]:
    first = PLAYERS[(table + game) % len(PLAYERS)]
    second = PLAYERS[(table + 3 * game + 1) % len(PLAYERS)]
    if second == first:
        second = PLAYERS[(table + 2) % len(PLAYERS)]
    return [first, second]


@pytest.mark.system
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["restart", "crash"])
def test_club_night_survives_a_broker_restart(tmp_path: Path, how: int):
    # The club's broker as the README sets it up: an account per table, TLS, the ACL.
    accounts = {"Table %d" % (k + 1): "pass-%d" % (k + 1) for k in range(TABLES)}
    accounts["club"] = "pass-of-the-organiser"
    broker, ca = club_broker(tmp_path, accounts)
    broker.start()
    url = "mqtts://127.0.0.1:%d" % broker.port
    account = '[club]\nbroker = "%s"\nca_file = "%s"\nusername = "%%s"\npassword = "%%s"\n' % (
        url, ca)
    club_config = tmp_path / "club.toml"
    club_config.write_text(account % ("club", accounts["club"]))
    folders = [tmp_path / ("table-%d" % (k + 1)) for k in range(TABLES)]
    stores = [Store(f, clock=HumanClock()) for f in folders]
    organiser = tmp_path / "organiser"
    secret = club_secret(organiser)
    for k, f in enumerate(folders[1:], start=2):
        pair(f, "Table %d" % k, secret)
    config = tmp_path / "table-1.toml"
    config.write_text(account % ("Table 1", accounts["Table 1"]) + 'table = "Table 1"\n')
    for c in (config, club_config):
        c.chmod(0o600)
    table_1: PublishProcess | None = None
    publishers: list[Publisher] = []
    state_1 = folders[0] / "club-Table 1.json"
    events = demo_game_events()
    try:
        with Server("club", "--config", str(club_config), "--data", str(organiser)) as club:
            club.wait_for("/api/club", lambda s: s["version"] >= 0)
            # Table 1 is paired as its owner would, with the code the organiser's page
            # shows, and publishes the way a Pi does, as its own process from the config;
            # the other seven tables' publishers run here.
            join(config, folders[0], club.get("/api/pair?table=Table%201")["code"])
            table_1 = PublishProcess(config, folders[0])
            publishers += [Publisher(f, Broker.parse(url, "Table %d" % (k + 1), accounts[
                "Table %d" % (k + 1)], str(ca)), "Table %d" % (k + 1)).start()
                for k, f in enumerate(folders) if k > 0]
            # Each table plays two games, one hub event per table per round, at a pace.
            plan = []
            for k in range(TABLES):
                steps = []
                for g in range(2):
                    steps.append(("new", k, g))
                    steps += [("event", k, e) for e in events]
                    steps.append(("finish", k, g))
                plan.append(steps)
            tables: list[Table | None] = [None] * TABLES
            rounds = max(len(p) for p in plan)
            restart_at = rounds // 2
            for r in range(rounds):
                if r == restart_at - 10:
                    # Table 1's publisher restarts too, once the broker has confirmed some
                    # of its journal: a process started on a busy machine may not have sent
                    # anything in the night's first second (CI, three test workers at once).
                    assert wait_for(lambda: _confirmed(state_1), 60), \
                        "table 1's publisher confirmed nothing in a minute"
                    table_1.stop()
                if r == restart_at:
                    broker.stop(how)  # mid-night: the tables go on playing without it
                if r == restart_at + 15:
                    broker.start()
                if r == restart_at + 20:  # ...and resumes from what the broker confirmed
                    resumed_from = _confirmed(state_1)
                    assert resumed_from > 0
                    table_1 = PublishProcess(config, folders[0])
                for k in range(TABLES):
                    if r >= len(plan[k]):
                        continue
                    kind, _, what = plan[k][r]
                    if kind == "new":
                        game_id = stores[k].new_game("jl-beginner", _seats(k, what))
                        tables[k] = Table(stores[k], game_id, boot="%08X" % (k * 16 + what))
                    elif kind == "event":
                        tables[k].play([what])  # type: ignore[union-attr]
                    else:
                        t = tables[k]
                        assert t is not None and t.referee.game.winners == [0]
                        stores[k].finish(t.game_id, stores[k].game(t.game_id).players[0])
                time.sleep(0.02)

            results, entries = from_journals(folders)
            assert len(results) == 2 * TABLES
            expected = standings(results)
            night = club.wait_for(
                "/api/club", lambda s: s["entries"] == entries and len(s["results"]) ==
                2 * TABLES, timeout_s=60)
            print("club night: %d entries, %d received twice and kept once" % (
                entries, night["duplicates"]))
            assert night["standings"] == expected
            assert night["rejected"] == {}, night["rejected"]
            keys = [(r["table"], r["game"]) for r in night["results"]]
            assert len(set(keys)) == len(keys) == 2 * TABLES
            assert len(night["tables"]) == TABLES and all(t["winner"] for t in night["tables"])
            _the_organisers_page(club.url, expected)
            # What each table counts as confirmed by the broker is its whole journal.
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline and any(
                    p.confirmed != {g.id: len(s.journal(g.id).entries) for g in s.games()}
                    for p, s in zip(publishers, stores[1:], strict=True)):
                time.sleep(0.1)
            for p, s in zip(publishers, stores[1:], strict=True):
                want = {g.id: len(s.journal(g.id).entries) for g in s.games()}
                assert p.confirmed == want
                saved = json.loads(p.state_path.read_text())["confirmed"]
                assert {int(g): n for g, n in saved.items()} == want
            # Table 1 sent again only what the broker had not confirmed before it stopped
            # (and, after a crash, what the organiser asked for again: a broker killed may
            # lose what it had confirmed and not yet saved), and the broker has confirmed
            # its whole journal.
            total_1 = sum(len(stores[0].journal(g.id).entries) for g in stores[0].games())
            sent, confirmed = table_1.stop()
            assert confirmed == total_1
            if how == signal.SIGTERM:
                assert sent == total_1 - resumed_from
            else:
                assert sent >= total_1 - resumed_from
    finally:
        if table_1 is not None and table_1.proc.poll() is None:
            table_1.proc.kill()
            table_1.proc.communicate()
        for p in publishers:
            p.stop()
        for s in stores:
            s.close()
        broker.stop()
    log = broker.log.read_text()
    assert log.count("mosquitto version") >= 2  # it really was restarted


def _the_organisers_page(url: str, expected: list[dict]) -> None:
    """The organiser's page in Chromium on a laptop's screen: every table, the standings
    in order; saved as out/web/club-night.png."""
    driver = chromium(phone=False, width=1280, height=1100)
    try:
        driver.get(url + "/")
        want = [[e["name"], e["won"], e["played"]] for e in expected]
        # Read in one script, between two of the page's redraws, until it has caught up.
        deadline = time.monotonic() + 20
        while True:
            page = driver.execute_script(
                "return {rows: [...document.querySelectorAll('#standings tbody tr')].map("
                "(r) => [...r.cells].map((c) => c.innerText)),"
                " done: document.querySelectorAll('#tables .table.done').length,"
                " results: document.querySelectorAll('#results li').length};")
            rows = [[r[1], int(r[2]), int(r[3])] for r in page["rows"]]
            if (rows, page["done"], page["results"]) == (want, TABLES, 2 * TABLES) or \
                    time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert rows == want
        assert page["done"] == TABLES
        assert page["results"] == 2 * TABLES
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / "club-night.png"))
    finally:
        driver.quit()


@pytest.mark.system
def test_without_a_broker_nothing_of_the_club_runs(tmp_path: Path):
    assert start_publisher(Config(), tmp_path) is None
    assert not list(tmp_path.iterdir())  # no state file, no thread, no connection
    done = subprocess.run(Server.command("club"), cwd=ROOT, capture_output=True, text=True,
                          timeout=30, env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
                                           "XDG_CONFIG_HOME": str(tmp_path)})
    assert done.returncode == 2
    assert "no broker" in done.stderr and "Traceback" not in done.stderr
    quiet = subprocess.run(Server.command("publish", "--data", str(tmp_path)), cwd=ROOT,
                           capture_output=True, text=True, timeout=30,
                           env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
                                "XDG_CONFIG_HOME": str(tmp_path)})
    assert quiet.returncode == 0, quiet.stderr  # its unit stays stopped, not failed
    assert "no [club] broker in the config" in quiet.stdout
    assert not list(tmp_path.glob("club-*.json"))


@pytest.mark.parametrize("url", ["club.local", "http://club.local", "mqtt://"])
def test_a_broker_that_is_not_an_mqtt_url_is_refused(url: str):
    with pytest.raises(ValueError, match="mqtt://HOST"):
        Broker.parse(url)


@pytest.mark.system
def test_the_brokers_password_is_never_printed(tmp_path: Path):
    """In the URL or in [club] password, against a broker that is not there: what
    ``hexref publish`` prints names the broker without its credentials."""
    for club in ('broker = "mqtt://ref:s3cret@127.0.0.1:%d"\n' % free_port(),
                 'broker = "mqtt://127.0.0.1:%d"\nusername = "ref"\npassword = "s3cret"\n'
                 % free_port()):
        config = tmp_path / "table.toml"
        config.write_text('[club]\n%stable = "Table 1"\n' % club)
        proc = PublishProcess(config, tmp_path)
        proc.started()
        time.sleep(1.5)  # its first tries at the broker
        proc.stop()
        said = proc.out
        assert "s3cret" not in said and "127.0.0.1" in said, said
    config.write_text('[club]\nbroker = "mqtt://127.0.0.1"\npassword = 1234\n')
    done = subprocess.run(Server.command("publish", "--config", str(config)), cwd=ROOT,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "club.password must be" in done.stderr
    assert "1234" not in done.stderr


@pytest.mark.system
def test_club_join_refuses_a_code_made_for_another_table(tmp_path: Path):
    secret = club_secret(tmp_path / "organiser")
    config = tmp_path / "table.toml"
    config.write_text('[club]\nbroker = "mqtt://127.0.0.1"\ntable = "Table 4"\n')
    done = subprocess.run(Server.command("club-join", pairing_code(secret, "Table 3"),
                                         "--config", str(config), "--data", str(tmp_path)),
                          cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2, done.stdout
    assert "this code is for another table's name" in done.stderr
    assert not (tmp_path / KEY_FILE).exists()
    join(config, tmp_path, pairing_code(secret, "Table 4").lower())
    assert (tmp_path / KEY_FILE).stat().st_mode & 0o777 == 0o600


def _said_by_the_header(driver, timeout_s: float, broker: str) -> str:
    """The header's dot once the page has the broker in ``broker``'s state."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        live = driver.find_element("id", "live")
        if live.get_attribute("data-broker") == broker:
            return driver.execute_script(
                "const l = document.getElementById('live');"
                "return l.className + ' ' + l.textContent;")
        time.sleep(0.05)
    raise AssertionError("the page never showed the broker %s: %r"
                         % (broker, driver.find_element("id", "live").text))


@pytest.mark.system
def test_the_organiser_is_told_at_once_when_the_broker_is_not_reached(tmp_path: Path):
    """``hexref club`` started before the club's broker, as an organiser may: its log says
    at once that the broker is not reached, and its page says so and since when instead of
    "live"; the broker started, both say it is reached, and the page is live; the broker
    stopped, both say so again at once."""
    port = free_port()
    url = "mqtt://127.0.0.1:%d" % port
    broker = Mosquitto(tmp_path, port)
    driver = chromium(phone=False, width=1280, height=700)
    try:
        with Server("club", "--broker", url, "--data", str(tmp_path / "organiser")) as club:
            started = time.monotonic()
            down = club.wait_for("/api/club", lambda s: s["broker"]["state"] == "unreached",
                                 timeout_s=10)
            assert down["broker"]["address"] == url
            assert wait_for(lambda: "is not reached" in club.errors(), 10), club.errors()
            said = club.errors()
            assert "club: the broker %s is not reached (no answer)" % url in said, said
            assert time.monotonic() - started < 10  # at the first try, not a keepalive's end
            driver.get(club.url + "/")
            header = _said_by_the_header(driver, 20, "unreached")
            since = time.strftime("%H:%M:%S", time.localtime(down["broker"]["since"]))
            assert header == "off broker %s not reached since %s; trying again" % (url, since), \
                header
            assert said.count("is not reached") == 1, said  # each try is not said again

            broker.start()
            club.wait_for("/api/club", lambda s: s["broker"]["state"] == "live", timeout_s=30)
            assert _said_by_the_header(driver, 20, "live") == "on live"
            assert wait_for(lambda: "is reached again" in club.errors(), 10), club.errors()

            broker.stop()
            club.wait_for("/api/club", lambda s: s["broker"]["state"] == "unreached",
                          timeout_s=10)
            assert _said_by_the_header(driver, 20, "unreached").startswith(
                "off broker %s not reached since" % url)
            assert wait_for(lambda: "not reached (the link dropped)" in club.errors(), 10), \
                club.errors()
            assert "Traceback" not in club.errors()
    finally:
        driver.quit()
        broker.stop()
