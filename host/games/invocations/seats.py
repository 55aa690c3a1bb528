"""Invocations' seats: each player's board has a colour (IN-1), kept in the journal in the
code's English and said in the table's language where shown (shared_rules.words.seat);
both sides name them alike (shared_rules/invocations_presenter.py)."""
from __future__ import annotations

from shared_rules.invocations_presenter import BOARD_COLOURS, board_colours

__all__ = ["BOARD_COLOURS", "board_colours"]
