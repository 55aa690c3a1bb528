"""What a game on the pocket loads (issue 31, item 3: the heap's peak within 150 KB): the
Hexors engine and screens, as firmware/pocket/game.py opens them through the game's
descriptor, without the odds of a battle and their Fractions (the Pi's odds command, ~4 KB
of the board's heap: make bench's pocket lines). In a fresh interpreter: the other tests
of a pytest run import them."""
from __future__ import annotations

import subprocess
import sys

from rigs.tree import ROOT

OPENED = """
import sys
from shared_rules import games
descriptor, kind = games.find("jl-collector", "hexors")
game = descriptor.engine(kind, descriptor.seats(2))
screens = descriptor.screens(kind)
game.legal_inputs()
print(sorted(m for m in sys.modules if m.split(".")[-1] in ("odds", "fraction")))
"""


def test_a_hexors_game_opened_as_the_pocket_opens_it_loads_no_odds():
    run = subprocess.run([sys.executable, "-c", OPENED], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]", run.stdout


STARTED = """
import sys, tempfile
from firmware.pocket import game
g = game.start(tempfile.mkdtemp(), "{variant}", {players}, None, package="{package}")
print("shared_rules.core.clocks" in sys.modules, g.timers is not None)
"""


def test_only_a_game_with_timers_loads_the_clocks():
    """The JL Collector's game, the pocket's heaviest, has no timers: it does not hold their
    code (~0.7 KB of its peak); Invocations' Master's timers run on it."""
    for variant, players, package, loaded in (("jl-collector", 2, "hexors", "False False"),
                                              ("invocations", 3, "invocations", "True True")):
        run = subprocess.run([sys.executable, "-c", STARTED.format(
            variant=variant, players=players, package=package)], capture_output=True,
            text=True, cwd=ROOT, timeout=60)
        assert run.returncode == 0, run.stderr
        assert run.stdout.strip() == loaded, (variant, run.stdout)
