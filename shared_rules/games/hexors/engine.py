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
``("start", first_player, "moves")``  setup done: check rosters (JL-B1, JL-C1, YG-2, YG-8);
                                      "moves": play waits for the moves a Power orders
                                      (``moved``); a journal from before it lacks it
``("tap", tile_key)``                 a tile tapped; its role comes from the phase: the
                                      moved tile (attacker), the tile it battles (defender),
                                      a Power/Action played, the target of that power, a
                                      Symbiosis partner
``("roll", face, player)``            the die showed 1..6 (decisions.COLOURS gives colour),
                                      thrown by ``player`` (ROLL-1; none in old journals)
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
``("moved", player)``                 button: the move a Power ordered is made on the table
                                      (JL-W066 Escape's step back, JL-W075's craters)
====================================  =====================================================

Results are ``engine.Outcome`` events: ``added`` {tile, player, name, role},
``start``, ``turn`` {player}, ``skip`` {player, rule}, ``attacker`` {tile, player},
``engage`` {attacker, defender, showdown}, ``rolled`` {player, face, colour}, ``battle``
{attacker, defender, totals: {tile: Total}, winner (tile or None), void}, ``reroll``
{rule}, ``defeated`` {tile, player, rule}, ``stones`` {player, change, total, rule},
``pending`` {tile, effect, player}, ``target`` / ``partner`` (Symbiosis), ``power`` {tile,
player, effect, target, cost, rule}, ``cancelled`` {tile}, ``destroyed`` {tile, by},
``returned`` {tile, player, rule}, ``totals`` {totals} (a rolled battle changed),
``pod``, ``touch``, ``boost``, ``trapped`` {tile, player}, ``stuck``, ``moving`` {tile,
player, effect, rule} (play waits for that move), ``moved`` {tile, player, effect},
``showdown`` {rule},
``winner`` {players, rule}.

Screens read ``game.view()`` (a plain dict, see its docstring), ``game.legal_inputs()``
(a ``Legal``: actor, expect, prompt, tiles, roll_by, choices, powers), ``game.totals()``
(the current battle's ``Total`` per tile), ``game.odds()`` (exact chances of the current
battle, ties re-rolled, via ``odds.odds_from_totals``) and the attributes ``turn``, ``phase``,
``stones``, ``tiles``, ``battle``, ``winners``. Every rulebook gap is settled in
``decisions.py`` (Hexors section).

The engine is split by topic: this module (setup, turns, taps), ``hexors_battle``
(totals, defeats, Stones, winners), ``hexors_powers`` (the glossary and playing it) and
``hexors_screens`` (``legal_inputs()``, ``view()``).

>>> g = HexorsGame(variant="jl-beginner", players=2)
>>> g.legal_inputs().expect
'roster'
"""
from shared_rules.core import words
from shared_rules.core.engine import Game, Outcome, Refusal
from shared_rules.core.words import N_, _, n_
from shared_rules.games.hexors import decisions as D
from shared_rules.games.hexors.battle import Battles
from shared_rules.games.hexors.legal import Legal, Screens  # noqa: F401  (Legal is public)
from shared_rules.games.hexors.powers import POWERS, PowerPlay

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
# The parts of a total a player reads, per game (a breakdown's labels: "6 strike +2 pod").
WORDS = {
    "jl": {"stones": N_("stones"), "colour": N_("colour"), "pod": N_("pod"),
           "home_bonus": N_("defense")},
    "ygo": {"stones": N_("stars"), "colour": N_("element"), "pod": N_("team"),
            "home_bonus": N_("attack")},
}
# The breakdown's labels that count things, whole, for the catalogues' plural rules: the
# Stones (Stars) spent on a strike (JL-M4), "+1 stone", "+2 stones".
COUNTED = {"stones": {"jl": lambda n: n_("stone", "stones", n),
                      "ygo": lambda n: n_("star", "stars", n)}}
# The die's colours as a player reads them (decisions.COLOURS holds the data's names).
DIE_COLOURS = {"green": N_("green"), "blue": N_("blue"), "yellow": N_("yellow"),
               "red": N_("red"), "purple": N_("purple"), "white": N_("white")}
# Whole sentences, one per game: each set names its tiles its own way (a JL Stronghold is
# a YGO Character, a JL Power a YGO Action), and a translator must see the sentence, not a
# word dropped into one (French and Spanish make the words agree).
SAID = {
    "no_powers": (N_("no Powers in the Beginner game"), N_("no Actions in the Beginner game")),
    "one_home": (N_("one Stronghold per player"), N_("one Character per player")),
    "has_home": (N_("%s already has a Stronghold"), N_("%s already has a Character")),
    "needs_home": (N_("%s needs one Stronghold"), N_("%s needs one Character")),
    "tap_home": (N_("tap a Stronghold to add it"), N_("tap a Character to add it")),
    "no_fighters": (N_("%s has no Characters"), N_("%s has no Monsters")),
    "add_fighters": (N_("add Characters"), N_("add Monsters")),
    "add_home_prompt": (N_("%s: add Stronghold"), N_("%s: add Character")),
    "add_fighters_prompt": (N_("%s: add Characters"), N_("%s: add Monsters")),
    "uneven_fighters": (N_("Characters: %(first)s %(n)d, %(other)s %(m)d"),
                        N_("Monsters: %(first)s %(n)d, %(other)s %(m)d")),
    "uneven_powers": (N_("Powers: %(first)s %(n)d, %(other)s %(m)d"),
                      N_("Actions: %(first)s %(n)d, %(other)s %(m)d")),
    "no_colour": (N_("%s has no colour"), N_("%s has no element")),
    "home_bonus_unknown": (N_("%s: defense bonus unknown"), N_("%s: attack bonus unknown")),
    "accept_or_play": (N_("accept it or play a Power"), N_("accept it or play an Action")),
    "ok_or_play": (N_("OK or play a Power"), N_("OK or play an Action")),
    "waiting_target": (N_("a Power is waiting for its target"),
                       N_("an Action is waiting for its target")),
    "no_pod_beginner": (N_("no pod bonus in the Beginner game"),
                        N_("no team bonus in the Beginner game")),
    "home_no_pod": (N_("a Stronghold never gets the pod bonus"),
                    N_("a Character never gets the team bonus")),
    "pod_yes": (N_("%s pod: yes"), N_("%s team: yes")),
    "pod_no": (N_("%s pod: no"), N_("%s team: no")),
    "played_once": (N_("each Power is played once"), N_("each Action is played once")),
    "boost": (N_("%s +1 stone"), N_("%s +1 star")),
    "earn_stones": (N_("earn stones by defeating tiles"), N_("earn stars by defeating tiles")),
}
# Rule IDs quoted in refusals, per game: what the rule is about -> ID.
RULE = {
    "jl": {"setup": "JL-B1", "roster": "JL-C1", "beginner": "JL-B8", "values": "JL-P2",
           "turn": "JL-B3", "battle": "JL-B4", "tie": "JL-B5", "discard": "JL-B6",
           "multi": "JL-B7", "win": "JL-B9", "pod": "JL-C4", "pay": "JL-C9",
           "timing": "JL-C10", "order": "JL-C11", "used": "JL-C12", "colour": "JL-C3",
           "first": "JL-B2", "home_bonus": "JL-C6"},
    "ygo": {"setup": "YG-2", "roster": "YG-8", "beginner": "YG-2", "values": "YG-5",
            "turn": "YG-3", "battle": "YG-5", "tie": "YG-5", "discard": "YG-5",
            "multi": "YG-7", "win": "YG-1", "pod": "YG-11", "pay": "YG-14",
            "timing": "YG-14", "order": "YG-15", "used": "YG-14", "colour": "YG-10",
            "first": "YG-2", "home_bonus": "YG-12"},
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
        self.name = words.name(entry) or entry.get("id") or key
        self.status = "hand" if role == "power" else "play"
        self.trapped = False

    def strike(self, colour):
        return self.entry["strike"][colour]

    def __repr__(self):
        return "Tile(%r, %r, P%d, %s)" % (self.key, self.name, self.owner + 1, self.status)


class HexorsGame(Battles, PowerPlay, Screens, Game):
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
        self.game, self.collector, _players = VARIANTS[variant]
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
        self.waits = False       # play waits for the moves Powers order (started "moves")
        self.moving = None       # the move a Power ordered, until made: tile, effect, player
        self.winners = None
        self.last_battle = None  # the last resolved battle, for the screens

    # --- small questions about the state ------------------------------------------------
    JL = "jl"

    def said(self, key):
        """The sentence ``key`` as this game says it, in the table's language."""
        jl, ygo = SAID[key]
        return _(jl) if self.game == self.JL else _(ygo)

    def part(self, key, n=None):
        """A breakdown label of this game (``"colour"``: JL's colour, YGO's element);
        ``n``: the label of a count of ``n`` (1 stone, 2 stones)."""
        if n is not None and key in COUNTED:
            return COUNTED[key][self.game](n)
        return _(self.words[key])

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

    def input_for(self, event, seat=0, names=()):
        if event[0] == "roll":  # one die per roll in both Hexors games
            by = tuple(event[2:])  # who took the die (ROLL-2), else whose roll it is
            if not by and self.phase == "roll" and self.pending is None:
                by = (self._roll_by(),)
            return ("roll", event[1][0]) + by
        return Game.input_for(self, event, seat, names)

    # --- apply ------------------------------------------------------------------------
    def _apply(self, inp):
        kind = inp[0]
        handler = _HANDLERS.get(kind)
        if handler is None:
            return Refusal("INPUT", "unknown input %r" % (kind,),
                           "use add, start, tap, roll, end, pod, touch, boost, trapped, stuck,"
                           " moved")
        if self.moving is not None and kind != "moved":
            return self._move_first()
        return handler(self, inp)

    def _move_first(self):
        """Play waits while the move a Power ordered is made on the table: the rulebook's
        move changes where tiles stand, and so what the next move or battle may be."""
        m = self.moving
        said = (_("%s: back 1 space first") % self.tiles[m["tile"]].name
                if m["effect"] == "escape" else _("place 3 craters first"))
        return Refusal(POWERS[m["effect"]].rule, said,
                       _("%s: press your button when done") % self.name(m["player"]))

    def _in_moved(self, inp):
        """``("moved", player)``: the move a Power ordered is made (JL-W066: the targeted
        Character stepped back 1 space, or its player let it stay: "you may"; JL-W075: the
        3 craters are placed), said by the player who played that Power."""
        m = self.moving
        if m is None:
            return Refusal("JL-C9", _("no move is awaited"), _("play on"))
        if len(inp) != 2 or inp[1] != m["player"]:
            return Refusal(POWERS[m["effect"]].rule,
                           _("%s says when it is done") % self.name(m["player"]),
                           _("%s: press your button when done") % self.name(m["player"]))
        self.moving = None
        out = Outcome()
        out.add("moved", {"tile": m["tile"], "player": m["player"], "effect": m["effect"]})
        return out

    def _refuse_over(self):
        if self.phase == "over":
            return Refusal(self.rules["win"], _("the game is over"),
                           _("start a new game or undo"))
        return None

    # setup ---------------------------------------------------------------------------------
    def _in_add(self, inp):
        r = self.rules
        if self.phase != "setup":
            return Refusal(r["setup"], _("the game has started"), _("add tiles before start"))
        if len(inp) != 4:
            return Refusal("INPUT", "add needs player, tile key, entry",
                           "send (add, player, key, entry)")
        _kind, p, key, entry = inp
        if not isinstance(p, int) or p < 0 or p >= self.n:
            return Refusal("INPUT", "no player %r" % (p,), "players are 0..%d" % (self.n - 1))
        if not isinstance(key, str) or not key:
            return Refusal("INPUT", "a tile key is a tag UID string", "tap the tile again")
        if key in self.tiles:
            return Refusal(r["setup"], _("%s is already in a roster") % self.tiles[key].name,
                           _("each physical tile joins once"))
        if not isinstance(entry, dict) or entry.get("game") != self.game:
            return Refusal(r["setup"], _("not a %s tile") % ("Justice League" if self.game == "jl"
                                                         else "Yu-Gi-Oh!"),
                           _("use this game's tiles"))
        role = ROLES[self.game].get(entry.get("kind"))
        if role is None:
            return Refusal(r["setup"], _("unknown tile kind %r") % (entry.get("kind"),),
                           _("correct the catalogue entry"))
        name = words.name(entry) or entry.get("id") or key
        if role == "power":
            if not self.collector:
                return Refusal(r["beginner"], self.said("no_powers"),
                               _("play the Collector's game"))
            spec = POWERS.get(entry.get("effect"))
            if spec is None or spec.game != self.game:
                return Refusal(r["setup"], _("%s has no known effect") % name,
                               _("correct the catalogue entry"))
        else:
            strike = entry.get("strike")
            if not isinstance(strike, dict):
                return Refusal(r["values"], _("%s has no strike values") % name,
                               _("enter them from the tile"))
            for colour in D.COLOURS:
                if not isinstance(strike.get(colour), int):
                    return Refusal(r["values"], _("%(tile)s: %(colour)s strike value unknown")
                                   % {"tile": name, "colour": _(DIE_COLOURS[colour])},
                                   _("correct the entry from the tile"))
            if role == "fighter" and self.collector and entry.get("colour") not in D.COLOURS:
                return Refusal(r["colour"], self.said("no_colour") % name,
                               _("correct the entry from the tile"))

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
            return Refusal(r["setup"], self.said("has_home") % self.name(p),
                           self.said("one_home"))
        if role != "home" and self.collector and same >= 2:
            return Refusal(r["roster"], _("at most 2 identical %s per player") % name,
                           _("choose another tile"))
        if role == "home" and self.collector and not isinstance(entry.get("bonus"), int):
            # JL-C6 / YG-12: every battle of this tile adds it; never guess a number.
            return Refusal(r["home_bonus"], self.said("home_bonus_unknown") % name,
                           _("correct the entry from the tile"))
        self.tiles[key] = Tile(key, entry, p, role)
        self.order.append(key)
        out = Outcome()
        out.add("added", {"tile": key, "player": p, "name": name, "role": role})
        return out

    def roster_problem(self):
        """A Refusal saying why the rosters cannot start, or None."""
        r = self.rules
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
                return Refusal(r["setup"], self.said("needs_home") % self.name(p),
                               self.said("tap_home"))
            if fighters[p] == 0:
                return Refusal(r["setup"], self.said("no_fighters") % self.name(p),
                               self.said("add_fighters"))
        rule = r["roster"] if self.collector else r["setup"]
        if self.ffa:
            rule = "JL-M1"
        for p in range(1, self.n):
            if fighters[p] != fighters[0]:
                return Refusal(rule, self.said("uneven_fighters") % {
                    "first": self.name(0), "n": fighters[0], "other": self.name(p),
                    "m": fighters[p]},
                    _("give everyone the same number"))
            if powers[p] != powers[0]:
                return Refusal(rule, self.said("uneven_powers") % {
                    "first": self.name(0), "n": powers[0], "other": self.name(p),
                    "m": powers[p]},
                    _("give everyone the same number"))
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
            return Refusal(self.rules["setup"], _("the game has already started"), _("play on"))
        if len(inp) not in (2, 3) or not isinstance(inp[1], int) or not 0 <= inp[1] < self.n \
                or inp[2:] not in ((), ("moves",)):
            return Refusal("INPUT", "start needs the first player (0..%d)" % (self.n - 1),
                           "send (start, player, moves)")
        problem = self.roster_problem()
        if problem is not None:
            return problem
        out = Outcome()
        out.add("start", {"variant": self.variant, "first": inp[1]})
        self.waits = len(inp) == 3
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
        for _i in range(self.n):
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
            return Refusal(self.rules["setup"], _("the game has not started"),
                           _("add tiles with add, then start"))
        if len(inp) != 2 or inp[1] not in self.tiles:
            return Refusal("TILE", _("unknown tile %r") % (inp[1:],),
                           _("only tiles added at setup take part"))
        t = self.tiles[inp[1]]
        if self.pending is not None:
            return self._tap_pending(t)
        if t.role == "power":
            return self._tap_power(t)
        if t.status == "discard":
            return Refusal(self.rules["discard"], _("%s is in the discard pile") % t.name,
                           _("tap a tile still in play"))
        if not self.standing(t):
            return Refusal("JL-W075", _("%s is trapped by a Wasteland") % t.name,
                           _("tap a tile still in play"))
        if self.phase == "attacker":
            return self._tap_attacker(t)
        if self.phase == "defender":
            if self.fought == 0 and self.controller(t.key) == self.turn:
                return self._tap_attacker(t)
            return self._tap_defender(t)
        if self.phase == "roll":
            return Refusal(self.rules["battle"], _("a battle is on"),
                           _("%s: roll the die") % self.name(self._roll_by()))
        return Refusal(self.rules["battle"], _("the battle is rolled"),
                       self.said("accept_or_play"))

    def _may_attack(self, t):
        """None if tile t may be the moved tile this turn, else a Refusal."""
        r = self.rules
        if self.controller(t.key) != self.turn:
            return Refusal(r["turn"], _("%(tile)s is not %(player)s's tile")
                           % {"tile": t.name, "player": self.name(self.turn)},
                           _("%s: tap your own tile") % self.name(self.turn))
        if t.role == "home" and self.game == "jl":
            if not self.ffa:
                return Refusal("JL-B3", _("Strongholds never move"),
                               _("tap the Character that moved"))
            if self.fighters_left(self.turn) > 0:
                return Refusal("JL-M6", _("a Stronghold attacks only when it is alone"),
                               _("tap the Character that moved"))
        lock = self._locked(t.key)
        if lock == "energy_lock":
            return Refusal("YG-A6", _("%s is held by Energy Lock") % t.name, _("move another tile"))
        if lock == "divine_chain":
            return Refusal("YG-A8", _("%s is bound by Divine Chain") % t.name, _("move another tile"))
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
        if side != self.turn or self._locked(a.key):
            return Refusal(r["turn"], _("%s cannot attack now") % a.name, _("end the turn"))
        if self.friendly(self.controller(t.key), side):
            return Refusal(r["battle"], _("%s is a friendly tile") % t.name,
                           _("tap an opposing tile it touches"))
        if self._locked(t.key) == "energy_lock":
            return Refusal("YG-A6", _("%s cannot be attacked this turn") % t.name,
                           _("battle another tile"))
        if a.role == "home" and self.game == "jl":
            if t.role == "home" and self._characters_anywhere():
                return Refusal("JL-M8", _("Strongholds battle only when no Characters are left"),
                               _("attack a Character"))
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

    # end, buttons ---------------------------------------------------------------------------
    def _in_end(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        if self.phase == "setup":
            return Refusal(self.rules["setup"], _("the game has not started"), _("start it first"))
        out = Outcome()
        if self.pending is not None:
            return self._end_pending(out)
        if self.phase == "roll":
            return Refusal(self.rules["multi"], _("a battle is on"),
                           _("%s: roll the die") % self.name(self._roll_by()))
        if self.phase == "accept":
            self._resolve(out)
            return out
        self._end_turn(out)
        return out

    def _in_trapped(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        if len(inp) != 2 or inp[1] not in self.tiles:
            return Refusal("INPUT", "trapped needs a tile", "tap the trapped tile")
        t = self.tiles[inp[1]]
        if self.phase not in ("attacker", "defender") or self.pending is not None:
            return Refusal("JL-W075", _("report a trapped tile between battles"),
                           _("finish the battle first"))
        if t.role != "fighter" or t.status != "play" or t.trapped:
            return Refusal("JL-W075", _("%s cannot be reported trapped") % t.name,
                           _("report a Character in play"))
        if not self._wasteland_against(t.owner):
            return Refusal("JL-W075", _("no opposing Wasteland traps %s") % t.name,
                           _("it must find its own way out"))
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
            return Refusal("YG-4", _("a player who cannot move just ends the turn"),
                           _("end the turn"))
        if self.phase != "attacker" or self.pending is not None:
            return Refusal("YG-4", _("report it at the start of your turn"), _("play on"))
        out = Outcome()
        out.add("stuck", {"player": self.turn, "rule": "YG-4"})
        self.phase = "over"
        self.winners = [q for q in range(self.n) if q != self.turn]
        out.add("winner", {"players": self.winners, "rule": "YG-4"})
        return out


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
    "moved": HexorsGame._in_moved,
}
