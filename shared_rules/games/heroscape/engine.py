"""HeroScape basic rules (RULES.md §3, HS-1..HS-10) as a pure state machine.

Players tap army cards (tagged like tiles), roll the combat die and confirm what only the
table can see (height advantage, a scenario objective) with buttons. The referee counts
skulls against shields, removes destroyed figures from each card's count, tracks which
figures have attacked and declares the winner. Range and line of sight are the players'
business (HS-5).

Inputs (every one a tap, die faces or a button):

============================  ==========================================================
``("add", player, key, entry)``  setup: player 0 ("good") or 1 ("evil") adds the army card
                              whose tag is ``key``; ``entry`` is its catalogue dict (HS-1)
``("start",)``                setup done; initiative rolls follow (HS-3)
``("roll", faces, player)``   die faces 1..6, a list (several dice at once) or one int;
                              a partial list is kept until the roll is complete; thrown
                              by ``player`` (ROLL-1; none in old journals)
``("tap", key)``              an army card: the card this turn (HS-4), then each target
``("height", side)``          HS-6: ``"none"``, ``"attacker"`` or ``"defender"`` is higher
``("cancel",)``               take back a target before any die is rolled
``("end",)``                  end the turn; figures that have not attacked give up
``("objective", player)``     the scenario's objective was reached by ``player`` (HS-9)
============================  ==========================================================

>>> g = HeroScapeGame()
>>> z = card("Zettian Guards", "squad", 2, 4, 7, 2, 7)
>>> g.apply(("add", 0, "a", z)).accepted and g.apply(("add", 1, "b", z)).accepted
True
>>> g.apply(("start",)).accepted
True
>>> g.legal_inputs().prompt
'P1: roll 5 dice'
"""


from shared_rules.core import words
from shared_rules.core.data import beside
from shared_rules.core.engine import Game, Legal, Outcome, Refusal, seat_name
from shared_rules.core.rolls import wrong_roller
from shared_rules.core.words import N_, _, n_
from shared_rules.games.heroscape import decisions
from shared_rules.games.heroscape.odds import attack_odds

KINDS = ("hero", "squad")
# What an army card entry lacks, a whole sentence per value (the card prints them so).
UNKNOWN = {"attack": N_("%s: Attack unknown, copy it from the card"),
           "defense": N_("%s: Defense unknown, copy it from the card")}
OUT_OF_RANGE = {"attack": N_("%(card)s: Attack must be 1..%(max)d"),
                "defense": N_("%(card)s: Defense must be 1..%(max)d")}
NOT_WHOLE = {"move": N_("%s: Move must be a whole number"),
             "range": N_("%s: Range must be a whole number")}
SIDES = ("none", "attacker", "defender")



def army_cards():
    """The army cards the rulebook names (shared_rules/games/heroscape/cards.json).

    >>> [c["name"] for c in army_cards()]
    ['Zettian Guards', 'Marro Warriors', 'Mimring']
    """
    return beside(__file__, "cards.json")


def card(name, kind, figures, move, range_, attack, defense, verified=True):
    """Build an army card entry, the way a player adds a card from their own collection.

    >>> card("Zettian Guards", "squad", 2, 4, 7, 2, 7)["defense"]
    7
    """
    slug = ""
    for ch in name.lower():
        slug += ch if ("a" <= ch <= "z" or "0" <= ch <= "9") else "-"
    return {"id": "hs/" + slug, "game": "hs", "kind": kind, "name": name,
            "figures": figures, "move": move, "range": range_, "attack": attack,
            "defense": defense, "verified": verified, "source": "added by players"}


def _count(value):
    return isinstance(value, int) and not isinstance(value, bool)


def validate_card(entry):
    """Problems with an army card entry, as sentences; empty when it can be played (HS-1).

    >>> validate_card(card("Mimring", "hero", 1, None, None, None, None))
    ['Mimring: Attack unknown, copy it from the card', 'Mimring: Defense unknown, copy it from the card']
    """
    if not isinstance(entry, dict):
        return [_("not an army card entry")]
    name = words.name(entry) or _("card")
    problems = []
    if entry.get("kind") not in KINDS:
        problems.append(_("%s: kind must be hero or squad") % name)
    figures = entry.get("figures")
    if not _count(figures) or figures < 1:
        problems.append(_("%s: figure count unknown") % name)
    elif entry.get("kind") == "hero" and figures != 1:
        problems.append(_("%s: a hero card has one figure") % name)
    elif entry.get("kind") == "squad" and figures < 2:
        problems.append(_("%s: a squad has 2 or more figures") % name)
    for key in ("attack", "defense"):
        value = entry.get(key)
        if value is None:
            problems.append(_(UNKNOWN[key]) % name)
        elif not _count(value) or value < 1 or value > decisions.MAX_DICE:
            problems.append(_(OUT_OF_RANGE[key]) % {"card": name, "max": decisions.MAX_DICE})
    for key in ("move", "range"):
        value = entry.get(key)
        if value is not None and (not _count(value) or value < 0):
            problems.append(_(NOT_WHOLE[key]) % name)
    return problems


# Each symbol of the HS-2 die counted, whole, for the catalogues' plural rules.
SYMBOLS = (("skull", lambda n: n_("%d skull", "%d skulls", n)),
           ("shield", lambda n: n_("%d shield", "%d shields", n)),
           ("blank", lambda n: n_("%d blank", "%d blanks", n)))


def faces_said(faces):
    """Faces of the HS-2 die as the players read them, each symbol counted.

    >>> faces_said([1, 4, 6, 2])
    '2 skulls, 1 shield, 1 blank'
    """
    said = []
    for symbol, counted in SYMBOLS:
        n = count_faces(faces, symbol)
        if n:
            said.append(counted(n) % n)
    return ", ".join(said)


def _face(f):
    return isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6


def count_faces(faces, symbol):
    """How many of ``faces`` (1..6) show ``symbol`` on the HS-2 die.

    >>> count_faces([1, 2, 4, 6], "skull")
    2
    """
    n = 0
    for face in faces:
        if decisions.DIE_FACES[face - 1] == symbol:
            n += 1
    return n


class HeroScapeGame(Game):
    """Two armies, alternating turns, skulls against shields (HS-1..HS-10).

    Read-only state for screens: ``phase`` ("setup", "initiative", "card", "target",
    "height", "roll", "over"), ``cards`` (key -> dict with ``entry``, ``player``,
    ``alive``, ``destroyed``), ``order`` (keys in the order added), ``turn`` (player),
    ``chosen`` (card key this turn), ``attacks_left``, ``attack`` (the attack being
    rolled: ``target``, ``height``, ``dice`` {player: n}, ``faces`` {player: [...]}),
    ``winner`` and ``win_rule``. ``view()`` gathers them in a plain dict.
    """

    def _reset(self):
        self.phase = "setup"
        self.cards = {}
        self.order = []
        self.turn = None
        self.chosen = None
        self.attacks_left = 0
        self.attack = None
        self.initiative = {}
        self.pending = []
        self.winner = None
        self.win_rule = None
        self.turns = 0

    # --- reading ----------------------------------------------------------------------
    def figures(self, player):
        """Figures ``player`` still has on the battlefield."""
        n = 0
        for key in self.order:
            c = self.cards[key]
            if c["player"] == player:
                n += c["alive"]
        return n

    def roller(self):
        """(player, dice) expected to roll now, or (None, 0)."""
        if self.phase == "initiative":
            p = 0 if 0 not in self.initiative else 1
            return p, decisions.INITIATIVE_DICE
        if self.phase == "roll":
            att = self.turn
            p = att if att not in self.attack["faces"] else 1 - att
            return p, self.attack["dice"][p]
        return None, 0

    def odds(self):
        """Exact odds of the attack about to be rolled (None outside an attack); while the
        height is being confirmed, the odds without height advantage."""
        if self.attack is None or self.phase not in ("height", "roll"):
            return None
        if self.phase == "height":
            a, d = self._dice_for("none")
            return attack_odds(a, d)
        a = self.attack["dice"][self.turn]
        d = self.attack["dice"][1 - self.turn]
        return attack_odds(a, d)

    def _dice_for(self, side):
        """(attack dice, defense dice) for a height ``side`` (HS-6)."""
        target = self.cards[self.attack["target"]]["entry"]
        mine = self.cards[self.chosen]["entry"]
        a = mine["attack"] + (1 if side == "attacker" else 0)
        d = target["defense"] + (1 if side == "defender" else 0)
        return min(a, decisions.MAX_DICE), min(d, decisions.MAX_DICE)

    def legal_inputs(self):
        """What may happen now: ``actor``, ``expect``, ``prompt``, ``tiles`` (key -> role),
        ``roll_by``, ``dice`` (how many dice the roll still needs), ``choices`` (label,
        input) pairs for the buttons."""
        ph = self.phase
        if ph == "setup":
            ok = self.figures(0) > 0 and self.figures(1) > 0
            choices = [(_("start"), ("start",))] if ok else []
            return Legal(None, "roster", _("tap army cards"), choices=choices)
        if ph == "over":
            return Legal(None, "over", _("P%d wins") % (self.winner + 1))
        objective = [(_("P%d objective") % (p + 1), ("objective", p)) for p in (0, 1)]
        if ph in ("initiative", "roll"):
            p, n = self.roller()
            left = n - len(self.pending)
            choices = [(_("cancel"), ("cancel",))] if ph == "roll" and self._untouched() else []
            return Legal(p, "roll", n_("P%(player)d: roll %(n)d die", "P%(player)d: roll %(n)d dice",
                                       left) % {"player": p + 1, "n": left},
                         roll_by=p, choices=choices + objective, dice=left)
        me = self.turn
        if ph == "card":
            tiles = {}
            for key in self.order:
                c = self.cards[key]
                if c["player"] == me and c["alive"] > 0:
                    tiles[key] = "card"
            return Legal(me, "card", _("P%d: pick a card") % (me + 1), tiles, choices=objective)
        if ph == "target":
            tiles = {}
            for key in self.order:
                c = self.cards[key]
                if c["player"] != me and c["alive"] > 0:
                    tiles[key] = "target"
            return Legal(me, "target", _("P%d: tap a target") % (me + 1), tiles,
                         choices=[(_("end turn"), ("end",))] + objective)
        # height
        choices = [(_("no height"), ("height", "none")),
                   (_("P%d higher") % (me + 1), ("height", "attacker")),
                   (_("P%d higher") % (2 - me), ("height", "defender")),
                   (_("cancel"), ("cancel",))]
        return Legal(me, "height", _("who is higher?"), choices=choices + objective)

    def said(self, inp):
        """A roll by the symbols its faces show ("2 skulls, 1 blank"), not their numbers."""
        if len(inp) in (2, 3) and inp[0] == "roll" and isinstance(inp[1], (list, tuple)) and \
                all(_face(f) for f in inp[1]):
            return faces_said(inp[1])
        return None

    def input_for(self, event, seat=0, names=()):
        """The hub's two buttons belong to P1 (A, "good") and P2 (B, "evil"). While the
        height is being confirmed (HS-6) a press says "my figure is higher" and a long
        press says neither is; while rolling, the roller's press rolls the virtual dice
        (option ``dice="virtual"``: the host asks the hub for them) or is told to roll the
        die; otherwise a press is the generic "yes"."""
        if event[0] == "roll":  # who took the die (ROLL-2), else whose roll it is
            by = tuple(event[2:]) or (() if self.phase not in ("initiative", "roll")
                                      else (self.roller()[0],))
            return ("roll", list(event[1])) + by
        if event[0] != "button":
            return Game.input_for(self, event, seat, names)
        player, action = event[1], event[2]
        legal = self.legal_inputs()
        if legal.expect == "height":
            if action == "long":
                return ("height", "none")
            return ("height", "attacker" if player == self.turn else "defender")
        if legal.expect == "roll":
            if player != legal.roll_by:
                return _("It is %s's roll") % seat_name(names, legal.roll_by)
            if self.options.get("dice") == "virtual":
                return n_("Rolling %d die...", "Rolling %d dice...", legal.dice) % legal.dice
            return n_("%(player)s: roll the die %(n)d more time",
                      "%(player)s: roll the die %(n)d more times", legal.dice) % {
                "player": seat_name(names, player), "n": legal.dice}
        return None

    def _untouched(self):
        return self.phase == "roll" and not self.attack["faces"] and not self.pending

    def view(self):
        """The view model: everything a screen needs, as plain values (host/games/heroscape/presenter.py
        reads nothing else). ``initiative`` [skulls or None per player]; ``pending`` the
        partial roll (dice, skulls, shields counted on the HS-2 die); ``attack`` the one
        being made: its ``target`` (a card key), ``dice`` per side once the height is
        known, the attacker's ``skulls`` once rolled; ``destroy`` the chance of destroying
        the target, exact ([numerator, denominator]), and ``odds_dice`` [attack dice, defense dice]."""
        odds = self.odds()
        attack = None
        if self.attack is not None:
            faces = self.attack["faces"]
            attack = {"target": self.attack["target"],
                      "dice": [self.attack["dice"].get(0), self.attack["dice"].get(1)],
                      "skulls": count_faces(faces[self.turn], "skull")
                      if self.turn in faces else None}
        return {
            "phase": self.phase, "turn": self.turn, "chosen": self.chosen,
            "attacks_left": self.attacks_left, "winner": self.winner,
            "figures": [self.figures(0), self.figures(1)],
            "cards": [{"key": k, "name": words.name(self.cards[k]["entry"]),
                       "player": self.cards[k]["player"], "alive": self.cards[k]["alive"],
                       "destroyed": self.cards[k]["destroyed"]} for k in self.order],
            "odds": odds.text() if odds else None,
            "destroy": [odds.p_destroy.numerator, odds.p_destroy.denominator]
            if odds else None,
            "odds_dice": [odds.attack, odds.defense] if odds else None,
            "initiative": [self.initiative.get(0), self.initiative.get(1)],
            "pending": {"dice": len(self.pending),
                        "skulls": count_faces(self.pending, "skull"),
                        "shields": count_faces(self.pending, "shield")},
            "attack": attack,
        }

    # --- applying ---------------------------------------------------------------------
    def _apply(self, inp):
        kind = inp[0]
        handler = getattr(self, "_in_" + kind, None)
        if handler is None:
            return Refusal("INPUT", "unknown input %r" % (kind,), "see legal_inputs()")
        if self.phase == "over":
            return Refusal("HS-9", _("the game is over"), _("start a new game"))
        return handler(inp)

    def _in_add(self, inp):
        if len(inp) != 4:
            return Refusal("INPUT", "add needs player, key, entry")
        _kind, player, key, entry = inp
        if self.phase != "setup":
            return Refusal("HS-1", _("armies are fixed once the battle began"))
        if player not in (0, 1):
            return Refusal("HS-1", _("HeroScape has two players, 0 and 1"))
        if not isinstance(key, str) or not key:
            return Refusal("INPUT", "a card key is its tag id")
        if key in self.cards:
            return Refusal("HS-1", _("this card is already in play"),
                           _("tap each card once"))
        problems = validate_card(entry)
        if problems:
            return Refusal("HS-1", problems[0], _("correct the card in the catalogue"))
        self.cards[key] = {"entry": entry, "player": player, "alive": entry["figures"],
                           "destroyed": 0, "attacked": 0}
        self.order.append(key)
        out = Outcome()
        out.add("added", {"player": player, "card": key, "name": words.name(entry),
                          "figures": entry["figures"]})
        return out

    def _in_start(self, inp):
        if self.phase != "setup":
            return Refusal("HS-3", _("the battle has already started"))
        for p in (0, 1):
            if self.figures(p) == 0:
                return Refusal("HS-1", _("P%d has no army card") % (p + 1),
                               _("tap at least one army card each"))
        self.phase = "initiative"
        out = Outcome()
        out.add("initiative", {"dice": decisions.INITIATIVE_DICE})
        return out

    def _in_roll(self, inp):
        if len(inp) not in (2, 3):
            return Refusal("INPUT", "roll needs the faces and the roller")
        faces = inp[1]
        if not isinstance(faces, (list, tuple)):
            faces = [faces]
        if self.phase not in ("initiative", "roll"):
            return Refusal("HS-6", _("no roll is expected now"),
                           self.legal_inputs().prompt)
        for f in faces:
            if not _count(f) or f < 1 or f > 6:
                return Refusal("HS-2", _("a die face is 1..6, got %r") % (f,), _("roll again"))
        p, n = self.roller()
        wrong = wrong_roller(inp, p)
        if wrong is not None:
            return wrong
        if len(self.pending) + len(faces) > n:
            left = n - len(self.pending)
            return Refusal("HS-6", n_("%(n)d die expected, got %(got)d",
                                      "%(n)d dice expected, got %(got)d", left)
                           % {"n": left, "got": len(faces)}, _("roll the right number of dice"))
        self.pending = self.pending + list(faces)
        out = Outcome()
        if len(self.pending) < n:
            out.add("dice", {"player": p, "faces": list(faces),
                             "left": n - len(self.pending)})
            return out
        rolled = self.pending
        self.pending = []
        if self.phase == "initiative":
            return self._initiative_roll(p, rolled, out)
        return self._attack_roll(p, rolled, out)

    def _initiative_roll(self, p, faces, out):
        skulls = count_faces(faces, "skull")
        self.initiative[p] = skulls
        out.add("initiative_roll", {"player": p, "faces": faces, "skulls": skulls})
        if len(self.initiative) < 2:
            return out
        a, b = self.initiative[0], self.initiative[1]
        if a == b:
            self.initiative = {}
            out.add("reroll", {"rule": "HS-3", "skulls": a})
            return out
        first = 0 if a > b else 1
        out.add("first", {"player": first, "skulls": [a, b]})
        self._begin_turn(first, out)
        return out

    def _begin_turn(self, player, out):
        self.turn = player
        self.turns += 1
        self.chosen = None
        self.attack = None
        self.attacks_left = 0
        self.phase = "card"
        out.add("turn", {"player": player})

    def _attack_roll(self, p, faces, out):
        att = self.turn
        self.attack["faces"][p] = faces
        if p == att:
            skulls = count_faces(faces, "skull")
            out.add("attack_roll", {"player": p, "faces": faces, "skulls": skulls})
            return out
        skulls = count_faces(self.attack["faces"][att], "skull")
        shields = count_faces(faces, "shield")
        target_key = self.attack["target"]
        target = self.cards[target_key]
        destroyed = skulls > shields  # HS-7: one unblocked skull destroys any figure
        out.add("defense_roll", {"player": p, "faces": faces, "shields": shields})
        out.add("attack", {"card": self.chosen, "target": target_key, "skulls": skulls,
                           "shields": shields, "unblocked": max(0, skulls - shields),
                           "destroyed": destroyed})
        if destroyed:
            target["alive"] -= 1
            target["destroyed"] += 1
            out.add("destroyed", {"card": target_key, "player": target["player"],
                                  "name": words.name(target["entry"]),
                                  "left": target["alive"]})
        self.attacks_left -= 1
        self.cards[self.chosen]["attacked"] += 1
        self.attack = None
        if self.figures(1 - att) == 0:
            return self._win(att, "HS-9", out)
        if self.attacks_left == 0:
            self._begin_turn(1 - att, out)
        else:
            self.phase = "target"
        return out

    def _win(self, player, rule, out):
        self.winner = player
        self.win_rule = rule
        self.phase = "over"
        self.attack = None
        self.pending = []
        out.add("winner", {"players": [player], "rule": rule})
        return out

    def _in_tap(self, inp):
        if len(inp) != 2:
            return Refusal("INPUT", "tap needs a card key")
        key = inp[1]
        if not isinstance(key, str):
            return Refusal("INPUT", "a card key is its tag id")
        c = self.cards.get(key)
        if self.phase not in ("card", "target"):
            return Refusal("HS-4", _("no card is expected now"), self.legal_inputs().prompt)
        if c is None:
            return Refusal("HS-1", _("this card is not in the game"),
                           _("add it during setup"))
        me = self.turn
        if self.phase == "card":
            if c["player"] != me:
                return Refusal("HS-4", _("%s is P%d's card") % (words.name(c["entry"]),
                                                            c["player"] + 1),
                               _("P%d: tap your own card") % (me + 1))
            if c["alive"] == 0:
                return Refusal("HS-7", _("%s has no figures left") % words.name(c["entry"]),
                               _("pick another card"))
            self.chosen = key
            self.attacks_left = c["alive"]
            c["attacked"] = 0
            self.phase = "target"
            out = Outcome()
            out.add("card", {"player": me, "card": key, "name": words.name(c["entry"]),
                             "attacks": self.attacks_left})
            return out
        if c["player"] == me:
            return Refusal("HS-8", _("a figure attacks enemy figures"),
                           _("tap one of P%d's cards") % (2 - me))
        if c["alive"] == 0:
            return Refusal("HS-7", _("%s has no figures left") % words.name(c["entry"]),
                           _("tap another target"))
        self.attack = {"target": key, "height": None, "dice": {}, "faces": {}}
        self.phase = "height"
        out = Outcome()
        out.add("target", {"card": self.chosen, "target": key,
                           "name": words.name(c["entry"])})
        return out

    def _in_height(self, inp):
        if len(inp) != 2 or inp[1] not in SIDES:
            return Refusal("HS-6", _("height is none, attacker or defender"))
        if self.phase != "height":
            return Refusal("HS-6", _("height is confirmed after tapping the target"))
        side = inp[1]
        a, d = self._dice_for(side)
        self.attack["height"] = side
        self.attack["dice"] = {self.turn: a, 1 - self.turn: d}
        self.phase = "roll"
        out = Outcome()
        odds = attack_odds(a, d)
        out.add("dice_needed", {"attack": a, "defense": d, "height": side,
                                "p_destroy": str(odds.p_destroy), "odds": odds.text()})
        return out

    def _in_cancel(self, inp):
        if self.phase == "height" or self._untouched():
            self.attack = None
            self.phase = "target"
            out = Outcome()
            out.add("cancelled", {"card": self.chosen})
            return out
        return Refusal("HS-6", _("nothing to cancel now: dice already rolled"),
                       _("finish the roll"))

    def _in_end(self, inp):
        if self.phase != "target":
            return Refusal("HS-4", _("the turn ends after the card's attacks"),
                           self.legal_inputs().prompt)
        out = Outcome()
        out.add("end", {"player": self.turn, "unused": self.attacks_left})
        self._begin_turn(1 - self.turn, out)
        return out

    def _in_objective(self, inp):
        if len(inp) != 2 or inp[1] not in (0, 1):
            return Refusal("HS-9", _("objective needs the player, 0 or 1"))
        if self.phase == "setup":
            return Refusal("HS-9", _("the battle has not started"))
        out = Outcome()
        return self._win(inp[1], "HS-9", out)
