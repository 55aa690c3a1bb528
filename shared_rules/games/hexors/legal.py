"""What the Hexors screens read: ``legal_inputs()`` (a ``Legal``) and ``view()``.

A mixin of ``HexorsGame``; nothing here changes the state.
"""
from shared_rules.core import words
from shared_rules.core.engine import Legal
from shared_rules.core.words import _, n_
from shared_rules.games.hexors.powers import POWERS, WALLS


class Screens:
    """``legal_inputs()`` and ``view()`` of ``HexorsGame``."""

    def legal_inputs(self):
        """A ``Legal`` describing who acts and what they may tap, roll or press."""
        if self.phase == "setup":
            problem = self.roster_problem()
            if problem is None:
                first = self.suggested_first()
                leg = Legal(None, "roster", _("%s starts? OK") % self.name(first), problem=problem)
                # Only JL's Powers order moves (JL-W066, JL-W075): its games wait for them.
                moves = ("moves",) if self.collector and self.game == "jl" else ()
                leg.choices.append((_("start: %s") % self.name(first), ("start", first) + moves))
                for p in range(self.n):
                    if p != first:
                        leg.choices.append((_("start: %s") % self.name(p), ("start", p) + moves))
            else:
                leg = Legal(None, "roster", self._roster_prompt(), problem=problem)
            return leg
        if self.phase == "over":
            names = " & ".join([self.name(p) for p in self.winners])
            return Legal(None, "over", n_("%s wins!", "%s win!", len(self.winners)) % names)
        if self.moving is not None:
            return self._legal_moving()
        if self.pending is not None:
            return self._legal_pending()
        p = self.turn
        leg = None
        if self.phase == "attacker":
            leg = Legal(p, "attacker", _("%s: tap moved tile") % self.name(p))
            for k in self.order:
                t = self.tiles[k]
                if t.role != "power" and self.standing(t) and self._may_attack(t) is None:
                    leg.tiles[k] = "attacker"
            leg.choices.append((_("end turn"), ("end",)))
            if self.game == "ygo":
                leg.choices.append((_("cannot move"), ("stuck",)))
        elif self.phase == "defender":
            leg = Legal(p, "defender", _("%s: tap defender") % self.name(p))
            for k in self.order:
                t = self.tiles[k]
                if t.role == "power" or not self.standing(t) or k == self.attacker:
                    continue
                if self.fought == 0 and self.controller(k) == p:
                    if self._may_attack(t) is None:
                        leg.tiles[k] = "attacker"
                elif self._may_defend(t) is None:
                    leg.tiles[k] = "defender"
            leg.choices.append((_("end turn"), ("end",)))
        elif self.phase == "roll":
            who = self._roll_by()
            leg = Legal(who, "roll", _("%s: roll the die") % self.name(who))
            leg.roll_by = who
            self._battle_choices(leg)
        else:
            leg = Legal(p, "accept", self.said("ok_or_play"))
            leg.choices.append((_("accept"), ("end",)))
            self._battle_choices(leg)
        if self.phase in ("attacker", "defender") and self.collector and self.game == "jl":
            for k in self.order:
                t = self.tiles[k]
                if t.role == "fighter" and t.status == "play" and not t.trapped and \
                        self._wasteland_against(t.owner):
                    leg.choices.append((_("trapped: %s") % t.name, ("trapped", k)))
        if self.collector:
            for k in self.order:
                t = self.tiles[k]
                if t.role == "power" and t.status == "hand" and self._power_problem(t) is None:
                    leg.powers.append((k, POWERS[t.entry["effect"]].cost))
                    leg.tiles[k] = "power"
        return leg

    def _roster_prompt(self):
        """What the rosters still need, in a footer's 21 characters."""
        for p in range(self.n):
            if self.home_of(p) is None:
                return self.said("add_home_prompt") % self.name(p)
        for p in range(self.n):
            if not any(self.tiles[k].owner == p and self.tiles[k].role == "fighter"
                       for k in self.order):
                return self.said("add_fighters_prompt") % self.name(p)
        return _("Even up the rosters")

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
            said = self.said("pod_yes" if on else "pod_no")
            leg.choices.append((said % self.name(who), ("pod", who, on)))
        if self.game == "jl" and self.tiles[b["attacker"]].role == "home" and \
                not b["showdown"] and not b["m8"]:
            leg.choices.append((_("touching: no") if b["touch"] else _("touching: yes"),
                                ("touch", not b["touch"])))
        for key in (b["attacker"], b["defender"]):
            if self._boost_problem(key) is None:
                leg.choices.append((self.said("boost") % self.name(self.controller(key)),
                                    ("boost", key)))

    def power_label(self, play):
        """A Power (an Action) played, in a breakdown or a tile's effects: its tile's name
        as the table's book prints it (Dernière bataille; Last Stand at a Spanish table,
        whose book names no Power: docs/GLOSSARY.md), the same word as its tile."""
        return words.name(self.tiles[play["tile"]].entry)

    def _legal_moving(self):
        """Play waits for the move a Power ordered (JL-W066, JL-W075): its player says
        it is done, with their button or the menu."""
        m = self.moving
        p = m["player"]
        label = _("%s stepped back or stays") % self.tiles[m["tile"]].name \
            if m["effect"] == "escape" else _("3 craters placed")
        leg = Legal(p, "moved", _("%s: press your button when done") % self.name(p))
        leg.choices.append((label, ("moved", p)))
        return leg

    def _legal_pending(self):
        pend = self.pending
        power = self.tiles[pend["tile"]]
        p = power.owner
        if pend["target"] is None:
            leg = Legal(p, "target", _("%s: tap a target") % self.name(p))
            for k in self._targets(power):
                leg.tiles[k] = "target"
            leg.choices.append((_("cancel"), ("end",)))
        else:
            leg = Legal(p, "partner", _("%s: tap partners") % self.name(p))
            for k in self.order:
                t = self.tiles[k]
                if self._may_partner(t):
                    leg.tiles[k] = "partner"
            leg.choices.append((_("done") if pend["partners"] else _("cancel"), ("end",)))
        leg.tiles[power.key] = "cancel"
        return leg

    def view(self):
        """Everything the screens show, as plain values.

        ``{"game", "variant", "phase", "turn", "turn_no", "players": [{"name", "stones",
        "alive"}], "stones_word", "tiles": {key: {"name", "owner", "role", "kind", "status",
        "controller", "trapped", "effects": [labels]}}, "active": [{"tile", "name", "player",
        "effect", "target", "wall"}], "battle": None or {"attacker", "defender", "rolls",
        "totals": {key: str}, "values": {key: int}, "showdown"}, "last_battle", "winners",
        "moving": None or {"tile", "effect", "player"} (the move a Power ordered, awaited)}``

        A tile's ``status``: ``"play"``, ``"defeated"``, ``"trapped"`` (JL-W075),
        ``"controlled"`` (JL-W074, YG-A12); a power's: ``"hand"``, ``"active"``, ``"used"``.
        """
        tiles = {}
        marks = {}
        for play in self._live():
            if play["target"] is not None:
                marks.setdefault(play["target"], []).append(self.power_label(play))
        for k in self.order:
            t = self.tiles[k]
            status = t.status
            if status == "discard":
                status = "used" if t.role == "power" else "defeated"
            elif t.status == "play" and not self.standing(t):
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
                "stones_word": self.part("stones"), "tiles": tiles, "active": active,
                "battle": battle, "last_battle": self.last_battle, "winners": self.winners,
                "pending": dict(self.pending) if self.pending else None,
                "moving": dict(self.moving) if self.moving else None}
