"""The operator's commands on the service's folder (issue 23, item 1): what one may not do
is said in one sentence with the fix that fits (join the group, log in again, the folder's
mode), never a traceback; and the service's group may correct, import and forget tiles
without the collection key, which stays the service's alone (0600).

Under a real user: the test runs as root (as CI does: make test installs Debian packages)
and runs hexref's command line as ``nobody`` (effective ids) with the groups each case
needs; the kernel decides what it may open.
"""
from __future__ import annotations

import contextlib
import grp
import io
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from rigs.process_table import enroll_demo_tiles

from host.commands.main import main
from host.games.hexors.demo import DEMO_CORRECTIONS, UIDS
from shared_rules.games.hexors.decisions import COLOURS

pytestmark = pytest.mark.system  # real processes, browsers or brokers

USER = "nobody"


def _hexref(*args: str, groups: list[int]) -> subprocess.CompletedProcess:
    """``hexref ARGS`` in this process as ``nobody`` with ``groups`` (the effective ids,
    taken back after): the interpreter itself may live where only root can enter."""
    who = pwd.getpwnam(USER)
    out, err = io.StringIO(), io.StringIO()
    home = os.environ.get("HOME")
    os.environ["HOME"] = "/tmp"  # nobody's own, not root's
    os.setgroups(groups)
    os.setegid(who.pw_gid)
    os.seteuid(who.pw_uid)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    finally:
        os.seteuid(0)
        os.setegid(0)
        os.setgroups([0])
        if home is not None:
            os.environ["HOME"] = home
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


@pytest.fixture
def service_folder():
    """A data folder as the service's unit leaves it: owned by root here (the service's
    user), group ``staff`` (the service's group), mode 2770; the key 0600, the database
    group-writable."""
    assert os.geteuid() == 0, "run as root (CI does): it switches to an unprivileged user"
    group = grp.getgrnam("staff").gr_gid
    base = Path(tempfile.mkdtemp(prefix="hexref-permissions-"))  # pytest's is root's alone
    os.chmod(base, 0o755)
    data = base / "data"
    data.mkdir()
    os.chown(data, 0, group)
    os.chmod(data, 0o2770)
    old = os.umask(0o027)  # SQLite makes the database 0644 less this: 0640, the issue's
    try:
        enroll_demo_tiles(data)  # as the service does: its store shares what it made
    finally:
        os.umask(old)
    assert (data / "hexref.db").stat().st_mode & 0o777 == 0o660
    assert (data / "collection.key").stat().st_mode & 0o777 == 0o600
    _warm(base)
    yield data, group
    shutil.rmtree(base, ignore_errors=True)


def _warm(base: Path) -> None:
    """Every module the commands import, imported now as root on a scratch copy: the
    interpreter's own library may be where ``nobody`` cannot read (/root/.pyenv)."""
    scratch = base / "scratch"
    enroll_demo_tiles(scratch)
    entry, fix = next(iter(DEMO_CORRECTIONS.items()))
    strike = ",".join("%s=%d" % kv for kv in zip(COLOURS, fix["strike"], strict=True))
    config = base / "scratch.toml"
    config.write_text('[data]\ndir = "%s"\n' % scratch)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for args in (["tiles", "list"], ["tiles", "correct", UIDS[entry], "--strike", strike],
                     ["tiles", "forget", UIDS[entry]]):
            main([*args, "--data", str(scratch)])
        main(["doctor", "--no-ping", "--config", str(config)])
    shutil.rmtree(scratch)
    config.unlink()


def test_outside_the_group_one_sentence_and_the_fix(service_folder):
    data, _group = service_folder
    done = _hexref("tiles", "list", "--data", str(data), groups=[])
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert "is not open to %s: join its group (sudo usermod -aG staff %s)" % (USER, USER) \
        in lines[0], lines[0]


def test_in_the_group_list_correct_and_forget_without_the_key(service_folder):
    data, group = service_folder
    listed = _hexref("tiles", "list", "--data", str(data), groups=[group])
    assert listed.returncode == 0 and "%d tiles" % len(UIDS) in listed.stdout, listed.stderr
    entry, fix = next(iter(DEMO_CORRECTIONS.items()))
    strike = ",".join("%s=%d" % kv for kv in zip(COLOURS, fix["strike"], strict=True))
    corrected = _hexref("tiles", "correct", UIDS[entry], "--strike", strike, "--data",
                        str(data), groups=[group])
    assert corrected.returncode == 0, corrected.stderr
    forgot = _hexref("tiles", "forget", UIDS[entry], "--data", str(data), groups=[group])
    assert forgot.returncode == 0 and "forgot" in forgot.stdout, forgot.stderr
    assert (data / "collection.key").stat().st_mode & 0o777 == 0o600  # still its alone


def test_a_folder_closed_to_its_group_says_the_mode_to_put_back(service_folder):
    data, group = service_folder
    os.chmod(data, 0o700)  # what a second unit's StateDirectoryMode=0700 did at each start
    done = _hexref("tiles", "list", "--data", str(data), groups=[group])
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "sudo chmod g+rwX %s" % data in lines[0], lines


def test_doctor_says_it_for_the_folder_it_cannot_enter(service_folder):
    data, group = service_folder
    os.chmod(data, 0o700)
    config = data.parent / "hexref.toml"
    config.write_text('[data]\ndir = "%s"\n' % data)
    os.chmod(config, 0o644)
    done = _hexref("doctor", "--no-ping", "--config", str(config), groups=[group])
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    line = [x for x in done.stdout.splitlines() if x.startswith("FIX   database")]
    assert line and "sudo chmod g+rwX %s" % data in line[0], done.stdout
    assert "chown" not in done.stdout


def test_enroll_with_no_referee_running_names_the_key_as_the_services(service_folder):
    """In the group, the service stopped: enrolling needs the collection key (0600, the
    service's), so it says to start the referee (enroll then asks it) or to run as it."""
    data, group = service_folder
    done = _hexref("enroll", "--entry", "jl/016", "--no-gpio", "--data", str(data),
                   groups=[group])
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "is the collection key, the service's alone: start the " \
        "referee" in lines[0], lines
