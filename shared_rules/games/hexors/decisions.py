"""Justice League Hexors and Yu-Gi-Oh! Hexors: every place where its rulebook is silent or contradicts itself, decided once.

RULES.md marks these as *Decision* lines. They live here, and only here, so a table that
plays a house rule changes one value. The engine reads them; it never hard-codes them.
"""

# --- Dice -------------------------------------------------------------------
# The electronic die reports faces 1..6. For the Hexors games face n shows the n-th colour
# in the rulebook's order (JL-P2): 1 green, 2 blue, 3 yellow, 4 red, 5 purple, 6 white.
COLOURS = ("green", "blue", "yellow", "red", "purple", "white")

# --- Yu-Gi-Oh! Hexors: Elements (RULES.md §2, tile catalogue) -----------------------------
# The rulebook maps six Elements one-to-one to the six die colours but names only two:
# Earth = green and Wind = yellow (YG-10). Decision for the other four (the remaining
# Yu-Gi-Oh! attributes, in the order of the remaining colours): Water = blue, Fire = red,
# Dark = purple, Light = white. A player can correct a tile's colour from the tile itself.
ELEMENT_COLOURS = {
    "earth": "green",
    "water": "blue",
    "wind": "yellow",
    "fire": "red",
    "dark": "purple",
    "light": "white",
}

# --- Justice League Hexors and Yu-Gi-Oh! Hexors (RULES.md §1, §2) --------------------------
# JL-M10: teams for the 4-player team game, by player index. Turn order 0,1,2,3 is then
# A1 B1 A2 B2 (the figure-8 of the rulebook) whoever starts.
TEAMS = ((0, 2), (1, 3))
# JL-M12: partners may pool their Stones; the referee always keeps one reserve per team.
JL_TEAM_POOLED_STONES = True
# JL-B2 / YGO rulebook ("the player who picked the last Monster starts"): the suggested
# first player is the owner of the last Character (JL) or Monster (YGO) added to a roster.
# JL-M1 ("youngest first") and JL-M10 (toss) cannot be seen: the suggestion is player 1.
# JL-B9 with both players on their Stronghold only: the player whose turn comes next
# attacks (rolls first) in the Stronghold showdown. In the Collector's game too these rolls
# add no Defense Bonus, as JL-M8 says for 3 and 4 players: the book's sentence stands among
# the Beginner rules, where no bonus exists, so it never meant one (RULES.md, JL-B9).
JL_SHOWDOWN_DEFENSE_BONUS = False
# JL-M4 (leftover Stones as +1 boosts) is a 3-4 player rule (JL-M13: teams too); in the
# 2-player Collector's game it is off.
JL_STONE_BOOSTS_TWO_PLAYERS = False
# JL-W066 Escape: the battle ends with no loser and no Stone; the attacker may go on with a
# multiple attack. A Detection cannot answer an Escape (the round is already void).
# JL-W071 Self-Destruct is played by the defending side against an attacking Character;
# when it fires the Stone for the destroyed attacker goes to the Self-Destruct's player, as
# for any defeat (JL-C8). If the attacker's win already ends the game, the game is over
# first (JL-B9: the first player to defeat everything wins).
JL_SELF_DESTRUCT_EARNS_STONE = True
# JL-M5: Characters removed with their fallen Stronghold earn nobody a Stone (JL-C8 pays for
# tiles defeated in battle).
# JL-W074 Telepathy / YG-A12 Zombie: a controlled tile keeps its printed strike values, gets
# no Colour/Element or Ally bonus from either home tile, and a pod with the controller's
# tiles counts. A defeat it causes earns the controller the Stone. It cannot be a tile
# already in the current battle or moved this turn (nor can Energy Lock).
CONTROLLED_HOME_BONUS = False
# JL-W075: only Characters can be trapped (Strongholds never move anyway). A trapped
# Character counts as defeated while an opposing Wasteland is active and comes back if a
# Detection destroys that Wasteland.
# Targets, as the glossaries write them: Teamwork and Super Strength take any Character or
# Stronghold ("the one you wish to target": in a free-for-all helping a third player is a
# tactic); Setting Sun, Earth Fist, Star Burst, Symbiosis, Divine Chain and Energy Lock any
# Monster ("n'importe quel monstre"); Life Drain, Telepathy and Zombie an opposing tile;
# Flying Debris one of your own (or your partner's) Characters, the one that attacks;
# Last Stand your last Character.
# YG-A3 Symbiosis: players tap the friendly Monster(s) in contact; the referee uses the
# highest value those Monsters show for the rolled colour (never lower than the target's).
# YG-A8 Divine Chain: "3 turns" counts every player's turn, starting with the turn after the
# one in which it was played; it binds from the moment it is played.
YG_DIVINE_CHAIN_TURNS = 3
# After both dice of a battle, while some player can still play a Surge/Flash (Escape and
# Life Drain may be played after the roll) or a JL-M4 boost, the referee waits for an
# "accept" (end) before it declares the result; otherwise it declares it at once.
WAIT_AFTER_ROLLS = True
