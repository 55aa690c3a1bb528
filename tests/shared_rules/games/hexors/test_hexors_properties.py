"""Property tests of the Hexors engine on random legal games (hypothesis).

Each example plays a random legal game of one variant (tests/portable/hexors_random.py)
and checks, after every input: Stones never negative (JL-C9, YG-14); a defeated tile never
battles again unless Genesis returned it (JL-B6, YG-A7); a refused input changes nothing;
undo after apply restores the state; replaying the inputs gives the same state.
"""
from hexors_checks import check_step, fresh_game
from hexors_random import PLAYERS, Rng, any_input, random_input
from hexors_tiles import snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared_rules.games.hexors.engine import HexorsGame

VARIANT_PLAYERS = sorted(PLAYERS.items()) + [("jl-ffa", 4)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANT_PLAYERS), st.integers(0, 2 ** 30), st.integers(1, 250))
def test_hx_c9_stones_never_negative_and_defeated_never_battle(vp, seed, steps):
    """JL-C9 / YG-14 / JL-B6 / JL-B5: Stones never go negative; a defeated tile never
    battles; the exact odds of every battle (ties re-rolled) add up to 1."""
    variant, players = vp
    rng = Rng(seed)
    g = fresh_game(variant, players, rng)
    gone: list = []
    for _ in range(steps):
        inp = random_input(g, rng)
        if inp is None:
            break
        out = g.apply(inp)
        assert out.accepted, (inp, out)
        assert min(g.stones) >= 0
        check_step(g, out, gone, players)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANT_PLAYERS), st.integers(0, 2 ** 30), st.integers(1, 120))
def test_hx_refused_input_changes_nothing(vp, seed, steps):
    """Every refused input leaves the state exactly as it was (DESIGN principle 4)."""
    variant, players = vp
    rng = Rng(seed)
    g = fresh_game(variant, players, rng)
    for _ in range(steps):
        wild = any_input(g, rng)
        before = snapshot(g)
        result = g.apply(wild)
        if not result.accepted:
            assert snapshot(g) == before, (wild, result)
            assert result.rule and result.message
        inp = random_input(g, rng)
        if inp is None:
            break
        assert g.apply(inp).accepted


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANT_PLAYERS), st.integers(0, 2 ** 30), st.integers(1, 80))
def test_hx_undo_after_apply_restores_the_state(vp, seed, steps):
    """undo() after apply() gives back exactly the state before (undo by replay)."""
    variant, players = vp
    rng = Rng(seed)
    g = fresh_game(variant, players, rng)
    for i in range(steps):
        inp = random_input(g, rng)
        if inp is None:
            break
        before = snapshot(g)
        assert g.apply(inp).accepted
        if i % 3 == 0:
            after = snapshot(g)
            assert g.undo() == inp
            assert snapshot(g) == before
            assert g.apply(inp).accepted
            assert snapshot(g) == after


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANT_PLAYERS), st.integers(0, 2 ** 30), st.integers(1, 300))
def test_hx_replay_gives_the_same_state(vp, seed, steps):
    """Folding the same inputs into a fresh game gives the same state and view."""
    variant, players = vp
    rng = Rng(seed)
    g = fresh_game(variant, players, rng)
    for _ in range(steps):
        inp = random_input(g, rng)
        if inp is None:
            break
        assert g.apply(inp).accepted
    copy = HexorsGame(variant=variant, players=players)
    copy.replay(list(g.inputs))
    assert snapshot(copy) == snapshot(g)
    assert copy.view() == g.view()
