"""Every bench ``make bench`` runs, in order, and how: the one list ``make bench`` (full
figures) and ``make test`` (quick mode, so a bench that no longer runs fails CI) share.

- ``tests/bench_*.py`` under the venv's CPython;
- those whose docstring names ``tests/mpy/bench.mjs`` also under MicroPython;
- the MicroPython-only benches ``tests/mpy/bench_*.mjs``;
- ``tests/pico/bench.py``: the official MicroPython rp2 firmware on an emulated RP2040;
  ``tests/pico/bench_pocket.py``: the pocket build on it; ``tests/pico/bench_pocket_games.py``:
  the games beyond Hexors played on it.

Quick mode is the environment variable ``HEXREF_BENCH=quick``: each script runs every
measurement it has with few repetitions (its figures are not worth reading). Benches print,
never assert; only a script that fails to run fails.

usage: .venv/bin/python tests/benches.py [--quick]
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUICK = {"HEXREF_BENCH": "quick"}
# The helpers the benches import by name (tests/portable/, tests/rigs/'s parent), as pytest
# has them (pyproject.toml's pythonpath): the benches run as scripts, with this path.
# The checkout's root first: a script's own folder (tests/) holds tests/host/, a folder
# without __init__.py that Python would otherwise take for the host package.
PATH = {"PYTHONPATH": os.pathsep.join(str(ROOT / p) for p in (".", "tests", "tests/portable"))}
PICO = "tests/pico/bench.py"
POCKET = "tests/pico/bench_pocket.py"
POCKET_GAMES = "tests/pico/bench_pocket_games.py"


def commands(python: str = sys.executable) -> list[list[str]]:
    """Each bench as a command to run from the checkout's root."""
    scripts = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("tests/bench_*.py"))
    out = [[python, s] for s in scripts]
    out += [["node", "tests/mpy/bench.mjs", s] for s in scripts
            if "mpy/bench.mjs" in (ROOT / s).read_text()]
    out += [["node", p.relative_to(ROOT).as_posix()]
            for p in sorted(ROOT.glob("tests/mpy/bench_*.mjs"))]
    out.append([python, PICO])
    out.append([python, POCKET])
    out.append([python, POCKET_GAMES])
    return out


def title(command: list[str]) -> str:
    if command[-1] in (PICO, POCKET, POCKET_GAMES):
        return "%s (the official MicroPython rp2 firmware on an emulated RP2040)" % command[-1]
    if command[:2] == ["node", "tests/mpy/bench.mjs"]:
        return "%s (MicroPython)" % command[2]
    return command[-1]


def main(argv: list[str]) -> int:
    env = dict(os.environ, **PATH, **(QUICK if "--quick" in argv else {}))
    for command in commands():
        print("== " + title(command), flush=True)
        done = subprocess.run(command, cwd=ROOT, env=env)
        if done.returncode:
            print("== %s failed (exit %d)" % (title(command), done.returncode))
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
