"""The page's and the club publisher's systemd units: ``systemd-analyze verify`` has nothing
to say about them beside the referee's own unit, each starts with the referee and stops
with it, runs the command it should as ``hexref``, and ``systemd-analyze security`` rates
it SAFE (the page needs the network, so it cannot be as closed as the referee)."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from rigs.debian import tool
from rigs.tree import ROOT

pytestmark = pytest.mark.system  # real processes, browsers or brokers

DEPLOY = ROOT / "host" / "deploy"
UNITS = {"hexref-web.service": "hexref web",  # its port: the config's [web], as the panel's
         "hexref-publish.service": "hexref publish"}
EXPOSURE_LIMIT = 2.5


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    exe = root / "opt" / "hexref" / ".venv" / "bin" / "hexref"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    units = root / "etc" / "systemd" / "system"
    units.mkdir(parents=True)
    for unit in ("hexref.service", *UNITS):
        shutil.copy(DEPLOY / unit, units / unit)
    shutil.copytree("/usr/lib/systemd/system", root / "usr" / "lib" / "systemd" / "system",
                    symlinks=True)
    return root


def _keys(unit: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in (DEPLOY / unit).read_text().splitlines():
        if line.strip() and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            out.setdefault(key.strip(), []).append(value.strip())
    return out


@pytest.mark.parametrize("unit", sorted(UNITS))
def test_unit_starts_with_the_referee_and_verifies(unit: str, tmp_path: Path):
    keys = _keys(unit)
    assert keys["ExecStart"] == ["/opt/hexref/.venv/bin/" + UNITS[unit]]
    assert keys["User"] == ["hexref"] and keys["PartOf"] == ["hexref.service"]
    assert keys["WantedBy"] == ["hexref.service"]
    assert "HEXREF_DATA=/var/lib/hexref" in keys["Environment"]
    done = subprocess.run([tool("systemd-analyze", "systemd"), "verify", "--man=no",
                           "--generators=no", "--root=%s" % _root(tmp_path), unit],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == "" and done.stdout == "", done.stderr
    rated = subprocess.run([tool("systemd-analyze", "systemd"), "security", "--offline=yes",
                            "--root=%s" % _root(tmp_path / "s"), unit, "--no-pager"],
                           capture_output=True, text=True, timeout=120)
    found = re.search(r"Overall exposure level for %s: (\d+\.\d+)" % re.escape(unit),
                      rated.stdout)
    assert found, rated.stdout + rated.stderr
    exposure = float(found.group(1))
    print("%s: exposure %.1f (limit %.1f)" % (unit, exposure, EXPOSURE_LIMIT))
    assert exposure <= EXPOSURE_LIMIT
