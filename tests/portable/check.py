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


def state(game):
    """Everything an engine holds, comparable: a refused input must leave it equal."""
    return repr(sorted((k, v) for k, v in game.__dict__.items() if k != "options"))


def refused(game, inp, rule=None):
    """Apply ``inp``; assert it was refused (naming ``rule``) and changed nothing."""
    before = state(game)
    n = len(game.inputs)
    result = game.apply(inp)
    assert not result.accepted, "accepted %r" % (inp,)
    if rule is not None:
        assert result.rule == rule, "%r: %s" % (inp, result)
    assert state(game) == before, "refused %r changed the state" % (inp,)
    assert len(game.inputs) == n
    return result


def ok(game, inp):
    """Apply ``inp``; assert it was accepted."""
    result = game.apply(inp)
    assert result.accepted, "%r refused: %s" % (inp, result)
    return result


def scratch(name):
    """A fresh file path to write: a temporary folder under CPython, the interpreter's own
    filesystem under MicroPython."""
    import os

    if MICROPYTHON:
        try:
            os.mkdir("/scratch")
        except OSError:
            pass  # made by an earlier test
        path = "/scratch/" + name
    else:
        import tempfile

        path = os.path.join(tempfile.mkdtemp(), name)
    for leftover in (path, path + ".part", path + ".damaged"):
        try:
            os.remove(leftover)
        except OSError:
            pass  # not there
    return path
