"""Hexors battles: totals with their breakdown, re-rolls, defeats, Stones and winners.

A mixin of ``HexorsGame`` (shared_rules/games/hexors/engine.py): the methods read and change the game's
state (``self.battle``, ``self.tiles``, ``self.stones``...). Totals follow JL-C2 and YG-9:
die strike value, Colour/Element bonus, Pod/Team bonus, Ally bonus, Stronghold Defense or
Character attack bonus, active Powers/Actions and JL-M4 Stone boosts, in that order, e.g.
``6 strike +6 colour +1 pod = 13``.
"""
from shared_rules.core.engine import Outcome, Refusal, Total
from shared_rules.core.rolls import wrong_roller
from shared_rules.core.words import _
from shared_rules.games.hexors import decisions as D
from shared_rules.games.hexors.powers import BATTLE_EFFECTS, POWERS


class Battles:
    """Battle rules of ``HexorsGame`` (JL-B4..B9, JL-C2..C8, JL-M4..M9, YG-1, YG-5..13)."""

    def _open_battle(self, a, d, out, showdown=False):
        at = self.tiles[a]
        dt = self.tiles[d]
        m8 = self.game == "jl" and self.ffa and at.role == "home" and dt.role == "home"
        self.battle = {"attacker": a, "defender": d, "rolls": [None, None], "pod": [False, False],
                       "touch": False, "showdown": showdown, "m8": m8, "round": 1}
        self.phase = "roll"
        out.add("engage", {"attacker": a, "defender": d, "showdown": showdown})

    def _roll_by(self):
        b = self.battle
        side = 0 if b["rolls"][0] is None else 1
        return self.controller(b["attacker"] if side == 0 else b["defender"])

    def _in_roll(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        r = self.rules
        if len(inp) not in (2, 3) or not isinstance(inp[1], int) or not 1 <= inp[1] <= 6:
            return Refusal("INPUT", "a die face is 1..6", "roll again")
        if self.pending is not None:
            return Refusal(self.rules["pay"], self.said("waiting_target"),
                           _("tap its target or end"))
        if self.phase != "roll":
            return Refusal(r["battle"], _("no roll expected now"), self.legal_inputs().prompt)
        wrong = wrong_roller(inp, self._roll_by(), self.name)
        if wrong is not None:
            return wrong
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
        if not (D.WAIT_AFTER_ROLLS and self._worth_waiting()):
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

    def face_totals(self):
        """{tile_key: (total if the die shows face 1, ..., face 6)} for the current battle,
        with every bonus known now (what ``odds.odds_from_totals`` takes)."""
        b = self.battle
        if b is None:
            return {}
        out = {}
        for side, key in ((0, b["attacker"]), (1, b["defender"])):
            out[key] = tuple([self.total(key, face, side).value for face in range(1, 7)])
        return out

    def odds(self):
        """Exact (p_attacker, p_defender) of the current battle as Fractions, ties re-rolled,
        after the attacker's roll once it is made; None without a battle or if every roll
        ties (JL-B5, YG-5)."""
        # Imported here, not with the module: the pocket referees with no odds on its
        # screens, and the odds and their Fractions are ~4 KB of its heap (issue 31).
        from shared_rules.games.hexors.odds import EndlessTie, odds_from_totals

        b = self.battle
        if b is None:
            return None
        totals = self.face_totals()
        try:
            return odds_from_totals(totals[b["attacker"]], totals[b["defender"]],
                                    b["rolls"][0])
        except EndlessTie:
            return None

    def total(self, key, face, side):
        """The battle total of one tile: die strike value and every bonus (JL-C2, YG-9)."""
        t = self.tiles[key]
        b = self.battle
        total = Total()
        colour = D.COLOURS[face - 1] if face else None
        value = t.strike(colour) if colour else 0
        total.add(value, _("strike"))  # the strike value the die chose (JL-C2)
        if not self.collector:
            if self.game == "ygo" and t.role == "home":
                total.add(2, _("character"))   # YG-6
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
                    total.add(best - value, _("symbiosis"))
        ally = 0
        if t.role == "fighter":
            home = self.home_of(owner)
            if home is not None and self.standing(home) and not chained and \
                    (D.CONTROLLED_HOME_BONUS or not controlled):
                total.add(home.strike(t.entry["colour"]), self.part("colour"))   # JL-C3, YG-10
                if self.game == "jl":
                    ally = self._ally_bonus(t, home)                      # JL-C5, JL-M11
        if b is not None and b["pod"][side] and t.role != "home" and not chained:
            total.add(1, self.part("pod"))                                     # JL-C4, YG-11
        if ally:
            total.add(ally, _("ally"))
        if t.role == "home":
            total.add(self._home_bonus(t, side), self.part("home_bonus"))        # JL-C6, YG-12
        for play in live:
            if play["target"] != key:
                continue
            spec = POWERS[play["effect"]]
            if spec.amount == 0:
                continue
            if play["effect"] == "flying_debris" and play["turn"] != self.turn_no:
                continue      # JL-W069: +2 only in the turn it was played
            total.add(spec.amount, self.power_label(play))
        boost = self.boosts.get(key, 0)
        if boost:
            total.add(boost, self.part("stones", boost))                        # JL-M4
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
        bonus = t.entry.get("bonus")
        if not isinstance(bonus, int):
            bonus = 0  # a Beginner game has no bonuses (JL-B8); a Collector's needs it known
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
        if self._check_over(out):
            return     # JL-B9: the first to defeat everything wins; Self-Destruct comes late
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
            for team in D.TEAMS:
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
            return Refusal(r["beginner"], self.said("no_pod_beginner"), _("just roll"))
        if self.battle is None or self.phase not in ("roll", "accept"):
            return Refusal(r["pod"], _("no battle on"), _("confirm a pod during a battle"))
        side = self._battle_side(inp[1])
        if side is None:
            return Refusal(r["pod"], _("%s has no tile in this battle") % self.name(inp[1]),
                           _("the battling players confirm"))
        key = self.battle["attacker"] if side == 0 else self.battle["defender"]
        t = self.tiles[key]
        if t.role == "home" and inp[2]:
            return Refusal(r["pod"], self.said("home_no_pod"), _("roll without it"))
        if self._locked(key) == "divine_chain" and inp[2]:
            return Refusal("YG-A8", _("%s defends without Team bonus") % t.name, _("roll without it"))
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
            return Refusal("JL-M7", _("only a Stronghold attacking a Character can touch it"),
                           _("go on with the battle"))
        b["touch"] = inp[1]
        out = Outcome()
        out.add("touch", {"on": inp[1]})
        return out

    def _boost_problem(self, key):
        if self.game != "jl" or not self.collector or \
                (not self.ffa and not D.JL_STONE_BOOSTS_TWO_PLAYERS):
            return Refusal("JL-M4", _("no Stone boosts in this game"), _("play a Power instead"))
        if self.battle is None or key not in (self.battle["attacker"], self.battle["defender"]):
            return Refusal("JL-M4", _("boost a tile in the current battle"), _("wait for a battle"))
        p = self.controller(key)
        for k in self.order:
            t = self.tiles[k]
            if t.owner == p and t.role == "power" and t.status == "hand":
                return Refusal("JL-M4", _("%s still has Power tiles") % self.name(p),
                               _("play your Powers first"))
        if self.stones_of(p) < 1:
            return Refusal("JL-M4", _("%s has no Stones left") % self.name(p), _("roll without it"))
        return None

    def _in_boost(self, inp):
        stop = self._refuse_over()
        if stop:
            return stop
        if len(inp) != 2 or inp[1] not in self.tiles:
            return Refusal("INPUT", "boost needs a battling tile", "send (boost, key)")
        if self.pending is not None or self.phase not in ("roll", "accept"):
            return Refusal("JL-M4", _("boost during a battle"), _("wait for a battle"))
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
