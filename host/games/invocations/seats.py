"""Invocations' seats: each player's board has a colour (IN-1), named in the table's
language when the game is set up (the names are then the journal's, as any seat's)."""
from __future__ import annotations

from host.common.i18n import N_, _

BOARD_COLOURS = (N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"), N_("Black"), N_("White"))


def board_colours(n: int) -> tuple[str, ...]:
    """The seats of ``n`` players, by their boards' colours, in the table's language.

    >>> board_colours(3)
    ('Red', 'Blue', 'Green')
    """
    return tuple(_(colour) for colour in BOARD_COLOURS[:n])
