"""``make bench``'s scripts run in their quick mode (tests/benches.py), so a bench that no
longer runs fails ``make test``: each must exit 0 and print its figures. The figures are
not judged (speed is measured by ``make bench``, never asserted). The emulated Pico's bench
runs in ``make test-pico`` (tests/pico/suite.py), with the board."""
from __future__ import annotations

import os
import subprocess

import pytest
from benches import PATH, PICO, POCKET, POCKET_GAMES, QUICK, ROOT, commands, title

pytestmark = pytest.mark.system  # real processes, browsers or brokers

BENCHES = [c for c in commands() if c[-1] != PICO]
EMULATED = (POCKET, POCKET_GAMES)


def run_quick(command: list[str], timeout: float) -> str:
    done = subprocess.run(command, cwd=ROOT, env=dict(os.environ, **PATH, **QUICK),
                          capture_output=True, text=True, timeout=timeout)
    out = done.stdout + done.stderr
    assert done.returncode == 0, "%s failed (exit %d):\n%s" % (title(command),
                                                               done.returncode, out[-3000:])
    assert "Traceback" not in out, out[-3000:]
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert len(lines) >= 2, "%s printed no figures:\n%s" % (title(command), out[-3000:])
    return done.stdout


@pytest.mark.parametrize("command", BENCHES, ids=[title(c) for c in BENCHES])
def test_bench_runs(command: list[str]) -> None:
    # A safety net against a bench that hangs, not a measure: the emulated board's benches
    # take minutes of a busy machine (rp2040js runs the board's every cycle).
    run_quick(command, timeout=900 if command[-1] in EMULATED else 300)
