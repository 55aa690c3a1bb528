"""Soak: kill the host at random moments and restart it, 20 trials (DESIGN.md "Reliability
goals": no input lost, exactly the same game). Run by ``make soak``; takes a few minutes.

Each trial is a fresh table of real processes (tests/rigs/process_table.py): the firmware hub
playing a Justice League demo script (Beginner or Collector's, alternately) over a
pseudo-terminal, and ``hexref run``. The host is killed with SIGKILL one to three times at
moments drawn at random over the game (during its start-up, between two inputs, in the
middle of a journal write...), stays dead for up to a second while the table plays on (the
hub keeps the events in its ring buffer), and is started again. A trial passes when the
game finishes with the script's winner, every hub event is journalled exactly once in
order, and the accepted inputs are exactly those of the same script with no kill at all.

    python tests/soak_host_kill.py [--trials 20] [--seed N]

Prints one line per trial and a summary; exits 1 if any trial failed. The seed makes the
kill moments repeatable (the processes' own timing still varies from run to run).
"""
from __future__ import annotations

import argparse
import random
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

from rigs.process_table import (
    Cable,
    accepted,
    by_boot,
    clean_run,
    finished,
    journal,
    new_table,
    start_host,
    start_hub,
    stop,
    wait_for,
)
from rigs.table_rig import events_of

from host.app.demo import rigs

VARIANTS = ("jl-beginner", "jl-collector")
WINNER = "P1"  # both demo scripts end with P1's win
HOST_START_S = 1.0  # about how long `hexref run` takes to start here: kills land in it too


def script_seconds(steps: list[dict]) -> float:
    return sum(step.get("after", 0) for step in steps) / 1000.0


def trial(n: int, rng: random.Random, where: Path) -> tuple[bool, str, int]:
    variant = VARIANTS[n % len(VARIANTS)]
    steps = rigs()[variant].script()
    cable = Cable(where / "hexref-hub")
    data, config, game_id = new_table(where, variant, cable.path)
    length = script_seconds(steps) + HOST_START_S
    kills = sorted(rng.uniform(0.1, length) for _ in range(rng.randint(1, 3)))
    hub = start_hub(cable, steps, where / "script.json")
    host = start_host(config, where / "frames0")
    started = time.monotonic()
    hosts = [host]
    taken_at_kill = []
    try:
        for k, at in enumerate(kills, start=1):
            time.sleep(max(0.0, started + at - time.monotonic()))
            host.send_signal(signal.SIGKILL)
            host.wait(timeout=10)
            taken_at_kill.append(len(journal(data, game_id)))
            time.sleep(rng.uniform(0.0, 1.0))  # the table plays on
            host = start_host(config, where / ("frames%d" % k))
            hosts.append(host)
        row = wait_for(lambda: finished(data, game_id), 60)
    finally:
        stop(*hosts, hub)
        cable.close()
    said = "%-12s killed at %s s (journal then %s)" % (
        variant, ", ".join("%.2f" % t for t in kills), taken_at_kill)
    return (*check(variant, steps, data, game_id, row, said), len(kills))


def check(variant: str, steps: list[dict], data: Path, game_id: int, row,
          said: str) -> tuple[bool, str]:
    if not row:
        return False, said + ": the game never finished"
    entries = journal(data, game_id)
    boots = by_boot(entries)
    seqs = list(boots.values())[0] if len(boots) == 1 else None
    want = list(range(1, len(events_of(steps)) + 1))
    if seqs != want:
        return False, said + ": hub events journalled %s, expected 1..%d once each" % (
            boots, len(want))
    if row.winner != WINNER:
        return False, said + ": winner %r, expected %r" % (row.winner, WINNER)
    if accepted(entries) != accepted(clean_run(variant, steps)):
        return False, said + ": the accepted inputs differ from the clean run"
    return True, said + ": %d events once each, same game" % len(seqs)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--seed", type=int, default=20261122)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    passed = 0
    kills = 0
    began = time.monotonic()
    for n in range(args.trials):
        where = Path(tempfile.mkdtemp(prefix="hexref-soak-"))
        try:
            ok, said, killed = trial(n, rng, where)
        finally:
            shutil.rmtree(where, ignore_errors=True)
        passed += ok
        kills += killed
        print("trial %2d %s  %s" % (n + 1, "ok  " if ok else "FAIL", said), flush=True)
    took = time.monotonic() - began
    if passed == args.trials:
        print("soak: %d/%d trials passed, %d kills of the host: no input lost, none doubled, "
              "the same game every time (%.0f s)" % (passed, args.trials, kills, took))
    else:
        print("soak: %d of %d trials FAILED (%d kills, %.0f s)" % (
            args.trials - passed, args.trials, kills, took))
    return 0 if passed == args.trials else 1


if __name__ == "__main__":
    sys.exit(main())
