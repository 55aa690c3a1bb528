"""Every place where the rulebooks are silent or contradict each other, decided once.

RULES.md marks these as *Decision* lines. They live here, and only here, so a table that
plays a house rule changes one value. Engines read them; they never hard-code them.
Each game keeps its own section; a name says which rule it settles.
"""

# --- Dice (all games) -------------------------------------------------------------------
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
HX_TEAMS = ((0, 2), (1, 3))
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
HX_CONTROLLED_HOME_BONUS = False
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
HX_WAIT_AFTER_ROLLS = True

# --- HeroScape (RULES.md §3) -------------------------------------------------------------
# HS-2: the combat die has 3 skulls, 2 shields and 1 blank. The electronic die reports faces
# 1..6; face n shows HS_DIE_FACES[n - 1]. The attacker counts skulls, the defender shields.
HS_DIE_FACES = ("skull", "skull", "skull", "shield", "shield", "blank")
# HS-3: dice each player rolls for initiative (the rulebook says 5).
HS_INITIATIVE_DICE = 5
# Most dice one side may roll in one attack (Attack or Defense + height die). The rulebook
# ships 10 of each colour; the referee and its odds go up to 20 (players roll again).
HS_MAX_DICE = 20

# --- Hexo (RULES.md §4) ------------------------------------------------------------------
# The box holds 6 figures and 6 villages.
HX_MIN_PLAYERS = 2
HX_MAX_PLAYERS = 6
# HX-9: on a tie between two players the attack fails and nothing changes.
HX_PLAYER_TIE_FAILS = True
# HX-10, HX-11: a player must be strictly stronger than a monster; a tie is a loss.
HX_STRICTLY_STRONGER_THAN_MONSTER = True
# HX-10: "son tour se terminera sur cette case": a player who beats a monster with the
# attack action takes no more actions this turn (counts as having passed every round).
HX_MONSTER_WIN_ENDS_TURN = True
# HX-12: a player who cannot pay for peace stays put, pays nothing, and has used the action.
HX_FAILED_PEACE_USES_ACTION = True
# HX-1 / HX-6: players tied on the highest score share the win; the next game's First
# Player is the tied player who comes first clockwise from the current First Player.
HX_SHARED_WIN_ON_TIE = True

# --- Invocations (RULES.md §5) -----------------------------------------------------------
IN_MIN_PLAYERS = 2
IN_MAX_PLAYERS = 6
# IN-1: the suggested deck sizes. The book lets players make the deck larger or smaller
# ("Se puede agrandar o achicar el mazo"): outside them the referee says so and waits for the
# Master's confirmation instead of refusing.
IN_MIN_DECK = 32
IN_MAX_DECK = 68
# IN-2: hand size the Master picks (4..6) when nobody says otherwise.
IN_DEFAULT_HAND = 5
# IN-4 timers, in milliseconds; a table may switch both off for a first game.
IN_ATTACK_TIMER_MS = 60000
IN_HANDOVER_TIMER_MS = 15000
# IN-2: a deck too small to fill every hand is dealt one card at a time, player 1 first,
# so every player gets at least one card while the deck lasts.
# IN-5 / IN-12: a blocked hand counts as an empty one for the Attack (a free Spell, else
# the Master's deck card); with nothing anywhere and an empty deck the player sits out the
# rest of the round, as a blocked player does.
# IN-7: an effect recorded as "A beats B" wins over the Attack values (the card says so).
IN_EFFECT_BEATS_ATTACK = True
# IN-7: when nobody beats anybody (all Attacks equal) every player in the round is tied
# for dominant and the Shield reveals of IN-8 decide.
IN_NOBODY_BEATS_MEANS_ALL_TIED = True
# IN-10: cards in the play-off hand; a play-off that still has no winner is played again.
IN_PLAYOFF_HAND = 12
# IN-11: series target; players tied on the highest total at or over it play another game.
IN_SERIES_TARGET = 50
