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


class HumanClock:
    """A table's clock for a game played at a person's pace: each reading (each journal
    entry, each game opened or finished) is ``step_s`` later than the one before, so a
    test plays in a second what people play in minutes, and the journal says minutes."""

    def __init__(self, step_s: float = 5.0) -> None:
        self.now = time.time()
        self.step_s = step_s

    def __call__(self) -> float:
        self.now += self.step_s
        return self.now


def pair(folder: Path, table: str, secret: bytes) -> None:
    """What ``hexref club-join`` leaves in a table's data folder."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / KEY_FILE).write_text(json.dumps(
        {"table": table, "code": pairing_code(secret, table).replace("-", "")}))


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
