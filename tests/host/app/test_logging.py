"""What `journalctl -u hexref` shows: a real ``hexref run`` process (stderr is the journal
under systemd, which sets JOURNAL_STREAM), a real hub process on a pseudo-terminal, and
each event the operator needs to see, as it happens:

start and configuration, the hub not found yet, the panel failing and drawing again (its
frames directory replaced by a file: every frame write fails with a real OSError), the hub
found and its HELLO, a refused input at debug level (JL-C9: Teamwork with no Stone), the
winner, the hub silent (its process stopped), the hub lost (killed, its port gone), the
stop; and, in a second process, a storage problem at start (a damaged database).
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from rigs.process_table import ROOT, Cable, new_table, start_hub, stop, wait_for

from host.games.hexors.demo import collector_script

pytestmark = pytest.mark.system  # real processes, browsers or brokers


class Journal:
    """The lines a process writes to stderr, as journald would file them: ``<N>`` is the
    syslog priority (3 error, 4 warning, 6 info, 7 debug)."""

    def __init__(self, proc: subprocess.Popen) -> None:
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self._read, args=(proc,), daemon=True)
        self.thread.start()

    def _read(self, proc: subprocess.Popen) -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            self.lines.append(line.decode().rstrip("\n"))

    def find(self, priority: int, pattern: str) -> str | None:
        for line in list(self.lines):
            m = re.match(r"<(\d)>(hexref\.\w+: .*)", line)
            if m and int(m.group(1)) == priority and re.search(pattern, m.group(2)):
                return line
        return None

    # Patterns match from the logger's name: "hexref.run: hub found on ...".

    def wait(self, priority: int, pattern: str, seconds: float = 20) -> str:
        line = wait_for(lambda: self.find(priority, pattern), seconds)
        assert line, "no <%d> line matching %r in:\n%s" % (priority, pattern,
                                                            "\n".join(self.lines))
        return line


def _hexref_run(config: Path, frames: Path, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, JOURNAL_STREAM="8:12345")  # what systemd sets for a service
    return subprocess.Popen([sys.executable, "-m", "host.commands.main", "--log-level", "debug", "run",
                             "--config", str(config), "--emulate", str(frames), "--no-gpio",
                             *extra], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)


def test_the_journal_shows_start_hub_panel_refusals_winner_silence_loss_and_stop(tmp_path):
    port = tmp_path / "hexref-hub"
    data, config, game_id = new_table(tmp_path, "jl-collector", port)
    frames = tmp_path / "frames"
    host = _hexref_run(config, frames)
    journal = Journal(host)
    hub = cable = None
    try:
        journal.wait(6, r"^hexref.run: hexref \S+ starting: config %s; data %s; hub %s; "
                        r"panel emulated" % (re.escape(str(config)), re.escape(str(data)), re.escape(str(port))))
        # The port the config names, said (issue 35: "reader hub not found on USB" named
        # none, whatever the config said).
        journal.wait(6, r"^hexref.run: hub: no reader hub at \S*hexref-hub \(the config's "
                        r"\[hub\] port\)")
        # The panel fails: its frames directory becomes a file; the reconnecting screen's
        # countdown keeps asking for new frames.
        assert wait_for(lambda: list(frames.glob("frame_*.png")), 10)
        shutil.rmtree(frames)
        frames.write_text("not a directory")
        journal.wait(3, r"^hexref.panel: cannot draw a frame: NotADirectoryError")
        frames.unlink()
        frames.mkdir()
        journal.wait(6, r"^hexref.panel: drawing again after \d+ failed frame")

        cable = Cable(port)
        hub = start_hub(cable, collector_script(), tmp_path / "script.json")
        journal.wait(6, r"^hexref.run: hub found on %s" % re.escape(str(port)))
        journal.wait(6, r"^hexref.run: hub says HELLO: firmware \S+, board \S+, "
                        r"boot [0-9A-F]{8}")
        # A refusal is logged at info with its rule ID, which the players' panel no longer
        # shows (issue 19).
        journal.wait(6, r"^hexref.run: refused: .*\(JL-C9\)", 45)
        journal.wait(6, r"^hexref.run: game %d won by P1" % game_id, 45)

        hub.send_signal(signal.SIGSTOP)  # a hub that hangs: its port stays, it says nothing
        journal.wait(4, r"^hexref.run: hub silent for \d+ s on %s" % re.escape(str(port)))
        hub.send_signal(signal.SIGCONT)
        journal.wait(6, r"^hexref.run: hub speaking again")
        hub.send_signal(signal.SIGKILL)  # the cable pulled: the port goes with it
        hub.wait(timeout=10)
        cable.close()
        journal.wait(4, r"^hexref.run: hub lost: reader disconnected")
        host.send_signal(signal.SIGTERM)  # systemctl stop
        assert host.wait(timeout=10) == 0
        journal.thread.join(timeout=5)
        journal.wait(6, r"^hexref.run: hexref stopped", 1)
    finally:
        stop(host, hub)
        if cable is not None:
            cable.close()
    assert not any("Traceback" in line for line in journal.lines), "\n".join(journal.lines)
    # A refusal is play, not a fault: it never reaches the default level.
    assert not journal.find(4, "JL-C9") and not journal.find(3, "JL-C9")


def test_the_journal_shows_a_storage_problem_at_start(tmp_path):
    """A database that is not one (a damaged card, a wrong file copied in): said once, at
    error level, with the file and what to do; the referee waits for the fix (issue 22)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "hexref.db").write_bytes(b"this is not an SQLite database" * 100)
    config = tmp_path / "hexref.toml"
    config.write_text('[hub]\nport = "%s"\n[data]\ndir = "%s"\n' % (tmp_path / "no-hub", data))
    host = _hexref_run(config, tmp_path / "frames")
    journal = Journal(host)
    try:
        line = journal.wait(3, r"^hexref.run: cannot open the database: .*hexref\.db is "
                               r"damaged \(file is not a database\): restore .*hexref "
                               r"restore FILE.*; the panel says Database damaged", 20)
        wait_for(lambda: False, 4.5)
        assert host.poll() is None
    finally:
        stop(host)
    journal.thread.join(timeout=5)
    assert str(data) in line
    assert len([x for x in journal.lines if "cannot open the database" in x]) == 1
    assert not any("Traceback" in x for x in journal.lines), "\n".join(journal.lines)
