"""Random complete Hexors games per second, every variant. Prints, never asserts.

usage: .venv/bin/python tests/bench_hexors.py [--no-micropython]
Runs the games under CPython, then the same games (same seeds, same inputs) under
MicroPython's WebAssembly port through Node when it is installed (tests/node_modules).
Games come from tests/portable/hexors_random.py: legal inputs drawn from legal_inputs().
"""
import sys
import time

try:
    import os

    HERE = os.path.dirname(os.path.abspath(__file__))
    QUICK = os.environ.get("HEXREF_BENCH") == "quick"  # make test: tests/benches.py
except (ImportError, AttributeError, NameError):
    HERE = None  # MicroPython: the runner below has put shared_rules and the helpers on
    QUICK = False  # sys.path (and writes the computer's QUICK in)

from hexors_random import Rng, random_input, setup_inputs  # noqa: E402

from shared_rules.games.hexors.engine import HexorsGame  # noqa: E402

CASES = (("jl-beginner", 2), ("jl-collector", 2), ("jl-ffa", 3), ("jl-ffa", 4),
         ("jl-team", 4), ("ygo-beginner", 2), ("ygo-collector", 2))

if hasattr(time, "perf_counter"):
    def now_us():
        return time.perf_counter() * 1e6
else:  # MicroPython
    def now_us():
        return time.ticks_us()


def run(variant, players, seeds, limit=1500):
    """Play ``seeds`` random games; returns (games, inputs, finished, us in apply,
    us in legal_inputs, total us)."""
    inputs = finished = 0
    apply_us = legal_us = 0.0
    start = now_us()
    for seed in range(seeds):
        rng = Rng(seed)
        g = HexorsGame(variant=variant, players=players)
        for inp in setup_inputs(variant, players, rng):
            g.apply(inp)
        count = 0
        while count < limit:
            t0 = now_us()
            inp = random_input(g, rng)        # calls legal_inputs() once
            t1 = now_us()
            if inp is None:
                break
            g.apply(inp)
            t2 = now_us()
            legal_us += t1 - t0
            apply_us += t2 - t1
            count += 1
        inputs += count
        if g.phase == "over":
            finished += 1
    return seeds, inputs, finished, apply_us, legal_us, now_us() - start


def main(seeds):
    impl = sys.implementation.name
    print("hexors random complete games on %s (%d seeds per variant):" % (impl, seeds))
    print("  %-16s %9s %10s %8s %11s %11s" % ("variant", "games/s", "inputs/g", "ended",
                                              "apply us", "legal us"))
    for variant, players in CASES:
        games, inputs, finished, apply_us, legal_us, total = run(variant, players, seeds)
        per_in = inputs if inputs else 1
        print("  %-16s %9.0f %10.1f %7d%% %11.1f %11.1f" % (
            "%s/%d" % (variant, players), games * 1e6 / total, inputs / games,
            finished * 100 // games, apply_us / per_in, legal_us / per_in))


MICROPYTHON_JS = """
import { load, copy, walk, isSource } from "./mpy/interp.mjs";
import { readFileSync } from "node:fs";
import { join } from "node:path";
const root = process.env.HEXREF_ROOT;
const mp = await load({ stdout: (l) => console.log(l) });
copy(mp, walk(join(root, "shared_rules"), isSource), root, "/lib");
copy(mp, [join(root, "tests", "portable", "hexors_random.py")], join(root, "tests", "portable"), "/lib");
mp.runPython("import sys\\nsys.path.append('/lib')");
try {
  mp.runPython(readFileSync(join(root, "tests", "bench_hexors.py"), "utf8")
               .replace("__name__ == \\"__main__\\"", "True")
               .replace("QUICK = False", "QUICK = " + (process.env.HEXREF_BENCH === "quick" ? "True" : "False")));
} catch (err) { console.log("FAIL " + (err.message || err)); process.exit(1); }
"""


def under_micropython():
    import subprocess

    root = os.path.dirname(HERE)
    tests = os.path.join(root, "tests")
    if not os.path.isdir(os.path.join(tests, "node_modules", "@micropython")):
        print("MicroPython: tests/node_modules missing (make setup), skipped")
        return
    try:
        env = dict(os.environ, HEXREF_ROOT=root)
        done = subprocess.run(["node", "--input-type=module", "-e", MICROPYTHON_JS],
                              cwd=tests, env=env, capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as exc:
        print("MicroPython: could not run node (%s)" % exc)
        return
    sys.stdout.write(done.stdout)
    if done.returncode:
        sys.stdout.write(done.stderr)


if __name__ == "__main__":
    micro = sys.implementation.name == "micropython"
    main((2 if QUICK else 40) if micro else (5 if QUICK else 300))
    if not micro and "--no-micropython" not in sys.argv:
        under_micropython()
