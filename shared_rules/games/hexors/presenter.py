"""What the panel shows during a Hexors game (Justice League or Yu-Gi-Oh!), on the Pi and on
the pocket board alike.

The session hands over what it holds as a plain view model (``seen``: ``game``, the
engine's view; ``legal``; ``last``, what the last input did; ``players``; ``seat``; and
``name(key)``, a tile's name: the Pi's ``Seen``, host/session/adapter.py, or the pocket's,
firmware/pocket/screen.py). This picks the screen and fills it with names and numbers the
rules engine has already decided; it computes nothing of its own. Written for MicroPython
too (no hints, nothing but the shared screens).
"""
from shared_rules.core.engine import Outcome
from shared_rules.core.session import SEAT_BUTTONS
from shared_rules.core.words import N_, _
from shared_rules.display import screens
from shared_rules.display.screens import View

TITLES = {
    "jl-beginner": N_("JL Beginner"),
    "jl-collector": N_("JL Collector"),
    "jl-ffa": N_("JL Free-for-all"),
    "jl-team": N_("JL Team"),
    "ygo-beginner": N_("YGO Beginner"),
    "ygo-collector": N_("YGO Collector"),
}
# Yu-Gi-Oh!'s book fights a DUEL (seed 001), the Justice League's a battle (docs/GLOSSARY.md).
CALLED_OFF = {"jl": N_("Battle called off"), "ygo": N_("Duel called off")}
# The moves a Power orders that the players make on the table (the referee cannot see the
# board): said on the panel when the Power is played (JL-W067, JL-W075).
MOVES = {"speed": N_("may move 2 spaces"), "wasteland": N_("place 3 craters")}


class HexorsScreens:
    def __init__(self, variant):
        self.variant = variant
        self.collector = not variant.endswith("beginner")

    @property
    def title(self):
        # Said in the language spoken now (a page's reader outlives a change of language).
        return _(TITLES[self.variant]) if self.variant in TITLES else self.variant

    def _stones(self, ref, game):
        if not self.collector:
            return ""
        return _("Stones %s") % " ".join(["%s %d" % (ref.players[i], p["stones"])
                                          for i, p in enumerate(game["players"])])

    def view(self, ref):
        game = ref.game  # the engine's view model: nothing else of the engine is read
        legal = ref.legal
        last = ref.last
        if legal.expect == "roster":
            return self._setup(ref, game, last)
        turn = game["turn"]
        right = (_("%s's turn") % ref.players[turn]) if turn is not None else ""
        stones = self._stones(ref, game)
        if stones:
            right = stones
        outcome = last if isinstance(last, Outcome) else Outcome()
        won = outcome.find("winner")
        if won is not None:
            who = " & ".join([ref.players[p] for p in won["players"]])
            return screens.winner(self.title, who, self._battle_line(ref, outcome))
        if game.get("moving"):
            return self._moving(ref, game, right, game["moving"])
        fought = outcome.find("battle")
        if fought is not None:
            return self._battle(ref, game, right, fought, legal, outcome.find("power"))
        played = outcome.find("power")
        if played is not None:
            payer = played["player"]
            move = MOVES.get(played.get("effect"))
            return screens.power_play(self.title, ref.players[payer], ref.name(played["tile"]),
                                      played.get("cost", 0),
                                      game["players"][payer]["stones"],
                                      _(move) if move else legal.prompt)
        b = game["battle"]
        if b is not None:
            shown = tuple([str(b["values"][b[side]]) if b["rolls"][i] else "?"
                           for i, side in enumerate(("attacker", "defender"))])
            line = _("%(attacker)s vs %(defender)s") % {"attacker": ref.name(b["attacker"]),
                                                         "defender": ref.name(b["defender"])}
            footer = legal.prompt
            if legal.expect == "roll":  # ROLL-2: the roller by the name the table gave
                footer = _("%s: roll the die") % ref.players[legal.roll_by]
            return View(header=self.title, header_right=right, big=shown, lines=(line,),
                        footer=footer, kind="battle")
        moved = outcome.find("attacker")
        if moved is not None:
            line = _("%s moved") % ref.name(moved["tile"])
        elif legal.expect == "defender":
            line = _("Tap the next tile, or end the turn")
        else:
            line = _("Tap the tile that moved")
        lines = (line,)
        if self.variant.startswith("ygo") and moved is None and legal.expect == "attacker":
            lines += (_("who cannot move loses"),)   # YG-4: a tile must always move
        return View(header=self.title, header_right=right, lines=lines,
                    footer=legal.prompt, kind="turn")

    def _moving(self, ref, game, right, moving):
        """Play waits for the move a Power ordered (JL-W066, JL-W075): what to move, and
        whose button says it is done (the referee's menu for a seat without one)."""
        p = moving["player"]
        if moving["effect"] == "escape":
            big, said = ref.name(moving["tile"]), _("%s: back 1 space") % ref.name(moving["tile"])
        else:
            big, said = ref.name(moving["tile"]), _(MOVES["wasteland"])
        button = SEAT_BUTTONS[p] if p < len(SEAT_BUTTONS) else "OK"
        return View(header=self.title, header_right=right, big=(big,), lines=(said,),
                    footer=_("then %(player)s presses %(button)s") % {
                        "player": ref.players[p], "button": button}, kind="power")

    def _setup(self, ref, game, last):
        counts = [0] * len(ref.players)
        for tile in game["tiles"].values():
            counts[tile["owner"]] += 1
        added = last.find("added") if isinstance(last, Outcome) else None
        button = SEAT_BUTTONS[ref.seat] if ref.seat < len(SEAT_BUTTONS) else "OK"
        return screens.roster_setup(self.title, ref.players, tuple(counts), ref.seat, button,
                                    added["name"] if added else "")

    def _battle(self, ref, game, right, fought, legal, played=None):
        att, dfn = fought["attacker"], fought["defender"]
        totals = fought["totals"]
        winner = fought.get("winner")
        if fought.get("void"):
            line, breakdown = _(CALLED_OFF[self.variant.split("-")[0]]), legal.prompt
            target = played.get("target") if played is not None else None
            if target in game["tiles"] and played.get("effect") == "escape" and \
                    game["tiles"][target]["kind"] == "character":
                # JL-W066: "a targeted Character may be moved back 1 space" (never a
                # Stronghold: they never move, JL-P4).
                breakdown = _("%s: back 1 space") % ref.name(target)
        elif winner is None:
            line, breakdown = _("Tie! Roll again"), legal.prompt
        else:
            loser = dfn if winner == att else att
            line = _("%(winner)s beats %(loser)s") % {"winner": ref.name(winner),
                                                      "loser": ref.name(loser)}
            breakdown = str(totals[winner])
        mark = None if winner is None else (0 if winner == att else 1)
        return screens.battle(self.title, (totals[att].value, totals[dfn].value), line,
                              breakdown, mark, right)

    def _battle_line(self, ref, outcome):
        fought = outcome.find("battle")
        if fought is None or fought.get("winner") is None:
            return ""
        att, dfn = fought["attacker"], fought["defender"]
        t = fought["totals"]
        return "%s %d : %d %s" % (ref.name(att), t[att].value, t[dfn].value, ref.name(dfn))
