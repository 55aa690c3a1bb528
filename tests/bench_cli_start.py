"""How long ``hexref --help`` and ``hexref odds hexors --help`` take to start, against a bare
Python's start (``python -c pass``, the same venv, so the same site and path hooks).

DESIGN.md's target (issue 18): at most 3x a bare Python's start. A Pi Zero 2 W is ~10x
slower than a laptop, so what is 50 ms here is half a second there. What each command may
load is checked by tests/host/commands/test_cli_imports.py; this only measures.

Each command runs N times, interleaved with the others so a busy machine slows them alike;
the medians are printed: wall time, and CPU time (user + system, of the child process:
what a busy machine changes least).
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUICK = os.environ.get("HEXREF_BENCH") == "quick"
RUNS = 3 if QUICK else 30

COMMANDS = {
    "bare python (-c pass)": [sys.executable, "-c", "pass"],
    "hexref --help": [sys.executable, "-m", "host.commands.main", "--help"],
    "hexref odds hexors --help": [sys.executable, "-m", "host.commands.main", "odds", "hexors",
                                  "--help"],
    "hexref odds hexors (a battle)": [sys.executable, "-m", "host.commands.main", "odds",
                                      "hexors",
                                      "--attacker", "2,3,5,1,2,2", "--defender", "6,4,5,8,7,3"],
}


def main() -> int:
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpu: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(RUNS):
        for name, command in COMMANDS.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    bare = statistics.median(times["bare python (-c pass)"])
    bare_cpu = statistics.median(cpu["bare python (-c pass)"])
    print("command start, median of %d runs (target: at most 3x a bare Python's start)" % RUNS)
    print("  %-32s %9s %5s %9s %5s" % ("", "wall", "", "cpu", ""))
    for name in COMMANDS:
        wall, used = statistics.median(times[name]), statistics.median(cpu[name])
        print("  %-32s %6.1f ms %4.1fx %6.1f ms %4.1fx" % (name, wall * 1000, wall / bare,
                                                         used * 1000, used / bare_cpu))
    return 0


if __name__ == "__main__":
    sys.exit(main())
