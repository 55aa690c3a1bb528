"""Seeded random play of Hexo (HX-1..HX-14): no input crashes the engine, every refused
input changes nothing, undo restores, replay rebuilds the same game."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from fuzz import Lcg, drive

from shared_rules.games.hexo.engine import ACTIONS, HexoGame, hexo_cards

SPACES = ["mine", "village", "village1", "village2", "B1", "B2", "M1", "M2", "M3", "C4"]
KINDS = ["troll", "ogre", "goblin", "dragon"]
TERRAINS = ["mountain", "plain", "village", "mine", "sea"]
MONSTER_CARDS = [c for c in hexo_cards() if c["kind"] == "monster"]
JUNK = [("zap",), ("move",), ("move", 3), ("attack",), ("attack", 7), ("attack", -1),
        ("card", 0), ("card", 9, "k", {}), ("peace", "lots"), ("events", -1),
        ("monsters_left", 99), ("sink",), ("place", "troll"), ("no_space", "elf"),
        ("start", 0), ("action", "sing"), ("card", 0, "k", "notadict")]


def hx_propose(g, rng):
    legal = g.legal_inputs()
    r = rng.below(20)
    if r < 2:
        return rng.pick(JUNK)
    if r < 4:
        return ("move", rng.pick(SPACES))
    if r < 6:
        return ("place", rng.pick(KINDS), rng.pick(SPACES), rng.pick(TERRAINS),
                rng.pick(SPACES + [None]))
    if r < 7:
        return ("no_space", rng.pick(KINDS))
    if r < 9 and legal.expect == "fight":
        entry = rng.pick(MONSTER_CARDS) if rng.below(2) else {
            "kind": "companion", "name": "C", "strength": rng.pick([0, 1, 2, 3, None])}
        return ("card", rng.below(4), "k%d" % rng.below(6), entry)
    if r < 10:
        return ("peace", rng.below(8))
    if r < 11:
        return rng.pick([("take",), ("drop",), ("deposit",), ("sink", "market"),
                         ("action", "event")])
    if legal.choices:
        return rng.pick([inp for _, inp in legal.choices])
    return ("pass",)


def hx_game(n=3):
    g = HexoGame(players=n)
    g.apply(("start", 1))
    return g


def test_hx_fuzz_refusals_change_nothing_and_undo_restores():
    """HX-1..HX-14: seeded random play keeps the engine contract."""
    total = 0
    for seed in (1, 2, 3):
        accepted, refused = drive(hx_game, hx_propose, seed)
        assert accepted > 0 and refused > 0
        total += accepted
    assert total > 100


def test_hx_fuzz_games_end_with_scores():
    """HX-1, HX-6: random play runs the pile out; every player gets a final score."""
    ended = 0
    for seed in range(4, 10):
        g = hx_game(2 + seed % 4)
        rng = Lcg(seed)
        for _ in range(3000):
            if g.phase == "over":
                break
            g.apply(hx_propose(g, rng))
        if g.phase == "over":
            ended += 1
            assert len(g.scores) == len(g.players)
            best = max(t.value for t in g.scores)
            assert [g.scores[p].value for p in g.winners] == [best] * len(g.winners)
            assert g.pile < 5 - g.market
        for pl in g.players:
            assert 0 <= pl["carried"] <= 2 and pl["reserve"] >= 0 and pl["skulls"] >= 0
        for m in g.monsters.values():
            assert m["skulls"] >= 0
    assert ended > 0


def hx_cards_propose(g, rng):
    """As a table keeping its cards with the referee: an action names a player, mostly
    the one whose action it is, and a purchase or a peace its money cards."""
    inp = hx_propose(g, rng)
    if inp[0] in ACTIONS and (len(inp) < 2 or not isinstance(inp[1], int)
                              or inp[0] in ("attack", "buy") and len(inp) == 2):
        who = g.actor if g.actor is not None and rng.below(5) else rng.below(4)
        inp = (inp[0], who) + tuple(inp[1:])
        if inp[0] == "buy" and len(inp) == 2:
            inp = inp + (rng.below(7),)
    elif inp[0] == "peace" and len(inp) == 2:
        inp = inp + (rng.below(6),)
    return inp


def hx_cards_game(n=3):
    g = HexoGame(players=n)
    g.apply(("start", 1, "cards"))
    return g


def test_hx_fuzz_with_the_cards_kept_no_count_goes_negative():
    """HX-2..HX-5: seeded random play with the cards kept keeps the engine contract, and no
    hand, pile or discard ever goes below zero nor a hand above 5."""
    accepted, refused = drive(hx_cards_game, hx_cards_propose, 11)
    assert accepted > 10 and refused > 0
    for seed in (12, 13, 14):
        g = hx_cards_game(2 + seed % 4)
        rng = Lcg(seed)
        for _ in range(1500):
            if g.phase == "over":
                break
            g.apply(hx_cards_propose(g, rng))
            for pl in g.players:
                assert 0 <= pl["hand"] <= 5 and pl["deck"] >= 0 and pl["discard"] >= 0
