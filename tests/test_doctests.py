"""The examples in the docstrings are true: every module of host/ and shared_rules/, at any
depth of their packages, passes its own doctests (STYLE.md: docstrings with short
examples)."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import host
import shared_rules

MODULES = sorted(
    info.name
    for pkg in (host, shared_rules)
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")
)


def test_every_room_of_the_host_is_read():
    """The host's modules live in sub-packages (DESIGN.md, Rooms of the host): a walk that
    stopped at the top would check none of them."""
    assert "host.session.adapter" in MODULES and "host.games.hexors.odds" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, "%s: %d of %d examples failed" % (
        name, result.failed, result.attempted)
