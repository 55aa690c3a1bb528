"""Random legal Yu-Gi-Oh! duels on CPython and MicroPython: YG-13/YG-14 Stars never go
negative, the undo/replay contract holds, every duel ends with a winner (YG-1, YG-4)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from hexors_checks import check_game


def test_yg_1_random_beginner_duels_end_with_a_winner():
    for seed in range(6):
        g = check_game("ygo-beginner", 2, 400 + seed)
        assert len(g.winners) == 1


def test_yg_14_random_collectors_duels_keep_stars_and_end():
    for seed in range(8):
        g = check_game("ygo-collector", 2, 500 + seed)
        assert len(g.winners) == 1
