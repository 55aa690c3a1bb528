"""Random legal Justice League games, every variant, on CPython and MicroPython:
JL-B6, JL-C9 and the undo/replay contract hold all along; every game ends with a winner
(JL-B9, JL-C13, JL-M9, JL-M14)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_checks import check_game


def test_jl_b9_random_beginner_games_end_with_a_winner():
    for seed in range(6):
        g = check_game("jl-beginner", 2, seed)
        assert len(g.winners) == 1


def test_jl_c13_random_collectors_games_end_with_a_winner():
    for seed in range(6):
        check_game("jl-collector", 2, 100 + seed)


def test_jl_m9_random_free_for_all_games_end_with_one_player():
    for seed in range(4):
        g = check_game("jl-ffa", 3 + seed % 2, 200 + seed)
        assert len(g.winners) == 1


def test_jl_m14_random_team_games_end_with_a_team():
    for seed in range(4):
        g = check_game("jl-team", 4, 300 + seed)
        assert sorted(g.winners) in ([0, 2], [1, 3])
