"""HeroScape: every place where its rulebook is silent or contradicts itself, decided once.

RULES.md marks these as *Decision* lines. They live here, and only here, so a table that
plays a house rule changes one value. The engine reads them; it never hard-codes them.
"""

# --- HeroScape (RULES.md §3) -------------------------------------------------------------
# HS-2: the combat die has 3 skulls, 2 shields and 1 blank. The electronic die reports faces
# 1..6; face n shows DIE_FACES[n - 1]. The attacker counts skulls, the defender shields.
DIE_FACES = ("skull", "skull", "skull", "shield", "shield", "blank")
# HS-3: dice each player rolls for initiative (the rulebook says 5).
INITIATIVE_DICE = 5
# Most dice one side may roll in one attack (Attack or Defense + height die). The rulebook
# ships 10 of each colour; the referee and its odds go up to 20 (players roll again).
MAX_DICE = 20
