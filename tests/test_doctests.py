"""The examples in the docstrings are true: every module of host/ and shared_rules/ passes
its own doctests (STYLE.md: docstrings with short examples)."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import host
import shared_rules

MODULES = sorted(
    "%s.%s" % (pkg.__name__, info.name)
    for pkg in (host, shared_rules)
    for info in pkgutil.iter_modules(pkg.__path__)
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, "%s: %d of %d examples failed" % (
        name, result.failed, result.attempted)
