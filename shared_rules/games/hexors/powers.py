"""The twelve Justice League Powers (JL-W064..075) and twelve Yu-Gi-Oh! Actions (YG-A1..12).

One row per effect: which game, its timing, its cost, what it may target, how long it
lasts, and how much it adds to a battle total. The rulebook glossary is the authority; a
catalogue entry only says which effect a tile carries.

``PowerPlay`` is the mixin of ``HexorsGame`` that plays them: timing (JL-C10, YG-14),
cost (JL-C9), targets, Symbiosis partners (YG-A3) and the instant effects (Disarm,
Sandstorm, Power Theft, Genesis, Escape).

>>> POWERS["teamwork"].cost, POWERS["teamwork"].amount
(2, 7)
"""
from shared_rules.core.engine import Outcome, Refusal
from shared_rules.core.words import _


class Power:
    """A glossary row. ``target`` is None (no tap needed) or a target class:

    - ``"battling"``: one of the two tiles in the current battle (Escape)
    - ``"power"``: an active Power/Action (Detection, Disarm)
    - ``"tile"``: any standing Character, Stronghold, Monster or YGO Character tile;
      ``"foe"``: an opposing one; ``"friend-fighter"``, ``"foe-fighter"``,
      ``"any-fighter"``: a friendly / opposing / any Character or Monster
    - ``"graveyard"``: one of your own discarded Monsters (Genesis)

    ``lasts`` is ``"turn"``, ``"game"``, ``"turns"`` (Divine Chain) or ``"now"`` (the tile is
    discarded as soon as it resolves).
    """

    def __init__(self, effect, game, rule, timing, cost, target, lasts, amount=0):
        self.effect = effect
        self.game = game
        self.rule = rule
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
    # effect, game, rule, timing, cost, target, lasts, amount (a Power is named by its
    # tile, as the table's book prints it: words.name)
    ("last_stand", "jl", "JL-W064", "surge", 0, None, "turn", 3),
    ("energy_barrier", "jl", "JL-W065", "ultimate", 1, None, "game", 0),
    ("escape", "jl", "JL-W066", "surge", 1, "battling", "turn", 0),
    ("speed", "jl", "JL-W067", "surge", 1, None, "turn", 0),
    ("detection", "jl", "JL-W068", "surge", 2, "power", "turn", 0),
    ("flying_debris", "jl", "JL-W069", "ultimate", 2, "friend-fighter", "game", 2),
    ("life_drain", "jl", "JL-W070", "surge", 2, "foe", "turn", -1),
    ("self_destruct", "jl", "JL-W071", "surge", 2, None, "turn", 0),
    ("teamwork", "jl", "JL-W072", "surge", 2, "tile", "turn", 7),
    ("super_strength", "jl", "JL-W073", "ultimate", 3, "tile", "game", 3),
    ("telepathy", "jl", "JL-W074", "surge", 3, "foe-fighter", "turn", 0),
    ("wasteland", "jl", "JL-W075", "ultimate", 3, None, "game", 0),
    ("disarm", "ygo", "YG-A1", "flash", 1, "power", "now", 0),
    ("mystic_barrier", "ygo", "YG-A2", "extreme", 1, None, "game", 0),
    ("symbiosis", "ygo", "YG-A3", "flash", 1, "any-fighter", "turn", 0),
    ("setting_sun", "ygo", "YG-A4", "flash", 1, "any-fighter", "turn", 3),
    ("power_theft", "ygo", "YG-A5", "flash", 1, None, "now", 0),
    ("energy_lock", "ygo", "YG-A6", "extreme", 2, "any-fighter", "turn", 0),
    ("genesis", "ygo", "YG-A7", "extreme", 2, "graveyard", "now", 0),
    ("divine_chain", "ygo", "YG-A8", "extreme", 2, "any-fighter", "turns", 0),
    ("sandstorm", "ygo", "YG-A9", "extreme", 2, None, "now", 0),
    ("earth_fist", "ygo", "YG-A10", "flash", 2, "any-fighter", "turn", 7),
    ("star_burst", "ygo", "YG-A11", "extreme", 3, "any-fighter", "game", 3),
    ("zombie", "ygo", "YG-A12", "flash", 3, "foe", "turn", 0),
)

POWERS = {}
for _row in _ROWS:
    POWERS[_row[0]] = Power(*_row)

# Effects that leave a wall on the field (JL-C4, YG-16, YG-A6), shown on the screens.
WALLS = ("energy_barrier", "flying_debris", "mystic_barrier", "energy_lock")
# Effects that can change a battle already rolled (kept open for by the accept step).
BATTLE_EFFECTS = (
    "escape", "life_drain", "teamwork", "super_strength", "last_stand", "detection",
    "flying_debris", "symbiosis", "setting_sun", "earth_fist", "star_burst", "disarm",
    "sandstorm",
)


class PowerPlay:
    """Playing Powers and Actions in ``HexorsGame`` (JL-C9..C12, JL-W*, YG-14, YG-15, YG-A*)."""

    def _power_problem(self, t):
        """None if power tile t may be played now (ignoring targets' taps), else a Refusal."""
        r = self.rules
        spec = POWERS[t.entry["effect"]]
        if t.status != "hand":
            return Refusal(r["used"], _("%s has already been played") % t.name,
                           self.said("played_once"))
        if self.phase not in ("attacker", "defender", "roll", "accept"):
            return Refusal(r["timing"], _("not now"), _("play it during a turn"))
        p = t.owner
        if spec.own_turn_only and self.turn != p:
            return Refusal("JL-C10" if self.game == "jl" else "YG-14",
                           _("%s only on its owner's turn") % t.name,
                           _("%s: play it on your turn") % self.name(p))
        if self.stones_of(p) < spec.cost:
            return Refusal(r["pay"], _("%s costs %d, %s has %d") % (
                t.name, spec.cost, self.name(p), self.stones_of(p)),
                self.said("earn_stones"))
        e = spec.effect
        b = self.battle
        if e == "last_stand":
            if self._last_fighter(p) is None:
                return Refusal("JL-W064", _("%s needs exactly one Character left") % t.name,
                               _("keep it for later"))
        elif e == "escape":
            if b is None:
                return Refusal("JL-W066", _("Escape voids a battle"), _("play it during a battle"))
            if self._self_destruct_on(b):
                return Refusal("JL-W071", _("after Self-Destruct the attack cannot be called off"),
                               _("roll the battle"))
        elif e == "self_destruct":
            if b is None or self.phase != "roll" or b["rolls"][0] is not None:
                return Refusal("JL-W071", _("Self-Destruct goes before the attacker rolls"),
                               _("keep it for the next battle"))
            if self._battle_side(p) != 1:
                return Refusal("JL-W071", _("only the defending side plays Self-Destruct"),
                               _("keep it for when you defend"))
            if self.tiles[b["attacker"]].role != "fighter":
                return Refusal("JL-W071", _("Self-Destruct answers an attacking Character"),
                               _("keep it for a Character's attack"))
        if spec.target is not None and not self._targets(t):
            return Refusal(spec.rule, _("nothing %s can target now") % t.name, _("keep it for later"))
        return None

    def _last_fighter(self, p):
        last = None
        for k in self.order:
            c = self.tiles[k]
            if c.owner == p and c.role == "fighter" and self.standing(c):
                if last is not None:
                    return None
                last = k
        return last

    def _targets(self, t):
        """Tile keys power tile t may target now."""
        spec = POWERS[t.entry["effect"]]
        kind = spec.target
        p = t.owner
        b = self.battle
        keys = []
        if kind == "battling":
            if b is not None:
                keys = [b["attacker"], b["defender"]]
        elif kind == "power":
            if self.game == "jl":
                for play in self._live():
                    if play["tile"] != t.key and play["effect"] != "escape":
                        keys.append(play["tile"])
            else:
                for play in self.effects:
                    if play["tile"] != t.key:
                        keys.append(play["tile"])
        elif kind == "graveyard":
            for k in self.order:
                c = self.tiles[k]
                if c.owner == p and c.role == "fighter" and c.status == "discard":
                    keys.append(k)
        else:
            in_battle = (b["attacker"], b["defender"]) if b is not None else ()
            for k in self.order:
                c = self.tiles[k]
                if c.role == "power" or not self.standing(c):
                    continue
                if kind.endswith("fighter") and c.role != "fighter":
                    continue
                friend = self.friendly(self.controller(k), p)
                if kind.startswith("friend") and not friend:
                    continue
                if kind.startswith("foe") and friend:
                    continue
                if spec.effect in ("telepathy", "zombie", "energy_lock") and \
                        (k in in_battle or k == self.attacker):
                    continue          # Decision (decisions.py): not a tile already engaged
                if spec.effect in ("telepathy", "zombie") and self.controller(k) != c.owner:
                    continue
                keys.append(k)
        return keys

    def _tap_power(self, t):
        r = self.rules
        if t.status == "discard":
            return Refusal(r["used"], _("%s is in the discard pile") % t.name,
                           self.said("played_once"))
        if t.status == "active":
            return Refusal(r["used"], _("%s is already in play") % t.name, _("play another one"))
        problem = self._power_problem(t)
        if problem:
            return problem
        spec = POWERS[t.entry["effect"]]
        out = Outcome()
        if spec.target is None:
            target = None
            if spec.effect == "last_stand":
                target = self._last_fighter(t.owner)
            self._play(t, target, out)
            return out
        self.pending = {"tile": t.key, "effect": spec.effect, "target": None, "partners": []}
        out.add("pending", {"tile": t.key, "effect": spec.effect, "player": t.owner})
        return out

    def _tap_pending(self, t):
        pend = self.pending
        power = self.tiles[pend["tile"]]
        spec = POWERS[pend["effect"]]
        if t.key == power.key:
            out = Outcome()
            return self._end_pending(out, cancel=True)
        if pend["target"] is None:
            if t.key not in self._targets(power):
                return Refusal(spec.rule, _("%s cannot target %s") % (power.name, t.name),
                               _("tap a tile it can take, or end to cancel"))
            out = Outcome()
            if spec.effect == "symbiosis":
                pend["target"] = t.key
                out.add("target", {"tile": power.key, "target": t.key})
                return out
            self.pending = None
            self._play(power, t.key, out)
            return out
        # YG-A3: tapping the Monsters friendly to the target in face contact with it.
        target = self.tiles[pend["target"]]
        if not self._may_partner(t):
            return Refusal("YG-A3", _("%s cannot lend its strike values") % t.name,
                           _("tap a friendly Monster touching %s, or end") % target.name)
        pend["partners"].append(t.key)
        out = Outcome()
        out.add("partner", {"tile": power.key, "partner": t.key})
        return out

    def _may_partner(self, t):
        """YG-A3: may tile t lend its strike values to the pending Symbiosis target?"""
        pend = self.pending
        target = pend["target"]
        return t.role == "fighter" and self.standing(t) and t.key != target and \
            self.friendly(self.controller(t.key), self.controller(target)) and \
            t.key not in pend["partners"]

    def _end_pending(self, out, cancel=False):
        pend = self.pending
        power = self.tiles[pend["tile"]]
        if not cancel and pend["effect"] == "symbiosis" and pend["partners"]:
            self.pending = None
            self._play(power, pend["target"], out, pend["partners"])
            return out
        self.pending = None
        out.add("cancelled", {"tile": power.key})
        return out

    def _play(self, t, target, out, partners=None):
        """Pay and put a power into effect (JL-C9, YG-14)."""
        spec = POWERS[t.entry["effect"]]
        p = t.owner
        i = self.purse(p)
        if spec.cost:
            self.stones[i] -= spec.cost
            out.add("stones", {"player": p, "change": -spec.cost, "total": self.stones[i],
                               "rule": self.rules["pay"]})
        play = {"tile": t.key, "effect": spec.effect, "player": p, "target": target,
                "turn": self.turn_no}
        if partners:
            play["partners"] = list(partners)
        b = self.battle
        if b is not None:
            if "id" not in b:
                b["id"] = self.turn_no * 100 + self.fought
            play["battle"] = b["id"]
        out.add("power", {"tile": t.key, "player": p, "effect": spec.effect, "target": target,
                          "cost": spec.cost, "rule": spec.rule})
        self.turn_plays.append(play)
        t.status = "active"
        e = spec.effect
        if spec.lasts == "now":
            t.status = "discard"
        else:
            self.effects.append(play)
        if e == "disarm":
            self._destroy(target, out, "YG-A1")
        elif e == "sandstorm":
            for other in list(self.effects):
                if not self.friendly(other["player"], p):
                    self._destroy(other["tile"], out, "YG-A9")
        elif e == "power_theft":
            victim = (p + 1) % self.n
            if self.stones_of(victim) > 0:
                self.stones[self.purse(victim)] -= 1
                self.stones[i] += 1
                out.add("stones", {"player": victim, "change": -1,
                                   "total": self.stones_of(victim), "rule": "YG-A5"})
                out.add("stones", {"player": p, "change": 1, "total": self.stones[i],
                                   "rule": "YG-A5"})
        elif e == "genesis":
            back = self.tiles[target]
            back.status = "play"
            out.add("returned", {"tile": target, "player": back.owner, "rule": "YG-A7"})
        elif e == "escape":
            out.add("battle", {"attacker": b["attacker"], "defender": b["defender"],
                               "totals": self.totals(), "winner": None, "void": True})
            self.battle = None
            self.fought += 1
            self._after_battle(out, {"showdown": False})
            if self.tiles[target].role == "fighter":  # a Character may step back
                self._order_move(t, target, out)
        elif e == "wasteland":
            self._order_move(t, t.key, out)
        elif e == "detection":
            out.add("destroyed", {"tile": target, "by": t.key, "rule": "JL-W068"})
        if self.phase == "accept" and self.battle is not None:
            out.add("totals", {"totals": self.totals()})

    def _order_move(self, t, tile, out):
        """JL-W066, JL-W075: a move the Power orders, made on the table; play waits for
        its player's word that it is done (in a game started "moves")."""
        if not self.waits or self.phase == "over":
            return
        spec = POWERS[t.entry["effect"]]
        self.moving = {"tile": tile, "effect": spec.effect, "player": t.owner}
        out.add("moving", {"tile": tile, "effect": spec.effect, "player": t.owner,
                           "rule": spec.rule})

    def _destroy(self, key, out, rule):
        """YG-A1, YG-A9: an Action leaves play at once (first to last, YG-15)."""
        keep = []
        for play in self.effects:
            if play["tile"] == key:
                self.tiles[key].status = "discard"
                out.add("destroyed", {"tile": key, "by": rule})
            else:
                keep.append(play)
        self.effects = keep
