"""Soak: DESIGN.md's noisy-link goal with real processes (issue 13, item 9). Run by
``make soak``; takes about 20 minutes (the table plays in real time).

Justice League Beginner and Collector's games one after another, chosen from the game
menu with the hub's buttons, with table noise between steps, until the hub has sent at
least 1,200 events (over 500 inputs the rules accept): the hub's process
(``python -m firmware.sim.hub``) plays them to ``hexref run`` through the relay of
tests/rigs/noisy_relay.py, once clean and once corrupting 1% of the bytes and dropping 2% of
the lines both ways with 10 cuts of the cable. Both runs go at once (they mostly sleep).
It passes when every game ends, the two stores hold the same games (the same accepted
inputs in the same order, the same entries: noisy_relay.end_state), the noisy run's hub
numbering has every event once and in order, and at least 500 accepted inputs were played.

    python tests/soak_noisy_link.py [--seed N] [--events 1200] [--cuts 10]

Prints what happened and exits 1 on any difference.
"""
from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

from rigs.noisy_relay import (  # noqa: E402
    accepted_inputs,
    end_state,
    numbering_problems,
    play,
    series_steps,
)

INPUTS = 500


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--events", type=int, default=1200)
    parser.add_argument("--cuts", type=int, default=10)
    args = parser.parse_args(argv)
    steps, variants = series_steps(random.Random(args.seed), args.events)
    script_min = sum(s.get("after", 0) for s in steps) / 60000.0
    print("script: %d steps, %d games, %.1f minutes of play" % (len(steps), len(variants),
                                                                 script_min), flush=True)
    results: dict = {}
    started = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="hexref-noisy-")
    if True:
        def run(name: str, **faults) -> None:
            try:
                results[name] = play(Path(tmp) / name, steps, len(variants), args.seed,
                                     minutes=script_min * 2 + 5, **faults)
            except BaseException as e:  # noqa: BLE001 - reported below
                results[name] = e

        threads = [threading.Thread(target=run, args=("clean",)),
                   threading.Thread(target=run, args=("noisy",), kwargs={
                       "corrupt": 0.01, "drop": 0.02, "cuts": args.cuts})]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for name, result in results.items():
            if isinstance(result, BaseException):
                print("%s run failed: %r" % (name, result))
                log = Path(tmp) / name / "host.log"
                if log.exists():
                    print(log.read_text(errors="replace")[-3000:])
                return 1
    clean, noisy = results["clean"], results["noisy"]
    inputs = accepted_inputs(clean)
    print("played %d games, %d hub events journalled, %d accepted inputs, in %.1f min" % (
        len(clean["games"]), sum(len(g[3]) for g in clean["games"]), inputs,
        (time.monotonic() - started) / 60))
    print("noisy relay: %d bytes corrupted, lines dropped %s, %d cuts (%d lines lost in "
          "them), host saw %d losses of the hub" % (
              noisy["corrupted"], noisy["dropped"], noisy["cuts"], noisy["lost_in_cuts"],
              noisy["log"].count("hub lost")))
    failures = []
    ends = end_state(clean), end_state(noisy)
    if ends[0] != ends[1]:
        for i, (a, b) in enumerate(zip(*ends, strict=False)):
            if a != b:
                failures.append("game %d differs: clean %s, noisy %s" % (i + 1, a, b))
                break
        if len(ends[0]) != len(ends[1]):
            failures.append("%d games clean, %d noisy" % (len(ends[0]), len(ends[1])))
    failures += ["noisy run: " + p for p in numbering_problems(noisy)]
    sent = [max(e[3] for g in r["games"] for e in g[3] if e[3]) for r in (clean, noisy)]
    if sent[0] != sent[1]:
        failures.append("the hub's last event journalled: %d clean, %d noisy" % tuple(sent))
    if inputs < INPUTS:
        failures.append("only %d accepted inputs (goal: %d)" % (inputs, INPUTS))
    if noisy["cuts"] != args.cuts:
        failures.append("%d cuts, not %d" % (noisy["cuts"], args.cuts))
    if "Traceback" in noisy["log"] or "Traceback" in clean["log"]:
        failures.append("a traceback in the host's log")
    for f in failures:
        print("FAIL: " + f)
    if failures:
        print("%d failure(s); the runs are kept in %s" % (len(failures), tmp))
    else:
        shutil.rmtree(tmp, ignore_errors=True)
        print("PASS: the noisy run ended as the clean run")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
