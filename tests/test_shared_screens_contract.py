"""The contract that keeps the shared screens free of rules (pyproject.toml, "The shared
screens import no rules: only the words") lists its forbidden modules by name, as
import-linter needs: a rules module added to shared_rules/ and not listed there would be
free for shared_rules/display/ to import, and `make lint` would not say so. This test does.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CONTRACT = "The shared screens import no rules: only the words"
# What the shared screens may import: themselves (shared_rules/display/) and the words.
ALLOWED = ("__init__", "words")


def forbidden() -> set[str]:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    (contract,) = [c for c in contracts["contracts"] if c["name"] == CONTRACT]
    return set(contract["forbidden_modules"])


def rules_modules(root: Path = ROOT) -> set[str]:
    """Every module of shared_rules/ but the display package and the words: the rules are
    flat files beside them."""
    return {"shared_rules." + path.stem for path in (root / "shared_rules").glob("*.py")
            if path.stem not in ALLOWED}


def test_every_rules_module_is_forbidden_to_the_shared_screens():
    assert rules_modules() - forbidden() == set()


def test_the_contract_names_no_module_that_is_gone():
    assert forbidden() - rules_modules() == set()
