"""A newcomer's first hour (issue 35), walked as a user walks it: hexref installed from its
wheel into a fresh venv of Debian's Python, the README's commands run in order, twice, into
the same folders, in English, French and Spanish, with a mistake after each step — a file
where a folder goes, a folder where a file goes, a misspelt folder, a port out of range, a
config with a typo, a name that does not exist, another account that may read but not
write, Ctrl-C. Every mistake must be answered in one sentence that starts with the command
that failed (``hexref tiles revoke: ...``), in the table's language, with exit code 1 (it did
not happen) or 2 (it was asked wrongly), no traceback, and nothing changed on disk.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from rigs.installed import fresh_venv, wheelhouse

pytestmark = pytest.mark.system  # real processes

LANGUAGES = ("en", "fr", "es")
ODDS = ("odds", "hexors", "--attacker", "green=7,blue=5,yellow=6,red=5,purple=4,white=8",
        "--defender", "green=6,blue=4,yellow=5,red=8,purple=7,white=3")
OTHER = "nobody"  # an account that may read the table's folders but not write them


class Walk:
    """The installed ``hexref`` run in a folder of its own, as a user at a shell: a clean
    environment (no HEXREF_* of the test machine), the table's language by --lang."""

    def __init__(self, hexref: Path, home: Path, lang: str) -> None:
        self.hexref, self.home, self.lang = hexref, home, lang
        self.home.mkdir(parents=True, exist_ok=True)

    def env(self, **extra: str) -> dict[str, str]:
        return {"PATH": "/usr/bin:/bin", "HOME": str(self.home), "LANG": "C.UTF-8", **extra}

    def run(self, *args: str, user: str | None = None, timeout: float = 180,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        command = [str(self.hexref), *args, "--lang", self.lang]
        if user is not None:
            command = ["setpriv", "--reuid", user, "--regid", "nogroup", "--clear-groups",
                       "--", *command]
        return subprocess.run(command, cwd=self.home, capture_output=True, text=True,
                              timeout=timeout, env=env or self.env(), stdin=subprocess.DEVNULL)

    def ok(self, *args: str, code: int = 0, **kw) -> subprocess.CompletedProcess:
        done = self.run(*args, **kw)
        said = done.stdout + done.stderr
        assert done.returncode == code, (args, done.returncode, said[-2000:])
        assert "Traceback" not in said and "unexpected error" not in said, (args, said)
        return done

    def mistake(self, command: str, *args: str, code: int, words: str = "",
                **kw) -> str:
        """``hexref COMMAND ARGS`` answered by one sentence naming ``command``, exit
        ``code``, nothing changed in the user's folder; returns the sentence."""
        before = tree(self.home)
        done = self.run(*command.split(), *args, **kw)
        said = (done.stdout + done.stderr).strip()
        assert done.returncode == code, (command, args, done.returncode, said)
        assert "Traceback" not in said and "unexpected error" not in said, said
        last = said.splitlines()[-1]
        assert last.startswith("hexref %s: " % command), (command, args, said)
        assert words in last, (words, last)
        assert tree(self.home) == before, "hexref %s %s changed the folder" % (command, args)
        return last


def tree(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` with its bytes' hash (folders as such too)."""
    out = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        out[key] = ("dir" if path.is_dir() else
                    hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "?")
    return out


@pytest.fixture(scope="module")
def installed() -> Iterator[Path]:
    """hexref from its wheel in a fresh venv, where another account can run it too."""
    assert os.geteuid() == 0, "the journeys run commands as another account: run as root " \
                              "(CI does; make test as root)"
    base = Path(tempfile.mkdtemp(prefix="hexref-journeys-"))
    try:
        hexref = fresh_venv(wheelhouse(), base / "venv")
        subprocess.run(["chmod", "-R", "a+rX", str(base)], check=True)
        yield hexref
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_newcomers_hour_twice_with_a_mistake_after_each_step(installed, lang):
    home = installed.parents[2] / ("home-" + lang)
    walk = Walk(installed, home, lang)
    (home / "junk").mkdir()
    (home / "junk" / "hexref.db").write_bytes(os.urandom(4000))  # a damaged card's file
    (home / "backups").mkdir()
    said: dict[str, str] = {}
    for round_ in (1, 2):
        walk.ok("--version")
        # The demo, into the same folder each time: a new game to its winner.
        walk.ok("demo", "--live", "no", "--out", "out")
        games = walk.ok("replay", "--data", "out/data").stdout.splitlines()
        assert len(games) == round_, games
        said["demo file"] = walk.mistake("demo", "--out", "out/transcript.txt", code=2)
        said["demo proc"] = walk.mistake("demo", "--out", "/proc/x", code=1)
        said["demo variant"] = walk.mistake("demo", "--variant", "nope", code=2)

        walk.ok("replay", "last", "--data", "out/data")
        said["replay misspelt"] = walk.mistake("replay", "--data", "ou/data", code=1,
                                               words="ou/data")
        walk.mistake("replay", "--data", "out/transcript.txt", code=1)
        walk.mistake("replay", "999", "--data", "out/data", code=1)
        walk.mistake("replay", "last", "--data", "junk", code=1, words="junk/hexref.db")
        walk.mistake("replay", "twelve", "--data", "out/data", code=2)

        walk.ok("tiles", "list", "--data", "out/data")
        said["tiles junk"] = walk.mistake("tiles list", "--data", "junk", code=1)
        walk.mistake("tiles list", "--data", "ou/data", code=1)
        walk.mistake("tiles revoke", "nonsense", "--data", "out/data", code=2,
                     words="NONSENSE")

        walk.ok(*ODDS)
        said["odds"] = walk.mistake("odds hexors", "--attacker", "04A1B2C3D4E502",
                                    "--defender", "1,1,1,1,1,1", code=2)
        walk.mistake("odds heroscape", "--attack", "x", "--defense", "2", code=2)

        copy = "backups/%d.db" % round_
        walk.ok("backup", copy, "--data", "out/data")
        said["backup again"] = walk.mistake("backup", copy, "--data", "out/data", code=1,
                                            words=copy)
        walk.mistake("backup", "/nonexistdir/x.db", "--data", "out/data", code=1,
                     words="/nonexistdir")
        walk.mistake("restore", copy, "--data", "out/transcript.txt", code=1)
        # A folder where a file goes.
        walk.mistake("restore", "out", "--data", "out/data", code=1, words="out")
        walk.mistake("tiles import", "out", "--data", "out/data", code=1, words="out")
        walk.mistake("replay", "--config", "out", code=2, words="out")

        walk.ok("die-check", "--data", "out/data")
        walk.mistake("die-check", "--data", "ou/data", code=1)
        walk.mistake("die-check", "--data", "junk", code=1)
        walk.mistake("web", "--data", "out/data", "--port", "80000", code=2, words="80000")
        walk.mistake("web", "--data", "out/data", "--port", "-1", code=2)
        walk.mistake("club", "--port", "80000", code=2, words="80000")

        # A config with a typo stops every command alike, naming the file and the line.
        (home / "typo.toml").write_text("[panel]\ndriver = sh1106\n")
        for command, args in (("backup", ("b.db",)), ("replay", ()), ("tiles list", ()),
                              ("die-check", ()), ("doctor", ("--no-ping",)),
                              ("demo", ("--live", "no"))):
            said["typo"] = walk.mistake(command, *args, "--config", "typo.toml", code=2,
                                        words="typo.toml")
            assert "2" in said["typo"], said["typo"]  # its line
        (home / "typo.toml").write_text("[panel]\ndrivr = 'sh1106'\n[players]\n"
                                        "language = 'de'\n")
        walk.mistake("replay", "--config", "typo.toml", code=2, words="panel.drivr")
        (home / "typo.toml").unlink()
        walk.mistake("replay", code=2, words="missing.toml",
                     env=walk.env(HEXREF_CONFIG=str(home / "missing.toml")))

    # Another account that may read the table's folders but not write them (the referee
    # makes its own 0700: here they are opened to others' reading, as a club's shared
    # machine would).
    subprocess.run(["chmod", "-R", "go+rX,go-w", str(home)], check=True)
    for args in (("replay", "--data", "out/data"), ("replay", "last", "--data", "out/data"),
                 ("tiles", "list", "--data", "out/data"), ("die-check", "--data", "out/data")):
        walk.ok(*args, user=OTHER, env=walk.env(HOME="/nonexistent"))
    walk.mistake("tiles revoke", "04A1B2C3D4E502", "--data", "out/data", code=1,
                 user=OTHER, env=walk.env(HOME="/nonexistent"), words="out/data")

    # Ctrl-C in a demo: one line saying what was kept, exit 130; the next run goes on.
    demo = subprocess.Popen([str(walk.hexref), "demo", "--live", "no", "--out", "out",
                             "--lang", lang], cwd=home, env=walk.env(), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(3)
    demo.send_signal(signal.SIGINT)
    out, err = demo.communicate(timeout=60)
    assert demo.returncode == 130, (demo.returncode, err)
    assert "Traceback" not in err and err.strip().startswith("hexref demo: "), err
    assert "out/data" in err, err
    walk.ok("demo", "--live", "no", "--out", "out")

    if lang != "en":  # the mistakes were said in the table's language
        english = Walk(walk.hexref, walk.home, "en")
        assert said["replay misspelt"] != english.mistake("replay", "--data", "ou/data",
                                                          code=1)
        assert said["backup again"] != english.mistake("backup", "backups/2.db", "--data",
                                                       "out/data", code=1)
        assert said["odds"] != english.mistake("odds hexors", "--attacker", "04A1B2C3D4E502",
                                               "--defender", "1,1,1,1,1,1", code=2)
        # argparse's own words too (host/commands/argparse_words.py)
        assert said["demo variant"] != english.mistake("demo", "--variant", "nope", code=2)
