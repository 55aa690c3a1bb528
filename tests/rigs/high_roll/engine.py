"""High Roll's rules (HR-1 to HR-3 are this toy game's own): each of two players taps one
champion card, then they take turns rolling the die; a roll scores the face plus the
champion's Might; the first to reach ``TARGET`` wins."""
from shared_rules.core.engine import Game, Legal, Outcome, Refusal

TARGET = 12


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
