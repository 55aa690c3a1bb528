"""Debian's packages a test needs, installed with apt-get when missing (CI runs as root on
a clean machine with Debian's archive reachable). A package that cannot be installed FAILS
the test that needs it, with apt-get's own words: no test is skipped for want of it."""
from __future__ import annotations

import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

_lock = threading.Lock()


def _found(program: str) -> str | None:
    if os.path.isabs(program):
        return program if os.access(program, os.X_OK) else None
    return shutil.which(program) or next(
        (str(Path(d) / program) for d in ("/usr/sbin", "/sbin")
         if os.access(Path(d) / program, os.X_OK)), None)


def ensure(programs: dict[str, str]) -> dict[str, str]:
    """``{program: package}`` -> ``{program: its path}``, installing what is missing."""
    with _lock:
        missing = sorted({pkg for prog, pkg in programs.items() if _found(prog) is None})
        if missing:
            sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
            env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
            lock = ["-o", "DPkg::Lock::Timeout=600"]
            for cmd in (sudo + ["apt-get", "update", "-qq"] + lock,
                        sudo + ["apt-get", "install", "-y", "-qq"] + lock + missing):
                done = subprocess.run(cmd, env=env, capture_output=True, text=True,
                                      timeout=900)
                if done.returncode != 0:
                    pytest.fail("cannot install %s from Debian (%s): %s" % (
                        ", ".join(missing), " ".join(cmd), done.stderr.strip()[-800:]))
        paths = {prog: _found(prog) for prog in programs}
        lost = [prog for prog, path in paths.items() if path is None]
        if lost:
            pytest.fail("installed %s but %s still not found" % (
                ", ".join(missing), ", ".join(lost)))
        return {prog: str(path) for prog, path in paths.items()}
