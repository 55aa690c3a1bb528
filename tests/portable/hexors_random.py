"""Random but legal Hexors games, for property tests and the benchmark.

Runs on CPython and MicroPython: the random numbers come from a small seeded generator so
the same seed plays the same game on both. Inputs are drawn from ``legal_inputs()`` with
weights that favour battles, so most games end.
"""
from shared_rules.games.hexors.engine import VARIANTS, HexorsGame
from shared_rules.games.hexors.powers import POWERS

COLOURS = ("green", "blue", "yellow", "red", "purple", "white")
ALLIES = ("aquaman", "batman", "martian-manhunter", None)


class Rng:
    """A 31-bit linear congruential generator (the same numbers everywhere)."""

    def __init__(self, seed):
        self.state = (seed * 2654435761 + 12345) & 0x7FFFFFFF

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n

    def pick(self, items):
        return items[self.below(len(items))]


def _entry(game, kind, ident, rng):
    strike = {}
    for c in COLOURS:
        strike[c] = 1 + rng.below(8)
    entry = {"id": ident, "game": game, "kind": kind, "name": ident, "number": None,
             "strike": strike, "colour": rng.pick(COLOURS), "ally": None, "bonus": None,
             "verified": False}
    if game == "jl":
        entry["ally"] = rng.pick(ALLIES)
    if kind in ("stronghold", "character") and game == "jl" and kind == "stronghold":
        entry["bonus"] = rng.below(4)
    if game == "ygo" and kind == "character":
        entry["bonus"] = rng.below(4)
    return entry


def setup_inputs(variant, players, rng):
    """The add/start inputs of a random but valid roster for every player."""
    game, collector, _ = VARIANTS[variant]
    home, fighter, silver = (("stronghold", "character", "power") if game == "jl"
                             else ("character", "monster", "action"))
    effects = sorted([e for e in POWERS if POWERS[e].game == game])
    fighters = 1 + rng.below(5)
    powers = (1 + rng.below(4)) if collector else 0
    inputs = []
    for p in range(players):
        inputs.append(("add", p, "h%d" % p, _entry(game, home, "%s/home%d" % (game, p), rng)))
        for i in range(fighters):
            key = "f%d%d" % (p, i)
            inputs.append(("add", p, key, _entry(game, fighter, "%s/%s" % (game, key), rng)))
        for i in range(powers):
            e = rng.pick(effects)
            key = "p%d%d" % (p, i)
            inputs.append(("add", p, key, {"id": "%s/%s" % (game, key), "game": game,
                                           "kind": silver, "name": e, "effect": e,
                                           "verified": False}))
    inputs.append(("start", rng.below(players)))
    return inputs


ROLE_WEIGHT = {"attacker": 6, "defender": 6, "target": 4, "partner": 3, "power": 3,
               "cancel": 1}


def random_input(game, rng):
    """One input drawn from ``game.legal_inputs()`` (None when the game is over)."""
    leg = game.legal_inputs()
    if leg.expect == "over":
        return None
    options = []
    weights = []
    if leg.roll_by is not None:
        options.append(("roll", 1 + rng.below(6)))
        weights.append(12)
    for key in leg.tiles:
        options.append(("tap", key))
        weights.append(ROLE_WEIGHT.get(leg.tiles[key], 1))
    for _label, inp in leg.choices:
        w = 2
        if inp[0] == "end":
            w = {"attacker": 1, "defender": 3, "accept": 8}.get(leg.expect, 2)
        elif inp[0] == "stuck":
            w = 0.02
        elif inp[0] == "trapped":
            w = 0.3
        options.append(inp)
        weights.append(w)
    if not options:
        return None
    total = 0
    for w in weights:
        total += w
    x = rng.below(1000000) * total / 1000000.0
    for i in range(len(options)):
        x -= weights[i]
        if x < 0:
            return options[i]
    return options[-1]


def any_input(game, rng):
    """A random input that may well be refused (wrong tile, roll out of turn...)."""
    keys = game.order or ["nothing"]
    kind = rng.below(9)
    if kind == 0:
        return ("roll", rng.below(8))
    if kind == 1:
        return ("end",)
    if kind == 2:
        return ("pod", rng.below(game.n + 1), rng.below(2) == 1)
    if kind == 3:
        return ("boost", rng.pick(keys))
    if kind == 4:
        return ("trapped", rng.pick(keys))
    if kind == 5:
        return ("stuck",)
    if kind == 6:
        return ("touch", rng.below(2) == 1)
    if kind == 7:
        return ("start", rng.below(game.n))
    return ("tap", rng.pick(keys))


def random_game(variant, players, seed, limit=1500):
    """Play one random game; returns (game, number of inputs, finished?)."""
    rng = Rng(seed)
    g = HexorsGame(variant=variant, players=players)
    for inp in setup_inputs(variant, players, rng):
        result = g.apply(inp)
        if not result.accepted:
            raise AssertionError("setup input refused: %s" % result)
    count = 0
    while count < limit:
        inp = random_input(g, rng)
        if inp is None:
            break
        result = g.apply(inp)
        if not result.accepted:
            raise AssertionError("legal input %r refused: %s" % (inp, result))
        count += 1
    return g, count, g.phase == "over"


PLAYERS = {"jl-beginner": 2, "jl-collector": 2, "jl-ffa": 3, "jl-team": 4,
           "ygo-beginner": 2, "ygo-collector": 2}
