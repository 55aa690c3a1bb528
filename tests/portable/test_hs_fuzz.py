"""Seeded random play of HeroScape (HS-1..HS-9): no input crashes the engine, every refused
input changes nothing, undo restores the state before each input, replay rebuilds the game.

``drive`` is shared with the Hexo and Invocations fuzz tests (test_hx_fuzz, test_in_fuzz).
"""
from shared_rules.heroscape import HeroScapeGame, army_cards, card


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


JUNK = [("zap",), ("tap",), ("tap", ["list"]), ("roll",), ("roll", "x"), ("roll", [1, 9]),
        ("height", "up"), ("objective", 5), ("add", 0), ("end", 1), ("cancel",),
        ("start",), ("tap", "nope"), ("roll", [True]), ("add", 1, "new", {"kind": "hero"})]


def hs_propose(g, rng):
    legal = g.legal_inputs()
    roll = rng.below(10)
    if roll < 2:
        return rng.pick(JUNK)
    if legal.expect == "roll":
        n = legal.dice if rng.below(4) else 1
        return ("roll", [1 + rng.below(6) for _ in range(n)])
    if legal.tiles and roll < 8:
        keys = sorted(legal.tiles)
        return ("tap", rng.pick(keys))
    rare = rng.below(40) == 0   # a scenario objective ends the game: seldom
    choices = [inp for label, inp in legal.choices if inp[0] != "objective" or rare]
    if choices:
        return rng.pick(choices)
    return ("tap", rng.pick(["zg", "grunts", "hero"]))


def hs_game():
    g = HeroScapeGame()
    z = [c for c in army_cards() if c["name"] == "Zettian Guards"][0]
    g.apply(("add", 0, "zg", z))
    g.apply(("add", 1, "grunts", card("Grunts", "squad", 3, 5, 1, 2, 2)))
    g.apply(("add", 1, "hero", card("Hero", "hero", 1, 5, 1, 4, 3)))
    return g


def test_hs_fuzz_refusals_change_nothing_and_undo_restores():
    """HS-1..HS-9: seeded random play keeps the engine contract."""
    total = 0
    for seed in (1, 2, 3):
        accepted, refused = drive(hs_game, hs_propose, seed)
        assert accepted > 0 and refused > 0
        total += accepted
    assert total > 100


def test_hs_fuzz_games_reach_a_winner():
    """HS-9: random play ends games with a winner by destroying every enemy figure."""
    winners = 0
    for seed in range(4, 12):
        g = hs_game()
        rng = Lcg(seed)
        for _ in range(600):
            if g.phase == "over":
                break
            g.apply(hs_propose(g, rng))
        if g.phase == "over":
            winners += 1
            assert g.winner in (0, 1)
            if g.win_rule == "HS-9" and g.figures(1 - g.winner) == 0:
                assert g.figures(g.winner) > 0
    assert winners > 0
