"""hexref installed as its users install it, then run to a winner, outside this checkout.

- The Raspberry Pi way (README, "Install the referee on the Pi"): Debian's own
  ``/usr/bin/python3``, a venv with ``--system-site-packages`` (so Debian's packages, such
  as ``python3-pil``, count as installed), ``pip install -e .`` in a copy of the repository.
- The wheel: ``pip wheel`` builds it, a fresh venv installs it, ``hexref demo`` runs from
  another directory (so nothing is imported from the checkout by accident).

Both install from one wheelhouse filled once per run (``pip download``: the hexref wheel's
dependencies and the build backend), so each install is a local copy. The Debian packages
(``python3-venv``, ``python3-pil``) are installed by ``make test`` when missing; this test
fails, saying so, without them.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.system  # real processes, browsers or brokers

ROOT = Path(__file__).resolve().parent.parent
DEBIAN_PYTHON = Path("/usr/bin/python3")


def _run(cmd: list, cwd: Path | None = None, timeout: int = 600,
         env: dict | None = None) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, env=env)
    assert done.returncode == 0, "%s failed (%d):\n%s\n%s" % (
        " ".join(map(str, cmd)), done.returncode, done.stdout[-3000:], done.stderr[-3000:])
    return done


def _copy_checkout(dest: Path) -> Path:
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


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory) -> dict:
    debian = _run([DEBIAN_PYTHON, "-c",
                   "import ensurepip, venv, PIL, sys; print(PIL.__version__)"], timeout=60)
    assert debian.stdout.strip(), "Debian's python3-venv and python3-pil are needed " \
                                  "(make test installs them)"
    base = tmp_path_factory.mktemp("install")
    wheels = base / "wheels"
    src = _copy_checkout(base / "src")
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", wheels, src])
    built = sorted(wheels.glob("hexref-*.whl"))
    assert len(built) == 1, built
    # Everything both installs need, for Debian's Python (the interpreter the Pi runs).
    tool = base / "tool-venv"
    _run([DEBIAN_PYTHON, "-m", "venv", tool])
    _run([tool / "bin" / "python", "-m", "pip", "download", "--quiet", "-d", wheels,
          built[0], "setuptools>=68", "wheel"])
    return {"wheels": wheels, "wheel": built[0], "src": src, "base": base}


def _demo_to_a_winner(hexref: Path, cwd: Path, lang: str = "en") -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["HEXREF_DATA"] = str(cwd / "data")
    done = _run([hexref, "demo", "--out", cwd / "out", "--live", "no", "--lang", lang],
                cwd=cwd, env=env, timeout=300)
    transcript = (cwd / "out" / "transcript.txt").read_text()
    won = {"en": "P1 wins", "fr": "P1 gagne", "es": "P1 gana"}[lang]
    assert won in transcript, transcript[-2000:]
    assert sorted((cwd / "out").glob("frame_*.png")), "no frame saved"
    return done.stdout


def test_raspberry_pi_install_runs_the_referee_to_a_winner(wheelhouse, tmp_path):
    """README: `python3 -m venv --system-site-packages .venv`, `.venv/bin/pip install -e .`
    with Debian's Python and Debian's python3-pil, then the referee plays a game."""
    opt = tmp_path / "opt-hexref"
    shutil.copytree(wheelhouse["src"], opt)
    _run([DEBIAN_PYTHON, "-m", "venv", "--system-site-packages", opt / ".venv"], cwd=opt)
    pip = opt / ".venv" / "bin" / "pip"
    _run([pip, "install", "--quiet", "--no-index", "--find-links", wheelhouse["wheels"],
          "-e", "."], cwd=opt)
    python = opt / ".venv" / "bin" / "python"
    where = _run([python, "-c", "import PIL; print(PIL.__file__)"])
    # Bookworm's python3-pil (9.4) is what the referee draws with: pip kept it.
    assert where.stdout.startswith("/usr/lib/python3/dist-packages/PIL/"), where.stdout
    table = tmp_path / "table"
    table.mkdir()
    _demo_to_a_winner(opt / ".venv" / "bin" / "hexref", table)


def test_wheel_installed_in_a_fresh_venv_plays_the_demo_outside_the_checkout(
        wheelhouse, tmp_path):
    venv = tmp_path / "venv"
    _run([DEBIAN_PYTHON, "-m", "venv", venv])
    _run([venv / "bin" / "pip", "install", "--quiet", "--no-index", "--find-links",
          wheelhouse["wheels"], wheelhouse["wheel"]])
    # Nothing of the checkout on the path: the installed package alone plays the game.
    where = _run([venv / "bin" / "python", "-c",
                  "import host, firmware.twins, shared_rules; print(host.__file__)"],
                 cwd=tmp_path)
    assert str(venv) in where.stdout, where.stdout
    # The compiled catalogues ship in the wheel: the table is spoken to in French.
    with zipfile.ZipFile(wheelhouse["wheel"]) as wheel:
        names = set(wheel.namelist())
    for lang in ("en", "fr", "es"):
        assert "host/common/locale/%s/LC_MESSAGES/hexref.mo" % lang in names, sorted(names)
    _demo_to_a_winner(venv / "bin" / "hexref", tmp_path, "fr")
    # The emulated Pico runs from a checkout after make setup (make, Node, rp2040js): from
    # the wheel, --board pico and pocket say so in one sentence at once, and leave nothing.
    for board in ("pico", "pocket"):
        out = tmp_path / ("out-" + board)
        done = subprocess.run([venv / "bin" / "hexref", "demo", "--board", board, "--out",
                               out], cwd=tmp_path, capture_output=True, text=True, timeout=60)
        said = done.stderr.strip()
        assert done.returncode == 1 and len(said.splitlines()) == 1, (done.returncode, said)
        assert said.startswith("hexref demo: --board %s " % board) and "checkout" in said, said
        assert not out.exists()
