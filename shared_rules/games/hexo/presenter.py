"""What the panel shows during a Hexo game, on the Pi and on the pocket board alike, read
from the engine's view model alone.

The referee is Hexo's scorekeeper and combat judge (shared_rules/games/hexo/engine.py); the players run
the cards and the board. Players choose actions on the referee's menu (UP/DOWN/OK); they
tap cards only where the referee needs to read one (a Companion or a reinforcement in a
fight, a monster being placed: what a tap means is the engine's ``input_for``).

Screens: the scoreboard (each player's points, where the acting player stands, the pile
and the market), a fight's strength arithmetic on both sides the way players check it
(``1 base +2 Companion = 3`` against ``3 Troll +1 skulls = 4``), every outcome of HX-9 to
HX-12, and the end scores with the winner.

``ref`` is the session's plain view model (the Pi's ``Seen``, host/session/adapter.py, or
the pocket's, firmware/pocket/screen.py): ``game``, ``legal``, ``last``, ``players``.
Written for MicroPython too (no hints, nothing but the shared screens and words).
"""
from shared_rules.core.engine import Outcome
from shared_rules.core.words import N_, _, n_
from shared_rules.display import screens
from shared_rules.display.screens import View
from shared_rules.games.hexo.engine import monster_name, space_name

ATTACKS = N_("%(attacker)s attacks %(defender)s")


class HexoScreens:
    title = "Hexo"

    def view(self, ref):
        game = ref.game  # the engine's view model: nothing else of the engine is read
        legal = ref.legal
        last = ref.last
        outcome = last if isinstance(last, Outcome) else Outcome()
        if game["phase"] == "over":
            return self._end(ref, game)
        fought = outcome.find("fight_result")
        if fought is not None:
            return self._fight_result(ref, game, fought, outcome)
        peace = outcome.find("peace")
        if peace is not None:
            who = ref.players[peace["player"]]
            line = (_("%s pays, moves on") % who) if peace["paid"] else \
                (_("%s cannot pay: stays") % who)
            return View(header=self.title, big=(_("Peace"),),
                        lines=(line,), footer=_("price %s") % peace["price"],
                        kind="message")
        if game["phase"] == "fight":
            return self._fight(ref, game["fight"])
        if game["phase"] == "setup":
            return View(header=_("%s setup") % self.title,
                        lines=(_("Players: %s") % " ".join(ref.players),
                               n_("Pile: %d card", "Pile: %d cards", game["pile"]) % game["pile"]),
                        footer=_("OK: who goes first?"), kind="setup", wrap=True)
        if game["phase"] == "events":
            return View(header=self._turn_header(game),
                        header_right=_("pile %d") % game["pile"],
                        lines=(n_("%d new market card", "%d new market cards", game["revealed"])
                               % game["revealed"], _("First: %s") % ref.players[game["first"]]),
                        footer=_("OK: how many are events?"), kind="turn")
        if game["phase"] == "monsters_left":
            return View(header=self._turn_header(game),
                        header_right=_("market %d") % game["market"],
                        lines=(_("Everyone passed: turn over"), self._scores(ref, game)),
                        footer=_("OK: monster cards left?"), kind="turn")
        if game["phase"] == "place":
            p = game["to_place"][0]
            placed = outcome.find("monster")
            lines = (self._placed(game, placed),) if placed else ()
            return View(header=self._turn_header(game),
                        header_right=_("%d to place") % len(game["to_place"]),
                        lines=lines + (_("%s: tap the monster card") % ref.players[p],),
                        footer=_("A free mountain, or next to its kind"),
                        kind="turn")
        return self._board(ref, game, legal, outcome)

    def _turn_header(self, game):
        return _("%(game)s turn %(turn)d") % {"game": self.title, "turn": game["turn"]}

    def _placed(self, game, placed):
        m = game["monsters"].get(placed["space"])
        if m and m["terrain"] == "mountain":
            return _("%s placed on a free mountain") % space_name(placed["space"])
        return _("%s placed on a space next to it") % space_name(placed["space"])

    def _scores(self, ref, game):
        return _("points: %s") % " ".join(["%s %d" % (ref.players[i], pl["score"])
                                           for i, pl in enumerate(game["players"])])

    def _board(self, ref, game, legal, outcome):
        p = game["actor"]
        pl = game["players"][p]
        where = {"player": ref.players[p], "space": space_name(pl["at"]), "n": pl["carried"]}
        if pl["carried"]:
            at = _("%(player)s at %(space)s, carries %(n)d") % where
        else:
            at = _("%(player)s at %(space)s") % where
        lines = [self._scores(ref, game), at, self._what_happened(ref, outcome)]
        # The market lies on the table for all to see; the pile's count is what tells
        # how near the end is (the game ends when the market cannot be refilled), and the
        # events screen of each turn says it. While a player chooses, the cards their hand
        # still pays for are what the choice turns on (HX-15), when the referee counts them.
        right = (_("%d in hand") % pl["hand"]) if game["cards_kept"] else \
            _("pile %d") % game["pile"]
        return View(header=self._turn_header(game), header_right=right,
                    lines=tuple([line for line in lines if line]), footer=legal.prompt,
                    kind="turn")

    def _what_happened(self, ref, outcome):
        ev = outcome.find("execute_events")
        if ev is not None and ev["players"]:
            return _("Events: %s") % " ".join([ref.players[p] for p in ev["players"]])
        first = outcome.find("first_player")
        if first is not None:
            return _("First Player: %s") % ref.players[first["player"]]
        for kind, data in outcome.events:
            if kind == "space_event":   # HX-14
                return (_("event on %s: cancelled") if data["cancelled"] else
                        _("event on %s")) % space_name(data["space"])
            who = ref.players[data["player"]] if "player" in data else ""
            if kind == "take":
                return _("%s took a treasure") % who
            if kind == "deposit":
                return _("%(player)s deposited: %(n)d in reserve") % {"player": who,
                                                                    "n": data["reserve"]}
            if kind == "buy":
                return _("%s bought a card") % who
            if kind == "move":
                return _("%(player)s moved to %(space)s") % {"player": who,
                                                             "space": space_name(data["to"])}
            if kind == "pass":
                return _("%s passed") % who
        return ""

    def _fight(self, ref, f):
        mine, theirs = f["mine"], f["theirs"]
        me = ref.players[f["player"]]
        if f["kind"] == "pvp":
            them = ref.players[f["opponent"]]
            head = _(ATTACKS) % {"attacker": me, "defender": them}
        else:
            them = monster_name(f["monster"])
            if f["kind"] == "attack_monster":
                head = _(ATTACKS) % {"attacker": me, "defender": them}
            else:
                head = _(ATTACKS) % {"attacker": them, "defender": me}
        holder = f.get("tapping")
        if holder is None:
            tap = _("%s: tap cards") % ref.players[f["player"]]
        else:  # a button said whose cards come next (HX-7, HX-8)
            tap = _("%s: tap your cards") % ref.players[holder]
        values = {"mine": f["values"][0], "theirs": f["values"][1]}
        footer = (_("%(mine)d vs %(theirs)d  OK: fight or peace") if f["kind"] ==
                  "monster_attacks" else _("%(mine)d vs %(theirs)d  OK: fight")) % values
        return View(header=head,
                    lines=("%s: %s" % (me, mine), "%s: %s" % (them, theirs), tap),
                    footer=footer, kind="fight")

    def _fight_result(self, ref, game, fought, outcome):
        p = fought["player"]
        me = ref.players[p]
        mine, theirs = fought["values"]
        winner = fought["winner"]
        if fought["kind"] == "pvp":
            if winner is None:
                line, mark, breakdown = _("Tie: nothing happens"), None, fought["mine"]
            else:
                beaten = ref.players[fought["loser"]]
                line = _("%(winner)s wins a skull, %(loser)s goes home") % {
                    "winner": ref.players[winner], "loser": beaten}
                mark = 0 if winner == p else 1
                breakdown = fought["mine"] if winner == p else fought["theirs"]
        else:
            killed = outcome.find("monster_killed")
            if killed is not None:
                line = n_("%(player)s takes the %(monster)s (+%(n)d skull)",
                          "%(player)s takes the %(monster)s (+%(n)d skulls)",
                          killed["skulls"]) % {"player": me, "n": killed["skulls"],
                                               "monster": monster_name(killed["type"])}
                mark, breakdown = 0, fought["mine"]
            else:
                line = _("The monster wins: %s goes home") % me
                mark, breakdown = 1, fought["theirs"]
        right = self._scores(ref, game) if len(game["players"]) <= 3 else ""
        return screens.battle(self.title, (mine, theirs), line, breakdown,
                              mark, right)

    def _end(self, ref, game):
        names = " & ".join([ref.players[p] for p in game["winners"]])
        best = game["winners"][0]
        return screens.winner(self.title, names, self._scores(ref, game),
                              hint=game["scores"][best])
