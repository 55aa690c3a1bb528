"""The contracts that keep shared_rules in its parts (pyproject.toml) are written with
wildcards and whole packages, so a module added to a part is held to its rules without
editing a list (issue 29, item 5): every module of shared_rules but the shared screens and
the words is forbidden to the shared screens by some pattern, the patterns name parts that
exist, and each game package is one of the games the independence contract keeps apart.
"""
from __future__ import annotations

import pkgutil
import tomllib

from rigs.tree import ROOT

import shared_rules
from shared_rules import games

SCREENS = "The shared screens import no rules: only the words"
APART = "Each game is its own: no game imports another"


def contract(name: str) -> dict:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    (found,) = [c for c in contracts["contracts"] if c["name"] == name]
    return found


def modules() -> list[str]:
    return [info.name for info in pkgutil.walk_packages(shared_rules.__path__, "shared_rules.")]


def matches(pattern: str, module: str) -> bool:
    """import-linter's reading of a module expression: ``a.**`` is a's descendants, ``a.*``
    its children, a plain name the module itself (and, as a package, its descendants)."""
    if pattern.endswith(".**"):
        return module.startswith(pattern[:-2])
    if pattern.endswith(".*"):
        return module.startswith(pattern[:-1]) and "." not in module[len(pattern) - 1:]
    return module == pattern or module.startswith(pattern + ".")


def test_every_rules_module_is_forbidden_to_the_shared_screens():
    forbidden = contract(SCREENS)["forbidden_modules"]
    allowed = [m for m in modules() if m.startswith("shared_rules.display")] + [
        "shared_rules.core.words"]
    loose = [m for m in modules() if m not in allowed and m not in (
        "shared_rules.core", "shared_rules.protocol", "shared_rules.games")
        and not any(matches(p, m) for p in forbidden)]
    assert loose == []


def test_the_contracts_name_parts_not_modules():
    """No list of modules to keep up to date: each pattern is a part of shared_rules that
    exists, as a whole."""
    parts = {"shared_rules.core", "shared_rules.protocol", "shared_rules.games",
             "shared_rules.display", "shared_rules.catalogue"}
    for pattern in contract(SCREENS)["forbidden_modules"]:
        assert pattern.split(".**")[0].split(".*")[0] in parts, pattern
        assert any(matches(pattern, m) for m in modules()), pattern


def test_every_game_package_is_kept_apart_from_the_others():
    (pattern,) = contract(APART)["modules"]
    packages = ["shared_rules.games." + name for name, _load in games.PACKAGES]
    children = [m for m in modules() if matches(pattern, m)]
    assert sorted(children) == sorted(packages)
