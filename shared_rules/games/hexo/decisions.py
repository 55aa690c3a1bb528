"""Hexo: every place where its rulebook is silent or contradicts itself, decided once.

RULES.md marks these as *Decision* lines. They live here, and only here, so a table that
plays a house rule changes one value. The engine reads them; it never hard-codes them.
"""

# --- Hexo (RULES.md §4) ------------------------------------------------------------------
# The box holds 6 figures and 6 villages.
MIN_PLAYERS = 2
MAX_PLAYERS = 6
# HX-9: on a tie between two players the attack fails and nothing changes.
PLAYER_TIE_FAILS = True
# HX-10, HX-11: a player must be strictly stronger than a monster; a tie is a loss.
STRICTLY_STRONGER_THAN_MONSTER = True
# HX-10: "son tour se terminera sur cette case": a player who beats a monster with the
# attack action takes no more actions this turn (counts as having passed every round).
MONSTER_WIN_ENDS_TURN = True
# HX-12: a player who cannot pay for peace stays put, pays nothing, and has used the action.
FAILED_PEACE_USES_ACTION = True
# HX-1 / HX-6: players tied on the highest score share the win; the next game's First
# Player is the tied player who comes first clockwise from the current First Player.
SHARED_WIN_ON_TIE = True
