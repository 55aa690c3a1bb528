"""``hexref --help`` and ``hexref odds ... --help`` load only what the help needs (issue 18):
building the parser imports no device, web, broker or image library, no run loop, session,
store or screen. On a Pi Zero 2 W each of those costs a noticeable part of a second before the
help shows. What is loaded is checked here, from the real command's ``-X importtime`` list;
how long it takes is measured by ``make bench`` (tests/bench_cli_start.py), never asserted.
"""
from __future__ import annotations

import re
import subprocess
import sys

import pytest
from rigs.tree import ROOT

pytestmark = pytest.mark.system  # real processes, browsers or brokers


# Libraries and rooms of host/ a help text has no use for (DESIGN.md, "Rooms of the host").
NOT_FOR_HELP = ("PIL", "serial", "gpiozero", "luma", "starlette", "uvicorn", "paho", "babel",
                "host.app", "host.readers", "host.session", "host.storage", "host.devices",
                "host.display", "host.hub")

ENTRY = "import sys; from host.commands.main import main; sys.exit(main())"


def loaded(*args: str) -> set[str]:
    """Every module ``hexref ARGS`` imports, by its -X importtime list (run as the installed
    ``hexref`` script runs it)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", ENTRY, *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage: hexref" in done.stdout
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines()
            if line.startswith("import time:") and "|" in line} - {"package"}


@pytest.mark.parametrize("args", [["--help"], ["odds", "--help"], ["odds", "hexors", "--help"],
                                  ["odds", "heroscape", "--help"], ["demo", "--help"],
                                  ["tiles", "--help"]])
def test_help_loads_no_device_web_broker_or_image_library(args):
    modules = loaded(*args)
    assert "host.commands.main" in modules  # the list is the command's own
    heavy = sorted(m for m in modules
                   if any(m == name or m.startswith(name + ".") for name in NOT_FOR_HELP))
    assert not heavy, "hexref %s imports %s" % (" ".join(args), ", ".join(heavy))


def test_the_rules_engines_wait_for_a_game():
    """Listing the games (menu, enroll --game, odds) reads each game package's descriptor
    (its ``__init__``) without its engine, screens, cards or demo scripts."""
    modules = loaded("--help")
    assert "host.games.descriptor" in modules
    assert "shared_rules.games.hexors" in modules  # the registry's descriptors were read
    descriptors = {"shared_rules", "shared_rules.core", "shared_rules.core.words",
                   "shared_rules.core.descriptor", "shared_rules.games"}
    engines = sorted(m for m in modules if m.startswith("shared_rules.")
                     and m not in descriptors and not re.fullmatch(r"shared_rules\.games\.\w+", m))
    scripts = sorted(m for m in modules if m.startswith("host.games.")
                     and m.rsplit(".", 1)[-1] in ("presenter", "demo", "hooks", "scripting"))
    assert not engines and not scripts, engines + scripts
