"""High Roll's screens, the Pi's and the pocket board's alike: a pure function of the view
model the session hands them."""
from shared_rules.core.engine import Outcome
from shared_rules.display import screens
from shared_rules.display.screens import View


class HighRollScreens:
    title = "High Roll"

    def view(self, seen):
        last = seen.last if isinstance(seen.last, Outcome) else None
        model, players, prompt = seen.game, seen.players, seen.legal.prompt
        rolled = last.find("rolled") if last is not None else None
        if model["winner"] is not None:
            return screens.winner("High Roll", players[model["winner"]],
                                  "%d : %d" % tuple(p["score"] for p in model["players"]))
        if model["turn"] is None:
            return View(header="High Roll setup", kind="setup", footer=prompt,
                        lines=tuple("%s: %s" % (name, p["champion"] or "?")
                                    for name, p in zip(players, model["players"], strict=True)))
        line = ("%s rolled %d +%d" % (players[rolled["player"]], rolled["face"],
                                      rolled["might"]) if rolled else "to %d" % model["target"])
        return View(header="High Roll", header_right="to %d" % model["target"],
                    big=tuple(str(p["score"]) for p in model["players"]), lines=(line,),
                    footer=prompt, kind="turn")
