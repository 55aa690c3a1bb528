"""Invocations (RULES.md §5, IN-1..IN-12) with the referee as the Master.

The Master deals (it says how many cards each player takes), counts the deck, runs the
1-minute Attack timer and the 15-second hand-over timer, reads the revealed Attack and Shield
cards by tap, finds the dominant player, breaks ties with Shield reveals, carries the prize
over, keeps every player's Victories, ends the game, names the Supreme Summoner and keeps a
series score. Card effects are not in the rulebook: players record what an effect did with
buttons (a card taken, blocked, destroyed or stolen, who beats whom, a cancelled effect) so
the counts and the result stay right. Time comes in as inputs; the engine never reads a
clock.

Players are numbered from 0 and named (a name or a colour) for the screens. Slots: "hand",
"attack", "shield", "spell". A card entry is a dict with at least "name", "attack" and
"defense" (ints); the host reads it from the tapped card's tag.

Inputs:

=======================================  ====================================================
``("player", name)``                     setup: add a player (2 to 6, IN-1)
``("deck", n)`` / ``("hand", n)``        setup: deck size (IN-1: 32..68 suggested, any other
                                         size waits for the Master's ``("confirm_deck",)``),
                                         hand size 4..6 (IN-2)
``("timers", on)``                       setup: IN-4 timers on (True) or off (False)
``("start",)``                           deal the first round (IN-2)
``("place", p, slot)``                   Stage 2: p puts a hand card face down in a slot
``("spell_attack", p)``                  IN-5: no card in hand, a Spell goes to Attack
``("swap", p)``                          Stage 2: p swaps a hand card with a free Spell
                                         (IN-13)
``("force", p)``                         IN-4: after 1 minute the Master moves a Spell to Attack
``("master_gives", p)``                  IN-5: no hand, no Spells: a deck card into Attack
``("take", p, n, source[, origin])``     effect: p draws n cards from ``origin`` ("deck",
                                         the default, or "discard"); the effect card came
                                         from ``source`` ("hand", "spell" or "attack")
``("block", by, target, what, source)``  effect: block a "player", their "hand" or a card
                                         ("spell", "shield", "attack") (IN-12)
``("destroy", by, target, what, source)``  effect: destroy one of target's cards (IN-3)
``("steal", by, target, what, source)``  effect: by takes one of target's cards into hand
``("raise", by, target, n, source)``     effect: target's revealed Attack +n (Stage 3; in
                                         Stage 2 the card is lost, IN-3)
``("lose", p, source)``                  an effect card discarded without effect (IN-3)
``("pay", p, source)``                   IN-6: one card ("spell" or "shield") towards the
                                         Cost of p's revealed Attack card
``("handed", p)``                        p handed the cards over in time (IN-4)
``("tick", ms)`` / ``("timeout", which)``  time passes; "attack" or "handover" ran out
``("reveal", p, key, entry)``            Stage 3: p's Attack card was tapped (IN-6)
``("beats", a, b)``                      an effect makes a beat b (IN-7)
``("cancel", p, i)``                     p's effect ``i`` (after the reveal) is cancelled:
                                         what it did is taken back; the card stays (IN-14)
``("judge",)``                           effects done: find the dominant player (IN-7)
``("shield", p, key, entry)``            a tied dominant reveals a random Shield (IN-8)
``("tap", key, entry)``                  a card on the reader: the Attack (or Shield) of
                                         the player the screen names
=======================================  ====================================================

>>> g = InvocationsGame(players=["red", "blue"], deck=32, hand=4)
>>> g.apply(("start",)).find("deal")["cards"]
[4, 4]
>>> g.deck
24
"""

from shared_rules.core.engine import Game, Legal, Outcome, Refusal, seat_name
from shared_rules.core.words import N_, _, n_, seat
from shared_rules.games.invocations import decisions

DECK_CHOICES = (32, 40, 48, 56, 68)  # the deck sizes the Master's menu offers in setup

SLOTS = ("attack", "shield", "spell")
# A player without the card an effect asks for, a whole sentence per place (IN-3).
NO_CARD = {"hand": N_("%s has no card in hand"), "spell": N_("%s has no Spell card"),
           "shield": N_("%s has no Shield card"), "attack": N_("%s has no Attack card")}
SOURCES = ("hand", "spell", "attack")
ORIGINS = ("deck", "discard")   # where a Take draws from (IN-3)
BLOCKABLE = ("player", "hand", "spell", "shield", "attack")
# What a Block sets on its target (IN-12): a player sits out the round, a hand draws nothing
# at the next Stage 1, a Spell or a Shield cannot be used, an Attack card's effect cannot.
BLOCKS = {"player": "blocked", "hand": "hand_blocked", "spell": "spells_blocked",
          "shield": "shields_blocked", "attack": "attack_blocked"}
TARGETS = ("hand", "spell", "shield", "attack")


def _int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def card_problems(entry):
    """Why a card entry cannot be read, or None.

    >>> card_problems({"name": "Fire Imp", "attack": 7, "defense": None})
    'Fire Imp: Defense unknown'
    """
    if not isinstance(entry, dict):
        return "not a card entry"
    name = entry.get("name") or "card"
    for key, label in (("attack", "Attack"), ("defense", "Defense")):
        if not _int(entry.get(key)):
            return "%s: %s unknown" % (name, label)
    cost = entry.get("cost")
    if cost is not None and (not _int(cost) or cost < 0):
        return "%s: Cost must be a whole number" % name
    return None


def supreme(victories):
    """IN-10: (attack points, defense points) of a list of Victory cards.

    >>> supreme([{"attack": 5, "defense": 2}, {"attack": 3, "defense": 4}])
    (8, 6)
    """
    a = 0
    d = 0
    for c in victories:
        a += c["attack"]
        d += c["defense"]
    return a, d


class InvocationsGame(Game):
    """The Master of an Invocations game.

    Options (all may also be set during setup): ``players`` (names, or a count), ``deck``
    (default 32; outside 32..68 the Master confirms it, IN-1), ``hand`` (4..6), ``timers`` (bool, default True), ``series``
    (previous series totals, one per player, IN-11).

    Read-only state: ``phase`` ("setup", "stage2", "stage3", "effects", "shields",
    "over"), ``deck``, ``hand_size``, ``players`` (list of dicts: ``name``, ``hand``,
    ``spells``, ``shields``, ``attack_down``, ``attack`` (revealed entry), ``victories``,
    ``blocked``, ``hand_blocked``, ``spells_blocked``), ``prize`` (Attack cards carried
    over), ``round``, ``attack_ms`` / ``handover`` (timers), ``playoff`` (players in the
    IN-10 play-off or None), ``winners``, ``series``.
    """

    def _reset(self):
        opts = self.options
        self.phase = "setup"
        self.players = []
        names = opts.get("players") or []
        if _int(names):
            names = ["P%d" % (i + 1) for i in range(names)]
        for name in names:
            self.players.append(self._new_player(name))
        self.deck = opts.get("deck", decisions.MIN_DECK)
        # IN-1: a deck outside the suggested sizes waits for the Master's confirmation.
        self.deck_unconfirmed = _int(self.deck) and not self._suggested_deck(self.deck)
        self.hand_size = opts.get("hand", decisions.DEFAULT_HAND)
        self.timers = opts.get("timers", True)
        self.series = list(opts["series"]) if opts.get("series") else None
        self.prize = []
        self.round = 0
        self.attack_ms = 0
        self.attack_timeout = False
        self.handover = None
        self.beats = []
        self.effects = []   # effects recorded after the reveal, for a cancel (IN-12)
        self.tied = []
        self.shown = {}
        self.playoff = None
        self.winners = None
        self.scores = None

    @staticmethod
    def _new_player(name):
        return {"name": name, "hand": 0, "spells": 0, "shields": 0, "attack_down": False,
                "attack": None, "victories": [], "blocked": False, "hand_blocked": False,
                "spells_blocked": 0, "shields_blocked": 0, "attack_blocked": False,
                "sits_out": False, "cost_due": 0, "attack_used": False, "attack_gone": False}

    # --- reading ----------------------------------------------------------------------
    @staticmethod
    def _suggested_deck(n):
        return decisions.MIN_DECK <= n <= decisions.MAX_DECK

    def name(self, p):
        """Player ``p`` as the table says it: a seat's own name in its language."""
        return seat(self.players[p]["name"])

    def in_round(self):
        """Players taking part in this round: not blocked (IN-12), not left without an
        Attack (IN-5), in the play-off if any."""
        out = []
        for i, pl in enumerate(self.players):
            if pl["blocked"] or pl["sits_out"]:
                continue
            if self.playoff is not None and i not in self.playoff:
                continue
            out.append(i)
        return out

    def waiting_for_attack(self):
        return [p for p in self.in_round() if not self.players[p]["attack_down"]]

    def usable_hand(self, p):
        """Cards ``p`` may play from the hand now: none while the hand is blocked (IN-12:
        a blocked card "no podrá ser utilizada"), so IN-5 applies as to an empty hand."""
        pl = self.players[p]
        return 0 if pl["hand_blocked"] else pl["hand"]

    def free_spells(self, p):
        pl = self.players[p]
        return pl["spells"] - pl["spells_blocked"]

    def free_shields(self, p):
        """Shields ``p`` may use (pay a Cost with, turn over in a tie-break): a blocked one
        "no podrá ser utilizada [...] hasta el final de la ronda" (IN-12)."""
        pl = self.players[p]
        return pl["shields"] - pl["shields_blocked"]

    def _master_can_give(self):
        """IN-5: the Master's card comes from the deck (any card in a play-off)."""
        return self.deck > 0 or self.playoff is not None

    def beaten_by(self, a):
        """Players that ``a`` beats this round (IN-7): a recorded effect, or a higher Attack
        unless an effect says the other way round."""
        out = []
        pa = self.players[a]["attack"]
        for b in self.in_round():
            if b == a:
                continue
            if [a, b] in self.beats:
                out.append(b)
            elif [b, a] in self.beats and decisions.EFFECT_BEATS_ATTACK:
                continue
            elif pa is not None and (self.players[b]["attack"] is None or
                                     pa["attack"] > self.players[b]["attack"]["attack"]):
                out.append(b)   # an Attack destroyed after the reveal loses to every Attack
        return out

    def legal_inputs(self):
        ph = self.phase
        if ph == "setup":
            choices = [(_("hand %d") % n, ("hand", n)) for n in (4, 5, 6)]
            choices.append((_("timers off") if self.timers else _("timers on"),
                            ("timers", not self.timers)))
            if self.deck_unconfirmed:
                choices.insert(0, (_("confirm deck %d") % self.deck, ("confirm_deck",)))
                return Legal(None, "confirm_deck", _("Master: confirm deck %d") % self.deck,
                             choices=choices, records=self._records())
            if decisions.MIN_PLAYERS <= len(self.players) <= decisions.MAX_PLAYERS:
                choices.insert(0, (_("start"), ("start",)))
            return Legal(None, "setup", _("%d players, hand %d") % (len(self.players),
                                                                 self.hand_size),
                         choices=choices, records=self._records())
        if ph == "over":
            names = ", ".join(self.name(p) for p in self.winners)
            return Legal(None, "over", _("%s wins") % names)
        if self.handover is not None:
            t = self.handover["target"]
            return Legal(t, "handover", _("%s: hand over") % self.name(t),
                         choices=[(_("handed"), ("handed", t))])
        if ph == "stage2":
            choices = []
            for p in self.waiting_for_attack():
                if self.usable_hand(p) > 0:
                    choices.append(("place", p, "attack"))
                elif self.free_spells(p) > 0:
                    choices.append(("spell_attack", p))
                elif self._master_can_give():
                    choices.append(("master_gives", p))
                if self.attack_timeout and self.free_spells(p) > 0 \
                        and self.usable_hand(p) > 0:
                    choices.append(("force", p))
            choices = [(self.said(inp), inp) for inp in choices]
            waiting = self.waiting_for_attack()
            prompt = (_("%s: place Attack") % self.name(waiting[0])) if waiting else \
                _("place cards")
            return Legal(None, "place", prompt, choices=choices, records=self._records())
        if ph == "stage3":
            for p in self.in_round():
                if self.players[p]["attack"] is None:
                    return Legal(p, "reveal", _("%s: tap Attack") % self.name(p),
                                 records=self._records())
        if ph == "effects":
            choices = [(_("judge"), ("judge",))]
            return Legal(None, "effects", _("effects, then judge"), choices=choices,
                         records=self._records())
        if ph == "shields":
            p = self._next_shield()
            return Legal(p, "shield", _("%s: tap a Shield") % self.name(p))
        return Legal(None, ph, "")

    def _pairs(self):
        """Every (player, other player) of this round, in seat order."""
        seats = self.in_round()
        return [(p, q) for p in seats for q in seats if p != q]

    def said(self, inp):
        """An input as the Master's menu names it ("Blue steals Green", "Red takes 3"),
        whether or not the menu offers it now (the phone page's history says an input so);
        None for one the menu never names (a tap, a roll, a tick)."""
        kind = inp[0] if inp else ""
        n = len(self.players)
        p = inp[1] if len(inp) > 1 and _int(inp[1]) and 0 <= inp[1] < n else None
        q = inp[2] if len(inp) > 2 and _int(inp[2]) and 0 <= inp[2] < n else None
        who = self.name(p) if p is not None else None
        them = self.name(q) if q is not None else None
        if kind == "timeout" and len(inp) == 2:
            return _("time is up for the Attack cards") if inp[1] == "attack" else \
                _("time is up for the hand-over")
        if kind in ("judge", "start", "handed") and (kind != "handed" or who):
            return {"judge": _("judge"), "start": _("start"), "handed": _("handed")}[kind]
        if kind == "deck" and len(inp) == 2 and _int(inp[1]):
            return _("deck %d") % inp[1]
        if kind == "hand" and len(inp) == 2 and _int(inp[1]):
            return _("next hand %d") % inp[1]
        if who is None:
            return None
        if kind == "place" and len(inp) == 3:
            said = {"attack": N_("%s attack"), "shield": N_("%s shield"),
                    "spell": N_("%s spell")}.get(inp[2])
            return _(said) % who if said else None
        if kind == "spell_attack":
            return _("%s spell>atk") % who
        if kind == "swap":
            return _("%s swaps hand and Spell") % who
        if kind == "master_gives":
            return _("give %s") % who
        if kind == "force":
            return _("force %s") % who
        if kind == "cancel" and len(inp) == 3 and _int(inp[2]) \
                and 0 <= inp[2] < len(self.effects):
            effect = self.said(self.effects[inp[2]]["input"])
            return _("cancel: %s") % effect if effect else _("cancel %s") % who
        if kind == "cancel":
            return _("cancel %s") % who
        if kind == "pay" and len(inp) == 3:
            return (_("%s pays with a Spell") if inp[2] == "spell"
                    else _("%s pays with a Shield")) % who
        if kind == "lose" and len(inp) == 3:
            return (_("%s loses a Spell") if inp[2] == "spell" else _("%s loses a card")) % who
        if kind == "take" and len(inp) >= 3 and _int(inp[2]):
            if len(inp) == 5 and inp[4] == "discard":
                return _("%s takes 1 from discard") % who
            return _("%(player)s takes %(n)d") % {"player": who, "n": inp[2]}
        if kind == "raise" and len(inp) >= 4 and inp[2] == p and inp[3] == 1:
            return _("%s Attack +1") % who
        if them is None:
            return None
        if kind == "beats":
            return _("%s beats %s") % (who, them)
        if kind == "steal":
            return _("%s steals %s") % (who, them)
        if kind == "block" and len(inp) >= 4:
            said = {"hand": N_("%s blocks %s hand"), "spell": N_("%s blocks %s spell"),
                    "shield": N_("%s blocks %s shield"),
                    "attack": N_("%s blocks %s Attack")}.get(inp[3], N_("%s blocks %s"))
            return _(said) % (who, them)
        if kind == "destroy" and len(inp) >= 4:
            said = {"shield": N_("%s breaks %s shield"), "spell": N_("%s breaks %s spell"),
                    "attack": N_("%s destroys %s Attack")}.get(inp[3])
            if said:
                return _(said) % (who, them)
        if kind in ("steal", "destroy", "block", "raise"):  # an effect the menu never names
            return _("%(player)s: an effect on %(other)s") % {"player": who, "other": them}
        return None

    def _records(self):
        """What the Master records by hand: Shield and Spell placements, an effect's
        outcome (who beats whom, a cancelled effect, a card stolen from a hand), the deck
        size in setup; offered after the choices on the referee's menu, each named by
        ``said``."""
        out = []
        if self.phase == "setup":
            out += [("deck", n) for n in DECK_CHOICES if n != self.deck]
        elif self.phase == "stage2" and self.handover is None:
            for p in self.in_round():
                if self.usable_hand(p) > 0:
                    out += [("place", p, "shield"), ("place", p, "spell")]
            for p in self.in_round():
                if self.usable_hand(p) > 0 and self.deck > 0:
                    out += [("take", p, n, "hand") for n in (1, 2, 3)]
            # An effect card played from the hand: its outcome, as the Master records it.
            for p, q in self._pairs():
                if self.usable_hand(p) == 0:
                    continue
                them = self.players[q]
                if them["hand"] > 0:
                    out.append(("steal", p, q, "hand", "hand"))
                if them["shields"] > 0:
                    out.append(("destroy", p, q, "shield", "hand"))
                out += [("block", p, q, "player", "hand"), ("block", p, q, "hand", "hand")]
                if them["spells"] > 0:
                    out.append(("destroy", p, q, "spell", "hand"))
            for p in self.in_round():
                if self.usable_hand(p) > 0:
                    out += [("take", p, 1, "hand", "discard"), ("lose", p, "hand")]
                    if self.free_spells(p) > 0:
                        out.append(("swap", p))
            out += [("hand", n) for n in (4, 5, 6) if n != self.hand_size]
        elif self.phase == "stage3":
            out += self._cost_records()
        elif self.phase == "effects":
            for p, q in self._pairs():
                if [p, q] not in self.beats and [q, p] not in self.beats:
                    out.append(("beats", p, q))
            out += [("cancel", self.effects[i]["input"][1], i) for i in self.cancellable()]
            out += self._cost_records()
            for p in self.in_round():
                src = self._stage3_source(p)
                if src is None:
                    continue
                # An effect of an Attack card (IN-6), else of a Spell: what it did.
                out.append(("raise", p, p, 1, src))
                for q in self.in_round():
                    if q == p:
                        continue
                    out.append(("block", p, q, "player", src))
                    them = self.players[q]
                    if them["attack"] is not None:
                        if not them["attack_blocked"]:
                            out.append(("block", p, q, "attack", src))
                        out.append(("destroy", p, q, "attack", src))
                if self.deck > 0:
                    out.append(("take", p, 1, src))
                if src == "spell":
                    out.append(("lose", p, "spell"))
        return [(self.said(inp), inp) for inp in out]

    def _stage3_source(self, p):
        """Where ``p``'s next effect after the reveal comes from: the Attack card once its
        Cost is paid and while its effect is unused, else a free Spell; None: nothing."""
        pl = self.players[p]
        if pl["attack"] is not None and pl["cost_due"] == 0 and not pl["attack_used"] \
                and not pl["attack_blocked"]:
            return "attack"
        if self.free_spells(p) > 0:
            return "spell"
        return None

    def _cost_records(self):
        """IN-6: a revealed Attack card's Cost, paid one card at a time."""
        out = []
        for p in self.in_round():
            pl = self.players[p]
            if pl["attack"] is None or pl["cost_due"] == 0:
                continue
            if self.free_spells(p) > 0:
                out.append(("pay", p, "spell"))
            if self.free_shields(p) > 0:
                out.append(("pay", p, "shield"))
        return out

    def input_for(self, event, seat=0, names=()):
        """Revealed Attack and Shield cards are read by tap (the engine knows whose card it
        is waiting for); during a hand-over (IN-4) the player handing over presses their
        button when the card has changed hands."""
        kind = event[0]
        if kind == "tap":
            return ("tap", event[1], event[2])
        if kind == "button":
            h = self.handover
            if h is not None:
                if h["target"] == event[1]:
                    return ("handed", event[1])
                return _("Waiting for %s to hand over") % seat_name(names, h["target"])
            return _("The Master's menu: OK on the referee")
        return Game.input_for(self, event, seat, names)

    def view(self):
        """The view model: plain values for the screens (shared_rules/games/invocations/presenter.py reads
        nothing else). Besides the counts: ``in_round`` and ``waiting`` (players still to
        place an Attack), the ``handover`` under way, the play-off's players, the pairs an
        effect says ``beats``, the ``tied`` players and the Shields ``shown`` (IN-8),
        ``effects`` (Steal and Destroy effects recorded so far: a hand-over's identity),
        ``recorded`` ([index, input] of the effects after the reveal a cancel may still
        take back, IN-12)."""
        effects = 0
        for inp in self.inputs:
            if inp[0] in ("destroy", "steal"):
                effects += 1
        h = self.handover
        return {
            "phase": self.phase, "round": self.round, "deck": self.deck,
            "hand_size": self.hand_size, "prize": len(self.prize),
            "timers": self.timers, "attack_timeout": self.attack_timeout,
            "attack_left_ms": max(0, decisions.ATTACK_TIMER_MS - self.attack_ms)
            if self.timers else None,
            "handover_left_ms": decisions.HANDOVER_TIMER_MS - h["ms"]
            if h is not None else None,
            "handover": {"by": h["by"], "target": h["target"], "kind": h["kind"]}
            if h is not None else None,
            "players": [{"name": seat(pl["name"]), "hand": pl["hand"], "spells": pl["spells"],
                         "shields": pl["shields"], "victories": len(pl["victories"]),
                         "points": supreme(pl["victories"])[0],
                         "defense": supreme(pl["victories"])[1],
                         "attack": pl["attack"]["attack"] if pl["attack"] else None,
                         "blocked": pl["blocked"], "sits_out": pl["sits_out"],
                         "cost_due": pl["cost_due"], "attack_gone": pl["attack_gone"],
                         "attack_blocked": pl["attack_blocked"],
                         "spells_blocked": pl["spells_blocked"],
                         "shields_blocked": pl["shields_blocked"]}
                        for pl in self.players],
            "in_round": self.in_round(), "waiting": self.waiting_for_attack(),
            "playoff": list(self.playoff) if self.playoff is not None else None,
            "beats": [list(pair) for pair in self.beats], "tied": list(self.tied),
            "shown": dict(self.shown), "effects": effects,
            "recorded": [[i, list(self.effects[i]["input"])] for i in self.cancellable()],
            "winners": self.winners, "series": self.series,
        }

    # --- applying ---------------------------------------------------------------------
    def _apply(self, inp):
        handler = getattr(self, "_in_" + inp[0], None)
        if handler is None:
            return Refusal("INPUT", "unknown input %r" % (inp[0],), "see legal_inputs()")
        if self.phase == "over":
            return Refusal("IN-10", _("the game is over"), _("start a new game"))
        return handler(inp)

    def _check_player(self, p, rule="IN-1"):
        if not _int(p) or p < 0 or p >= len(self.players):
            return Refusal(rule, _("no player %r") % (p,), _("players are 0..%d") %
                           (len(self.players) - 1))
        return None

    def _busy(self, *players):
        """IN-3: while a hand-over is pending its two players do nothing else."""
        h = self.handover
        if h is None:
            return None
        for p in players:
            if p == h["target"] or p == h["by"]:
                return Refusal("IN-3", _("%s must finish the hand-over first") % self.name(p),
                               _("%s: hand the cards over") % self.name(h["target"]))
        return None

    def _in_player(self, inp):
        if self.phase != "setup":
            return Refusal("IN-1", _("players join before the first deal"))
        if len(inp) != 2 or not isinstance(inp[1], str) or not inp[1]:
            return Refusal("INPUT", _("a player needs a name or a colour"))
        if len(self.players) >= decisions.MAX_PLAYERS:
            return Refusal("IN-1", _("at most %d players") % decisions.MAX_PLAYERS)
        for pl in self.players:
            if pl["name"] == inp[1]:
                return Refusal("IN-1", _("%s is already playing") % inp[1], _("pick another name"))
        self.players.append(self._new_player(inp[1]))
        out = Outcome()
        out.add("player", {"player": len(self.players) - 1, "name": inp[1]})
        return out

    def _in_deck(self, inp):
        if self.phase != "setup":
            return Refusal("IN-1", _("the deck is set before the first deal"))
        n = inp[1] if len(inp) == 2 else None
        if not _int(n) or n < 1:
            return Refusal("IN-1", _("a deck needs at least one card"))
        self.deck = n
        self.deck_unconfirmed = not self._suggested_deck(n)
        out = Outcome()
        out.add("deck", {"cards": n, "confirm": self.deck_unconfirmed})
        return out

    def _in_confirm_deck(self, inp):
        if self.phase != "setup" or not self.deck_unconfirmed:
            return Refusal("IN-1", _("no deck size waits for the Master"))
        self.deck_unconfirmed = False
        out = Outcome()
        out.add("deck_confirmed", {"cards": self.deck, "rule": "IN-1"})
        return out

    def _in_hand(self, inp):
        # The Master may change it between rounds; it counts from the next deal.
        n = inp[1] if len(inp) == 2 else None
        if not _int(n) or n < 4 or n > 6:
            return Refusal("IN-2", _("a hand has 4 to 6 cards"))
        self.hand_size = n
        out = Outcome()
        out.add("hand", {"cards": n})
        return out

    def _in_timers(self, inp):
        if self.phase != "setup":
            return Refusal("IN-4", _("timers are switched before the first deal"))
        if len(inp) != 2 or inp[1] not in (True, False):
            return Refusal("INPUT", "timers needs True or False")
        self.timers = bool(inp[1])
        out = Outcome()
        out.add("timers", {"on": self.timers})
        return out

    def _in_start(self, inp):
        if self.phase != "setup":
            return Refusal("IN-2", _("the game has started"))
        n = len(self.players)
        if n < decisions.MIN_PLAYERS or n > decisions.MAX_PLAYERS:
            return Refusal("IN-1", _("Invocations needs 2 to 6 players, not %d") % n,
                           _("add players"))
        if not _int(self.deck) or self.deck < 1:
            return Refusal("IN-1", _("a deck needs at least one card"))
        if self.deck_unconfirmed:
            return Refusal("IN-1", n_("a deck of %(n)d card is outside the suggested "
                                      "%(least)d to %(most)d",
                                      "a deck of %(n)d cards is outside the suggested "
                                      "%(least)d to %(most)d", self.deck) % {
                "n": self.deck, "least": decisions.MIN_DECK, "most": decisions.MAX_DECK},
                _("the Master confirms the deck, or changes it"))
        if not _int(self.hand_size) or not 4 <= self.hand_size <= 6:
            return Refusal("IN-2", _("a hand has 4 to 6 cards"))
        if self.series is not None and len(self.series) != n:
            return Refusal("IN-11", n_("the series has %(n)d total for %(players)d players",
                                       "the series has %(n)d totals for %(players)d players",
                                       len(self.series)) % {"n": len(self.series), "players": n})
        out = Outcome()
        self._stage1(out)
        return out

    def _stage1(self, out):
        """IN-2: deal up to the hand size; end the game when the deck cannot go on."""
        self.round += 1
        if self.deck == 0:
            return self._end_game(out, "IN-9")
        players = self.players
        n = len(players)
        everyone_blocked = True
        for pl in players:
            if not pl["hand_blocked"]:
                everyone_blocked = False
        need = []
        for pl in players:
            if everyone_blocked:
                need.append(1)   # IN-2 clarification: nobody can draw, so each gets 1
            elif pl["hand_blocked"]:
                need.append(0)   # IN-12: a blocked hand draws nothing
            else:
                need.append(max(0, self.hand_size - pl["hand"]))
        give = [0] * n
        if sum(need) <= self.deck:
            give = need
        else:
            # IN-2: short deck: one card at a time so everyone gets at least one.
            left = self.deck
            while left > 0:
                dealt = False
                for i in range(n):
                    if left > 0 and give[i] < need[i]:
                        give[i] += 1
                        left -= 1
                        dealt = True
                if not dealt:
                    break
        for i in range(n):
            players[i]["hand"] += give[i]
            players[i]["hand_blocked"] = False
            self.deck -= give[i]
        out.add("deal", {"round": self.round, "cards": give, "deck": self.deck})
        if self.deck == 0:
            for pl in players:
                if pl["hand"] == 0:
                    return self._end_game(out, "IN-2")
        self.phase = "stage2"
        self.attack_ms = 0
        self.attack_timeout = False
        self.beats = []
        return out

    # --- Stage 2 ----------------------------------------------------------------------
    def _stage_check(self, p, phases=("stage2",)):
        bad = self._check_player(p)
        if bad:
            return bad
        if self.players[p]["blocked"]:
            return Refusal("IN-12", _("%s is blocked and sits out this round") % self.name(p))
        if self.players[p]["sits_out"]:
            return Refusal("IN-5", _("%s has nothing to attack with and sits out this round")
                           % self.name(p))
        if self.phase not in phases:
            return Refusal("IN-3", _("not now: %s") % self.legal_inputs().prompt)
        if self.playoff is not None and p not in self.playoff:
            return Refusal("IN-10", _("%s is not in the play-off") % self.name(p))
        return self._busy(p)

    def _in_place(self, inp):
        if len(inp) != 3:
            return Refusal("INPUT", "place needs player and slot")
        _kind, p, slot = inp
        bad = self._stage_check(p)
        if bad:
            return bad
        pl = self.players[p]
        if slot not in SLOTS:
            return Refusal("IN-3", _("slots are attack, shield and spell"))
        if pl["hand"] == 0:
            return Refusal("IN-5", _("%s has no card in hand") % seat(pl["name"]),
                           _("take the Attack from a Spell"))
        if pl["hand_blocked"]:
            return Refusal("IN-12", _("%s's hand is blocked") % seat(pl["name"]),
                           _("take the Attack from a Spell") if self.free_spells(p) > 0
                           else _("the Master gives a deck card"))
        if slot == "attack" and pl["attack_down"]:
            return Refusal("IN-3", _("%s already has an Attack card down") % seat(pl["name"]))
        pl["hand"] -= 1
        if slot == "attack":
            pl["attack_down"] = True
        elif slot == "shield":
            pl["shields"] += 1
        else:
            pl["spells"] += 1
        out = Outcome()
        out.add("placed", {"player": p, "slot": slot})
        self._maybe_stage3(out)
        return out

    def _stage_player(self, inp):
        """(the player a Stage 2 input names, None), or (None, why it is refused)."""
        if len(inp) != 2:
            return None, Refusal("INPUT", "needs the player")
        bad = self._stage_check(inp[1])
        return (None, bad) if bad else (inp[1], None)

    def _in_swap(self, inp):
        """IN-13, Stage 2: "Podrás intercambiar cartas de tu mano con las de Conjuro": a hand card
        goes face down into a Spell slot and that Spell into the hand; the counts stay,
        but a blocked card "no podrá ser [...] remplazada" (IN-12): a blocked hand cannot
        give the card, a blocked Spell cannot be taken back."""
        p, bad = self._stage_player(inp)
        if bad:
            return bad
        pl = self.players[p]
        if pl["hand"] == 0:
            return Refusal("IN-13", _("%s has no card in hand") % seat(pl["name"]))
        if pl["spells"] == 0:
            return Refusal("IN-13", _("%s has no Spell card") % seat(pl["name"]),
                           _("place the card as a Spell"))
        if pl["hand_blocked"]:
            return Refusal("IN-12", _("%s's hand is blocked") % seat(pl["name"]))
        if self.free_spells(p) <= 0:
            return Refusal("IN-12", _("a blocked card cannot be replaced"),
                           _("%s's Spells stay until the end of the round") % seat(pl["name"]))
        out = Outcome()
        out.add("swapped", {"player": p, "rule": "IN-13"})
        return out

    def _spell_to_attack(self, inp, rule):
        p, bad = self._stage_player(inp)
        if bad:
            return bad
        pl = self.players[p]
        if pl["attack_down"]:
            return Refusal(rule, _("%s already has an Attack card down") % seat(pl["name"]))
        if self.free_spells(p) <= 0:
            return Refusal(rule, _("%s has no free Spell") % seat(pl["name"]),
                           _("the Master gives a deck card") if self.usable_hand(p) == 0
                           else "")
        return None

    def _in_spell_attack(self, inp):
        bad = self._spell_to_attack(inp, "IN-5")
        if bad:
            return bad
        pl = self.players[inp[1]]
        if self.usable_hand(inp[1]) > 0:
            return Refusal("IN-5", _("%s has cards in hand") % seat(pl["name"]),
                           _("place the Attack from the hand"))
        return self._move_spell(inp[1], "IN-5")

    def _in_force(self, inp):
        bad = self._spell_to_attack(inp, "IN-4")
        if bad:
            return bad
        if not self.timers:
            return Refusal("IN-4", _("the timers are off"))
        if not self.attack_timeout:
            return Refusal("IN-4", _("the minute is not over"),
                           _("%d s left") % ((decisions.ATTACK_TIMER_MS - self.attack_ms
                                           + 999) // 1000))
        return self._move_spell(inp[1], "IN-4")

    def _move_spell(self, p, rule):
        pl = self.players[p]
        pl["spells"] -= 1
        pl["attack_down"] = True
        out = Outcome()
        out.add("spell_attack", {"player": p, "rule": rule})
        self._maybe_stage3(out)
        return out

    def _in_master_gives(self, inp):
        p, bad = self._stage_player(inp)
        if bad:
            return bad
        pl = self.players[p]
        if pl["attack_down"]:
            return Refusal("IN-5", _("%s already has an Attack card down") % seat(pl["name"]))
        if self.usable_hand(p) > 0 or self.free_spells(p) > 0:
            return Refusal("IN-5", _("%s still has a card to attack with") % seat(pl["name"]))
        if self.deck == 0 and self.playoff is None:
            return Refusal("IN-2", _("the deck is empty"))
        if self.playoff is None:
            self.deck -= 1
        pl["attack_down"] = True
        out = Outcome()
        out.add("master_gives", {"player": p, "deck": self.deck})
        self._maybe_stage3(out)
        return out

    def _sit_out_stranded(self, out):
        """IN-5 with nothing left to give: a player with no usable hand, no free Spell and
        no deck for the Master to give from has no Attack and sits out the rest of the round
        like a blocked player (IN-12); the next Stage 1 ends the game (IN-9). RULES.md,
        IN-5's decision: the book does not say; the round goes on for the others."""
        if self.phase != "stage2" or self._master_can_give():
            return
        for p in self.waiting_for_attack():
            if self.usable_hand(p) == 0 and self.free_spells(p) <= 0:
                self.players[p]["sits_out"] = True
                out.add("sits_out", {"player": p, "rule": "IN-5"})

    def _maybe_stage3(self, out):
        self._sit_out_stranded(out)
        if self.phase == "stage2" and not self.waiting_for_attack() and self.handover is None:
            self.phase = "stage3" if self.in_round() else "effects"
            out.add("stage", {"stage": 3})

    # --- effects ----------------------------------------------------------------------
    def _effect_source(self, p, source):
        """Refusal if ``p`` cannot use an effect card from ``source`` now, else None."""
        pl = self.players[p]
        if source not in SOURCES:
            return Refusal("IN-3", _("an effect card comes from hand, spell or attack"))
        if source == "hand":
            if self.phase != "stage2":
                return Refusal("IN-6", _("in Stage 3 effects come from Spells or the Attack"))
            if pl["hand"] == 0:
                return Refusal("IN-3", _("%s has no card in hand") % seat(pl["name"]))
            if pl["hand_blocked"]:
                return Refusal("IN-12", _("%s's hand is blocked") % seat(pl["name"]))
        elif source == "spell":
            if self.free_spells(p) <= 0:
                return Refusal("IN-12", _("%s has no Spell free to use") % seat(pl["name"]))
        elif self.phase not in ("effects",) or pl["attack"] is None:
            return Refusal("IN-6", _("Attack card effects work once it is revealed"))
        elif pl["cost_due"] > 0:
            return Refusal("IN-6", _("%s has not paid the Attack card's Cost") % seat(pl["name"]),
                           _("pay the Cost first"))
        elif pl["attack_used"]:
            return Refusal("IN-6", _("%s already used the Attack card's effect") % seat(pl["name"]))
        elif pl["attack_blocked"]:
            return Refusal("IN-12", _("%s's Attack card is blocked") % seat(pl["name"]))
        return None

    def _spend(self, p, source):
        if source == "hand":
            self.players[p]["hand"] -= 1
        elif source == "spell":
            self.players[p]["spells"] -= 1
        else:
            self.players[p]["attack_used"] = True   # the Attack card stays for the judging

    def _effect_check(self, by, target, what, source, allowed):
        bad = self._check_player(by, "IN-3") or self._check_player(target, "IN-3")
        if bad:
            return bad
        if self.phase == "stage3":
            return Refusal("IN-6", _("effects wait until every Attack is revealed"))
        if self.phase not in ("stage2", "effects"):
            return Refusal("IN-3", _("effects are used in Stage 2 or after the reveal"))
        bad = self._busy(by, target)
        if bad:
            return bad
        if self.players[by]["blocked"]:
            return Refusal("IN-12", _("%s is blocked this round") % self.name(by))
        if self.playoff is not None and (by not in self.playoff or
                                         target not in self.playoff):
            return Refusal("IN-10", _("only the play-off players take part"))
        if what not in allowed:
            return Refusal("IN-3", _("%r is not one of %s") % (what, ", ".join(allowed)))
        return self._effect_source(by, source)

    def _in_take(self, inp):
        if len(inp) not in (4, 5):
            return Refusal("INPUT", "take needs player, count, source (and where from)")
        _kind, p, n, source = inp[:4]
        origin = inp[4] if len(inp) == 5 else "deck"
        bad = self._effect_check(p, p, "hand", source, ("hand",))
        if bad:
            return bad
        if not _int(n) or n < 1:
            return Refusal("IN-3", _("take at least one card"))
        if origin not in ORIGINS:
            return Refusal("IN-3", _("cards are taken from the deck or the discard pile"))
        # IN-3: "Si no especifica de donde, recibe las primeras cartas del mazo"; the
        # discard pile is the table's (RULES.md: the referee does not count it).
        got = min(n, self.deck) if origin == "deck" else n
        self._spend(p, source)
        if origin == "deck":
            self.deck -= got
        self.players[p]["hand"] += got
        self._effect_done(inp, [("take", p, got, origin == "deck")])
        out = Outcome()
        out.add("take", {"player": p, "cards": got, "lost": got < n, "deck": self.deck,
                         "from": origin})
        self._maybe_stage3(out)   # the last deck card taken can leave a player nothing (IN-5)
        return out

    def _in_block(self, inp):
        if len(inp) != 5:
            return Refusal("INPUT", "block needs by, target, what, source")
        _kind, by, target, what, source = inp
        bad = self._effect_check(by, target, what, source, BLOCKABLE)
        if bad:
            return bad
        pl = self.players[target]
        # IN-3: a card that is not there, or is blocked already, cannot be blocked.
        if what == "spell" and self.free_spells(target) <= 0 or \
                what == "shield" and self.free_shields(target) <= 0 or \
                what == "attack" and (not pl["attack_down"] or pl["attack_blocked"]):
            return self._effect_lost(by, target, what, source, "block")
        self._spend(by, source)
        field = BLOCKS[what]
        if what in ("spell", "shield"):
            pl[field] += 1              # IN-12: that card cannot be used this round
            self._effect_done(inp, [("add", target, field, 1)])
        else:
            self._effect_done(inp, [("set", target, field, pl[field])])
            pl[field] = True            # a player sits out; a hand draws nothing next
        out = Outcome()
        out.add("blocked", {"by": by, "player": target, "what": what})
        self._maybe_stage3(out)
        return out

    def _has_card(self, target, what):
        pl = self.players[target]
        return not (what == "hand" and pl["hand"] == 0 or what == "spell" and pl["spells"] == 0
                    or what == "shield" and pl["shields"] == 0
                    or what == "attack" and not pl["attack_down"])

    def _effect_lost(self, by, target, what, source, kind):
        """IN-3: "Si alguno no puede hacerse, la carta se pierde": an effect with nothing to
        act on still costs its card (discarded from its source), so the refills and the
        deck count stay right (RULES.md, IN-3's decision)."""
        self._spend(by, source)
        out = Outcome()
        out.add("effect_lost", {"by": by, "player": target, "what": what, "effect": kind,
                                "source": source, "rule": "IN-3"})
        self._maybe_stage3(out)
        return out

    def _remove(self, target, what):
        pl = self.players[target]
        if what == "hand":
            pl["hand"] -= 1
        elif what == "spell":
            pl["spells"] -= 1
            if pl["spells_blocked"] > pl["spells"]:
                pl["spells_blocked"] = pl["spells"]
        elif what == "shield":
            pl["shields"] -= 1
            if pl["shields_blocked"] > pl["shields"]:
                pl["shields_blocked"] = pl["shields"]
        else:
            pl["attack_down"] = False
            pl["attack"] = None
            pl["attack_blocked"] = False   # the block went with the card

    def _destroy_or_steal(self, inp, kind):
        if len(inp) != 5:
            return Refusal("INPUT", "%s needs by, target, what, source" % kind)
        _kind, by, target, what, source = inp
        bad = self._effect_check(by, target, what, source, TARGETS)
        if bad:
            return bad
        if by == target:
            return Refusal("IN-3", _("%s targets another player") % kind)
        if not self._has_card(target, what):
            return self._effect_lost(by, target, what, source, kind)
        self._spend(by, source)
        them = self.players[target]
        if what == "attack":
            undo = [("attack", target, them["attack"], them["attack_blocked"])]
        else:
            undo = [("add", target, what + "s" if what != "hand" else what, -1)]
        if what == "attack" and self.phase == "effects":
            # Destroyed (to the discard pile) or stolen after the reveal: the target has
            # no Attack for the judging and loses to every Attack (RULES.md, IN-7).
            them["attack_gone"] = True
        self._remove(target, what)
        if kind == "steal":
            self.players[by]["hand"] += 1
            undo.append(("add", by, "hand", 1))
        self._effect_done(inp, undo)
        out = Outcome()
        out.add(kind, {"by": by, "player": target, "what": what})
        if self.timers:
            self.handover = {"by": by, "target": target, "kind": kind, "ms": 0}
            out.add("handover", {"player": target, "ms": decisions.HANDOVER_TIMER_MS})
        else:
            self._maybe_stage3(out)
        return out

    def _in_destroy(self, inp):
        return self._destroy_or_steal(inp, "destroy")

    def _in_steal(self, inp):
        return self._destroy_or_steal(inp, "steal")

    def _in_raise(self, inp):
        if len(inp) != 5:
            return Refusal("INPUT", "raise needs by, target, amount, source")
        _kind, by, target, n, source = inp
        bad = self._effect_check(by, target, "attack", source, ("attack",))
        if bad:
            return bad
        if not _int(n) or n == 0:
            return Refusal("IN-6", _("an Attack is raised or lowered by a whole number"))
        attack = self.players[target]["attack"]
        if self.phase == "stage2" or attack is None:
            # IN-3: in Stage 2 every effect card is discarded before Stage 3, so raising an
            # Attack there does nothing ("no tiene sentido"); nor does it on no Attack.
            return self._effect_lost(by, target, "attack", source, "raise")
        self._spend(by, source)
        before = attack["attack"]
        attack["attack"] = max(0, before + n)
        self._effect_done(inp, [("raise", target, attack["attack"] - before)])
        out = Outcome()
        out.add("raised", {"by": by, "player": target, "amount": n,
                           "attack": attack["attack"], "rule": "IN-6"})
        return out

    def _in_lose(self, inp):
        if len(inp) != 3:
            return Refusal("INPUT", "lose needs the player and where the card came from")
        _kind, p, source = inp
        bad = self._effect_check(p, p, "card", source, ("card",))
        if bad:
            return bad
        if source == "attack":
            return Refusal("IN-3", _("a lost Attack card effect leaves the Attack in place"),
                           _("nothing to record"))
        return self._effect_lost(p, p, "card", source, "lost")

    def _in_pay(self, inp):
        if len(inp) != 3:
            return Refusal("INPUT", "pay needs the player and spell or shield")
        _kind, p, source = inp
        bad = self._check_player(p, "IN-6")
        if bad:
            return bad
        pl = self.players[p]
        if self.phase not in ("stage3", "effects") or pl["attack"] is None:
            return Refusal("IN-6", _("a Cost is paid once the Attack card is revealed"))
        if pl["cost_due"] == 0:
            return Refusal("IN-6", _("%s owes no Cost") % seat(pl["name"]))
        bad = self._busy(p)
        if bad:
            return bad
        if source == "spell":
            if self.free_spells(p) <= 0:
                return Refusal("IN-12", _("%s has no Spell free to use") % seat(pl["name"]))
            pl["spells"] -= 1
        elif source == "shield":
            if pl["shields"] == 0:
                return Refusal("IN-6", _(NO_CARD[source]) % seat(pl["name"]))
            if self.free_shields(p) <= 0:
                return Refusal("IN-12", _("%s has no Shield free to use") % seat(pl["name"]))
            pl["shields"] -= 1
        else:
            return Refusal("IN-6", _("a Cost is paid with Spell or Shield cards"))
        pl["cost_due"] -= 1
        out = Outcome()
        out.add("paid", {"player": p, "source": source, "due": pl["cost_due"], "rule": "IN-6"})
        return out

    def _in_handed(self, inp):
        if len(inp) != 2:
            return Refusal("INPUT", "handed needs the player")
        if self.handover is None or self.handover["target"] != inp[1]:
            return Refusal("IN-4", _("no hand-over is waiting for that player"))
        self.handover = None
        out = Outcome()
        out.add("handed", {"player": inp[1]})
        self._maybe_stage3(out)
        return out

    def _in_tick(self, inp):
        if len(inp) != 2 or not _int(inp[1]) or inp[1] < 0:
            return Refusal("INPUT", "tick needs milliseconds")
        out = Outcome()
        if not self.timers:
            return out
        ms = inp[1]
        if self.handover is not None:
            self.handover["ms"] += ms
            if self.handover["ms"] >= decisions.HANDOVER_TIMER_MS:
                self._handover_expired(out)
        if self.phase == "stage2" and not self.attack_timeout:
            self.attack_ms += ms
            if self.attack_ms >= decisions.ATTACK_TIMER_MS:
                self._attack_expired(out)
        return out

    def _handover_expired(self, out):
        h = self.handover
        self.handover = None
        out.add("master_performs", {"player": h["target"], "kind": h["kind"],
                                    "rule": "IN-4"})
        self._maybe_stage3(out)

    def _attack_expired(self, out):
        self.attack_ms = max(self.attack_ms, decisions.ATTACK_TIMER_MS)
        self.attack_timeout = True
        out.add("attack_timeout", {"players": self.waiting_for_attack(), "rule": "IN-4"})

    def _in_timeout(self, inp):
        if len(inp) != 2 or inp[1] not in ("attack", "handover"):
            return Refusal("INPUT", _("a timer that runs out is the Attack's or the hand-over's"))
        if not self.timers:
            return Refusal("IN-4", _("the timers are off"))
        out = Outcome()
        if inp[1] == "handover":
            if self.handover is None:
                return Refusal("IN-4", _("no hand-over is running"))
            self._handover_expired(out)
        else:
            if self.phase != "stage2" or self.attack_timeout:
                return Refusal("IN-4", _("no Attack timer is running"))
            self._attack_expired(out)
        return out

    # --- Stage 3 ----------------------------------------------------------------------
    def _in_tap(self, inp):
        """A card tapped on the reader: the Attack of the player the screen asks for, or
        the Shield of the tied player whose turn it is to reveal."""
        if len(inp) != 3:
            return Refusal("INPUT", "tap needs key and entry")
        if self.phase == "stage3":
            p = self.legal_inputs().actor
            if p is None:
                return Refusal("IN-6", _("no Attack card is waiting to be read"))
            return self._in_reveal(("reveal", p, inp[1], inp[2]))
        if self.phase == "shields":
            return self._in_shield(("shield", self._next_shield(), inp[1], inp[2]))
        return Refusal("IN-6", _("cards are read when Attacks or Shields are revealed"),
                       self.legal_inputs().prompt)

    def _in_reveal(self, inp):
        if len(inp) != 4:
            return Refusal("INPUT", "reveal needs player, key, entry")
        _kind, p, key, entry = inp
        bad = self._stage_check(p, ("stage3",))
        if bad:
            return bad
        pl = self.players[p]
        if pl["attack"] is not None:
            return Refusal("IN-6", _("%s's Attack is already revealed") % seat(pl["name"]))
        problem = card_problems(entry)
        if problem:
            return Refusal("IN-6", problem, _("correct the card in the catalogue"))
        pl["attack"] = {"key": key, "name": entry.get("name"), "attack": entry["attack"],
                        "defense": entry["defense"]}
        pl["cost_due"] = entry.get("cost") or 0   # IN-6: "pagan sus Costos si los tuvieran"
        out = Outcome()
        out.add("reveal", {"player": p, "name": entry.get("name"),
                           "attack": entry["attack"], "cost": pl["cost_due"]})
        for q in self.in_round():
            if self.players[q]["attack"] is None:
                return out
        self.phase = "effects"
        out.add("stage", {"stage": "effects"})
        return out

    def _in_beats(self, inp):
        if len(inp) != 3:
            return Refusal("INPUT", "beats needs two players")
        _kind, a, b = inp
        bad = self._check_player(a, "IN-7") or self._check_player(b, "IN-7")
        if bad:
            return bad
        if self.phase != "effects":
            return Refusal("IN-7", _("record who beats whom after the reveal"))
        if a == b or a not in self.in_round() or b not in self.in_round():
            return Refusal("IN-7", _("both players must be in this round"))
        if [a, b] in self.beats:
            return Refusal("IN-7", _("already recorded"))
        if [b, a] in self.beats:
            return Refusal("IN-7", _("%s already beats %s") % (self.name(b), self.name(a)),
                           _("cancel that effect first"))
        self.beats.append([a, b])
        self._effect_done(inp, [("beats", a, b)])
        out = Outcome()
        out.add("beats", {"player": a, "beats": b})
        return out

    def _effect_done(self, inp, undo):
        """Keep an effect recorded after the reveal, with what takes it back, for a cancel
        (IN-14). A Stage 2 effect card is discarded as it is used ("todas las cartas que
        usan un efecto se descartan"): it has no place to stay in, so nothing cancels it."""
        if self.phase == "effects":
            self.effects.append({"input": inp, "undo": undo, "cancelled": False})

    def cancellable(self):
        """Indexes into ``effects`` of the effects a cancel may still take back."""
        return [i for i, e in enumerate(self.effects) if not e["cancelled"]]

    def _in_cancel(self, inp):
        """IN-14: "Una carta que le cancelan el efecto, se mantiene en su lugar pero su
        efecto no funciona": ``("cancel", p, i)`` takes back what effect ``i`` (this round's
        ``effects``) of player ``p`` did, whatever it was; the card it came from stays used.
        ``("cancel", p)``, the form journals kept before the effects were numbered, takes
        back p's who-beats-whom effects."""
        if len(inp) not in (2, 3):
            return Refusal("INPUT", "cancel needs the player and the effect")
        bad = self._check_player(inp[1], "IN-14")
        if bad:
            return bad
        if self.phase != "effects":
            return Refusal("IN-14", _("effects are cancelled after the reveal"))
        p = inp[1]
        if len(inp) == 2:
            return self._cancel_beats(p)
        i = inp[2]
        if not _int(i) or i not in self.cancellable() or self.effects[i]["input"][1] != p:
            return Refusal("IN-14", _("%s has no such recorded effect") % self.name(p),
                           _("cancel an effect the Master's menu lists"))
        effect = self.effects[i]
        bad = self._busy(*self._touched(effect))
        if bad:
            return bad
        effect["cancelled"] = True
        for op in effect["undo"]:
            self._take_back_op(op)
        out = Outcome()
        out.add("cancelled", {"player": p, "effect": list(effect["input"]), "rule": "IN-14"})
        return out

    def _cancel_beats(self, p):
        dropped = [pair for pair in self.beats if pair[0] == p]
        if not dropped:
            return Refusal("IN-14", _("%s has no recorded effect") % self.name(p))
        self.beats = [pair for pair in self.beats if pair[0] != p]
        for e in self.effects:
            if e["input"][0] == "beats" and e["input"][1] == p:
                e["cancelled"] = True
        out = Outcome()
        out.add("cancelled", {"player": p, "dropped": dropped})
        return out

    @staticmethod
    def _touched(effect):
        """The players an effect's undo gives cards back to or takes them from."""
        return [op[1] for op in effect["undo"]]

    def _take_back_op(self, op):
        """Undo one thing an effect did, as far as the table still allows it: cards given
        back that are no longer there are not taken twice, no count goes below zero."""
        kind = op[0]
        if kind == "beats":
            if [op[1], op[2]] in self.beats:
                self.beats.remove([op[1], op[2]])
            return
        pl = self.players[op[1]]
        if kind == "set":
            pl[op[2]] = op[3]
        elif kind == "add":
            pl[op[2]] = max(0, pl[op[2]] - op[3])
            for blocked, cards in (("spells_blocked", "spells"), ("shields_blocked", "shields")):
                if pl[blocked] > pl[cards]:
                    pl[blocked] = pl[cards]
        elif kind == "take":     # the cards drawn go back where they came from
            n = min(op[2], pl["hand"])
            pl["hand"] -= n
            if op[3]:
                self.deck += n
        elif kind == "raise":
            if pl["attack"] is not None:
                pl["attack"]["attack"] = max(0, pl["attack"]["attack"] - op[2])
        elif kind == "attack":   # a destroyed or stolen Attack back in place
            pl["attack"] = op[2]
            pl["attack_down"] = True
            pl["attack_gone"] = False
            pl["attack_blocked"] = op[3]

    def _in_judge(self, inp):
        if self.phase != "effects":
            return Refusal("IN-7", _("judge after every Attack is revealed"))
        if self.handover is not None:
            return Refusal("IN-3", _("a hand-over is still running"))
        out = Outcome()
        if not self.in_round():
            return self._no_winner(out)   # everyone was blocked (IN-12)
        counts = {}
        best = -1
        for p in self.in_round():
            counts[p] = len(self.beaten_by(p))
            if counts[p] > best:
                best = counts[p]
        tied = [p for p in self.in_round() if counts[p] == best]
        out.add("dominance", {"beats": counts, "tied": tied})
        if best == 0 and not decisions.NOBODY_BEATS_MEANS_ALL_TIED:
            tied = []
        if len(tied) == 1:
            return self._round_won(tied[0], out)
        self.tied = tied
        self.shown = {}
        return self._shield_round(out)

    def _next_shield(self):
        for p in self.tied:
            if p not in self.shown:
                return p
        return None

    def _shield_round(self, out):
        """IN-8: start a reveal round, or give up when a tied player has no Shield."""
        for p in self.tied:
            if self.free_shields(p) <= 0:   # a blocked Shield is not turned over (IN-12)
                return self._no_winner(out)
        self.phase = "shields"
        self.shown = {}
        out.add("shields", {"players": list(self.tied)})
        return out

    def _in_shield(self, inp):
        if len(inp) != 4:
            return Refusal("INPUT", "shield needs player, key, entry")
        _kind, p, key, entry = inp
        if self.phase != "shields":
            return Refusal("IN-8", _("Shields are revealed only to break a tie"))
        if p not in self.tied:
            return Refusal("IN-8", _("only the tied dominant players reveal Shields"))
        if p in self.shown:
            return Refusal("IN-8", _("%s already revealed a Shield this time") % self.name(p))
        problem = card_problems(entry)
        if problem:
            return Refusal("IN-8", problem, _("correct the card in the catalogue"))
        self.players[p]["shields"] -= 1   # IN-9: a revealed Shield is discarded
        self.shown[p] = entry["defense"]
        out = Outcome()
        out.add("shield", {"player": p, "name": entry.get("name"),
                           "defense": entry["defense"]})
        if len(self.shown) < len(self.tied):
            return out
        top = max(self.shown.values())
        self.tied = [q for q in self.tied if self.shown[q] == top]
        if len(self.tied) == 1:
            return self._round_won(self.tied[0], out)
        return self._shield_round(out)

    def _table_attacks(self):
        cards = []
        for pl in self.players:
            if pl["attack"] is not None:
                cards.append(pl["attack"])
        return cards

    def _round_won(self, p, out):
        won = self._table_attacks() + self.prize
        self.prize = []
        if self.playoff is not None:
            out.add("dominant", {"player": p, "cards": len(won), "rule": "IN-10"})
            self._clear_round()
            self.phase = "over"
            self.winners = [p]
            out.add("winner", {"players": [p], "rule": "IN-10", "playoff": True})
            return self._series(out)
        self.players[p]["victories"].extend(won)
        out.add("dominant", {"player": p, "cards": len(won), "rule": "IN-7"})
        return self._next_round(out)

    def _no_winner(self, out):
        if self.playoff is not None:
            out.add("no_winner", {"rule": "IN-10", "prize": 0})
            return self._start_playoff(self.playoff, out)
        self.prize = self.prize + self._table_attacks()
        out.add("no_winner", {"rule": "IN-8", "prize": len(self.prize)})
        return self._next_round(out)

    def _clear_round(self):
        for pl in self.players:
            pl["attack"] = None
            pl["attack_down"] = False
            pl["blocked"] = False
            pl["sits_out"] = False
            pl["spells_blocked"] = 0
            pl["shields_blocked"] = 0
            pl["attack_blocked"] = False
            pl["cost_due"] = 0
            pl["attack_used"] = False
            pl["attack_gone"] = False
        self.tied = []
        self.shown = {}
        self.beats = []
        self.effects = []
        self.handover = None

    def _next_round(self, out):
        self._clear_round()
        return self._stage1(out)

    # --- end --------------------------------------------------------------------------
    def _end_game(self, out, rule):
        scores = []
        for pl in self.players:
            scores.append(supreme(pl["victories"]))
        self.scores = scores
        best = max(s[0] for s in scores)
        tied = [i for i in range(len(scores)) if scores[i][0] == best]
        out.add("end", {"rule": rule, "scores": [s[0] for s in scores]})
        if len(tied) > 1:
            best_d = max(scores[i][1] for i in tied)
            tied = [i for i in tied if scores[i][1] == best_d]
            out.add("defense_tiebreak", {"players": tied, "rule": "IN-10"})
        if len(tied) == 1:
            self.phase = "over"
            self.winners = tied
            out.add("winner", {"players": tied, "rule": "IN-10"})
            return self._series(out)
        return self._start_playoff(tied, out)

    def _start_playoff(self, tied, out):
        """IN-10: one more hand of 12 random cards for the tied players."""
        self._clear_round()
        self.playoff = list(tied)
        for i, pl in enumerate(self.players):
            if i in tied:
                pl["hand"] = decisions.PLAYOFF_HAND
                pl["spells"] = 0
                pl["shields"] = 0
                pl["hand_blocked"] = False
        self.phase = "stage2"
        self.attack_ms = 0
        self.attack_timeout = False
        out.add("playoff", {"players": list(tied), "cards": decisions.PLAYOFF_HAND})
        return out

    def _series(self, out):
        """IN-11: add this game's points to the series; first to the target wins it."""
        if self.series is None:
            return out
        scores = self.scores or [supreme(pl["victories"]) for pl in self.players]
        self.series = [self.series[i] + scores[i][0] for i in range(len(self.players))]
        top = max(self.series)
        leaders = [i for i in range(len(self.series)) if self.series[i] == top]
        winner = leaders if top >= decisions.SERIES_TARGET and len(leaders) == 1 else []
        out.add("series", {"totals": list(self.series), "winner": winner,
                           "target": decisions.SERIES_TARGET})
        return out
