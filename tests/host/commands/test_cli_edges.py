"""The command line as a user meets it: `hexref --version`, odds from enrolled tiles and
written-out values, no traceback on a bad path, a bad file or a closed pipe, and commands
that only look create nothing. Real processes (``python -m host.commands.main``) where the outcome is
about the process: its exit code, its stderr, the files it leaves."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from rigs.tree import ROOT

from host.storage.registry import Registry
from host.storage.store import Store

pytestmark = pytest.mark.system  # real processes, browsers or brokers



def hexref(*args: str, data: Path | None = None, stdin: str | None = None,
           cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if data is not None:
        env["HEXREF_DATA"] = str(data)
    return subprocess.run([sys.executable, "-m", "host.commands.main", *args], capture_output=True,
                          text=True, env=env, input=stdin, cwd=cwd or ROOT, timeout=60)


def no_traceback(done: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in done.stderr and "Error:" not in done.stderr.split(": ")[0], \
        done.stderr


def enrolled_table(data: Path) -> None:
    registry = Registry.open(data)
    registry.enroll("04A1B2C3D4E502", "jl/superman", owner="alice",
                    strike={"green": 7, "blue": 5, "yellow": 6, "red": 5, "purple": 4,
                            "white": 8})
    registry.enroll("04A1B2C3D4E512", "jl/doomsday", owner="bob")  # only red=8 printed
    registry.store.close()


def test_version():
    done = hexref("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == "hexref 0.1.0"  # pyproject.toml's version


def test_odds_from_enrolled_tiles_by_uid_and_owner_and_written_out_values(tmp_path):
    """JL-B5 odds with a tile's corrected values, named as the table knows it."""
    data = tmp_path / "data"
    enrolled_table(data)
    doomsday = "green=6,blue=4,yellow=5,red=8,purple=7,white=3"
    by_uid = hexref("odds", "hexors", "--attacker", "04A1B2C3D4E502", "--defender",
                    doomsday, "--json", data=data)
    by_owner = hexref("odds", "hexors", "--attacker", "alice:superman", "--defender",
                      doomsday, "--json", "--data", str(data))
    by_values = hexref("odds", "hexors", "--attacker", "7,5,6,5,4,8", "--defender",
                       "6,4,5,8,7,3", "--json")
    assert by_uid.returncode == by_owner.returncode == by_values.returncode == 0, \
        by_uid.stderr + by_owner.stderr + by_values.stderr
    assert by_uid.stdout == by_owner.stdout == by_values.stdout
    said = hexref("odds", "hexors", "--attacker", "alice:jl/superman", "--defender",
                  doomsday, data=data)
    assert said.stdout.startswith("alice:jl/superman (Superman) against " + doomsday), \
        said.stdout


def test_odds_say_what_a_side_lacks(tmp_path):
    data = tmp_path / "data"
    enrolled_table(data)
    cases = {
        ("jl/superman",): "yellow=6",  # the catalogue prints one value
        ("04A1B2C3D4E512",): "hexref tiles correct",  # enrolled, never corrected
        ("green=1,blue=2",): "no value for yellow, red, purple, white",
        ("pink=3,green=1,blue=2,yellow=1,red=1,purple=1",): "colour=value",
        ("carol:superman",): "no enrolled tile of 'carol'",
        ("superman",): "is not a tile",
        ("04FFFFFFFFFF01",): "not enrolled",
    }
    for (side,), said in cases.items():
        done = hexref("odds", "hexors", "--attacker", side, "--defender", "1,1,1,1,1,1",
                      data=data)
        assert done.returncode == 2, (side, done.stdout, done.stderr)
        assert said in done.stderr, (side, done.stderr)
        no_traceback(done)


def test_bad_paths_and_bad_files_get_a_message_not_a_traceback(tmp_path):
    data = tmp_path / "data"
    enrolled_table(data)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe not json")
    for args, said in (
            (("tiles", "export", "/no/such/dir/x.json"), "cannot write /no/such/dir/x.json"),
            (("tiles", "import", "/no/such/file.json"), "No such file"),
            (("tiles", "import", str(bad)), "not UTF-8"),
            (("replay", "12"), "no games stored yet"),
            (("replay", "twelve"), "GAME is a game number"),
    ):
        done = hexref(*args, data=data)
        assert done.returncode in (1, 2), (args, done.stdout, done.stderr)
        assert said in done.stderr, (args, done.stderr)
        no_traceback(done)


def test_a_closed_pipe_ends_quietly(tmp_path):
    """`hexref replay last | head -1`, `hexref tiles export | head -1`."""
    data = tmp_path / "data"
    run = subprocess.run([sys.executable, "-m", "host.commands.main", "demo", "--out",
                          str(tmp_path / "demo"), "--live", "no"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    env = dict(os.environ, HEXREF_DATA=str(tmp_path / "demo" / "data"))
    for command in ("replay last", "tiles export --format csv"):
        shell = subprocess.run("%s -m host.commands.main %s | head -1" % (sys.executable, command),
                               shell=True, cwd=ROOT, env=env, capture_output=True,
                               text=True, timeout=60)
        assert shell.returncode == 0 and len(shell.stdout.splitlines()) == 1, shell
        assert shell.stderr == "", shell.stderr
    assert not data.exists()


def test_commands_that_only_look_create_nothing(tmp_path):
    data = tmp_path / "data"
    for args in (("tiles", "list"), ("tiles", "export"), ("replay",), ("replay", "last"),
                 ("odds", "hexors", "--attacker", "04A1B2C3D4E502", "--defender",
                  "1,1,1,1,1,1"),
                 ("doctor", "--no-ping", "--config", str(tmp_path / "none.toml"))):
        done = hexref(*args, data=data)
        no_traceback(done)
        assert not data.exists(), (args, sorted(p.name for p in data.iterdir()))
    # Where there is a database, looking still makes no collection key.
    Store(data).close()
    for args in (("tiles", "list"), ("tiles", "export"), ("replay",)):
        assert hexref(*args, data=data).returncode == 0
    assert not (data / "collection.key").exists()
