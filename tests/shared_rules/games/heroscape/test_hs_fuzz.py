"""Seeded random play of HeroScape (HS-1..HS-9): no input crashes the engine, every refused
input changes nothing, undo restores the state before each input, replay rebuilds the game.
``drive`` (fuzz.py) is shared with the Hexo and Invocations fuzz tests.
"""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from fuzz import Lcg, drive

from shared_rules.games.heroscape.engine import HeroScapeGame, army_cards, card

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
