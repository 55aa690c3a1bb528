"""The twelve Justice League Powers (JL-W064..075) and twelve Yu-Gi-Oh! Actions (YG-A1..12).

One row per effect: which game, its timing, its cost, what it may target, how long it
lasts, and how much it adds to a battle total. The rulebook glossary is the authority; a
catalogue entry only says which effect a tile carries.

>>> POWERS["teamwork"].cost, POWERS["teamwork"].amount
(2, 7)
"""


class Power:
    """A glossary row. ``target`` is None (no tap needed) or a target class:

    - ``"battling"``: one of the two tiles in the current battle (Escape)
    - ``"power"``: an active Power/Action (Detection, Disarm)
    - ``"friend"`` / ``"foe"``: a standing friendly / opposing Character, Stronghold,
      Monster or YGO Character tile (``"friend-fighter"``, ``"foe-fighter"``: Characters
      or Monsters only; ``"any-fighter"``: any Monster)
    - ``"graveyard"``: one of your own discarded Monsters (Genesis)

    ``lasts`` is ``"turn"``, ``"game"``, ``"turns"`` (Divine Chain) or ``"now"`` (the tile is
    discarded as soon as it resolves).
    """

    def __init__(self, effect, game, rule, label, timing, cost, target, lasts, amount=0):
        self.effect = effect
        self.game = game
        self.rule = rule
        self.label = label
        self.timing = timing
        self.cost = cost
        self.target = target
        self.lasts = lasts
        self.amount = amount

    @property
    def own_turn_only(self):
        return self.timing in ("ultimate", "extreme")

    def __repr__(self):
        return "Power(%r, %s, cost %d)" % (self.effect, self.rule, self.cost)


_ROWS = (
    # effect, game, rule, label, timing, cost, target, lasts, amount
    ("last_stand", "jl", "JL-W064", "last stand", "surge", 0, None, "turn", 3),
    ("energy_barrier", "jl", "JL-W065", "barrier", "ultimate", 1, None, "game", 0),
    ("escape", "jl", "JL-W066", "escape", "surge", 1, "battling", "turn", 0),
    ("speed", "jl", "JL-W067", "speed", "surge", 1, None, "turn", 0),
    ("detection", "jl", "JL-W068", "detection", "surge", 2, "power", "turn", 0),
    ("flying_debris", "jl", "JL-W069", "debris", "ultimate", 2, "friend-fighter", "game", 2),
    ("life_drain", "jl", "JL-W070", "life drain", "surge", 2, "foe", "turn", -1),
    ("self_destruct", "jl", "JL-W071", "self-destruct", "surge", 2, None, "turn", 0),
    ("teamwork", "jl", "JL-W072", "teamwork", "surge", 2, "friend", "turn", 7),
    ("super_strength", "jl", "JL-W073", "strength", "ultimate", 3, "friend", "game", 3),
    ("telepathy", "jl", "JL-W074", "telepathy", "surge", 3, "foe-fighter", "turn", 0),
    ("wasteland", "jl", "JL-W075", "wasteland", "ultimate", 3, None, "game", 0),
    ("disarm", "ygo", "YG-A1", "disarm", "flash", 1, "power", "now", 0),
    ("mystic_barrier", "ygo", "YG-A2", "barrier", "extreme", 1, None, "game", 0),
    ("symbiosis", "ygo", "YG-A3", "symbiosis", "flash", 1, "friend-fighter", "turn", 0),
    ("setting_sun", "ygo", "YG-A4", "setting sun", "flash", 1, "friend-fighter", "turn", 3),
    ("power_theft", "ygo", "YG-A5", "theft", "flash", 1, None, "now", 0),
    ("energy_lock", "ygo", "YG-A6", "lock", "extreme", 2, "any-fighter", "turn", 0),
    ("genesis", "ygo", "YG-A7", "genesis", "extreme", 2, "graveyard", "now", 0),
    ("divine_chain", "ygo", "YG-A8", "chain", "extreme", 2, "foe-fighter", "turns", 0),
    ("sandstorm", "ygo", "YG-A9", "sandstorm", "extreme", 2, None, "now", 0),
    ("earth_fist", "ygo", "YG-A10", "earth fist", "flash", 2, "friend-fighter", "turn", 7),
    ("star_burst", "ygo", "YG-A11", "star burst", "extreme", 3, "friend-fighter", "game", 3),
    ("zombie", "ygo", "YG-A12", "zombie", "flash", 3, "foe", "turn", 0),
)

POWERS = {}
for _row in _ROWS:
    POWERS[_row[0]] = Power(*_row)

# Effects that destroy other Powers/Actions (JL-W068, YG-A1, YG-A9).
CANCELS = ("detection", "disarm", "sandstorm")
# Effects that leave a wall on the field (JL-C4, YG-16, YG-A6), shown on the screens.
WALLS = ("energy_barrier", "flying_debris", "mystic_barrier", "energy_lock")
# Effects that can change a battle already rolled (kept open for by the accept step).
BATTLE_EFFECTS = (
    "escape", "life_drain", "teamwork", "super_strength", "last_stand", "detection",
    "flying_debris", "symbiosis", "setting_sun", "earth_fist", "star_burst", "disarm",
    "sandstorm",
)
