"""What the panel shows during a Hexo game, and what a tapped card means.

The referee is Hexo's scorekeeper and combat judge (shared_rules/hexo.py); the players run
the cards and the board. Players choose actions on the referee's menu (UP/DOWN/OK); they
tap cards only where the referee needs to read one:

- in a fight, a Companion in support (HX-7) or a monster card as a reinforcement (HX-8).
  A Companion belongs to the player whose button was pressed last in this fight (A: P1,
  B: P2; the attacker when nobody pressed); a reinforcement to a player other than the
  one fighting the monster (HX-8: only they may play one);
- when the market's monsters are placed (HX-5, HX-13), the monster card being placed.
  The referee names the space after the monster ("Troll 1") and places it by HX-13: the
  first of a type on a free mountain, later ones next to the latest of their type. The
  players put the figure on the matching hex and move to it by that name.

Screens: the scoreboard (each player's points, where the acting player stands, the pile
and the market), a fight's strength arithmetic on both sides the way players check it
(``1 base +2 Companion = 3`` against ``3 Troll +1 skulls = 4``), every outcome of HX-9 to
HX-12, and the end scores with the winner.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from host import screens
from host.screens import View
from shared_rules.engine import Outcome
from shared_rules.hexo import MONSTER_NAMES, score, village

if TYPE_CHECKING:
    from host.referee import Referee


def total_value(text: str) -> int:
    """The value at the end of a printed Total: ``total_value("1 base = 1")`` is 1."""
    return int(text.rsplit("= ", 1)[1])


def fought_loser(game, fought: dict) -> int:
    """The player who lost a fight between players: the attacker, or the player they
    attacked (the last ``("attack", player)`` input)."""
    p = fought["player"]
    if fought["winner"] != p:
        return p
    for inp in reversed(game.inputs):
        if inp[0] == "attack":
            return inp[1]
    return p


class HexoView:
    title = "Hexo"

    def __init__(self) -> None:
        self._holder: tuple[int, int] | None = None  # (fight, player) who pressed last

    # --- what the hub's events mean ----------------------------------------------------

    @staticmethod
    def _fight_key(game) -> int:
        """Which fight this is: the number of the input that began it (an attack, or a
        move off a monster's space); only cards are added while it lasts."""
        for i in range(len(game.inputs) - 1, -1, -1):
            if game.inputs[i][0] in ("attack", "move"):
                return i
        return -1

    def holder(self, game) -> int | None:
        """The player whose button was pressed last in the fight going on, if any."""
        if game.fight is None or self._holder is None:
            return None
        key, player = self._holder
        return player if key == self._fight_key(game) else None

    def roll_input(self, faces: tuple[int, ...]) -> tuple:
        return ("roll", list(faces))  # Hexo has no dice: the engine says so

    def tap_input(self, ref: Referee, uid: str, entry: dict) -> tuple | None:
        game = ref.game
        if game.phase == "place" and entry.get("kind") == "monster":
            return self._placement(ref, entry)
        fight = game.fight
        if fight is None:
            actor = game.actor if game.actor is not None else 0
            return ("card", actor, uid, entry)  # the engine says when cards are played
        if entry.get("kind") == "monster":
            helper = self.holder(game)
            if helper is None or helper == fight["player"]:
                helper = (fight["player"] + 1) % len(game.players)
            return ("card", helper, uid, entry)
        holder = self.holder(game)
        return ("card", fight["player"] if holder is None else holder, uid, entry)

    def _placement(self, ref: Referee, entry: dict) -> tuple:
        game = ref.game
        kind = str(entry.get("monster"))
        name = MONSTER_NAMES.get(kind, kind)
        placed = sum(1 for inp in game.inputs if inp[0] == "place" and inp[1] == kind)
        space = "%s %d" % (name, placed + 1)
        same = [s for s in sorted(game.monsters) if game.monsters[s]["type"] == kind]
        if not same:
            return ("place", kind, space, "mountain", None)
        return ("place", kind, space, "plain", same[-1])

    def more_choices(self, ref: Referee) -> list[tuple[str, tuple]]:
        """HX-4's other actions, and HX-13's "no free space" while monsters are placed."""
        game = ref.game
        if game.phase == "place":
            return [("no space: %s" % MONSTER_NAMES[kind], ("no_space", kind))
                    for kind in ("troll", "ogre", "goblin")
                    if any(m["type"] == kind for m in game.monsters.values())]
        if game.phase != "play":
            return []
        p = game.actor
        pl = game.players[p]
        out: list[tuple[str, tuple]] = []
        if pl["carried"] and pl["at"] != village(p):
            out.append(("drop treasure", ("drop",)))
        out += [("companion action", ("action", "companion")),
                ("companion burst", ("action", "burst")),
                ("event action", ("action", "event")),
                ("sink from hand", ("sink", "hand"))]
        if game.market:
            out.append(("sink from market", ("sink", "market")))
        return out

    def button_input(self, ref: Referee, player: int, action: str) -> tuple | str | None:
        if ref.legal().expect == "fight":
            self._holder = (self._fight_key(ref.game), player)
            return "%s: tap your cards" % ref.players[player]
        return "Choose on the referee: OK opens the menu"

    # --- screens -----------------------------------------------------------------------

    def view(self, ref: Referee) -> View:
        game = ref.game
        legal = ref.legal()
        last = ref.last
        outcome = last if isinstance(last, Outcome) else Outcome()
        if game.phase == "over":
            return self._end(ref)
        fought = outcome.find("fight_result")
        if fought is not None:
            return self._fight_result(ref, fought, outcome)
        peace = outcome.find("peace")
        if peace is not None:
            who = ref.players[peace["player"]]
            line = ("%s pays, moves on" % who) if peace["paid"] else \
                ("%s cannot pay: stays" % who)
            return View(header=self.title, header_right="HX-12", big=("Peace",),
                        lines=(line,), footer="price " + peace["price"],
                        kind="message")
        if game.phase == "fight":
            return self._fight(ref, legal)
        if game.phase == "setup":
            return View(header=self.title + " setup",
                        lines=("Players: " + " ".join(ref.players),
                               "Pile: %d cards" % game.pile),
                        footer="OK: who goes first?", kind="setup", wrap=True)
        if game.phase == "events":
            return View(header="%s turn %d" % (self.title, game.turn),
                        header_right="pile %d" % game.pile,
                        lines=("%d new market cards" % game.revealed,
                               "First: %s" % ref.players[game.first]),
                        footer="OK: how many are events?", kind="turn")
        if game.phase == "monsters_left":
            return View(header="%s turn %d" % (self.title, game.turn),
                        header_right="market %d" % game.market,
                        lines=("Everyone passed: turn over", self._scores(ref)),
                        footer="OK: monster cards left?", kind="turn")
        if game.phase == "place":
            p = game.to_place[0]
            placed = outcome.find("monster")
            lines = ("%s placed on a %s" % (placed["space"], self._terrain(game, placed)),) \
                if placed else ()
            return View(header="%s turn %d" % (self.title, game.turn),
                        header_right="%d to place" % len(game.to_place),
                        lines=lines + ("%s: tap the monster card" % ref.players[p],),
                        footer="HX-13 placement", kind="turn")
        return self._board(ref, legal, outcome)

    def _terrain(self, game, placed: dict) -> str:
        m = game.monsters.get(placed["space"])
        return "free mountain" if m and m["terrain"] == "mountain" else "space next to it"

    def _scores(self, ref: Referee) -> str:
        game = ref.game
        return " ".join("%s:%d" % (ref.players[i], score(pl).value)
                        for i, pl in enumerate(game.players))

    def _board(self, ref: Referee, legal, outcome: Outcome) -> View:
        game = ref.game
        p = game.actor
        pl = game.players[p]
        where = "%s at %s" % (ref.players[p], pl["at"])
        if pl["carried"]:
            where += ", carries %d" % pl["carried"]
        lines = [self._scores(ref), where, self._what_happened(ref, outcome)]
        return View(header="%s turn %d" % (self.title, game.turn),
                    header_right="pile %d mkt %d" % (game.pile, game.market),
                    lines=tuple(line for line in lines if line), footer=legal.prompt,
                    kind="turn")

    def _what_happened(self, ref: Referee, outcome: Outcome) -> str:
        ev = outcome.find("execute_events")
        if ev is not None and ev["players"]:
            return "Events: " + " ".join(ref.players[p] for p in ev["players"])
        first = outcome.find("first_player")
        if first is not None:
            return "First Player: %s" % ref.players[first["player"]]
        for kind, data in outcome.events:
            who = ref.players[data["player"]] if "player" in data else ""
            if kind == "take":
                return "%s took a treasure" % who
            if kind == "deposit":
                return "%s deposited: %d in reserve" % (who, data["reserve"])
            if kind == "buy":
                return "%s bought a card" % who
            if kind == "move":
                return "%s moved to %s" % (who, data["to"])
            if kind == "pass":
                return "%s passed" % who
        return ""

    def _fight(self, ref: Referee, legal) -> View:
        game = ref.game
        f = game.fight
        mine, theirs = game.strengths()
        me = ref.players[f["player"]]
        if f["kind"] == "pvp":
            them = ref.players[f["opponent"]]
            head, rule = "%s attacks %s" % (me, them), "HX-9"
        else:
            them = MONSTER_NAMES[game.monsters[f["space"]]["type"]]
            if f["kind"] == "attack_monster":
                head, rule = "%s attacks %s" % (me, them), "HX-10"
            else:
                head, rule = "%s attacks %s" % (them, me), "HX-11"
        holder = self.holder(game)
        tap = "%s: tap cards" % ref.players[f["player"] if holder is None else holder]
        return View(header=head, header_right=rule,
                    lines=("%s: %s" % (me, mine), "%s: %s" % (them, theirs), tap),
                    footer="%d vs %d  OK: fight" % (mine.value, theirs.value) +
                    (" or peace" if f["kind"] == "monster_attacks" else ""),
                    kind="fight")

    def _fight_result(self, ref: Referee, fought: dict, outcome: Outcome) -> View:
        game = ref.game
        p = fought["player"]
        me = ref.players[p]
        mine, theirs = total_value(fought["mine"]), total_value(fought["theirs"])
        winner = fought["winner"]
        if fought["kind"] == "pvp":
            if winner is None:
                line, mark, breakdown = "Tie: nothing happens", None, fought["mine"]
            else:
                beaten = ref.players[fought_loser(game, fought)]
                line = "%s wins a skull, %s goes home" % (ref.players[winner], beaten)
                mark = 0 if winner == p else 1
                breakdown = fought["mine"] if winner == p else fought["theirs"]
        else:
            killed = outcome.find("monster_killed")
            if killed is not None:
                line = "%s takes the %s (+%s)" % (
                    me, MONSTER_NAMES[killed["type"]], "%d skulls" % killed["skulls"])
                mark, breakdown = 0, fought["mine"]
            else:
                line = "The monster wins: %s goes home" % me
                mark, breakdown = 1, fought["theirs"]
        right = self._scores(ref) if len(game.players) <= 3 else fought["rule"]
        return screens.battle(self.title, (mine, theirs), line, breakdown,
                              mark, right)

    def _end(self, ref: Referee) -> View:
        game = ref.game
        names = " & ".join(ref.players[p] for p in game.winners)
        best = game.winners[0]
        return screens.winner(self.title, names, self._scores(ref),
                              hint=str(game.scores[best]))
