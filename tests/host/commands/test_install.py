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
import zipfile
from pathlib import Path

import pytest
from rigs.installed import DEBIAN_PYTHON, fresh_venv, run, wheelhouse

pytestmark = pytest.mark.system  # real processes, browsers or brokers


@pytest.fixture(scope="module")
def house() -> dict:
    return wheelhouse()


def _demo_to_a_winner(hexref: Path, cwd: Path, lang: str = "en") -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["HEXREF_DATA"] = str(cwd / "data")
    done = run([hexref, "demo", "--out", cwd / "out", "--live", "no", "--lang", lang],
                cwd=cwd, env=env, timeout=300)
    transcript = (cwd / "out" / "transcript.txt").read_text()
    won = {"en": "P1 wins", "fr": "P1 gagne", "es": "P1 gana"}[lang]
    assert won in transcript, transcript[-2000:]
    assert sorted((cwd / "out").glob("frame_*.png")), "no frame saved"
    return done.stdout


def test_raspberry_pi_install_runs_the_referee_to_a_winner(house, tmp_path):
    """README: `python3 -m venv --system-site-packages .venv`, `.venv/bin/pip install -e .`
    with Debian's Python and Debian's python3-pil, then the referee plays a game."""
    opt = tmp_path / "opt-hexref"
    shutil.copytree(house["src"], opt)
    run([DEBIAN_PYTHON, "-m", "venv", "--system-site-packages", opt / ".venv"], cwd=opt)
    pip = opt / ".venv" / "bin" / "pip"
    run([pip, "install", "--quiet", "--no-index", "--find-links", house["wheels"],
          "-e", "."], cwd=opt)
    python = opt / ".venv" / "bin" / "python"
    where = run([python, "-c", "import PIL; print(PIL.__file__)"])
    # Bookworm's python3-pil (9.4) is what the referee draws with: pip kept it.
    assert where.stdout.startswith("/usr/lib/python3/dist-packages/PIL/"), where.stdout
    table = tmp_path / "table"
    table.mkdir()
    _demo_to_a_winner(opt / ".venv" / "bin" / "hexref", table)


def test_wheel_installed_in_a_fresh_venv_plays_the_demo_outside_the_checkout(
        house, tmp_path):
    venv = tmp_path / "venv"
    fresh_venv(house, venv)
    # Nothing of the checkout on the path: the installed package alone plays the game.
    where = run([venv / "bin" / "python", "-c",
                  "import host, firmware.sim.twins, shared_rules; print(host.__file__)"],
                 cwd=tmp_path)
    assert str(venv) in where.stdout, where.stdout
    # The compiled catalogues ship in the wheel: the table is spoken to in French.
    with zipfile.ZipFile(house["wheel"]) as wheel:
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
