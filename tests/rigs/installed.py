"""hexref installed as its users install it: a wheel built from a copy of the checkout (what
a clone holds: no .venv, no build output), its dependencies downloaded once for Debian's own
``/usr/bin/python3`` (the interpreter the Pi runs), and a fresh venv that installs them from
that wheelhouse alone. For tests/host/commands/test_install.py (the Pi's way and the wheel's) and
tests/host/commands/test_journeys.py (a newcomer's hour, from the installed command). The Debian packages
(``python3-venv``, ``python3-pil``) are installed by ``make test`` when missing; without
them this fails, saying so.
"""
from __future__ import annotations

import fcntl
import hashlib
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEBIAN_PYTHON = Path("/usr/bin/python3")


def run(cmd: list, cwd: Path | None = None, timeout: int = 600,
        env: dict | None = None) -> subprocess.CompletedProcess:
    """``cmd``, which must succeed; its output when it does."""
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=env)
    assert done.returncode == 0, "%s failed (%d):\n%s\n%s" % (
        " ".join(map(str, cmd)), done.returncode, done.stdout[-3000:], done.stderr[-3000:])
    return done


def copy_checkout(dest: Path) -> Path:
    """The repository's files as a clone would have them (tracked and new, not ignored):
    no .venv, no build output, no egg-info left by the development install."""
    listed = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    return dest


def wheelhouse(base: Path | None = None) -> dict:
    """The hexref wheel and every wheel its installs need: {"wheels", "wheel", "src",
    "base"}. Made once for these sources and kept under build/test-wheelhouse/ (the
    install and journeys suites, in any worker, share it: building and downloading is
    most of their time), or in ``base`` when given."""
    if base is None:
        digest = hashlib.sha256()
        listed = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"],
                                cwd=ROOT, capture_output=True, check=True).stdout
        for name in sorted(filter(None, listed.split(b"\0"))):
            src = ROOT / name.decode()
            if src.is_file():
                digest.update(name + b"\0" + src.read_bytes())
        base = ROOT / "build" / "test-wheelhouse" / digest.hexdigest()[:16]
        base.mkdir(parents=True, exist_ok=True)
        with open(base.parent / ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # one worker makes it, the others wait
            if not (base / "done").exists():
                for old in base.parent.iterdir():  # made for sources since changed
                    if old.is_dir():
                        shutil.rmtree(old)
                house = wheelhouse(base)
                (base / "done").touch()
                return house
        return {"wheels": base / "wheels", "wheel": next((base / "wheels").glob("hexref-*.whl")),
                "src": base / "src", "base": base}
    debian = run([DEBIAN_PYTHON, "-c",
                  "import ensurepip, venv, PIL, sys; print(PIL.__version__)"], timeout=60)
    assert debian.stdout.strip(), "Debian's python3-venv and python3-pil are needed " \
                                  "(make test installs them)"
    wheels = base / "wheels"
    src = copy_checkout(base / "src")
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", wheels, src])
    built = sorted(wheels.glob("hexref-*.whl"))
    assert len(built) == 1, built
    # The build backend pyproject.toml asks for, for the editable install's own build.
    backend = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    tool = base / "tool-venv"
    run([DEBIAN_PYTHON, "-m", "venv", tool])
    run([tool / "bin" / "python", "-m", "pip", "download", "--quiet", "-d", wheels,
         built[0], *backend, "wheel"])
    return {"wheels": wheels, "wheel": built[0], "src": src, "base": base}


def fresh_venv(house: dict, venv: Path) -> Path:
    """A new venv of Debian's Python with the hexref wheel installed from ``house`` alone;
    returns its ``hexref`` command."""
    run([DEBIAN_PYTHON, "-m", "venv", venv])
    run([venv / "bin" / "pip", "install", "--quiet", "--no-index", "--find-links",
         house["wheels"], house["wheel"]])
    return venv / "bin" / "hexref"
