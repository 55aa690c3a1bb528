"""How long a real ``hexref run`` leaves the panel blank (issue 23, item 4; DESIGN.md's
target: the first frame within 0.5 s of start on the development machine, 8-15x that on a
Pi Zero 2 W), and how long after it the restored game is on the panel.

Measured from outside, as a user would: the process started, the panel written as PNG
frames (``--emulate``), each frame's file watched for. Prints, never asserts.

usage: .venv/bin/python tests/bench_start.py   (HEXREF_BENCH=quick: one run)
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rigs.process_table import ROOT, new_table, stop  # noqa: E402

RUNS = 1 if os.environ.get("HEXREF_BENCH") == "quick" else 7
TARGET_S = 0.5


def _when(path: Path, since: float, limit_s: float = 60.0) -> float:
    while not path.exists():
        if time.monotonic() - since > limit_s:
            raise SystemExit("no %s after %.0f s" % (path.name, limit_s))
        time.sleep(0.002)
    return time.monotonic() - since


def one_start(tmp: Path) -> tuple[float, float]:
    _data, config, _game = new_table(tmp, "jl-collector", tmp / "no-hub")
    frames = tmp / "frames"
    start = time.monotonic()
    host = subprocess.Popen([sys.executable, "-m", "host.commands.main", "run", "--config",
                             str(config), "--emulate", str(frames), "--no-gpio"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        first = _when(frames / "frame_0001.png", start)
        game = _when(frames / "frame_0003.png", start)  # after "Restoring game N: 0 s"
    finally:
        stop(host)
    return first, game


def main() -> None:
    firsts, games = [], []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as tmp:
            first, game = one_start(Path(tmp))
        firsts.append(first)
        games.append(game)
    print("hexref run, %d start%s, unfinished game restored:" % (RUNS, "" if RUNS == 1
                                                                 else "s"))
    print("  first frame ('Starting...'): median %.3f s, max %.3f s (target %.1f s)"
          % (statistics.median(firsts), max(firsts), TARGET_S))
    print("  the game on the panel:       median %.3f s, max %.3f s"
          % (statistics.median(games), max(games)))


if __name__ == "__main__":
    main()
