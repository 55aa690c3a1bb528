"""Justice League Hexors and Yu-Gi-Oh! Hexors (RULES.md §1, §2) as one state machine.

The two games share their mechanics: a *home* tile (JL Stronghold, YGO Character), the
*fighters* that move (JL Characters, YGO Monsters) and silver *powers* (JL Powers, YGO
Actions). Variants: ``jl-beginner``, ``jl-collector``, ``jl-ffa`` (3 or 4 players),
``jl-team`` (4 players, teams A = players 1 and 3, B = players 2 and 4, turn order
A1 B1 A2 B2), ``ygo-beginner``, ``ygo-collector``. Players are 0-based in inputs and
"P1", "P2"... (or "A1", "B1"...) on screens.

Inputs (each one a tile tap, a die face or a button on the device):

====================================  =====================================================
``("add", player, tile_key, entry)``  setup: put a tile in a roster (tag UID, catalogue dict)
``("start", first_player)``           setup done: check rosters (JL-B1, JL-C1, YG-2, YG-8)
``("tap", tile_key)``                 a tile tapped; its role comes from the phase: the
                                      moved tile (attacker), the tile it battles (defender),
                                      a Power/Action played, the target of that power, a
                                      Symbiosis partner
``("roll", face)``                    the die showed 1..6 (decisions.COLOURS gives colour)
``("end",)``                          end the turn / the multiple attack / pass (JL-M6);
                                      accept a rolled battle; cancel a power being played
                                      (or finish tapping Symbiosis partners)
``("pod", player, on)``               button: player's battling tile is in a pod / team
                                      (JL-C4, YG-11), True or False
``("touch", on)``                     button: an attacking Stronghold touches its target
                                      (JL-M7 keeps its Defense Bonus)
``("boost", tile_key)``               button: spend 1 leftover Stone for +1 this turn on a
                                      battling tile (JL-M4)
``("trapped", tile_key)``             button then tap: a Character can no longer move
                                      because of an opposing Wasteland (JL-W075)
``("stuck",)``                        button: the player to act cannot move any tile (YG-4)
====================================  =====================================================

Results are ``engine.Outcome`` events: ``start``, ``turn`` {player}, ``skip`` {player,
rule}, ``attacker`` {tile}, ``battle`` {attacker, defender, totals: {tile: Total}, winner
(tile or None), void}, ``reroll`` {rule}, ``defeated`` {tile, player, rule}, ``stones``
{player, change, total}, ``power`` {tile, player, effect, target, cost, rule},
``pending`` {tile, effect}, ``cancelled`` {tile}, ``destroyed`` {tile, by}, ``returned``
{tile}, ``trapped`` {tile}, ``showdown`` {rule}, ``winner`` {players, rule}.

Screens read ``game.view()`` (a plain dict, see its docstring), ``game.legal_inputs()``
(a ``Legal``: actor, expect, prompt, tiles, roll_by, choices, powers) and the attributes
``turn``, ``phase``, ``stones``, ``tiles``, ``battle``, ``winners``.

>>> g = HexorsGame(variant="jl-beginner", players=2)
>>> g.legal_inputs().expect
'roster'
"""
from shared_rules import decisions as D
from shared_rules.engine import Game, Outcome, Refusal, Total
from shared_rules.hexors_powers import BATTLE_EFFECTS, POWERS, WALLS

# variant -> (game, collector rules?, allowed player counts)
VARIANTS = {
    "jl-beginner": ("jl", False, (2,)),
    "jl-collector": ("jl", True, (2,)),
    "jl-ffa": ("jl", True, (3, 4)),
    "jl-team": ("jl", True, (4,)),
    "ygo-beginner": ("ygo", False, (2,)),
    "ygo-collector": ("ygo", True, (2,)),
}
# catalogue kind -> role, per game
ROLES = {
    "jl": {"stronghold": "home", "character": "fighter", "power": "power"},
    "ygo": {"character": "home", "monster": "fighter", "action": "power"},
}
# Words a player reads, per game.
WORDS = {
    "jl": {"home": "Stronghold", "fighter": "Character", "power": "Power",
           "stones": "stones", "a_power": "a Power", "colour": "colour", "pod": "pod", "home_bonus": "defense"},
    "ygo": {"home": "Character", "fighter": "Monster", "power": "Action",
            "stones": "stars", "a_power": "an Action", "colour": "element", "pod": "team", "home_bonus": "attack"},
}
# Rule IDs quoted in refusals, per game: what the rule is about -> ID.
RULE = {
    "jl": {"setup": "JL-B1", "roster": "JL-C1", "beginner": "JL-B8", "values": "JL-P2",
           "turn": "JL-B3", "battle": "JL-B4", "tie": "JL-B5", "discard": "JL-B6",
           "multi": "JL-B7", "win": "JL-B9", "pod": "JL-C4", "pay": "JL-C9",
           "timing": "JL-C10", "order": "JL-C11", "used": "JL-C12", "colour": "JL-C3",
           "first": "JL-B2"},
    "ygo": {"setup": "YG-2", "roster": "YG-8", "beginner": "YG-2", "values": "YG-5",
            "turn": "YG-3", "battle": "YG-5", "tie": "YG-5", "discard": "YG-5",
            "multi": "YG-7", "win": "YG-1", "pod": "YG-11", "pay": "YG-14",
            "timing": "YG-14", "order": "YG-15", "used": "YG-14", "colour": "YG-10",
            "first": "YG-2"},
}


class Tile:
    """One physical tile in the game: its tag, catalogue entry, owner and status.

    ``status`` is ``"play"`` (standing on the field), ``"discard"`` (defeated or used),
    and for powers ``"hand"`` (not played yet) or ``"active"`` (in effect).
    """

    def __init__(self, key, entry, owner, role):
        self.key = key
        self.entry = entry
        self.owner = owner
        self.role = role
        self.kind = entry["kind"]
        self.name = entry.get("name") or entry.get("id") or key
        self.status = "hand" if role == "power" else "play"
        self.trapped = False

    def strike(self, colour):
        return self.entry["strike"][colour]

    def __repr__(self):
        return "Tile(%r, %r, P%d, %s)" % (self.key, self.name, self.owner + 1, self.status)


class Legal:
    """What may happen now, for the screens and the buttons.

    ``actor`` player expected to act (or None), ``expect`` one word ("roster", "attacker",
    "defender", "roll", "accept", "target", "partner", "over"), ``prompt`` the footer text,
    ``tiles`` {tile_key: role}, ``roll_by`` player to roll or None, ``choices`` [(label,
    input)] for the buttons, ``powers`` [(tile_key, cost)] playable now.
    """

    def __init__(self, actor, expect, prompt):
        self.actor = actor
        self.expect = expect
        self.prompt = prompt
        self.tiles = {}
        self.roll_by = None
        self.choices = []
        self.powers = []

    def __repr__(self):
        return "Legal(%r, %r, %r, tiles=%r, choices=%r)" % (
            self.actor, self.expect, self.prompt, self.tiles, self.choices)


class HexorsGame(Game):
    """A game of Justice League or Yu-Gi-Oh! Hexors.

    >>> g = HexorsGame(variant="jl-beginner", players=2)
    >>> g.apply(("start", 0)).rule
    'JL-B1'
    """

    def __init__(self, variant="jl-beginner", players=2):
        if variant not in VARIANTS:
            raise ValueError("unknown Hexors variant %r (one of %s)"
                             % (variant, ", ".join(sorted(VARIANTS))))
        if players not in VARIANTS[variant][2]:
            raise ValueError("%s is for %s players" % (
                variant, " or ".join([str(n) for n in VARIANTS[variant][2]])))
        Game.__init__(self, variant=variant, players=players)

    # --- state ------------------------------------------------------------------------
    def _reset(self):
        variant = self.options["variant"]
        self.variant = variant
        self.game, self.collector, _ = VARIANTS[variant]
        self.n = self.options["players"]
        self.team = variant == "jl-team"
        self.ffa = variant in ("jl-ffa", "jl-team")
        self.words = WORDS[self.game]
        self.rules = RULE[self.game]
        self.tiles = {}          # tile_key -> Tile, in the order added
        self.order = []          # tile keys in the order added
        self.phase = "setup"     # setup attacker defender roll accept over
        self.turn = None         # player whose turn it is
        self.turn_no = 0
        self.stones = [0] * self.n   # per player, or per team (index = team) in jl-team
        self.battle = None       # dict while a battle is on
        self.attacker = None     # the tile that moved this turn (tapped as attacker)
        self.fought = 0          # battles fought by the attacker this turn
        self.effects = []        # plays in force: dicts (tile, effect, player, target, turn)
        self.turn_plays = []     # plays activated this turn, in order (JL-C11, YG-15)
        self.boosts = {}         # tile_key -> Stones spent this turn (JL-M4)
        self.pending = None      # a power tapped, waiting for its target (or partners)
        self.winners = None
        self.last_battle = None  # the last resolved battle, for the screens

    # --- small questions about the state ------------------------------------------------
    def name(self, p):
        """A player's label: P1, P2... or A1, B1, A2, B2 in the team game."""
        if self.team:
            return "%s%d" % ("AB"[p % 2], p // 2 + 1)
        return "P%d" % (p + 1)

    def friendly(self, p, q):
        if p == q:
            return True
        if self.team:
            return p % 2 == q % 2
        return False

    def purse(self, p):
        return p % 2 if (self.team and D.JL_TEAM_POOLED_STONES) else p

    def stones_of(self, p):
        return self.stones[self.purse(p)]

    def controller(self, key):
        """Who plays a tile now: its owner, or the player controlling it this turn."""
        for play in self._live():
            if play["effect"] in ("telepathy", "zombie") and play["target"] == key:
                return play["player"]
        return self.tiles[key].owner

    def home_of(self, p):
        for key in self.order:
            t = self.tiles[key]
            if t.owner == p and t.role == "home":
                return t
        return None

    def standing(self, t):
        """On the field and not out of the game (JL-W075 trapped)."""
        if t.status != "play":
            return False
        if t.trapped and self._wasteland_against(t.owner):
            return False
        return True

    def _wasteland_against(self, p):
        for play in self._live():
            if play["effect"] == "wasteland" and not self.friendly(play["player"], p):
                return True
        return False

    def fighters_left(self, p):
        count = 0
        for key in self.order:
            t = self.tiles[key]
            if t.owner == p and t.role == "fighter" and self.standing(t):
                count += 1
        return count

    def home_standing(self, p):
        h = self.home_of(p)
        return h is not None and self.standing(h)

    def alive(self, p):
        return self.home_standing(p) or self.fighters_left(p) > 0

    def _cancelled(self):
        """Tile keys of powers destroyed this turn, resolving last to first (JL-C11).

        A Detection resolves before the Powers played earlier, so a later Detection aimed
        at an earlier Detection saves that Detection's target. YGO Actions resolve first to
        last (YG-15) and are discarded at once, so nothing is pending there.
        """
        gone = []
        if self.game != "jl":
            return gone
        i = len(self.turn_plays) - 1
        while i >= 0:
            play = self.turn_plays[i]
            if play["tile"] not in gone and play["effect"] == "detection":
                gone.append(play["target"])
            i -= 1
        return gone

    def _live(self):
        """The plays whose effect counts now."""
        if not self.effects:
            return self.effects
        gone = self._cancelled()
        if not gone:
            return self.effects
        return [play for play in self.effects if play["tile"] not in gone]

    def _locked(self, key):
        """YG-A6 Energy Lock or YG-A8 Divine Chain on this tile (or None)."""
        for play in self._live():
            if play["target"] == key and play["effect"] in ("energy_lock", "divine_chain"):
                return play["effect"]
        return None

    # --- apply ------------------------------------------------------------------------
    def _apply(self, inp):
        kind = inp[0]
        handler = _HANDLERS.get(kind)
        if handler is None:
            return Refusal("INPUT", "unknown input %r" % (kind,),
                           "use add, start, tap, roll, end, pod, touch, boost, trapped, stuck")
        return handler(self, inp)

    def _refuse_over(self):
        if self.phase == "over":
            return Refusal(self.rules["win"], "the game is over",
                           "start a new game or undo")
        return None

    # setup ---------------------------------------------------------------------------------
    def _in_add(self, inp):
        r = self.rules
        if self.phase != "setup":
            return Refusal(r["setup"], "the game has started", "add tiles before start")
        if len(inp) != 4:
            return Refusal("INPUT", "add needs player, tile key, entry",
                           "send (add, player, key, entry)")
        _, p, key, entry = inp
        if not isinstance(p, int) or p < 0 or p >= self.n:
            return Refusal("INPUT", "no player %r" % (p,), "players are 0..%d" % (self.n - 1))
        if not isinstance(key, str) or not key:
            return Refusal("INPUT", "a tile key is a tag UID string", "tap the tile again")
        if key in self.tiles:
            return Refusal(r["setup"], "%s is already in a roster" % self.tiles[key].name,
                           "each physical tile joins once")
        if not isinstance(entry, dict) or entry.get("game") != self.game:
            return Refusal(r["setup"], "not a %s tile" % ("Justice League" if self.game == "jl"
                                                         else "Yu-Gi-Oh!"),
                           "use this game's tiles")
        role = ROLES[self.game].get(entry.get("kind"))
        if role is None:
            return Refusal(r["setup"], "unknown tile kind %r" % (entry.get("kind"),),
                           "correct the catalogue entry")
        name = entry.get("name") or entry.get("id") or key
        if role == "power":
            if not self.collector:
                return Refusal(r["beginner"], "no %ss in the Beginner game"
                               % self.words["power"], "play the Collector's game")
            spec = POWERS.get(entry.get("effect"))
            if spec is None or spec.game != self.game:
                return Refusal(r["setup"], "%s has no known effect" % name,
                               "correct the catalogue entry")
        else:
            strike = entry.get("strike")
            if not isinstance(strike, dict):
                return Refusal(r["values"], "%s has no strike values" % name,
                               "enter them from the tile")
            for colour in D.COLOURS:
                if not isinstance(strike.get(colour), int):
                    return Refusal(r["values"], "%s: %s strike value unknown" % (name, colour),
                                   "correct the entry from the tile")
            if role == "fighter" and self.collector and entry.get("colour") not in D.COLOURS:
                return Refusal(r["colour"], "%s has no %s" % (name, self.words["colour"]),
                               "correct the entry from the tile")
        same = 0
        homes = 0
        for k in self.order:
            t = self.tiles[k]
            if t.owner != p:
                continue
            if t.role == "home":
                homes += 1
            if t.entry.get("id") == entry.get("id") and entry.get("id") is not None:
                same += 1
        if role == "home" and homes:
            return Refusal(r["setup"], "%s already has a %s" % (self.name(p), self.words["home"]),
                           "one %s per player" % self.words["home"])
        if role != "home" and self.collector and same >= 2:
            return Refusal(r["roster"], "at most 2 identical %s per player" % name,
                           "choose another tile")
        self.tiles[key] = Tile(key, entry, p, role)
        self.order.append(key)
        out = Outcome()
        out.add("added", {"tile": key, "player": p, "name": name, "role": role})
        return out

    def roster_problem(self):
        """A Refusal saying why the rosters cannot start, or None."""
        r = self.rules
        w = self.words
        homes = [0] * self.n
        fighters = [0] * self.n
        powers = [0] * self.n
        for key in self.order:
            t = self.tiles[key]
            if t.role == "home":
                homes[t.owner] += 1
            elif t.role == "fighter":
                fighters[t.owner] += 1
            else:
                powers[t.owner] += 1
        for p in range(self.n):
            if homes[p] != 1:
                return Refusal(r["setup"], "%s needs one %s" % (self.name(p), w["home"]),
                               "tap a %s to add it" % w["home"])
            if fighters[p] == 0:
                return Refusal(r["setup"], "%s has no %ss" % (self.name(p), w["fighter"]),
                               "add %ss" % w["fighter"])
        rule = r["roster"] if self.collector else r["setup"]
        if self.ffa:
            rule = "JL-M1"
        for p in range(1, self.n):
            if fighters[p] != fighters[0]:
                return Refusal(rule, "%s: %d %ss, %s: %d" % (
                    self.name(0), fighters[0], w["fighter"], self.name(p), fighters[p]),
                    "give everyone the same number")
            if powers[p] != powers[0]:
                return Refusal(rule, "%s: %d %ss, %s: %d" % (
                    self.name(0), powers[0], w["power"], self.name(p), powers[p]),
                    "give everyone the same number")
        return None

    def suggested_first(self):
        """JL-B2 (and the YGO rulebook): whoever added the last Character / Monster."""
        if self.ffa:
            return 0
        i = len(self.order) - 1
        while i >= 0:
            t = self.tiles[self.order[i]]
            if t.role == "fighter":
                return t.owner
            i -= 1
        return 0

    def _in_start(self, inp):
        if self.phase != "setup":
            return Refusal(self.rules["setup"], "the game has already started", "play on")
        if len(inp) != 2 or not isinstance(inp[1], int) or not 0 <= inp[1] < self.n:
            return Refusal("INPUT", "start needs the first player (0..%d)" % (self.n - 1),
                           "send (start, player)")
        problem = self.roster_problem()
        if problem is not None:
            return problem
        out = Outcome()
        out.add("start", {"variant": self.variant, "first": inp[1]})
        self._begin_turn(inp[1], out)
        return out

    # turns ---------------------------------------------------------------------------------
    def _begin_turn(self, p, out):
        self.turn = p
        self.turn_no += 1
        self.phase = "attacker"
        self.attacker = None
        self.fought = 0
        self.battle = None
        out.add("turn", {"player": p})

    def _close_turn(self, out):
        """End-of-turn bookkeeping: Surges and this-turn effects go to the discard pile."""
        gone = self._cancelled()
        keep = []
        for play in self.effects:
            t = self.tiles[play["tile"]]
            lasts = POWERS[play["effect"]].lasts
            if play["tile"] in gone:
                t.status = "discard"
            elif lasts == "turn" or (lasts == "turns" and
                                     self.turn_no >= play["turn"] + D.YG_DIVINE_CHAIN_TURNS):
                t.status = "discard"
            else:
                keep.append(play)
        self.effects = keep
        self.turn_plays = []
        self.boosts = {}
        for key in self.order:
            t = self.tiles[key]
            if t.trapped and not self._wasteland_against(t.owner):
                t.trapped = False      # JL-W075: the Wasteland is gone, the tile is free

    def _end_turn(self, out):
        self._close_turn(out)
        if self._check_over(out):
            return
        p = self.turn
        for _ in range(self.n):
            p = (p + 1) % self.n
            if self.ffa:
                if self.alive(p):
                    break
                continue
            if self.game == "jl" and self.fighters_left(p) == 0 and p != self.turn:
                # JL-B9: a player with only a Stronghold left skips until attacked.
                out.add("skip", {"player": p, "rule": "JL-B9"})
                self.turn_no += 1
                continue
            break
        self._begin_turn(p, out)

    # taps ----------------------------------------------------------------------------------
    def _in_tap(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        if self.phase == "setup":
            return Refusal(self.rules["setup"], "the game has not started",
                           "add tiles with add, then start")
        if len(inp) != 2 or inp[1] not in self.tiles:
            return Refusal("TILE", "unknown tile %r" % (inp[1:],),
                           "only tiles added at setup take part")
        t = self.tiles[inp[1]]
        if self.pending is not None:
            return self._tap_pending(t)
        if t.role == "power":
            return self._tap_power(t)
        if t.status == "discard":
            return Refusal(self.rules["discard"], "%s is in the discard pile" % t.name,
                           "tap a tile still in play")
        if not self.standing(t):
            return Refusal("JL-W075", "%s is trapped by a Wasteland" % t.name,
                           "tap a tile still in play")
        if self.phase == "attacker":
            return self._tap_attacker(t)
        if self.phase == "defender":
            if self.fought == 0 and self.controller(t.key) == self.turn:
                return self._tap_attacker(t)
            return self._tap_defender(t)
        if self.phase == "roll":
            return Refusal(self.rules["battle"], "a battle is on",
                           "%s: roll the die" % self.name(self._roll_by()))
        return Refusal(self.rules["battle"], "the battle is rolled",
                       "accept it or play a %s" % self.words["power"])

    def _may_attack(self, t):
        """None if tile t may be the moved tile this turn, else a Refusal."""
        r = self.rules
        if self.controller(t.key) != self.turn:
            return Refusal(r["turn"], "%s is not %s's tile" % (t.name, self.name(self.turn)),
                           "%s: tap your own tile" % self.name(self.turn))
        if t.role == "home" and self.game == "jl":
            if not self.ffa:
                return Refusal("JL-B3", "Strongholds never move",
                               "tap the Character that moved")
            if self.fighters_left(self.turn) > 0:
                return Refusal("JL-M6", "a Stronghold attacks only when it is alone",
                               "tap the Character that moved")
        lock = self._locked(t.key)
        if lock == "energy_lock":
            return Refusal("YG-A6", "%s is held by Energy Lock" % t.name, "move another tile")
        if lock == "divine_chain":
            return Refusal("YG-A8", "%s is bound by Divine Chain" % t.name, "move another tile")
        return None

    def _tap_attacker(self, t):
        refusal = self._may_attack(t)
        if refusal:
            return refusal
        self.attacker = t.key
        self.phase = "defender"
        out = Outcome()
        out.add("attacker", {"tile": t.key, "player": self.turn})
        return out

    def _may_defend(self, t):
        """None if the attacker may battle tile t now, else a Refusal."""
        r = self.rules
        a = self.tiles[self.attacker]
        side = self.controller(a.key)
        if self.friendly(self.controller(t.key), side):
            return Refusal(r["battle"], "%s is a friendly tile" % t.name,
                           "tap an opposing tile it touches")
        if self._locked(t.key) == "energy_lock":
            return Refusal("YG-A6", "%s cannot be attacked this turn" % t.name,
                           "battle another tile")
        if a.role == "home" and self.game == "jl":
            if t.role == "home" and self._characters_anywhere():
                return Refusal("JL-M8", "Strongholds battle only when no Characters are left",
                               "attack a Character")
        return None

    def _characters_anywhere(self):
        for key in self.order:
            t = self.tiles[key]
            if t.role == "fighter" and self.standing(t):
                return True
        return False

    def _tap_defender(self, t):
        refusal = self._may_defend(t)
        if refusal:
            return refusal
        out = Outcome()
        self._open_battle(self.attacker, t.key, out)
        return out

    def _open_battle(self, a, d, out, showdown=False):
        at = self.tiles[a]
        dt = self.tiles[d]
        m8 = self.game == "jl" and self.ffa and at.role == "home" and dt.role == "home"
        self.battle = {"attacker": a, "defender": d, "rolls": [None, None], "pod": [False, False],
                       "touch": False, "showdown": showdown, "m8": m8, "round": 1}
        self.phase = "roll"
        out.add("engage", {"attacker": a, "defender": d, "showdown": showdown})

    # rolls ---------------------------------------------------------------------------------
    def _roll_by(self):
        b = self.battle
        side = 0 if b["rolls"][0] is None else 1
        return self.controller(b["attacker"] if side == 0 else b["defender"])

    def _in_roll(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        r = self.rules
        if len(inp) != 2 or not isinstance(inp[1], int) or not 1 <= inp[1] <= 6:
            return Refusal("INPUT", "a die face is 1..6", "roll again")
        if self.pending is not None:
            return Refusal(self.rules["pay"], "a %s is waiting for its target"
                           % self.words["power"], "tap its target or end")
        if self.phase != "roll":
            who = self.name(self.turn) if self.turn is not None else "nobody"
            return Refusal(r["battle"], "no roll expected now",
                           "%s: tap the tile that moved" % who if self.phase in (
                               "attacker", "defender") else "accept the battle")
        b = self.battle
        out = Outcome()
        face = inp[1]
        if b["rolls"][0] is None:
            b["rolls"][0] = face
            out.add("rolled", {"player": self._roll_by_side(0), "face": face,
                               "colour": D.COLOURS[face - 1]})
            return out
        b["rolls"][1] = face
        out.add("rolled", {"player": self._roll_by_side(1), "face": face,
                           "colour": D.COLOURS[face - 1]})
        self.phase = "accept"
        if not (D.HX_WAIT_AFTER_ROLLS and self._worth_waiting()):
            self._resolve(out)
        return out

    def _roll_by_side(self, side):
        b = self.battle
        return self.controller(b["attacker"] if side == 0 else b["defender"])

    def _worth_waiting(self):
        """Can anyone still change this rolled battle (Escape, Life Drain, a boost...)?"""
        if not self.collector:
            return False
        for key in self.order:
            t = self.tiles[key]
            if t.role == "power" and t.status == "hand" and \
                    POWERS[t.entry["effect"]].effect in BATTLE_EFFECTS and \
                    self._power_problem(t) is None:
                return True
        b = self.battle
        for key in (b["attacker"], b["defender"]):
            if self._boost_problem(key) is None:
                return True
        return False

    def totals(self):
        """{tile_key: Total} of the current battle so far (a die not rolled yet counts 0)."""
        b = self.battle
        if b is None:
            return {}
        return {b["attacker"]: self.total(b["attacker"], b["rolls"][0], 0),
                b["defender"]: self.total(b["defender"], b["rolls"][1], 1)}

    def total(self, key, face, side):
        """The battle total of one tile: die strike value and every bonus (JL-C2, YG-9)."""
        t = self.tiles[key]
        w = self.words
        b = self.battle
        total = Total()
        colour = D.COLOURS[face - 1] if face else None
        value = t.strike(colour) if colour else 0
        total.add(value, "die")
        if not self.collector:
            if self.game == "ygo" and t.role == "home":
                total.add(2, "character")   # YG-6
            return total
        live = self._live()
        owner = t.owner
        controlled = self.controller(key) != owner
        chained = self._locked(key) == "divine_chain"   # YG-A8: no Element, no Team bonus
        if colour:
            for play in live:
                if play["effect"] == "symbiosis" and play["target"] == key:
                    best = value
                    for mate in play.get("partners", ()):
                        m = self.tiles[mate]
                        if self.standing(m) and m.strike(colour) > best:
                            best = m.strike(colour)
                    total.add(best - value, "symbiosis")
        if t.role == "fighter":
            home = self.home_of(owner)
            if home is not None and self.standing(home) and not chained and \
                    (D.HX_CONTROLLED_HOME_BONUS or not controlled):
                total.add(home.strike(t.entry["colour"]), w["colour"])   # JL-C3, YG-10
                if self.game == "jl":
                    total.add(self._ally_bonus(t, home), "ally")          # JL-C5, JL-M11
        if b is not None and b["pod"][side] and t.role != "home" and not chained:
            total.add(1, w["pod"])                                        # JL-C4, YG-11
        if t.role == "home":
            total.add(self._home_bonus(t, side), w["home_bonus"])        # JL-C6, YG-12
        for play in live:
            if play["target"] != key:
                continue
            spec = POWERS[play["effect"]]
            if spec.amount == 0:
                continue
            if play["effect"] == "flying_debris" and play["turn"] != self.turn_no:
                continue      # JL-W069: +2 only in the turn it was played
            total.add(spec.amount, spec.label)
        boost = self.boosts.get(key, 0)
        if boost:
            total.add(boost, w["stones"])                                 # JL-M4
        return total

    def _ally_bonus(self, t, home):
        ally = t.entry.get("ally")
        if not ally:
            return 0
        if home.entry.get("ally") == ally:
            return 1
        if self.team:
            mate = self.home_of((t.owner + 2) % 4)
            if mate is not None and self.standing(mate) and mate.entry.get("ally") == ally:
                return 1
        return 0

    def _home_bonus(self, t, side):
        bonus = t.entry.get("bonus") or 0
        b = self.battle
        if b is None:
            return bonus
        if self.game == "jl":
            if b["m8"]:
                return 0                                                  # JL-M8
            if b["showdown"]:
                return bonus if D.JL_SHOWDOWN_DEFENSE_BONUS else 0         # JL-B9
            if side == 0 and not b["touch"]:
                return 0                                                  # JL-M7
        return bonus

    def _resolve(self, out):
        """Both dice are in: declare the battle (or a re-roll on a tie)."""
        b = self.battle
        totals = self.totals()
        a, d = b["attacker"], b["defender"]
        ta, td = totals[a].value, totals[d].value
        winner = a if ta > td else (d if td > ta else None)
        out.add("battle", {"attacker": a, "defender": d, "totals": totals, "winner": winner,
                           "void": False})
        self.last_battle = {"attacker": a, "defender": d, "winner": winner,
                            "totals": {a: str(totals[a]), d: str(totals[d])}}
        if winner is None:
            b["rolls"] = [None, None]
            b["round"] += 1
            self.phase = "roll"
            out.add("reroll", {"rule": self.rules["tie"]})
            return
        loser = d if winner == a else a
        by = self.controller(winner)
        self.battle = None
        self.fought += 1
        self._defeat(loser, by, out, self.rules["discard"])
        if winner == a and self._self_destruct_on(b):
            self._defeat(a, self.controller(d), out, "JL-W071",
                         earn=D.JL_SELF_DESTRUCT_EARNS_STONE)
        self._after_battle(out, b)

    def _self_destruct_on(self, b):
        for play in self._live():
            if play["effect"] == "self_destruct" and play.get("battle") == b.get("id"):
                return True
        return False

    def _after_battle(self, out, b):
        if self._check_over(out):
            return
        if self._showdown_due():
            nxt = (self.turn + 1) % self.n
            out.add("showdown", {"rule": "JL-B9"})
            self._open_battle(self.home_of(nxt).key, self.home_of(self.turn).key, out, True)
            return
        if self.attacker is None or not self.standing(self.tiles[self.attacker]) or \
                b["showdown"]:
            self._end_turn(out)
            return
        self.phase = "defender"

    def _showdown_due(self):
        """JL-B9: two players, both with only their Stronghold left."""
        if self.game != "jl" or self.ffa:
            return False
        for p in range(self.n):
            if self.fighters_left(p) > 0 or not self.home_standing(p):
                return False
        return True

    def _defeat(self, key, by, out, rule, earn=True):
        t = self.tiles[key]
        t.status = "discard"
        t.trapped = False
        out.add("defeated", {"tile": key, "player": t.owner, "rule": rule})
        if self.attacker == key:
            self.attacker = None
        if earn and self.collector and by is not None and not self.friendly(by, t.owner):
            if self.game == "jl" or t.role == "fighter":            # JL-C8, YG-13
                self._earn(by, 1, out, "JL-C8" if self.game == "jl" else "YG-13")
        if self.game == "jl" and self.ffa and t.role == "home":
            for k in self.order:                                     # JL-M5
                c = self.tiles[k]
                if c.owner == t.owner and c.role == "fighter" and c.status == "play":
                    c.status = "discard"
                    c.trapped = False
                    out.add("defeated", {"tile": k, "player": c.owner, "rule": "JL-M5"})
                    if self.attacker == k:
                        self.attacker = None

    def _earn(self, p, n, out, rule):
        i = self.purse(p)
        self.stones[i] += n
        out.add("stones", {"player": p, "change": n, "total": self.stones[i], "rule": rule})

    def _check_over(self, out):
        """Declare the winners if the game is decided (JL-B9, JL-C13, JL-M9, JL-M14, YG-1)."""
        if self.phase == "over":
            return True
        winners = None
        rule = None
        if self.game == "ygo":
            for p in range(self.n):
                if not self.home_standing(p):
                    winners = [q for q in range(self.n) if q != p]
                    rule = "YG-1"
        elif self.team:
            for team in D.HX_TEAMS:
                if not self.home_standing(team[0]) and not self.home_standing(team[1]):
                    winners = [q for q in range(self.n) if q not in team]
                    rule = "JL-M14"
        else:
            left = [p for p in range(self.n) if self.alive(p)]
            if len(left) <= 1:
                winners = left
                rule = "JL-M9" if self.ffa else ("JL-C13" if self.collector else "JL-B9")
        if winners is None:
            return False
        self.phase = "over"
        self.winners = winners
        self.battle = None
        self.pending = None
        out.add("winner", {"players": winners, "rule": rule})
        return True

    # end, buttons ---------------------------------------------------------------------------
    def _in_end(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        if self.phase == "setup":
            return Refusal(self.rules["setup"], "the game has not started", "start it first")
        out = Outcome()
        if self.pending is not None:
            return self._end_pending(out)
        if self.phase == "roll":
            return Refusal(self.rules["multi"], "a battle is on",
                           "%s: roll the die" % self.name(self._roll_by()))
        if self.phase == "accept":
            self._resolve(out)
            return out
        self._end_turn(out)
        return out

    def _battle_side(self, p):
        """0 or 1 if player p (or a partner) plays a tile of the current battle."""
        b = self.battle
        if b is None:
            return None
        if self.friendly(self.controller(b["attacker"]), p):
            return 0
        if self.friendly(self.controller(b["defender"]), p):
            return 1
        return None

    def _in_pod(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        r = self.rules
        if len(inp) != 3 or not isinstance(inp[1], int) or not isinstance(inp[2], bool):
            return Refusal("INPUT", "pod needs a player and True/False", "send (pod, p, on)")
        if not self.collector:
            return Refusal(r["beginner"], "no %s bonus in the Beginner game" % self.words["pod"],
                           "just roll")
        if self.battle is None or self.phase not in ("roll", "accept"):
            return Refusal(r["pod"], "no battle on", "confirm a pod during a battle")
        side = self._battle_side(inp[1])
        if side is None:
            return Refusal(r["pod"], "%s has no tile in this battle" % self.name(inp[1]),
                           "the battling players confirm")
        key = self.battle["attacker"] if side == 0 else self.battle["defender"]
        t = self.tiles[key]
        if t.role == "home" and inp[2]:
            return Refusal(r["pod"], "a %s never gets the %s bonus"
                           % (self.words["home"], self.words["pod"]), "roll without it")
        if self._locked(key) == "divine_chain" and inp[2]:
            return Refusal("YG-A8", "%s defends without Team bonus" % t.name, "roll without it")
        self.battle["pod"][side] = inp[2]
        out = Outcome()
        out.add("pod", {"tile": key, "on": inp[2]})
        if self.phase == "accept":
            out.add("totals", {"totals": self.totals()})
        return out

    def _in_touch(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        if len(inp) != 2 or not isinstance(inp[1], bool):
            return Refusal("INPUT", "touch needs True/False", "send (touch, on)")
        b = self.battle
        if b is None or self.tiles[b["attacker"]].role != "home" or self.game != "jl" or \
                b["showdown"] or b["m8"] or self.phase not in ("roll", "accept"):
            return Refusal("JL-M7", "only a Stronghold attacking a Character can touch it",
                           "go on with the battle")
        b["touch"] = inp[1]
        out = Outcome()
        out.add("touch", {"on": inp[1]})
        return out

    def _boost_problem(self, key):
        if self.game != "jl" or not self.collector or \
                (not self.ffa and not D.JL_STONE_BOOSTS_TWO_PLAYERS):
            return Refusal("JL-M4", "no Stone boosts in this game", "play a Power instead")
        if self.battle is None or key not in (self.battle["attacker"], self.battle["defender"]):
            return Refusal("JL-M4", "boost a tile in the current battle", "wait for a battle")
        p = self.controller(key)
        for k in self.order:
            t = self.tiles[k]
            if t.owner == p and t.role == "power" and t.status == "hand":
                return Refusal("JL-M4", "%s still has Power tiles" % self.name(p),
                               "play your Powers first")
        if self.stones_of(p) < 1:
            return Refusal("JL-M4", "%s has no Stones left" % self.name(p), "roll without it")
        return None

    def _in_boost(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        if len(inp) != 2 or inp[1] not in self.tiles:
            return Refusal("INPUT", "boost needs a battling tile", "send (boost, key)")
        if self.pending is not None or self.phase not in ("roll", "accept"):
            return Refusal("JL-M4", "boost during a battle", "wait for a battle")
        problem = self._boost_problem(inp[1])
        if problem:
            return problem
        key = inp[1]
        p = self.controller(key)
        i = self.purse(p)
        self.stones[i] -= 1
        self.boosts[key] = self.boosts.get(key, 0) + 1
        out = Outcome()
        out.add("stones", {"player": p, "change": -1, "total": self.stones[i], "rule": "JL-M4"})
        out.add("boost", {"tile": key, "amount": self.boosts[key]})
        return out

    def _in_trapped(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        if len(inp) != 2 or inp[1] not in self.tiles:
            return Refusal("INPUT", "trapped needs a tile", "tap the trapped tile")
        t = self.tiles[inp[1]]
        if self.phase not in ("attacker", "defender") or self.pending is not None:
            return Refusal("JL-W075", "report a trapped tile between battles",
                           "finish the battle first")
        if t.role != "fighter" or t.status != "play" or t.trapped:
            return Refusal("JL-W075", "%s cannot be reported trapped" % t.name,
                           "report a Character in play")
        if not self._wasteland_against(t.owner):
            return Refusal("JL-W075", "no opposing Wasteland traps %s" % t.name,
                           "it must find its own way out")
        t.trapped = True
        out = Outcome()
        out.add("trapped", {"tile": t.key, "player": t.owner})
        if self.attacker == t.key:
            self.attacker = None
            self.phase = "attacker" if self.fought == 0 else self.phase
        if not self._check_over(out) and self._showdown_due():
            nxt = (self.turn + 1) % self.n
            out.add("showdown", {"rule": "JL-B9"})
            self._open_battle(self.home_of(nxt).key, self.home_of(self.turn).key, out, True)
        elif self.phase != "over" and self.attacker is None and self.fought:
            self._end_turn(out)
        return out

    def _in_stuck(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        if self.game != "ygo":
            return Refusal("YG-4", "a player who cannot move just ends the turn",
                           "end the turn")
        if self.phase != "attacker" or self.pending is not None:
            return Refusal("YG-4", "report it at the start of your turn", "play on")
        out = Outcome()
        out.add("stuck", {"player": self.turn, "rule": "YG-4"})
        self.phase = "over"
        self.winners = [q for q in range(self.n) if q != self.turn]
        out.add("winner", {"players": self.winners, "rule": "YG-4"})
        return out

    # powers --------------------------------------------------------------------------------
    def _power_problem(self, t):
        """None if power tile t may be played now (ignoring targets' taps), else a Refusal."""
        r = self.rules
        spec = POWERS[t.entry["effect"]]
        if t.status != "hand":
            return Refusal(r["used"], "%s has already been played" % t.name,
                           "each %s is played once" % self.words["power"])
        if self.phase not in ("attacker", "defender", "roll", "accept"):
            return Refusal(r["timing"], "not now", "play it during a turn")
        p = t.owner
        if spec.own_turn_only and self.turn != p:
            return Refusal("JL-C10" if self.game == "jl" else "YG-14",
                           "%s only on its owner's turn" % t.name,
                           "%s: play it on your turn" % self.name(p))
        if self.stones_of(p) < spec.cost:
            return Refusal(r["pay"], "%s costs %d, %s has %d" % (
                t.name, spec.cost, self.name(p), self.stones_of(p)),
                "earn %s by defeating tiles" % self.words["stones"])
        e = spec.effect
        b = self.battle
        if e == "last_stand":
            if self._last_fighter(p) is None:
                return Refusal("JL-W064", "Last Stand needs exactly one Character left",
                               "keep it for later")
        elif e == "escape":
            if b is None:
                return Refusal("JL-W066", "Escape voids a battle", "play it during a battle")
            if self._self_destruct_on(b):
                return Refusal("JL-W071", "after Self-Destruct the attack cannot be called off",
                               "roll the battle")
        elif e == "self_destruct":
            if b is None or self.phase != "roll" or b["rolls"][0] is not None:
                return Refusal("JL-W071", "Self-Destruct goes before the attacker rolls",
                               "keep it for the next battle")
            if self._battle_side(p) != 1:
                return Refusal("JL-W071", "only the defending side plays Self-Destruct",
                               "keep it for when you defend")
        if spec.target is not None and not self._targets(t):
            return Refusal(spec.rule, "nothing %s can target now" % t.name, "keep it for later")
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
                if spec.effect in ("telepathy", "zombie", "energy_lock") and k in in_battle:
                    continue
                if spec.effect in ("telepathy", "zombie") and self.controller(k) != c.owner:
                    continue
                keys.append(k)
        return keys

    def _tap_power(self, t):
        r = self.rules
        if t.status == "discard":
            return Refusal(r["used"], "%s is in the discard pile" % t.name,
                           "each %s is played once" % self.words["power"])
        if t.status == "active":
            return Refusal(r["used"], "%s is already in play" % t.name, "play another one")
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
                return Refusal(spec.rule, "%s cannot target %s" % (power.name, t.name),
                               "tap a tile it can take, or end to cancel")
            out = Outcome()
            if spec.effect == "symbiosis":
                pend["target"] = t.key
                out.add("target", {"tile": power.key, "target": t.key})
                return out
            self.pending = None
            self._play(power, t.key, out)
            return out
        # YG-A3: tapping the friendly Monsters in face contact with the target.
        target = self.tiles[pend["target"]]
        if t.role != "fighter" or not self.standing(t) or t.key == target.key or \
                not self.friendly(self.controller(t.key), power.owner) or \
                t.key in pend["partners"]:
            return Refusal("YG-A3", "%s cannot lend its strike values" % t.name,
                           "tap a friendly Monster touching %s, or end" % target.name)
        pend["partners"].append(t.key)
        out = Outcome()
        out.add("partner", {"tile": power.key, "partner": t.key})
        return out

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
        elif e == "detection":
            out.add("destroyed", {"tile": target, "by": t.key, "rule": "JL-W068"})
        if self.phase == "accept" and self.battle is not None:
            out.add("totals", {"totals": self.totals()})

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

    # --- what may happen now ------------------------------------------------------------
    def legal_inputs(self):
        """A ``Legal`` describing who acts and what they may tap, roll or press."""
        if self.phase == "setup":
            problem = self.roster_problem()
            if problem is None:
                first = self.suggested_first()
                leg = Legal(None, "roster", "%s starts? OK" % self.name(first))
                leg.choices.append(("start: %s" % self.name(first), ("start", first)))
                for p in range(self.n):
                    if p != first:
                        leg.choices.append(("start: %s" % self.name(p), ("start", p)))
            else:
                leg = Legal(None, "roster", "Tap tiles to add")
            return leg
        if self.phase == "over":
            names = " ".join([self.name(p) for p in self.winners])
            return Legal(None, "over", ("%s wins!" % names)[:21])
        if self.pending is not None:
            return self._legal_pending()
        p = self.turn
        leg = None
        if self.phase == "attacker":
            leg = Legal(p, "attacker", "%s: tap moved tile" % self.name(p))
            for k in self.order:
                t = self.tiles[k]
                if t.role != "power" and self.standing(t) and self._may_attack(t) is None:
                    leg.tiles[k] = "attacker"
            leg.choices.append(("end turn", ("end",)))
            if self.game == "ygo":
                leg.choices.append(("cannot move", ("stuck",)))
        elif self.phase == "defender":
            leg = Legal(p, "defender", "%s: tap defender" % self.name(p))
            for k in self.order:
                t = self.tiles[k]
                if t.role == "power" or not self.standing(t) or k == self.attacker:
                    continue
                if self.fought == 0 and self.controller(k) == p:
                    if self._may_attack(t) is None:
                        leg.tiles[k] = "attacker"
                elif self._may_defend(t) is None:
                    leg.tiles[k] = "defender"
            leg.choices.append(("end turn", ("end",)))
        elif self.phase == "roll":
            who = self._roll_by()
            leg = Legal(who, "roll", "%s: roll the die" % self.name(who))
            leg.roll_by = who
            self._battle_choices(leg)
        else:
            leg = Legal(p, "accept", "OK or play %s" % self.words["a_power"])
            leg.choices.append(("accept", ("end",)))
            self._battle_choices(leg)
        if self.phase in ("attacker", "defender") and self.collector and self.game == "jl":
            for k in self.order:
                t = self.tiles[k]
                if t.role == "fighter" and t.status == "play" and not t.trapped and \
                        self._wasteland_against(t.owner):
                    leg.choices.append(("trapped: %s" % t.name, ("trapped", k)))
        if self.collector:
            for k in self.order:
                t = self.tiles[k]
                if t.role == "power" and t.status == "hand" and self._power_problem(t) is None:
                    leg.powers.append((k, POWERS[t.entry["effect"]].cost))
                    leg.tiles[k] = "power"
        return leg

    def _battle_choices(self, leg):
        b = self.battle
        if not self.collector:
            return
        for side in (0, 1):
            key = b["attacker"] if side == 0 else b["defender"]
            t = self.tiles[key]
            if t.role == "home" or self._locked(key) == "divine_chain":
                continue
            who = self.controller(key)
            on = not b["pod"][side]
            leg.choices.append(("%s %s: %s" % (self.name(who), self.words["pod"],
                                               "yes" if on else "no"), ("pod", who, on)))
        if self.game == "jl" and self.tiles[b["attacker"]].role == "home" and \
                not b["showdown"] and not b["m8"]:
            leg.choices.append(("touching: %s" % ("no" if b["touch"] else "yes"),
                                ("touch", not b["touch"])))
        for key in (b["attacker"], b["defender"]):
            if self._boost_problem(key) is None:
                leg.choices.append(("%s +1 stone" % self.name(self.controller(key)),
                                    ("boost", key)))

    def _legal_pending(self):
        pend = self.pending
        power = self.tiles[pend["tile"]]
        p = power.owner
        if pend["target"] is None:
            leg = Legal(p, "target", "%s: tap a target" % self.name(p))
            for k in self._targets(power):
                leg.tiles[k] = "target"
            leg.choices.append(("cancel", ("end",)))
        else:
            leg = Legal(p, "partner", "%s: tap partners" % self.name(p))
            for k in self.order:
                t = self.tiles[k]
                if t.role == "fighter" and self.standing(t) and k != pend["target"] and \
                        self.friendly(self.controller(k), p) and k not in pend["partners"]:
                    leg.tiles[k] = "partner"
            leg.choices.append(("done" if pend["partners"] else "cancel", ("end",)))
        leg.tiles[power.key] = "cancel"
        return leg

    # --- for the screens ----------------------------------------------------------------
    def view(self):
        """Everything the screens show, as plain values.

        ``{"game", "variant", "phase", "turn", "turn_no", "players": [{"name", "stones",
        "alive"}], "stones_word", "tiles": {key: {"name", "owner", "role", "kind", "status",
        "controller", "trapped", "effects": [labels]}}, "active": [{"tile", "name", "player",
        "effect", "target", "wall"}], "battle": None or {"attacker", "defender", "rolls",
        "totals": {key: str}, "values": {key: int}, "showdown"}, "last_battle", "winners"}``
        """
        tiles = {}
        marks = {}
        for play in self._live():
            if play["target"] is not None:
                marks.setdefault(play["target"], []).append(POWERS[play["effect"]].label)
        for k in self.order:
            t = self.tiles[k]
            status = t.status
            if t.status == "play" and not self.standing(t):
                status = "trapped"
            elif t.status == "play" and self.turn is not None and self.controller(k) != t.owner:
                status = "controlled"
            tiles[k] = {"name": t.name, "owner": t.owner, "role": t.role, "kind": t.kind,
                        "status": status, "controller": self.controller(k),
                        "trapped": t.trapped, "effects": marks.get(k, [])}
        active = []
        for play in self._live():
            active.append({"tile": play["tile"], "name": self.tiles[play["tile"]].name,
                           "player": play["player"], "effect": play["effect"],
                           "target": play["target"], "wall": play["effect"] in WALLS})
        battle = None
        b = self.battle
        if b is not None:
            totals = self.totals()
            battle = {"attacker": b["attacker"], "defender": b["defender"],
                      "rolls": list(b["rolls"]), "showdown": b["showdown"],
                      "pod": list(b["pod"]),
                      "totals": {k: str(v) for k, v in totals.items()},
                      "values": {k: v.value for k, v in totals.items()}}
        players = []
        for p in range(self.n):
            players.append({"name": self.name(p), "stones": self.stones_of(p),
                            "alive": self.phase == "setup" or self.alive(p)})
        return {"game": self.game, "variant": self.variant, "phase": self.phase,
                "turn": self.turn, "turn_no": self.turn_no, "players": players,
                "stones_word": self.words["stones"], "tiles": tiles, "active": active,
                "battle": battle, "last_battle": self.last_battle, "winners": self.winners,
                "pending": dict(self.pending) if self.pending else None}


_HANDLERS = {
    "add": HexorsGame._in_add,
    "start": HexorsGame._in_start,
    "tap": HexorsGame._in_tap,
    "roll": HexorsGame._in_roll,
    "end": HexorsGame._in_end,
    "pod": HexorsGame._in_pod,
    "touch": HexorsGame._in_touch,
    "boost": HexorsGame._in_boost,
    "trapped": HexorsGame._in_trapped,
    "stuck": HexorsGame._in_stuck,
}
