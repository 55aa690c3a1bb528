"""Every place where the rulebooks are silent or contradict each other, decided once.

RULES.md marks these as *Decision* lines. They live here, and only here, so a table that
plays a house rule changes one value. Engines read them; they never hard-code them.
Each game keeps its own section; a name says which rule it settles.
"""

# --- Dice (all games) -------------------------------------------------------------------
# The electronic die reports faces 1..6. For the Hexors games face n shows the n-th colour
# in the rulebook's order (JL-P2): 1 green, 2 blue, 3 yellow, 4 red, 5 purple, 6 white.
COLOURS = ("green", "blue", "yellow", "red", "purple", "white")
