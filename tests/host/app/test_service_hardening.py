"""The systemd unit is hardened and still does its job (issue 13, item 8).

With Debian's systemd (``make test`` installs it when missing): ``systemd-analyze verify``
finds nothing to say about the unit, ``systemd-analyze security`` rates it 2.5 or less, and
the referee's own system calls, traced with strace through a whole game of real processes,
are all inside the unit's ``SystemCallFilter``. The device list names the kernel's devices
for the hub's serial port, the I2C bus and the GPIO chips.
"""
from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from rigs.process_table import ROOT, Cable, finished, new_table, start_hub, stop, wait_for

from host.games.hexors.demo import collector_script

UNIT = ROOT / "host" / "deploy" / "hexref.service"
EXPOSURE_LIMIT = 2.5


def _tool(name: str) -> str:
    path = shutil.which(name)
    assert path, "%s is missing: make test installs Debian's %s package" % (
        name, {"systemd-analyze": "systemd"}.get(name, name))
    return path


def _root(tmp_path: Path) -> Path:
    """A root with the unit where it is installed, its ExecStart, and Debian's units."""
    root = tmp_path / "root"
    exe = root / "opt" / "hexref" / ".venv" / "bin" / "hexref"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    (root / "etc" / "systemd" / "system").mkdir(parents=True)
    shutil.copy(UNIT, root / "etc" / "systemd" / "system" / UNIT.name)
    (root / "usr" / "lib" / "systemd").mkdir(parents=True)
    shutil.copytree("/usr/lib/systemd/system", root / "usr" / "lib" / "systemd" / "system",
                    symlinks=True)
    return root


def _service() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    section = ""
    for line in UNIT.read_text().splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
        elif line and not line.startswith("#") and section == "[Service]":
            key, _, value = line.partition("=")
            out.setdefault(key, []).append(value)
    return out


@pytest.mark.system
def test_systemd_analyze_verify_has_nothing_to_say(tmp_path):
    done = subprocess.run([_tool("systemd-analyze"), "verify", "--man=no", "--generators=no",
                           "--root=%s" % _root(tmp_path), UNIT.name],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == "" and done.stdout == "", done.stderr


@pytest.mark.system
def test_systemd_analyze_security_rates_the_unit_safe(tmp_path):
    done = subprocess.run([_tool("systemd-analyze"), "security", "--offline=yes",
                           "--root=%s" % _root(tmp_path), UNIT.name, "--no-pager"],
                          capture_output=True, text=True, timeout=120)
    found = re.search(r"Overall exposure level for hexref.service: (\d+\.\d+)", done.stdout)
    assert found, done.stdout + done.stderr
    exposure = float(found.group(1))
    print("systemd-analyze security: exposure %.1f (limit %.1f)" % (exposure, EXPOSURE_LIMIT))
    assert exposure <= EXPOSURE_LIMIT


def test_the_unit_still_reaches_the_serial_port_i2c_and_gpio():
    service = _service()
    # Issue 23: a name (char-ttyACM) is looked up in /proc/devices once, at start, and
    # ttyACM is there only after cdc_acm loads (the hub's first plug): a boot without the
    # hub locked it out. The modules' devices go by the major the kernel fixes for them;
    # gpiochip (built in, its major chosen at boot) by name. DevicePolicy=closed allows
    # nothing else but /dev/null & co.
    assert service["DevicePolicy"] == ["closed"]
    allowed = {v.split()[0]: v.split()[1] for v in service["DeviceAllow"]}
    # ttyACM ttyUSB i2c, and ALSA for the voice (issue 34: snd is a module on the Pi too)
    for device in ("char-166", "char-188", "char-89", "char-116", "char-gpiochip"):
        assert allowed.get(device) == "rw", device
    named = [d for d in allowed if d.startswith("char-") and not d[5:].isdigit()]
    assert named == ["char-gpiochip"], named
    assert set(service["SupplementaryGroups"][0].split()) == {"i2c", "gpio", "dialout", "audio"}
    for cut_off in ("PrivateDevices", "PrivateUsers", "DynamicUser"):
        assert service.get(cut_off, ["no"]) == ["no"], cut_off  # would hide or unmap them
    writable = service["StateDirectory"] + service.get("ReadWritePaths", [])
    assert writable == ["hexref"]  # ProtectSystem=strict: the data folder only


def _filter_groups() -> dict[str, list[str]]:
    text = subprocess.run([_tool("systemd-analyze"), "syscall-filter", "--no-pager"],
                          capture_output=True, text=True, timeout=60).stdout
    groups: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        if line.startswith("@"):
            current = groups.setdefault(line.strip(), [])
        elif current is not None and line.strip() and not line.strip().startswith("#"):
            current.append(line.strip())
    return groups


def _expand(names: list[str], groups: dict[str, list[str]]) -> set[str]:
    out: set[str] = set()
    for name in names:
        out |= _expand(groups[name], groups) if name.startswith("@") else {name}
    return out


def _allowed_syscalls() -> set[str]:
    groups = _filter_groups()
    allowed = set(_expand(["@default"], groups))  # always permitted with an allow list
    for value in _service()["SystemCallFilter"]:
        if value.startswith("~"):
            allowed -= _expand(value[1:].split(), groups)
        else:
            allowed |= _expand(value.split(), groups)
    return allowed


# SQLite gives a new -wal or -journal file to the database's owner only when it runs as
# root (robust_fchown); the service runs as the user hexref, so it never asks.
ROOT_ONLY = {"fchown"}


@pytest.mark.system
def test_a_whole_game_of_hexref_run_stays_inside_the_syscall_filter(tmp_path):
    """``hexref run`` under strace -f, the hub's firmware on a pty playing the Collector's
    game to its winner: every system call the referee made is one the unit allows, and no
    memory was mapped writable and executable at once (MemoryDenyWriteExecute)."""
    strace = _tool("strace")
    cable = Cable(tmp_path / "hexref-hub")
    data, config, game_id = new_table(tmp_path, "jl-collector", cable.path)
    hub = start_hub(cable, collector_script(), tmp_path / "script.json")
    log = tmp_path / "strace.log"
    host = subprocess.Popen([strace, "-f", "-qq", "-o", str(log), sys.executable, "-m",
                             "host.commands.main", "run", "--config", str(config), "--emulate",
                             str(tmp_path / "frames"), "--no-gpio"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    child: list[str] = []
    try:
        assert wait_for(lambda: finished(data, game_id), 120), "the game never ended"
        # systemd's KillSignal to the referee (not to strace): its stop path is traced too
        child = Path("/proc/%d/task/%d/children" % (host.pid, host.pid)).read_text().split()
        os.kill(int(child[0]), signal.SIGINT)
        try:
            host.wait(timeout=30)  # 0.06 s on a loaded machine
        except subprocess.TimeoutExpired:
            # Say where it stood (the last system calls of each thread, the referee's log).
            host.kill()
            err = host.communicate()[1].decode(errors="replace")
            raise AssertionError("hexref run did not stop on SIGINT within 30 s\n%s\n%s"
                                 % ("\n".join(log.read_text().splitlines()[-40:]),
                                    err[-3000:])) from None
    finally:
        stop(host, hub)
        if child:  # strace killed leaves its tracee running: not past the test
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(child[0]), signal.SIGKILL)
        cable.close()
    made: set[str] = set()
    wx = []
    for line in log.read_text().splitlines():
        found = re.match(r"\d+\s+(?:<\.\.\. )?([a-z0-9_]+)[( ]", line)
        if found:
            made.add(found.group(1))
        if re.search(r"\b(mmap|mprotect)\(.*PROT_WRITE\|PROT_EXEC|PROT_EXEC\|PROT_WRITE",
                     line):
            wx.append(line)
    assert {"openat", "ioctl", "read", "write", "fdatasync"} <= made or \
        {"openat", "ioctl", "read", "write", "fsync"} <= made, sorted(made)
    outside = made - _allowed_syscalls() - ROOT_ONLY - {"exited", "killed", "resumed"}
    print("syscalls made: %d: %s" % (len(made), " ".join(sorted(made))))
    assert not outside, "syscalls the unit would refuse: %s" % sorted(outside)
    assert not wx, wx[:3]
    assert os.path.getsize(log) > 0
