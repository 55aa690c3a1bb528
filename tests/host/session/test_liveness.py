"""No dead ends (issue 20), for every registered game, variant and player count.

tests/rigs/liveness.py models what each table can do; here, under a minute in all:

- a breadth-first walk from setup over every distinct state it reaches (a budget of
  states per session): every offer is accepted, something always moves the game on;
- random sessions (hypothesis picks the variant and the table's luck) played to the end:
  every offer they pick is accepted and a winner (or a shared win) comes within bounds;
- from a sample of the walk's states a random session still reaches the end.

Rules: the ends each game's rulebook sets (JL-B9, JL-M1, YG-1, HS-9, HX-6, IN-9, IN-10);
IN-3 (an effect card may always be played, an impossible one is lost), IN-5 and IN-12 (a
blocked hand's Attack). A failure prints the inputs from setup that reach the dead end.
`make soak` runs the same checks far longer (tests/soak_liveness.py).
"""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rigs.liveness import DeadEnd, Session, playout, sessions, walk

from shared_rules.games.invocations.engine import InvocationsGame

# States each walk visits: enough to reach every offer of setup and the first rounds
# (Invocations' blocked hand at depth 2, a lost effect at depth 2); the whole file stays
# under a minute on the CI's two cores.
WALK_STATES = {"in": 120, "hx": 150, "hs": 150, "jl": 120, "ygo": 120}
DEEP_STATES = 30  # states walked from each of three points of a random session
SAMPLED = 6  # playouts from the walk's states, per session


@pytest.mark.parametrize("variant,players", sessions())
def test_liveness_walk_every_offer_accepted_and_every_state_ends(variant, players):
    """JL-B9 / JL-M1 / YG-1 / HS-9 / HX-6 / IN-9 / IN-10, IN-3, IN-5, IN-12: from setup,
    every distinct state the walk reaches that is not over accepts every offer and has a
    way on; a random session from a sample of them ends with a winner."""
    session = Session(variant, players, seed=players)
    visited = walk(session, WALK_STATES[session.family])
    assert len(visited) > 20
    # Deeper in the game too: short walks from states a random session went through (an
    # Invocations round's reveal and effects lie five inputs and more from setup).
    other = Session(variant, players, seed=players + 1)
    rosters = len(other.fresh().inputs)
    trace = playout(other).inputs
    for quarter in (1, 2, 3):
        k = rosters + (len(trace) - rosters) * quarter // 4
        visited += walk(session, DEEP_STATES, root=session.replayed(trace[:k]))
    step = max(1, len(visited) // SAMPLED)
    for i, game in enumerate(visited[::step]):
        session.seed = i
        assert playout(session, game).legal_inputs().expect == "over"


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sessions()), st.integers(0, 2 ** 31))
def test_liveness_random_sessions_play_to_a_winner(vp, seed):
    """JL-B9 / JL-M1 / YG-1 / HS-9 / HX-6 / IN-9 / IN-10: a random session from setup ends
    with a winner (or players sharing the win) within tests/rigs/liveness.py's LIMITS, and every
    offer it picks on the way is accepted."""
    variant, players = vp
    game = playout(Session(variant, players, seed=seed))
    assert game.legal_inputs().expect == "over"


class StuckMaster(InvocationsGame):
    """The menu before issue 20's first fix: a player with cards in a blocked hand is
    offered "place attack", which the rules refuse (IN-12)."""

    def legal_inputs(self):
        legal = InvocationsGame.legal_inputs(self)
        legal.choices = [(label, ("place", inp[1], "attack"))
                         if inp[0] == "master_gives" and self.players[inp[1]]["hand"] else
                         (label, inp) for label, inp in legal.choices]
        return legal


def test_liveness_prints_the_inputs_that_reach_a_dead_end():
    """IN-5 / IN-12: the walk finds a menu that offers what the rules refuse, and says how
    to get there from setup (issue 20's blocked hand, put back in a subclass)."""
    session = Session("invocations-untimed", 2)
    session.engine = lambda seats: StuckMaster(players=list(seats), timers=False)
    with pytest.raises(DeadEnd) as found:
        walk(session, 200)
    said = str(found.value)
    assert "invocations-untimed, 2 players: the menu offers" in said
    assert "Blue's hand is blocked (IN-12)" in said
    assert said.splitlines()[-3:] == ["  ('start',),", "  ('block', 0, 1, 'hand', 'hand'),",
                                      "  ('place', 1, 'attack'),"]
