"""Invocations' seats: each player's board has a colour (IN-1)."""
from __future__ import annotations

BOARD_COLOURS = ("Red", "Blue", "Green", "Yellow", "Black", "White")


def board_colours(n: int) -> tuple[str, ...]:
    """The seats of ``n`` players, by their boards' colours.

    >>> board_colours(3)
    ('Red', 'Blue', 'Green')
    """
    return BOARD_COLOURS[:n]
