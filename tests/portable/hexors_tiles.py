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
            "name": effect.replace("_", " ").title() if hasattr(str, "title") else effect,
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
