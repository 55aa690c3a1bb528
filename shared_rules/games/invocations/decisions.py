"""Invocations: every place where its rulebook is silent or contradicts itself, decided once.

RULES.md marks these as *Decision* lines. They live here, and only here, so a table that
plays a house rule changes one value. The engine reads them; it never hard-codes them.
"""

# --- Invocations (RULES.md §5) -----------------------------------------------------------
MIN_PLAYERS = 2
MAX_PLAYERS = 6
# IN-1: the suggested deck sizes. The book lets players make the deck larger or smaller
# ("Se puede agrandar o achicar el mazo"): outside them the referee says so and waits for the
# Master's confirmation instead of refusing.
MIN_DECK = 32
MAX_DECK = 68
# IN-2: hand size the Master picks (4..6) when nobody says otherwise.
DEFAULT_HAND = 5
# IN-4 timers, in milliseconds; a table may switch both off for a first game.
ATTACK_TIMER_MS = 60000
HANDOVER_TIMER_MS = 15000
# IN-2: a deck too small to fill every hand is dealt one card at a time, player 1 first,
# so every player gets at least one card while the deck lasts.
# IN-5 / IN-12: a blocked hand counts as an empty one for the Attack (a free Spell, else
# the Master's deck card); with nothing anywhere and an empty deck the player sits out the
# rest of the round, as a blocked player does.
# IN-12: a blocked Attack card still counts its Attack in the judging (only its effect is
# stopped); a Destroy or Steal of a Spell or Shield takes a free one while there is one.
# IN-8 / IN-12: a blocked Shield is not turned over in the tie-break, nor pays a Cost.
# IN-14: only effects recorded after the reveal are cancelled (Stage 2's cards are discarded).
# IN-7: an effect recorded as "A beats B" wins over the Attack values (the card says so).
EFFECT_BEATS_ATTACK = True
# IN-7: when nobody beats anybody (all Attacks equal) every player in the round is tied
# for dominant and the Shield reveals of IN-8 decide.
NOBODY_BEATS_MEANS_ALL_TIED = True
# IN-10: cards in the play-off hand; a play-off that still has no winner is played again.
PLAYOFF_HAND = 12
# IN-11: series target; players tied on the highest total at or over it play another game.
SERIES_TARGET = 50
