"""Catalogue entries built from the numbers in RULES.md, for the Hexors tests.

Only the values the rulebook prints are meaningful (JL-C3, YG-10); the other strike values
are test numbers chosen so each scripted battle has a known result.
"""

COLOURS = ("green", "blue", "yellow", "red", "purple", "white")


def strike(green, blue, yellow, red, purple, white):
    return {"green": green, "blue": blue, "yellow": yellow, "red": red,
            "purple": purple, "white": white}


def jl(kind, ident, name, values, colour=None, ally=None, bonus=None):
    return {"id": ident, "game": "jl", "kind": kind, "name": name, "number": None,
            "strike": values, "colour": colour, "ally": ally, "bonus": bonus,
            "verified": False}


def ygo(kind, ident, name, values, colour=None, bonus=None):
    return {"id": ident, "game": "ygo", "kind": kind, "name": name, "number": None,
            "strike": values, "colour": colour, "ally": None, "bonus": bonus,
            "verified": False}


def power(effect, ident=None, game="jl"):
    kind = "power" if game == "jl" else "action"
    return {"id": ident or ("%s/%s" % (game, effect)), "game": game, "kind": kind,
            "name": " ".join([w[:1].upper() + w[1:] for w in effect.split("_")]),
            "effect": effect, "verified": False}


# JL-C3: Superman (blue) rolls yellow = 6; Atlantis' blue value is 6. Doomsday (red) rolls
# red = 8; Mars' red value is 3.
ATLANTIS = jl("stronghold", "jl/atlantis", "Atlantis", strike(2, 6, 1, 4, 3, 5), bonus=2,
              ally="aquaman")
MARS = jl("stronghold", "jl/mars", "Mars", strike(2, 1, 4, 3, 5, 2), bonus=1,
          ally="martian-manhunter")
SUPERMAN = jl("character", "jl/016", "Superman", strike(3, 4, 6, 5, 2, 1), colour="blue")
DOOMSDAY = jl("character", "jl/doomsday", "Doomsday", strike(2, 3, 4, 8, 1, 5), colour="red")
MANHUNTER = jl("character", "jl/manhunter", "Martian Manhunter", strike(4, 2, 5, 3, 6, 2),
               colour="green", ally="martian-manhunter")
BATMAN = jl("character", "jl/batman", "Batman", strike(5, 3, 2, 4, 4, 3), colour="purple",
            ally="aquaman")

# More tiles for the 3-4 player games (test numbers).
GOTHAM = jl("stronghold", "jl/gotham", "Gotham", strike(3, 3, 3, 3, 3, 3), bonus=3,
            ally="batman")
KEYSTONE = jl("stronghold", "jl/keystone", "Keystone", strike(1, 1, 1, 1, 1, 1), bonus=0)
FORTRESS = jl("stronghold", "jl/fortress", "Fortress", strike(9, 9, 9, 9, 9, 9), bonus=4)
FLASH = jl("character", "jl/flash", "Flash", strike(4, 4, 4, 4, 4, 4), colour="green",
           ally="batman")
WONDER = jl("character", "jl/wonder", "Wonder Woman", strike(2, 2, 2, 2, 2, 2),
            colour="white")
ROBIN = jl("character", "jl/robin", "Robin", strike(1, 1, 1, 1, 1, 1), colour="red")

# YG-10: Gaia (Earth/green, Yugi) rolls green = 5; Yugi's green value is 5. Thousand
# Dragon (Wind/yellow, Kaiba) rolls yellow = 7; Kaiba's yellow value is 2.
YUGI = ygo("character", "ygo/yugi", "Yugi", strike(5, 3, 4, 2, 6, 1), bonus=2)
KAIBA = ygo("character", "ygo/kaiba", "Kaiba", strike(3, 4, 2, 5, 1, 6), bonus=3)
GAIA = ygo("monster", "ygo/gaia", "Gaia the Fierce Knight", strike(5, 2, 3, 6, 4, 1),
           colour="green")
DRAGON = ygo("monster", "ygo/thousand-dragon", "Thousand Dragon", strike(2, 5, 7, 3, 4, 1),
             colour="yellow")
MAGICIAN = ygo("monster", "ygo/magician", "Dark Magician", strike(6, 3, 2, 4, 5, 3),
               colour="purple")
BLUE_EYES = ygo("monster", "ygo/blue-eyes", "Blue-Eyes", strike(3, 6, 4, 5, 2, 4),
                colour="white")

FACE = {"green": 1, "blue": 2, "yellow": 3, "red": 4, "purple": 5, "white": 6}


def play(game, inputs):
    """Apply inputs in order; fail loudly on the first refusal. Returns the outcomes."""
    outs = []
    for inp in inputs:
        result = game.apply(inp)
        assert result.accepted, "%r refused: %s" % (inp, result)
        outs.append(result)
    return outs


def snapshot(game):
    """A comparable picture of the whole state (for undo, replay and refusal checks)."""
    tiles = []
    for key in game.order:
        t = game.tiles[key]
        tiles.append((key, t.owner, t.status, t.trapped))
    battle = None
    if game.battle is not None:
        b = game.battle
        battle = (b["attacker"], b["defender"], tuple(b["rolls"]), tuple(b["pod"]),
                  b["touch"], b["showdown"], b.get("id"))
    effects = [(p["tile"], p["effect"], p["player"], p["target"], p["turn"])
               for p in game.effects]
    pend = None
    if game.pending is not None:
        pend = (game.pending["tile"], game.pending["target"],
                tuple(game.pending["partners"]))
    return (game.phase, game.turn, game.turn_no, tuple(game.stones), tuple(tiles), battle,
            tuple(effects), len(game.turn_plays), tuple(sorted(game.boosts.items())),
            game.attacker, game.fought, pend, game.winners and tuple(game.winners),
            tuple(game.inputs))


def setup(variant, rosters, first=0, players=None):
    """A started game. ``rosters`` is a list per player of (key, entry) pairs."""
    from shared_rules.games.hexors.engine import HexorsGame

    g = HexorsGame(variant=variant, players=players or len(rosters))
    inputs = []
    for p in range(len(rosters)):
        for key, entry in rosters[p]:
            inputs.append(("add", p, key, entry))
    play(g, inputs)
    play(g, [("start", first)])
    return g


def jl_pair(powers0=(), powers1=(), variant="jl-collector", first=0):
    """P1: Atlantis S0, Superman C0, Batman C2; P2: Mars S1, Doomsday C1, Manhunter C3.
    Powers are named by effect; their keys are P0a, P0b... and P1a, P1b..."""
    r0 = [("S0", ATLANTIS), ("C0", SUPERMAN), ("C2", BATMAN)]
    r1 = [("S1", MARS), ("C1", DOOMSDAY), ("C3", MANHUNTER)]
    powers0 = list(powers0)
    powers1 = list(powers1)
    while len(powers0) < len(powers1):     # JL-C1: same number of Powers; pad with Speed
        powers0.append("speed")
    while len(powers1) < len(powers0):
        powers1.append("speed")
    for i in range(len(powers0)):
        r0.append(("P0" + "abcdef"[i], power(powers0[i], "jl/%s-%d" % (powers0[i], i))))
    for i in range(len(powers1)):
        r1.append(("P1" + "abcdef"[i], power(powers1[i], "jl/%s-%d" % (powers1[i], i))))
    return setup(variant, [r0, r1], first)


def give(game, player, stones):
    """Test set-up: put Stones/Stars in a player's reserve (instead of winning battles)."""
    game.stones[game.purse(player)] = stones


def refused_unchanged(game, inp, rule):
    """The input is refused with ``rule`` and the state is exactly as before."""
    before = snapshot(game)
    result = game.apply(inp)
    assert not result.accepted, "%r accepted" % (inp,)
    assert result.rule == rule, "%r refused by %s, not %s: %s" % (inp, result.rule, rule,
                                                                  result)
    assert snapshot(game) == before
    return result


def ygo_pair(actions0=(), actions1=(), variant="ygo-collector", first=0):
    """P1: Yugi Y0, Gaia G0, Dark Magician M0; P2: Kaiba K1, Thousand Dragon D1,
    Blue-Eyes B1. Actions (padded with Power Theft to equal numbers) are A0a.., A1a..."""
    r0 = [("Y0", YUGI), ("G0", GAIA), ("M0", MAGICIAN)]
    r1 = [("K1", KAIBA), ("D1", DRAGON), ("B1", BLUE_EYES)]
    actions0 = list(actions0)
    actions1 = list(actions1)
    while len(actions0) < len(actions1):
        actions0.append("power_theft")
    while len(actions1) < len(actions0):
        actions1.append("power_theft")
    for i in range(len(actions0)):
        r0.append(("A0" + "abcdef"[i], power(actions0[i], "ygo/%s-%d" % (actions0[i], i),
                                             "ygo")))
    for i in range(len(actions1)):
        r1.append(("A1" + "abcdef"[i], power(actions1[i], "ygo/%s-%d" % (actions1[i], i),
                                             "ygo")))
    return setup(variant, [r0, r1], first)
