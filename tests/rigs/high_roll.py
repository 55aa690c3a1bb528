"""High Roll: the small sixth game the tests register (tests/test_sixth_game.py), to show
that a game is its engine, its catalogue data, its screen function and one registration
(DESIGN.md principle 7), and nothing else in hexref changes for it.

Each of two players taps one champion card, then they take turns rolling the die; a roll
scores the face plus the champion's Might; the first to reach ``TARGET`` wins (HR-1 to
HR-3 are this file's own rules).
"""
from __future__ import annotations

from pathlib import Path

from host.display import screens
from host.display.screens import View
from host.games.descriptor import Demo, Descriptor, Variant
from host.games.presenter import Presenter
from shared_rules.engine import Game, Legal, Outcome, Refusal

TARGET = 12
UIDS = {"hr/knight": "04B5C00000E001", "hr/wizard": "04B5C00000E002"}


class HighRollGame(Game):
    """The rules: ``("add", seat, key, entry)`` a champion (HR-1), ``("start", first)``,
    ``("roll", faces)`` one die (HR-2); the first to ``TARGET`` wins (HR-3)."""

    def _reset(self):
        self.champions = [None, None]
        self.scores = [0, 0]
        self.turn = None
        self.winner = None

    def legal_inputs(self):
        if self.winner is not None:
            return Legal(None, "over", "P%d wins" % (self.winner + 1))
        if self.turn is None:
            ready = None not in self.champions
            return Legal(None, "roster", "tap your champion",
                         choices=[("start", ("start", 0))] if ready else [])
        return Legal(self.turn, "roll", "P%d: roll the die" % (self.turn + 1),
                     roll_by=self.turn, dice=1)

    def _apply(self, inp):
        kind = inp[0]
        out = Outcome()
        if kind == "add" and len(inp) == 4:
            _, seat, key, entry = inp
            if self.turn is not None:
                return Refusal("HR-1", "the champions are chosen", "roll the die")
            if self.champions[seat] is not None:
                return Refusal("HR-1", "one champion each", "press your button")
            if not isinstance(entry.get("might"), int):
                return Refusal("HR-1", "%s: Might unknown" % entry.get("name"),
                               "correct the card in the catalogue")
            self.champions[seat] = (key, entry)
            out.add("added", {"player": seat, "name": entry["name"]})
            return out
        if kind == "start":
            if None in self.champions:
                return Refusal("HR-1", "a champion each first", "tap your champion")
            self.turn = inp[1]
            out.add("turn", {"player": self.turn})
            return out
        if kind == "roll":
            faces = inp[1]
            if self.turn is None or self.winner is not None:
                return Refusal("HR-2", "no roll now", self.legal_inputs().prompt)
            if len(faces) != 1 or not 1 <= faces[0] <= 6:
                return Refusal("HR-2", "one die, 1 to 6", "roll the die")
            p = self.turn
            might = self.champions[p][1]["might"]
            self.scores[p] += faces[0] + might
            out.add("rolled", {"player": p, "face": faces[0], "might": might,
                               "score": self.scores[p]})
            if self.scores[p] >= TARGET:
                self.winner = p
                out.add("winner", {"players": [p]})
            else:
                self.turn = 1 - p
            return out
        return Refusal("INPUT", "unknown input %r" % (kind,), "tap, press or roll")

    def view(self):
        """The view model: plain data for the screen."""
        return {"players": [{"champion": c[1]["name"] if c else None, "score": s}
                            for c, s in zip(self.champions, self.scores, strict=True)],
                "turn": self.turn, "winner": self.winner, "target": TARGET}


def screen(model: dict, players: tuple[str, ...], last: Outcome | None,
           prompt: str) -> View:
    """The panel, from the view model alone."""
    rolled = last.find("rolled") if last is not None else None
    if model["winner"] is not None:
        return screens.winner("High Roll", players[model["winner"]],
                              "%d : %d" % tuple(p["score"] for p in model["players"]))
    if model["turn"] is None:
        return View(header="High Roll setup", kind="setup", footer=prompt,
                    lines=tuple("%s: %s" % (name, p["champion"] or "?")
                                for name, p in zip(players, model["players"], strict=True)))
    line = ("%s rolled %d +%d" % (players[rolled["player"]], rolled["face"], rolled["might"])
            if rolled else "to %d" % model["target"])
    return View(header="High Roll", header_right="to %d" % model["target"],
                big=tuple(str(p["score"]) for p in model["players"]), lines=(line,),
                footer=prompt, kind="turn")


class HighRollScreen(Presenter):
    title = "High Roll"

    def view(self, seen) -> View:
        last = seen.last if isinstance(seen.last, Outcome) else None
        return screen(seen.game, seen.players, last, seen.legal.prompt)


def demo_entries() -> list[dict]:
    from shared_rules import catalogue

    return [catalogue.apply_correction(catalogue.get("hr/wizard"), might=3),
            catalogue.get("hr/knight")]


def demo_script() -> list[dict]:
    from host.games.scripting import Steps

    s = Steps(UIDS)
    s.tap("hr/knight").press("A")
    s.tap("hr/wizard").press("B")
    s.roll(6, 5, 6, 6)  # Knight 6+2 = 8, Wizard 5+3 = 8, Knight 16: P1 wins (HR-3)
    return s.steps


def add_odds(parsers) -> None:
    """``hexref odds high-roll``: the chance that the next roll wins (HR-3)."""
    odds = parsers.add_parser("high-roll", help="High Roll: the chance the next roll wins")
    odds.add_argument("--score", type=int, required=True)
    odds.add_argument("--might", type=int, required=True)
    odds.set_defaults(func=_odds)


def _odds(args) -> int:
    wins = sum(1 for face in range(1, 7) if args.score + face + args.might >= TARGET)
    print("next roll wins: %d/6" % wins)
    return 0


DESCRIPTOR = Descriptor(
    "High Roll", "High Roll", "hr", (Variant("high-roll", "", (2,)),),
    engine=lambda variant, seats: HighRollGame(),
    presenter=lambda variant: HighRollScreen(),
    data=str(Path(__file__).with_name("high_roll.json")),
    card_fields={"champion": (("might", "int", 0, 6, True),)},
    demos={"high-roll": lambda: Demo(demo_entries, demo_script)},
    odds=add_odds)
