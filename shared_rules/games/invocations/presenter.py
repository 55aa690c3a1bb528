"""The referee as the Master of an Invocations game: its seats and its screens, on the Pi and
on the pocket board alike.

The rules engine (shared_rules/games/invocations/engine.py) deals, counts and judges; the Master's
timers are the session's (shared_rules/games/invocations/timers.py). This shows them: the
session hands over what it holds as a plain view model (``seen``: ``game``, the engine's
view; ``legal``; ``last``, what the last input did; ``players``; ``timers_ms``, the ms
left on each running timer: the Pi's ``Seen``, host/session/adapter.py, or the pocket's,
firmware/pocket/screen.py) and this picks the screen and fills it; it keeps nothing and
computes nothing of its own. Revealed Attack and Shield cards are read by tap (the engine
knows whose card it is waiting for); the Master's menu offers the engine's choices plus
what the table records by hand (``legal_inputs().records``). Written for MicroPython too
(no hints, nothing but the shared screens).

>>> InvocationsScreens().clock(60000, 0.0, 15.2)
'0:45'
"""
from shared_rules.core.engine import Outcome
from shared_rules.core.session import SEAT_BUTTONS
from shared_rules.core.words import N_, SEATS, _, n_
from shared_rules.display import screens
from shared_rules.display.screens import View
from shared_rules.games.invocations import decisions
from shared_rules.games.invocations.timers import LIMITS_MS

# Each player's board has a colour (IN-1): the seats' own names, kept in the journal in the
# code's English and said in the table's language where shown (shared_rules.core.words.seat).
BOARD_COLOURS = SEATS
# What a player is handing over, in the rulebook's words (Robar, Destruir).
HANDOVERS = {"steal": N_("Steal"), "destroy": N_("Destroy")}


def board_colours(n):
    """The seats of ``n`` players, by their boards' colours, as the journal keeps them
    (``words.seat`` says each in the table's language).

    >>> board_colours(3)
    ('Red', 'Blue', 'Green')
    """
    return tuple(BOARD_COLOURS[:n])


class InvocationsScreens:
    title = "Invocations"

    def left_ms(self, ref, kind):
        """What the panel counts down: ms left on a running timer (the session's clocks,
        through ``seen.timers_ms``), None when it is not running (or the timers are off)."""
        return ref.timers_ms.get(kind)

    def clock(self, limit_ms, start, now):
        """The countdown as m:ss, rounded up so it reaches 0:00 when time is up."""
        left = max(0, limit_ms - int((now - start) * 1000))
        secs = (left + 999) // 1000
        return "%d:%02d" % (secs // 60, secs % 60)

    def _clock(self, ms):
        return self.clock(ms, 0.0, 0.0)

    def _victories(self, ref, game):
        won = ["%s:%d" % (ref.players[i], pl["victories"])
               for i, pl in enumerate(game["players"]) if pl["victories"]]
        return " ".join(won) or _("none")

    def view(self, ref):
        game = ref.game  # the engine's view model: nothing else of the engine is read
        legal = ref.legal
        last = ref.last
        # The round in words (was "R2"); the game's name is on the setup and end screens.
        head = (_("Round %d") % game["round"]
                if game["round"] else self.title)
        outcome = last if isinstance(last, Outcome) else Outcome()
        if game["phase"] == "over":
            return self._end(ref, game, outcome)
        if game["phase"] == "setup":
            said = (_("deck %(deck)d  hand %(hand)d  timers on") if game["timers"]
                    else _("deck %(deck)d  hand %(hand)d  timers off"))
            return View(header=_("%s setup") % self.title,
                        header_right=n_("%d player", "%d players", len(game["players"]))
                        % len(game["players"]),
                        lines=(" ".join(ref.players),
                               said % {"deck": game["deck"], "hand": game["hand_size"]}),
                        footer=_("OK: menu, then start"), kind="setup", wrap=False)
        if game["handover"] is not None:
            return self._handover(ref, game, head)
        playoff = outcome.find("playoff")
        if playoff is not None:
            tied = " & ".join([ref.players[p] for p in playoff["players"]])
            return View(header=head, big=(_("Play-off"),),
                        lines=(n_("%(players)s tied: %(n)d card each",
                                  "%(players)s tied: %(n)d cards each", playoff["cards"])
                               % {"players": tied, "n": playoff["cards"]},),
                        footer=legal.prompt, kind="turn")
        won = outcome.find("dominant")
        if won is not None:
            return View(header=head, big=(ref.players[won["player"]],),
                        lines=(n_("dominates: takes %d card", "dominates: takes %d cards",
                                  won["cards"]) % won["cards"],),
                        footer=_("Victories %s") % self._victories(ref, game), kind="winner")
        none = outcome.find("no_winner")
        if none is not None:
            return View(header=head, big=(_("No winner"),),
                        lines=(n_("prize: %d card carried over", "prize: %d cards carried over",
                                  game["prize"]) % game["prize"],),
                        footer=legal.prompt, kind="message")
        if game["phase"] == "stage2":
            return self._stage2(ref, game, head, outcome)
        if game["phase"] == "stage3":
            return View(header=head, header_right=_("Stage 3"), lines=self._attacks(ref, game),
                        footer=legal.prompt, kind="turn")
        if game["phase"] == "effects":
            lines = self._attacks(ref, game) + self._blocked(ref, game)
            for a, b in game["beats"]:
                lines += (_("%(winner)s beats %(loser)s (effect)")
                          % {"winner": ref.players[a], "loser": ref.players[b]},)
            return View(header=head, header_right=_("effects"), lines=lines[:3],
                        footer=_("OK: record effects, judge"), kind="turn")
        if game["phase"] == "shields":
            tied = ", ".join([ref.players[p] for p in game["tied"]])
            shown = " ".join(["%s %d" % (ref.players[p], d) for p, d in game["shown"].items()])
            lines = (_("Tie: %s") % tied,
                     (_("Shields: %s") % shown) if shown else _("Each turns over a Shield"))
            return View(header=head, header_right=_("Shields"), lines=lines,
                        footer=legal.prompt, kind="turn")
        return screens.note(head, legal.prompt)

    def _attacks(self, ref, game):
        parts = []
        owed = []
        for p in game["in_round"]:
            pl = game["players"][p]
            a = pl["attack"]
            # A destroyed Attack is gone (IN-7), not waiting to be read.
            parts.append("%s %s" % (ref.players[p], "-" if pl["attack_gone"] else
                                    "?" if a is None else a))
            if pl["cost_due"]:
                owed.append("%s %d" % (ref.players[p], pl["cost_due"]))
        costs = (_("Cost due: %s") % " ".join(owed),) if owed else ()
        prize = (_("prize %d") % game["prize"],) if game["prize"] else ()
        return (" ".join(parts),) + costs + prize

    def _blocked(self, ref, game):
        """IN-12: the cards a Block stopped this round, so the table sees the effects that
        cannot be used (a blocked Attack card, Spells, Shields)."""
        parts = []
        for p in game["in_round"]:
            pl = game["players"][p]
            if pl["attack_blocked"]:
                parts.append(_("%s Attack") % ref.players[p])
            for key, said in (("spells_blocked", n_("%(player)s %(n)d spell",
                                                     "%(player)s %(n)d spells",
                                                     pl["spells_blocked"])),
                              ("shields_blocked", n_("%(player)s %(n)d shield",
                                                      "%(player)s %(n)d shields",
                                                      pl["shields_blocked"]))):
                if pl[key]:
                    parts.append(said % {"player": ref.players[p], "n": pl[key]})
        return (_("Blocked: %s") % ", ".join(parts),) if parts else ()

    def _stage2(self, ref, game, head, outcome):
        waiting = game["waiting"]
        who = (_("Attack: %s") % " ".join([ref.players[p] for p in waiting])) if waiting else \
            _("Attack: all")
        deal = outcome.find("deal")
        if deal is not None and not game["timers"]:
            who = _("dealt %s") % " ".join([str(n) for n in deal["cards"]])
        lost = outcome.find("effect_lost")
        if lost is not None:
            who = _("%s: card lost (IN-3)") % ref.players[lost["by"]]
        out = outcome.find("sits_out")
        if out is not None:
            who = _("%s sits out this round") % ref.players[out["player"]]
        left = self.left_ms(ref, "attack")
        if game["playoff"] is not None:
            big = _("Play-off")
        elif game["timers"] and game["attack_timeout"]:
            big = _("Time!")
        elif left is not None:
            big = self._clock(left)
        else:
            big = _("Stage 2")
        footer = _("hand %(hand)d  deck %(deck)d") % {"hand": game["hand_size"],
                                                      "deck": game["deck"]}
        if game["attack_timeout"]:
            footer = _("The Master may force a Spell")
        return View(header=head, header_right=_("Stage 2"), big=(big,), lines=(who,),
                    footer=footer, kind="turn")

    def _handover(self, ref, game, head):
        h = game["handover"]
        left = self.left_ms(ref, "handover")
        target, by = h["target"], h["by"]
        button = (_("%s: handed") % SEAT_BUTTONS[target]) if target < 2 else _("OK: handed")
        doing = HANDOVERS[h["kind"]]
        return View(header=head, header_right=_(doing),
                    big=(self._clock(left if left is not None else LIMITS_MS["handover"]),),
                    lines=(_("%(from)s: card to %(to)s") % {"from": ref.players[target],
                                                            "to": ref.players[by]}
                           if h["kind"] == "steal" else
                           _("%s gives up the card") % ref.players[target],),
                    footer=button, kind="turn")

    def _end(self, ref, game, outcome):
        names = " & ".join([ref.players[p] for p in game["winners"]])
        if game["playoff"] is not None:
            line = n_("play-off of %d card", "play-off of %d cards",
                      decisions.PLAYOFF_HAND) % decisions.PLAYOFF_HAND
        else:
            line = " ".join(["%s %d" % (ref.players[i], pl["points"])
                             for i, pl in enumerate(game["players"])])
            if outcome.find("defense_tiebreak") is not None:
                line = _("Defense %s") % " ".join(["%s %d" % (ref.players[i], pl["defense"])
                                                   for i, pl in enumerate(game["players"])])
        series = outcome.find("series")
        hint = _("Supreme Summoner")
        if series is not None:
            totals = " ".join(["%s %d" % (ref.players[i], t)
                               for i, t in enumerate(series["totals"])])
            hint = (_("Series %s won") if series["winner"] else _("Series %s")) % totals
        return screens.winner(self.title, names, line, hint=hint)
