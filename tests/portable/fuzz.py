"""Seeded random play of a rules engine, shared by the HeroScape, Hexo and Invocations fuzz
tests (test_hs_fuzz, test_hx_fuzz, test_in_fuzz): the same numbers on CPython and
MicroPython."""


class Lcg:
    """A tiny seeded generator: the same numbers on CPython and MicroPython."""

    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) % 2147483648
        return (self.x >> 8) % n

    def pick(self, items):
        return items[self.below(len(items))]


def state(g):
    return repr(sorted((k, v) for k, v in g.__dict__.items() if k != "options"))


def drive(make, propose, seed, steps=200, undo_every=7):
    """Play ``steps`` inputs from ``propose(game, rng)``; returns (accepted, refused).

    Asserts the engine contract on every input: an Outcome or a Refusal, never an
    exception; a Refusal leaves the state and the journal as they were; undo goes back to
    the state before the input; replaying the journal gives the same game.
    """
    rng = Lcg(seed)
    g = make()
    accepted = 0
    refused = 0
    for step in range(steps):
        inp = propose(g, rng)
        before = state(g)
        n = len(g.inputs)
        result = g.apply(inp)
        if not result.accepted:
            refused += 1
            assert result.rule and result.message, repr(result)
            assert state(g) == before, "refused %r changed the state" % (inp,)
            assert len(g.inputs) == n
            continue
        accepted += 1
        if step % undo_every == 0:
            after = state(g)
            g.undo()
            assert state(g) == before, "undo of %r did not restore" % (inp,)
            assert g.apply(inp).accepted
            assert state(g) == after
    again = make()
    again.replay(list(g.inputs))
    assert state(again) == state(g)
    return accepted, refused
