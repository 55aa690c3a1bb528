"""A club night's broker and what its tests share: Debian's Mosquitto on a free port,
a table paired with the club as ``hexref club-join`` leaves it, and the night's results as
each table's own database says."""
from __future__ import annotations

import json
import signal
import socket
import subprocess
import time
from pathlib import Path

from host.readers.club import KEY_FILE
from host.readers.club_messages import pairing_code
from host.readers.web_model import Follower
from host.storage.store import Store
from rigs.debian import tool
from rigs.tree import ROOT

ACL = ROOT / "host" / "deploy" / "hexref-club.acl"  # the README's recipe: the club's ACL


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mosquitto:
    """Debian's broker on 127.0.0.1:port, persisting to ``folder`` (as a club's would)."""

    def __init__(self, folder: Path, port: int, security: str = "allow_anonymous true\n") -> None:
        """``security``: the listener's own lines (accounts, TLS)."""
        self.binary = tool("mosquitto", "mosquitto")
        self.port = port
        self.conf = folder / "mosquitto.conf"
        self.log = folder / "mosquitto.log"
        self.conf.write_text(
            "listener %d 127.0.0.1\n%spersistence true\n"
            "persistence_location %s/\nautosave_interval 1\nuser root\n"
            "log_dest file %s\n" % (port, security, folder, self.log))
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([self.binary, "-c", str(self.conf)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                assert self.proc.poll() is None, self.proc.stderr.read().decode()  # type: ignore[union-attr]
                time.sleep(0.05)
        raise AssertionError("mosquitto did not listen on port %d" % self.port)

    def stop(self, how: int = signal.SIGTERM) -> None:
        """As ``systemctl restart`` does: SIGTERM, and the broker saves its sessions;
        SIGKILL: a crash or a power cut, with whatever it had not saved lost."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(how)
            self.proc.wait(timeout=10)
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()


def certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A club's own certificate authority and the broker's certificate for 127.0.0.1, made
    with openssl as the README's recipe makes them: (authority, certificate, key)."""
    ca_key, ca, key, csr, cert = (folder / n for n in (
        "ca.key", "ca.pem", "broker.key", "broker.csr", "broker.pem"))
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    openssl = tool("openssl", "openssl")
    run = lambda *a: subprocess.run([openssl, *a], check=True, capture_output=True)  # noqa: E731
    run("req", "-x509", *ec, "-keyout", str(ca_key), "-out", str(ca), "-days", "2",
        "-subj", "/CN=hexref test club authority")
    run("req", *ec, "-keyout", str(key), "-out", str(csr), "-subj", "/CN=127.0.0.1")
    ext = folder / "san.cnf"
    ext.write_text("subjectAltName=IP:127.0.0.1\n")
    run("x509", "-req", "-in", str(csr), "-CA", str(ca), "-CAkey", str(ca_key),
        "-CAcreateserial", "-out", str(cert), "-days", "2", "-extfile", str(ext))
    return ca, cert, key


def passwords(folder: Path, accounts: dict[str, str]) -> Path:
    """A Mosquitto password file with ``accounts`` (name -> password), as mosquitto_passwd
    writes it."""
    path = folder / "passwords"
    for n, (user, password) in enumerate(accounts.items()):
        subprocess.run([tool("mosquitto_passwd", "mosquitto"), "-b"] + (["-c"] if n == 0 else
                                                                         []) +
                       [str(path), user, password], check=True, capture_output=True)
    return path


def club_broker(folder: Path, accounts: dict[str, str]) -> tuple[Mosquitto, Path]:
    """Debian's Mosquitto set up as the README's recipe sets up a club's: accounts only (a
    password file), TLS with the club's own authority, and the club's ACL
    (host/deploy/hexref-club.acl). Returns the broker (not started) and the authority."""
    ca, cert, key = certificates(folder)
    return Mosquitto(folder, free_port(), (
        "allow_anonymous false\npassword_file %s\nacl_file %s\ncafile %s\ncertfile %s\n"
        "keyfile %s\n" % (passwords(folder, accounts), ACL, ca, cert, key))), ca


def pair(folder: Path, table: str, secret: bytes) -> None:
    """What ``hexref club-join`` leaves in a table's data folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / KEY_FILE).write_text(json.dumps(
        {"table": table, "code": pairing_code(secret, table).replace("-", "")}))


def machine_game(folder: Path) -> list[dict]:
    """A whole game of the demo (its winner decided) as a table publishes it, but played by
    a machine: every input within milliseconds of the one before, as its journal says. Each
    message lacks its table, its game's number, its night and its signature."""
    from rigs.table_rig import Table, demo_game_events

    with Store(folder) as store:
        game_id = store.new_game("jl-beginner", ["P1", "P2"])
        table = Table(store, game_id, boot="0000F100")
        table.play(demo_game_events())
        assert table.referee.game.winners == [0]
        times = store.journal(game_id).times()
        return [{"seq": n + 1, "variant": "jl-beginner", "players": ["P1", "P2"],
                 "created": times[0], "target": e.target, "input": list(e.input),
                 "accepted": e.accepted, "boot": e.boot, "hub_seq": e.seq, "time": times[n]}
                for n, e in enumerate(store.journal(game_id).entries)]


def from_journals(folders: list[Path]) -> tuple[list, int]:
    """The night's results as each table's own database says, folded by the referee."""
    results = []
    entries = 0
    for folder in folders:
        with Store(folder) as store:
            for row in store.games():
                journal = store.journal(row.id)
                follower = Follower(row)
                follower.feed(journal.entries, journal.times())
                entries += follower.seen
                if follower.winners:
                    results.append((row.players, [row.players[p] for p in follower.winners]))
    return results, entries
