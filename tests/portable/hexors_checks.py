"""Invariants every Hexors state must keep, checked along random legal games (portable)."""
from hexors_random import Rng, random_input, setup_inputs
from hexors_tiles import snapshot

from shared_rules.games.hexors.engine import HexorsGame


def fresh_game(variant, players, rng):
    """A game of ``variant`` with random legal rosters, set up and started."""
    g = HexorsGame(variant=variant, players=players)
    for inp in setup_inputs(variant, players, rng):
        assert g.apply(inp).accepted
    return g


def check_step(g, out, gone, players):
    """The invariants after one accepted input ``out``: a defeated tile (kept in
    ``gone``) never battles again unless Genesis returned it (JL-B6, YG-A7); Stones never
    negative (JL-C9, YG-14); the odds of a battle under way add up to 1 (JL-B5)."""
    for kind, data in out.events:
        if kind in ("engage", "battle"):
            assert data["attacker"] not in gone and data["defender"] not in gone, data
        elif kind == "defeated":
            gone.append(data["tile"])
        elif kind == "returned":
            gone.remove(data["tile"])
    for p in range(players):
        assert g.stones_of(p) >= 0
    if g.battle is not None:
        odds = g.odds()
        if odds is not None:
            assert odds[0] + odds[1] == 1 and odds[0] >= 0 and odds[0] <= 1


def check_game(variant, players, seed, undo_every=7):
    """Play one random legal game and check, after every input: Stones never negative
    (JL-C9, YG-14), a defeated tile never battles again (JL-B6; YG-A7 Genesis brings one
    back), every legal tap and choice is accepted, prompts fit the footer (21 characters),
    the battle odds add up to 1, undo restores the state before, and a replay gives the
    same state. Returns the game."""
    rng = Rng(seed)
    g = fresh_game(variant, players, rng)
    gone = []
    step = 0
    while True:
        leg = g.legal_inputs()
        assert len(leg.prompt) <= 21, leg.prompt
        inp = random_input(g, rng)
        if inp is None:
            break
        before = snapshot(g) if step % undo_every == 0 else None
        out = g.apply(inp)
        assert out.accepted, "%r refused: %s" % (inp, out)
        check_step(g, out, gone, players)
        if before is not None:
            after = snapshot(g)
            assert g.undo() == inp
            assert snapshot(g) == before
            assert g.apply(inp).accepted
            assert snapshot(g) == after
        step += 1
        assert step < 3000, "game did not end"
    copy = HexorsGame(variant=variant, players=players)
    copy.replay(list(g.inputs))
    assert snapshot(copy) == snapshot(g)
    assert g.phase == "over" and g.winners
    return g
