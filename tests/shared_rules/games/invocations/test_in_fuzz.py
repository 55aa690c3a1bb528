"""Seeded random play of Invocations (IN-1..IN-12): no input crashes the engine, every
refused input changes nothing, undo restores, replay rebuilds the same game."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from fuzz import Lcg, drive

from shared_rules.games.invocations.engine import InvocationsGame

SLOTS = ["attack", "shield", "spell", "hand", "player", "deck"]
SOURCES = ["hand", "spell", "attack", "air"]
JUNK = [("zap",), ("place", 0), ("tick", -5), ("tick", "x"), ("timeout", "lunch"),
        ("reveal", 0, "k", {"name": "x"}), ("beats", 0), ("cancel",), ("judge", 1),
        ("shield", 9, "k", {}), ("handed",), ("take", 0, "two", "hand"), ("hand", 9),
        ("player", ""), ("deck", 10), ("start",), ("force", 7), ("master_gives", -1)]


def entry(rng):
    return {"name": "C", "attack": rng.below(10), "defense": rng.below(10)}


def in_propose(g, rng):
    legal = g.legal_inputs()
    n = len(g.players)
    p = rng.below(n + 1)
    q = rng.below(n)
    r = rng.below(24)
    if r < 2:
        return rng.pick(JUNK)
    if r < 7:
        return ("place", p, rng.pick(SLOTS))
    if r < 8:
        return ("take", p, 1 + rng.below(3), rng.pick(SOURCES))
    if r < 9:
        return (rng.pick(["block", "destroy", "steal"]), p, q, rng.pick(SLOTS),
                rng.pick(SOURCES))
    if r < 10:
        return ("tick", rng.pick([500, 15000, 61000]))
    if r < 11:
        return ("timeout", rng.pick(["attack", "handover"]))
    if r < 12:
        return rng.pick([("spell_attack", p), ("force", p), ("master_gives", p),
                         ("handed", p)])
    if r < 16:
        return ("reveal", p, "k%d" % rng.below(9), entry(rng))
    if r < 18:
        return ("shield", p, "s%d" % rng.below(9), entry(rng))
    if r < 19:
        return rng.pick([("beats", p, q), ("cancel", p), ("cancel", p, rng.below(4)),
                         ("swap", p), ("raise", p, q, rng.pick([-2, 1, 3]),
                                       rng.pick(SOURCES)),
                         ("tap", "t%d" % q, entry(rng)), ("tap", "t")])
    if legal.choices:
        return rng.pick([inp for _, inp in legal.choices])
    return ("judge",)


def in_game(n=3):
    g = InvocationsGame(players=n, deck=32, hand=4)
    g.apply(("start",))
    return g


def test_in_fuzz_refusals_change_nothing_and_undo_restores():
    """IN-1..IN-12: seeded random play keeps the engine contract."""
    total = 0
    for seed in (1, 2, 3):
        accepted, refused = drive(in_game, in_propose, seed, steps=250)
        assert accepted > 0 and refused > 0
        total += accepted
    assert total > 100


def test_in_fuzz_counts_never_go_negative_and_games_end():
    """IN-2, IN-9, IN-10: random play never makes a count negative; games end with a
    Supreme Summoner."""
    ended = 0
    for seed in range(4, 10):
        g = in_game(2 + seed % 5)
        rng = Lcg(seed)
        for _ in range(3000):
            if g.phase == "over":
                break
            g.apply(in_propose(g, rng))
            assert g.deck >= 0
            for pl in g.players:
                assert pl["hand"] >= 0 and pl["spells"] >= 0 and pl["shields"] >= 0
                assert 0 <= pl["spells_blocked"] <= pl["spells"]
                assert 0 <= pl["shields_blocked"] <= pl["shields"]
        if g.phase == "over":
            ended += 1
            assert g.winners and all(0 <= w < len(g.players) for w in g.winners)
    assert ended > 0
