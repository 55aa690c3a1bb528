"""No dead ends (issue 20): every game and variant plays to its end whatever the table does.

The table is modelled per game (``TABLES``): what it can do in a state is

- what the referee *offers*: the engine's ``choices`` and ``records`` (the Master's menu on
  the Pi, host/session/adapter.py ``Referee.menu``), the tiles ``legal_inputs()`` says may
  be tapped, the die faces when a roll is awaited, the timers the presenter runs out
  (Invocations, IN-4), and what the rulebook lets a player do at any time whatever the menu
  shows (an Invocations effect card played, IN-3; any card revealed as an Attack, IN-6).
  Each of these must be accepted: a refusal is a menu that offers what the rules refuse;
- what the table may *try* besides (a card tapped into a fight, a monster card placed, a
  deck of an unusual size): refusing it is fine, it only opens more states.

Three checks, each printing the inputs from setup that break it (``DeadEnd``):

1. ``walk``: a bounded breadth-first walk from setup over everything the table can do
   (distinct states, the dice and cards the rules allow): in every state that is not over
   every offer is accepted and something moves the game on;
2. ``playout``: a random session, biased the way a table plays (attacks more than passes),
   with the same checks on every input it picks and an end (a winner, or players sharing
   it) within ``LIMITS``;
3. the walk's states finish too: a playout from a sample of them ends.

tests/host/session/test_liveness.py runs them in ``make test`` (under a minute), tests/soak_liveness.py
runs longer walks and more sessions in ``make soak``.
"""
from __future__ import annotations

import copy
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from hexors_random import Rng as HexorsRng
from hexors_random import setup_inputs as hexors_setup

from host.games import descriptor
from shared_rules.games.heroscape.engine import army_cards, card
from shared_rules.games.hexo.engine import hexo_cards
from shared_rules.games.invocations.timers import running as invocations_timers

# Most inputs a random session may take before it must be over: far beyond a real game
# (an Invocations deck of 68 runs out in under 30 rounds; Hexo's pile of 10 cards a player
# in as many turns; a HeroScape or Hexors army falls in a few dozen battles), so a game
# that does not end within it is going round in circles.
LIMITS = {"jl": 3000, "ygo": 3000, "hs": 3000, "hx": 6000, "in": 6000}


class DeadEnd(AssertionError):
    """A state the table cannot get out of, or an offer the rules refuse, with the inputs
    from setup that reach it (each on its own line, ready to paste into a test)."""

    def __init__(self, variant: str, players: int, inputs: list, problem: str) -> None:
        lines = ["%s, %d players: %s" % (variant, players, problem),
                 "inputs from setup (%d):" % len(inputs)]
        lines += ["  %r," % (inp,) for inp in inputs]
        super().__init__("\n".join(lines))


@dataclass
class Move:
    """One thing the table can do now: the input, why it must be accepted ("" when a
    refusal is fine) and how often a table does it (a playout's weight)."""

    input: tuple
    must: str = ""
    weight: float = 1.0


# --- the tables ------------------------------------------------------------------------


class Table:
    """What the table of one game can do; the offers common to every game are here."""

    family = ""

    def setup(self, variant: str, players: int, rng: random.Random) -> list[tuple]:
        """Inputs that build the rosters before the walk (cards the rules allow)."""
        return []

    def moves(self, game, rng: random.Random | None, wide: bool) -> list[Move]:
        """Everything the table can do now. ``rng`` None: the walk's fixed choice of dice
        and cards; ``wide`` adds what the table may try besides the offers."""
        legal = game.legal_inputs()
        out = []
        for label, inp in legal.choices + legal.records:
            out.append(Move(tuple(inp), "the menu offers %r" % label,
                            self.weight(game, legal, tuple(inp))))
        for key, role in legal.tiles.items():
            inp = game.input_for(("tap", key, self.entry(game, key)))
            if isinstance(inp, tuple):
                out.append(Move(inp, "tile %s may be tapped as %s" % (key, role),
                                self.weight(game, legal, inp)))
        if legal.roll_by is not None:
            for faces in self.rolls(legal, rng):
                # ROLL-1: the roll names its roller; the named one must be taken
                inp = game.input_for(("roll", faces, legal.roll_by))
                out.append(Move(tuple(inp), "player %d is asked to roll" % (legal.roll_by + 1),
                                self.weight(game, legal, ("roll",))))
                if wide:  # the die in another player's hand: refused, and nothing moves
                    other = 0 if legal.roll_by else 1
                    out.append(Move(tuple(game.input_for(("roll", faces, other)))))
        return out

    def rolls(self, legal, rng):
        if rng is None:
            return [(f,) for f in range(1, 7)]
        return [(rng.randint(1, 6),)]

    def entry(self, game, key):
        return {}

    def weight(self, game, legal, inp) -> float:
        return 1.0

    def idle(self, game, inp) -> bool:
        """An input that is accepted but can never move the game on (a setting)."""
        return False


class HexorsTable(Table):
    """Justice League and Yu-Gi-Oh! Hexors: rosters of tiles with every strike value 1..8,
    Powers / Actions from the rulebooks' glossaries (tests/portable/hexors_random.py)."""

    ROLE = {"attacker": 6, "defender": 6, "target": 4, "partner": 3, "power": 3, "cancel": 1}

    def setup(self, variant, players, rng):
        inputs = hexors_setup(variant, players, HexorsRng(rng.randrange(2 ** 30)))
        if variant.startswith("jl-") and variant != "jl-beginner":
            # started as the menu starts it: play waits for the moves JL's Powers order
            # (JL-W066, JL-W075), and the walk meets ("moved", player)
            inputs[-1] = inputs[-1] + ("moves",)
        return inputs

    def entry(self, game, key):
        return game.tiles[key].entry

    def weight(self, game, legal, inp):
        kind = inp[0]
        if kind == "roll":
            return 12
        if kind == "tap":
            return self.ROLE.get(legal.tiles.get(inp[1]), 1)
        if kind == "end":
            return {"attacker": 1, "defender": 3, "accept": 8}.get(legal.expect, 2)
        return {"stuck": 0.02, "trapped": 0.3, "start": 5}.get(kind, 2)


class HeroScapeTable(Table):
    """HeroScape: the rulebook's army cards, one to three a side, the values it does not
    print copied from a card (Attack 1..4, Defense 1..6); dice one at a time (a partial
    roll is kept) or, virtual, all at once."""

    def setup(self, variant, players, rng):
        out = []
        for p in (0, 1):
            for i in range(1 + rng.randrange(3)):
                c = rng.choice(army_cards())
                entry = card(c["name"], c["kind"], c["figures"], c["move"] or 5,
                             c["range"] or 1, c["attack"] or rng.randint(1, 4),
                             c["defense"] or rng.randint(1, 6))
                out.append(("add", p, "p%d-%d" % (p, i), entry))
        return out

    def entry(self, game, key):
        return game.cards[key]["entry"]

    def rolls(self, legal, rng):
        if rng is None:
            return [(f,) for f in range(1, 7)]
        return [tuple(rng.randint(1, 6) for _ in range(max(1, legal.dice)))]

    def weight(self, game, legal, inp):
        return {"objective": 0.01, "end": 0.3, "cancel": 0.2, "tap": 3, "roll": 6,
                "height": 2, "start": 5}.get(inp[0], 1)


class HexoTable(Table):
    """Hexo: the fights' Companions (strength 0..3) and monster cards (two a player at
    most), the market's monsters placed by tapping their card, a move to a space the
    referee does not know."""

    MONSTERS = [c for c in hexo_cards() if c["kind"] == "monster"]

    def moves(self, game, rng, wide):
        out = Table.moves(self, game, rng, wide)
        if not wide:
            return out
        legal = game.legal_inputs()
        n = len(game.inputs)
        if legal.expect == "fight" and len(game.fight["keys"]) < 2 * len(game.players):
            # Cards come from hands of five: a few a fight, not without end.
            strengths = range(4) if rng is None else [rng.randrange(4)]
            for s in strengths:
                entry = {"kind": "companion", "name": "Companion", "strength": s}
                out.append(Move(game.input_for(("tap", "c%d-%d" % (n, s), entry)), "", 1))
            for m in self.MONSTERS:
                out.append(Move(game.input_for(("tap", "m%d-%s" % (n, m["monster"]), m)), "",
                                0.5))
            for p in range(len(game.players)):
                said = game.input_for(("button", p, "press"))
                if isinstance(said, tuple):
                    out.append(Move(said, "player %d's button in a fight" % (p + 1), 0.5))
        elif legal.expect == "place":
            for m in self.MONSTERS:
                out.append(Move(game.input_for(("tap", "m%d" % n, m)), "", 4))
        elif legal.expect == "action":
            # A space the referee does not know; with the cards kept, named by its player.
            out.append(Move(("move", legal.actor, "C4") if game.cards else ("move", "C4"),
                            "", 0.3))
        return out

    def idle(self, game, inp):
        # An event naming a space (HX-14) is said, not played: it never moves the game on.
        return inp[0] == "event_on"

    @staticmethod
    def _turn_length(game):
        n = 0
        for inp in reversed(game.inputs):
            if inp[0] in ("start", "events", "monsters_left", "place", "no_space"):
                break
            n += 1
        return n

    def weight(self, game, legal, inp):
        kind = inp[0]
        if kind == "attack":
            return 3
        if kind == "pass":
            # Every action but a pass plays a card from a hand of five: the longer the
            # turn, the emptier the hands (the referee offers only the pass to an empty one).
            return 6 + self._turn_length(game)
        return { "buy": 3, "move": 1, "take": 2, "deposit": 4, "fight": 3,
                "peace": 1, "drop": 0.3, "action": 0.2, "sink": 0.5, "start": 1,
                "events": 1, "monsters_left": 1, "no_space": 0.5, "event_on": 0.1}.get(kind, 1)


class InvocationsTable(Table):
    """Invocations: any card revealed (Attack and Defense 0..9, a Cost of 0..2 or none;
    the walk uses 1 and 5 with a Cost of 1, so wins, ties, Costs and Shield reveals all
    happen), the effects any player may play with a card they can use (IN-3: "para usar un
    efecto coloca la carta en la pila de descarte"), a Cost paid with any card that can pay
    it (IN-6), the timers the presenter runs out (IN-4), a deck of any size (IN-1)."""

    VALUES = (1, 5)

    def moves(self, game, rng, wide):
        out = Table.moves(self, game, rng, wide)
        legal = game.legal_inputs()
        n = len(game.inputs)
        if legal.expect in ("reveal", "shield"):
            values = self.VALUES if rng is None else (rng.randrange(10),)
            for v in values:
                entry = {"name": "Card %d" % v, "attack": v, "defense": v}
                cost = (v // 5) if rng is None else rng.choice((None, 0, 1, 2))
                if cost is not None:
                    entry["cost"] = cost
                inp = game.input_for(("tap", "k%d-%d" % (n, v), entry))
                out.append(Move(inp, "any card may be %s's %s" % (
                    game.name(legal.actor), "Attack" if legal.expect == "reveal" else "Shield"),
                    8))
        view = game.view()
        for which in invocations_timers(view):
            out.append(Move(("timeout", which), "the %s timer ran out" % which,
                            2 if which == "handover" else 0.5))
        out += self._effects(game, rng is None)
        if wide and legal.expect in ("setup", "confirm_deck"):
            out += [Move(("deck", 8), "", 0.5), Move(("deck", 12), "", 0.5)]
        return out

    def _effects(self, game, walking):
        """IN-3 / IN-6: an effect card played by a player who can use one; whatever it
        does (or cannot do) the referee must take it."""
        if game.phase not in ("stage2", "stage3", "effects"):
            return []
        h = game.handover
        busy = (h["by"], h["target"]) if h is not None else ()
        seats = game.in_round()
        out = []
        for p in seats:
            pl = game.players[p]
            if p in busy or pl["attack"] is None or not pl.get("cost_due"):
                continue
            why = "%s pays the Cost of the Attack card (IN-6)" % game.name(p)
            if pl["spells"] - pl["spells_blocked"] > 0:
                out.append(Move(("pay", p, "spell"), why, 3))
            if pl["shields"] - pl["shields_blocked"] > 0:   # IN-12: not a blocked one
                out.append(Move(("pay", p, "shield"), why, 3))
        if game.phase == "stage3":
            return out
        # The walk plays the effects of the first two seats on the first three (players
        # are alike: more would only multiply the states); a playout plays everybody's.
        for p in seats[:2] if walking else seats:
            if p in busy:
                continue
            pl = game.players[p]
            sources = []
            # IN-12: blocked cards (a blocked hand, blocked Spells) cannot be used.
            if game.phase == "stage2" and pl["hand"] > 0 and not pl["hand_blocked"]:
                sources.append("hand")
            if pl["spells"] - pl["spells_blocked"] > 0:
                sources.append("spell")
            # IN-6: an Attack card's effect, once its Cost is paid, once, unless the card is
            # blocked (IN-12).
            if game.phase == "effects" and pl["attack"] is not None and \
                    not pl.get("cost_due") and not pl.get("attack_used") and \
                    not pl["attack_blocked"]:
                sources.append("attack")
            for src in sources:
                why = "%s may play an effect card from their %s (IN-3)" % (game.name(p), src)
                out.append(Move(("take", p, 1, src), why, 0.3))
                out.append(Move(("take", p, 1, src, "discard"), why, 0.1))
                if src != "attack":
                    out.append(Move(("lose", p, src), why, 0.1))
                out.append(Move(("raise", p, p, 1, src), why, 0.2))
                for q in seats[:3] if walking else seats:
                    if q == p or q in busy:
                        continue
                    out.append(Move(("raise", p, q, -1, src), why, 0.1))
                    for what in ("hand", "spell", "shield", "attack"):
                        out.append(Move(("destroy", p, q, what, src), why, 0.1))
                        out.append(Move(("steal", p, q, what, src), why, 0.1))
                    for what in ("player", "hand", "spell", "shield", "attack"):
                        out.append(Move(("block", p, q, what, src), why, 0.1))
        return out

    def weight(self, game, legal, inp):
        kind = inp[0]
        if kind == "place":
            return 6 if inp[2] == "attack" else 0.5
        return {"spell_attack": 6, "master_gives": 6, "force": 3, "judge": 8, "start": 3,
                "pay": 3, "raise": 0.2, "lose": 0.1, "swap": 0.1,
                "handed": 5, "beats": 0.3, "cancel": 0.3, "take": 0.2, "steal": 0.1,
                "destroy": 0.1, "block": 0.1, "hand": 0.2, "timers": 0.5, "deck": 0.5,
                "confirm_deck": 3}.get(kind, 1)

    def idle(self, game, inp):
        # A swap of hand and Spell cards (IN-3) changes no count: it never moves on.
        return inp[0] == "swap" or inp[0] == "hand" and game.phase != "setup"


TABLES = {"jl": HexorsTable(), "ygo": HexorsTable(), "hs": HeroScapeTable(),
          "hx": HexoTable(), "in": InvocationsTable()}


# --- sessions --------------------------------------------------------------------------


@dataclass
class Session:
    """One game of one variant from setup, as the table plays it (``engine``: seats -> a
    rules engine, the descriptor's unless a test gives another)."""

    variant: str
    players: int
    seed: int = 0
    engine: Callable | None = None
    family: str = field(init=False)
    table: Table = field(init=False)

    def __post_init__(self) -> None:
        self.family = descriptor.game(self.variant).cards
        self.table = TABLES[self.family]

    def fresh(self):
        """A new engine with the rosters built (the setup inputs the walk starts from)."""
        kind = descriptor.game(self.variant)
        game = (self.engine or kind.new_game)(kind.seats(self.players))
        for inp in self.table.setup(self.variant, self.players, random.Random(self.seed)):
            result = game.apply(inp)
            if not result.accepted:
                raise DeadEnd(self.variant, self.players, list(game.inputs) + [inp],
                              "the roster input is refused: %s" % result)
        return game

    def replayed(self, inputs: list):
        """A new engine that has taken ``inputs`` (a state met in a random session)."""
        kind = descriptor.game(self.variant)
        game = (self.engine or kind.new_game)(kind.seats(self.players))
        for inp in inputs:
            result = game.apply(inp)
            assert result.accepted, (inp, result)
        return game

    def dead_end(self, game, problem: str, extra: tuple | None = None) -> DeadEnd:
        inputs = list(game.inputs) + ([extra] if extra is not None else [])
        return DeadEnd(self.variant, self.players, inputs, problem)


def over(game) -> bool:
    return game.legal_inputs().expect == "over"


def state_key(game) -> str:
    """Everything the engine holds but its journal: equal keys, equal futures."""
    return repr(_plain({k: v for k, v in vars(game).items() if k not in ("inputs", "options")}))


def clone(game):
    """A copy to play on: the journal's inputs are tuples, shared; the rest is copied."""
    new = copy.copy(game)
    for k, v in vars(game).items():
        if k == "inputs":
            new.inputs = list(v)
        elif k != "options":
            setattr(new, k, copy.deepcopy(v))
    return new


def _plain(value):
    if isinstance(value, (int, str, bool, type(None))):
        return value
    if isinstance(value, dict):
        return tuple(sorted((repr(k), _plain(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    if hasattr(value, "__dict__"):
        return (type(value).__name__, _plain(vars(value)))
    return value


def _try(session: Session, game, moves: list[Move]):
    """Apply each move to a copy of ``game``: (the games it leads to, what moved it on).
    An offer refused is a dead end; nothing but idle inputs accepted is one too."""
    base = clone(game)
    work = clone(base)
    children = []
    for move in moves:
        result = work.apply(move.input)
        if result.accepted:
            children.append((move, work))
            work = clone(base)
        elif move.must:
            raise session.dead_end(base, "%s: %r, but the referee refuses it: %s"
                                   % (move.must, move.input, result), move.input)
    if not any(not session.table.idle(game, m.input) for m, _g in children):
        legal = game.legal_inputs()
        raise session.dead_end(base, "nothing moves the game on in %r (%s); tried %d inputs"
                               % (legal.expect, legal.prompt, len(moves)))
    return children


def walk(session: Session, max_states: int, max_depth: int = 10 ** 6, root=None) -> list:
    """Breadth-first over every distinct state reachable from setup (or ``root``), up to
    ``max_states``; returns the states visited (for playouts from them)."""
    root = session.fresh() if root is None else root
    seen = {state_key(root)}
    queue = deque([(root, 0)])
    visited = []
    while queue and len(visited) < max_states:
        game, depth = queue.popleft()
        visited.append(game)
        if over(game):
            _check_end(session, game)
            continue
        for _move, child in _try(session, game, session.table.moves(game, None, True)):
            key = state_key(child)
            if key not in seen and depth < max_depth:
                seen.add(key)
                queue.append((child, depth + 1))
    return visited


def playout(session: Session, game=None, check_all: bool = False):
    """A random session from ``game`` (setup when None) to the end, as a table plays: each
    step picks a move by weight among what the table can do; the offers it picks must be
    accepted (``check_all``: every offer at every step). Returns the finished game."""
    rng = random.Random(session.seed)
    game = session.fresh() if game is None else clone(game)
    limit = LIMITS[session.family]
    start = len(game.inputs)
    while not over(game):
        if len(game.inputs) - start >= limit:
            raise session.dead_end(game, "no end after %d inputs (%s)"
                                   % (limit, game.legal_inputs().prompt))
        moves = session.table.moves(game, rng, True)
        if check_all:
            _try(session, game, moves)
        _step(session, game, moves, rng)
    _check_end(session, game)
    return game


def _step(session: Session, game, moves: list[Move], rng: random.Random) -> None:
    """Apply one move picked by weight; refused ones are dropped and another is picked."""
    moves = list(moves)
    moved = False
    while moves:
        total = sum(m.weight for m in moves)
        x = rng.random() * total
        i = 0
        while i < len(moves) - 1 and x >= moves[i].weight:
            x -= moves[i].weight
            i += 1
        move = moves.pop(i)
        result = game.apply(move.input)
        if result.accepted:
            if not session.table.idle(game, move.input):
                return
            moved = True
            continue
        if move.must:
            raise session.dead_end(game, "%s: %r, but the referee refuses it: %s"
                                   % (move.must, move.input, result), move.input)
    legal = game.legal_inputs()
    raise session.dead_end(game, "nothing moves the game on in %r (%s)%s"
                           % (legal.expect, legal.prompt, " but settings" if moved else ""))


def _check_end(session: Session, game) -> None:
    """Over means a winner, or players sharing the win (a draw)."""
    winners = getattr(game, "winners", None)
    if winners is None:
        winner = getattr(game, "winner", None)
        winners = [winner] if winner is not None else []
    if not winners:
        raise session.dead_end(game, "the game is over with no winner")


def sessions() -> list[tuple[str, int]]:
    """Every registered variant with each player count it takes."""
    return [(key, n) for key, kind in sorted(descriptor.GAMES.items()) for n in kind.players]
