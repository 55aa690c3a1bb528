"""tests/ mirrors the code (issues 18 and 29): a game's tests in tests/shared_rules/games/<game>/,
a part of the host's in tests/host/<part>/, the firmware's in tests/firmware/...; rigs live in
tests/rigs/; tests import rigs, never
other tests; what tests stand on (tests/rigs/, tests/portable/'s helpers, the benches) holds
no test that pytest would skip; and a test that starts a real process, browser or broker says
so with the ``system`` marker, so ``make test-cpython`` can run the two groups apart
(pyproject.toml, markers)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
SOURCES = sorted(p for p in TESTS.rglob("*.py") if "node_modules" not in p.parts)


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_test_module_imports_another():
    found = {str(p.relative_to(TESTS)): sorted(m for m in _imported(p)
                                               if m.rsplit(".", 1)[-1].startswith("test_"))
             for p in SOURCES}
    assert not {p: m for p, m in found.items() if m}, "import a rig (tests/rigs/) instead"


def test_rigs_and_benches_hold_no_tests():
    """A ``def test_`` outside a test_*.py file is never collected: it would pass unseen."""
    # suite.py files, and the emulated Pico's other suites, are run by name: the short ones
    # by make test-pico, the long ones by make soak.
    makefile = (TESTS.parent / "Makefile").read_text()
    by_name = [name for target in ("test-pico", "soak")
               for name in re.findall(r"tests/(pico/\w+\.py)",
                                      makefile.split("\n%s:" % target)[1].split("\n\n")[0])]
    hiding = [str(p.relative_to(TESTS)) for p in SOURCES
              if not p.name.startswith(("test_", "conftest")) and p.name != "suite.py"
              and str(p.relative_to(TESTS)) not in by_name
              and any(isinstance(n, ast.FunctionDef) and n.name.startswith("test_")
                      for n in ast.walk(ast.parse(p.read_text())))]
    assert not hiding


def test_rigs_live_in_tests_rigs():
    """Beside the suites only suites, benches, soaks and pytest's conftest: a rig put beside
    them (a helper module a test imports) belongs in tests/rigs/. The portable helpers stay in
    tests/portable/ (MicroPython runs them too), the emulated Pico's and the boot's in theirs."""
    beside = sorted(p.name for p in TESTS.glob("*.py")
                    if not p.name.startswith(("test_", "bench_", "soak_"))
                    and p.name not in ("conftest.py", "benches.py"))
    assert not beside, "move these to tests/rigs/"


@pytest.mark.parametrize("rig", ["rigs.broker", "rigs.process_table", "rigs.web_rig",
                                 "rigs.noisy_relay"])
def test_what_uses_a_system_rig_is_marked_system(rig):
    """The rigs that start real processes, browsers or brokers: every test module that
    imports one marks the tests that use it with ``system``."""
    users = [p for p in TESTS.rglob("test_*.py") if rig in _imported(p)]
    assert users, "no test uses %s any more" % rig
    assert not [p.name for p in users if "pytest.mark.system" not in p.read_text()]


# The folders of tests/ that are not a code folder's mirror: what the tests stand on, and
# the suites of whole systems (the emulated Pico's, the booted machine's, MicroPython's).
NOT_MIRRORS = {"rigs", "portable", "traces", "snapshots", "pico", "boot", "mpy", "node_modules"}


def test_each_test_folder_mirrors_a_code_folder():
    """tests/host/readers/ is there because host/readers/ is: a suite moved with its code, or
    a code folder renamed, fails here until its tests follow."""
    folders = sorted({p.parent.relative_to(TESTS) for p in TESTS.rglob("test_*.py")
                      if p.parent != TESTS and p.relative_to(TESTS).parts[0] not in NOT_MIRRORS})
    assert folders, "no mirrored test folder"
    orphans = [str(f) for f in folders if not (TESTS.parent / f).is_dir()]
    assert not orphans, "tests for code that is not there: %s" % orphans
    # Beside the suites of a mirrored folder: only its conftest (its own fakes).
    strays = [str(p.relative_to(TESTS)) for f in folders for p in (TESTS / f).glob("*.py")
              if not p.name.startswith("test_") and p.name != "conftest.py"]
    assert not strays, "move these to tests/rigs/ (or tests/portable/): %s" % strays


PORTABLE_MARK = "# portable: MicroPython runs this file too (tests/mpy/run.mjs)"


def test_portable_tests_are_marked_and_run_as_pytest_does():
    """MicroPython's runner (tests/mpy/run.mjs) takes every test file with the mark, wherever
    it lives: such a file imports no CPython-only test library, and its names are unique
    (the runner puts them side by side)."""
    marked = [p for p in TESTS.rglob("test_*.py")
              if "node_modules" not in p.parts
              and re.search("(?m)^" + re.escape(PORTABLE_MARK), p.read_text())]
    assert len(marked) >= 50 and not [p for p in marked if p.parent == TESTS / "portable"]
    cpython_only = [p.name for p in marked
                    if _imported(p) & {"pytest", "hypothesis", "subprocess", "pathlib"}]
    assert not cpython_only, cpython_only
    names = [p.name for p in marked] + [p.name for p in (TESTS / "portable").glob("*.py")]
    assert len(names) == len(set(names))
    assert not list((TESTS / "portable").glob("test_*.py")), "tests/portable/ holds helpers"
