"""Which hexref this is: the installed distribution's version."""
from __future__ import annotations


def version() -> str:
    """The installed distribution's version (pyproject.toml's, once installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("hexref")
    except PackageNotFoundError:
        return "unknown (not installed: pip install -e .)"
