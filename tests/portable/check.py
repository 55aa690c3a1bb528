"""Helpers for portable tests: the same test files run under pytest and MicroPython,
so they use only plain asserts and these few functions (no pytest fixtures)."""
import sys

MICROPYTHON = sys.implementation.name == "micropython"


def raises(exc_type, fn, *args, **kwargs):
    """Call ``fn`` and return the exception of ``exc_type`` it raised; fail if none."""
    try:
        fn(*args, **kwargs)
    except exc_type as exc:
        return exc
    raise AssertionError("%s did not raise %s" % (fn, exc_type.__name__))
