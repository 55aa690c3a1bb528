"""tests/ mirrors the code (issue 18): rigs live in tests/rigs/; tests import rigs, never
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
    users = [p for p in TESTS.glob("test_*.py") if rig in _imported(p)]
    assert users, "no test uses %s any more" % rig
    assert not [p.name for p in users if "pytest.mark.system" not in p.read_text()]
