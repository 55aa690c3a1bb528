"""Hexo: La vallée d'Utrisor (RULES.md §4, HX-1..HX-14): scorekeeper and combat judge.

The players run the cards and the board; the referee keeps what decides the game: where each
figure stands (a space label such as ``"C4"``, ``"mine"`` or a village), treasures carried,
lying on spaces and deposited, monsters on the board with their skulls, monsters killed by
type, skulls in reserve, the First Player marker, the market and the central pile, the rounds
of actions and who has passed. It judges every fight (HX-7..HX-12) with the strength
arithmetic shown the way players check it, refuses monster placements the rules forbid
(HX-13) and scores the end (HX-1).

Inputs. ``("start", first, "cards")`` starts a game whose cards the referee keeps (HX-2..HX-5:
each player's hand, own pile and discard counted; every action below then names its player
right after its kind, ``("move", 1, "C4")``, and is refused unless it is that player's action
and their hand pays it; a purchase says the money cards paid, ``("buy", p, n)``, and peace
too, ``("peace", money, n)``). ``("start", first)``, as journals kept before, leaves the
cards to the table: the acting player is implied, actions come from
``legal_inputs().actor``.

=====================================  ======================================================
``("start", first[, "cards"])``        setup done, ``first`` holds the First Player marker
``("events", n)``                      HX-3: ``n`` events among the newly revealed cards
``("buy",)``                           buy a market card
``("move", dest)``                     move to the neighbouring space ``dest`` ("village" is
                                       your own village); leaving a monster starts HX-11
``("sink", "hand" | "market")``        sink a card with a Goblin (from the market: -1 card)
``("take",)`` / ``("drop",)``          take a treasure here (mine or a lying one) / drop one
``("deposit",)``                       put one carried treasure in your village's reserve
``("place", type, space, terrain, next_to)``  put a monster ("troll", "ogre", "goblin") on
                                       ``space`` (terrain "mountain", "plain", "village" or
                                       "mine"), next to the same-type monster on ``next_to``
``("no_space", type)``                 HX-13: no free space next to that type: removed
``("attack", target)``                 a player index (HX-9) or "monster" here (HX-10)
``("action", what)``                   a Companion action, burst or event action (no count)
``("pass",)``                          pass this round
``("card", player, key, entry)``       in a fight: a Companion in support (HX-7) or a monster
                                       card as reinforcement (HX-8); ``entry`` from the tag
``("tapping", player)``                in a fight: the cards tapped next are this player's
                                       (their button on the hub, HX-7, HX-8)
``("fight",)`` / ``("peace", money)``  resolve the fight / buy peace with money (HX-12)
                                       (and the money cards paid when the cards are kept)
``("monsters_left", n)``               HX-5: monster cards left in the market at turn end
``("event_on", space)``                HX-14: an event names ``space`` (cancelled on a
                                       village or the lost mine)
=====================================  ======================================================

What a tapped card means (``input_for``): in a fight, a Companion belongs to the player
whose button was pressed last in this fight (the attacker when nobody pressed), a monster
card is a reinforcement from a player other than the one fighting it (HX-8); while the
market's monsters are placed, the monster card being placed: the space is named after the
monster ("Troll 1") and placed by HX-13 (the first of a type on a free mountain, later ones
next to the latest of their type).

>>> g = HexoGame(players=["red", "blue"])
>>> g.apply(("start", 0, "cards")).find("draw")
{'hands': [5, 5], 'rule': 'HX-3'}
>>> g.apply(("events", 0)) and g.apply(("buy", 1, 2)).rule
'HX-4'
"""


from shared_rules.core import words
from shared_rules.core.data import beside
from shared_rules.core.engine import Game, Legal, Outcome, Refusal, Total
from shared_rules.core.words import N_, _, n_, seat
from shared_rules.games.hexo import decisions

# HX-1 / HX-8: a monster's value is both its strength and its points.
MONSTERS = {"troll": 3, "ogre": 2, "goblin": 1}
MONSTER_NAMES = {"troll": N_("Troll"), "ogre": N_("Ogre"), "goblin": N_("Goblin")}
KILLED_NAMES = {"troll": N_("Trolls"), "ogre": N_("Ogres"), "goblin": N_("Goblins")}
# The monsters a player killed, counted in the score by the language's plural rule.
KILLED_SAID = {
    "troll": lambda n: n_("%(n)d Troll × %(points)d", "%(n)d Trolls × %(points)d", n),
    "ogre": lambda n: n_("%(n)d Ogre × %(points)d", "%(n)d Ogres × %(points)d", n),
    "goblin": lambda n: n_("%(n)d Goblin × %(points)d", "%(n)d Goblins × %(points)d", n),
}


def monster_name(kind, table=MONSTER_NAMES):
    """A monster's name in the table's language (its space's label, "Troll 1", is part of
    the journalled input and stays English there: ``space_name`` says it)."""
    return _(table[kind])
TREASURE_RESERVE = 10
TREASURE_CARRIED = 5
SKULL_POINTS = 1
MARKET_SIZE = 5
PILE_PER_PLAYER = 10
HAND = 5            # HX-3: "Il pige alors les 5 premières cartes"
STARTING_DECK = 7   # HX-2: 5 Bronze, 1 Goblin, 1 Companion, the player's own discard
# HX-4: the actions a player takes in their place in a round. When the referee keeps the
# cards (``("start", first, "cards")``) each names its player after its kind.
ACTIONS = ("pass", "buy", "move", "sink", "take", "drop", "deposit", "place", "attack",
           "action")
TERRAINS = ("mountain", "plain", "village", "mine")


def _int(value):
    return isinstance(value, int) and not isinstance(value, bool)



def hexo_cards():
    """Monster, Companion and money cards of the catalogue (shared_rules/games/hexo/cards.json)."""
    return beside(__file__, "cards.json")


def space_name(space):
    """A space as players say it: the journal keeps its label (``village2``, ``mine``,
    ``Troll 1``: a monster's space, named after it), the panel says "village 2", "lost
    mine", "Troll 1" in the table's language; other labels are the players' own (a board
    coordinate).

    >>> space_name("village2"), space_name("mine"), space_name("Goblin 2"), space_name("C4")
    ('village 2', 'lost mine', 'Goblin 2', 'C4')
    """
    if space == "mine":
        return _("lost mine")
    if space == "village":   # any of them (an event naming a village, HX-14)
        return _("a village")
    if space.startswith("village") and space[7:].isdigit():
        return _("village %d") % int(space[7:])
    for kind in MONSTER_NAMES:
        label = MONSTER_NAMES[kind]
        number = space[len(label) + 1:]
        if space.startswith(label + " ") and number.isdigit():
            return "%s %s" % (_(label), number)
    return space


def village(p):
    """The label of player ``p``'s village (players count from 0).

    >>> village(0)
    'village1'
    """
    return "village%d" % (p + 1)


def is_special(space):
    """Villages and the lost mine: no fights, no monsters (HX-13, HX-14)."""
    return space == "mine" or space.startswith("village")


def score(player):
    """HX-1 final score of a player's record, as a Total.

    >>> p = {"reserve": 2, "carried": 1, "killed": {"troll": 1, "ogre": 0, "goblin": 2},
    ...      "skulls": 3}
    >>> str(score(p))
    '2 treasures × 10 +1 carried × 5 +1 Troll × 3 +2 Goblins × 1 +3 skulls × 1 = 33'
    """
    t = Total()
    n = player["reserve"]
    t.add(n * TREASURE_RESERVE, _("treasures"),
          n_("%(n)d treasure × %(points)d", "%(n)d treasures × %(points)d", n)
          % {"n": n, "points": TREASURE_RESERVE})
    n = player["carried"]
    t.add(n * TREASURE_CARRIED, _("carried"),
          n_("%(n)d carried × %(points)d", "%(n)d carried × %(points)d", n)
          % {"n": n, "points": TREASURE_CARRIED})
    for kind in ("troll", "ogre", "goblin"):
        n = player["killed"][kind]
        t.add(n * MONSTERS[kind], monster_name(kind, KILLED_NAMES),
              KILLED_SAID[kind](n) % {"n": n, "points": MONSTERS[kind]})
    n = player["skulls"]
    t.add(n * SKULL_POINTS, _("skulls"),
          n_("%(n)d skull × %(points)d", "%(n)d skulls × %(points)d", n)
          % {"n": n, "points": SKULL_POINTS})
    return t


class HexoGame(Game):
    """Hexo for 2 to 6 players (option ``players``: names or a count).

    Read-only state: ``phase`` ("setup", "events", "play", "fight", "monsters_left",
    "place", "over"), ``players`` (dicts: ``name``, ``at``, ``carried``, ``reserve``,
    ``killed`` {type: n}, ``skulls``, ``done``), ``first``, ``actor``, ``pile``,
    ``market``, ``monsters`` (space -> {``type``, ``skulls``, ``terrain``}), ``lying``
    (space -> treasures), ``turn``, ``fight`` (the fight being judged), ``to_place``
    (players still to place a market monster), ``winners``, ``scores``, ``next_first``.
    """

    def _reset(self):
        names = self.options.get("players") or 2
        if _int(names):
            names = ["P%d" % (i + 1) for i in range(names)]
        self.players = []
        for i, name in enumerate(names):
            self.players.append({"name": name, "at": village(i), "began_at": village(i),
                                 "carried": 0,
                                 "reserve": 0, "skulls": 0, "done": False,
                                 "killed": {"troll": 0, "ogre": 0, "goblin": 0},
                                 "hand": 0, "deck": 0, "discard": 0})
        # The referee keeps each player's cards (HX-2..HX-5) in a game started so; a journal
        # written before it did holds ``("start", first)``: the table kept them then.
        self.cards = False
        self.phase = "setup"
        self.first = None
        self.actor = None
        self.pile = PILE_PER_PLAYER * len(self.players)
        self.market = 0
        self.revealed = 0
        self.monsters = {}
        self.lying = {}
        self.turn = 0
        self.acted = []
        self.passed = []
        self.fight = None
        self.to_place = []
        self.winners = None
        self.scores = None
        self.next_first = None

    # --- reading ----------------------------------------------------------------------
    def name(self, p):
        """Player ``p`` as the table says it: a seat's own name in its language."""
        return seat(self.players[p]["name"])

    def strengths(self):
        """(player Total, opponent Total) of the fight being judged (HX-7, HX-8)."""
        f = self.fight
        if f is None:
            return None
        mine = self._player_total(f["player"])
        if f["kind"] == "pvp":
            return mine, self._player_total(f["opponent"])
        return mine, self._monster_total()

    def _player_total(self, p):
        t = Total()
        t.add(1, _("base"))
        for amount, label in self.fight["support"].get(p, []):
            t.add(amount, label)
        return t

    def _monster_total(self):
        f = self.fight
        m = self.monsters[f["space"]]
        value = MONSTERS[m["type"]]
        t = Total()
        t.add(value, monster_name(m["type"]))
        t.add(value * f["reinforce"], _("reinforcement"))
        t.add(m["skulls"], n_("skull", "skulls", m["skulls"]))
        return t

    def legal_inputs(self):
        ph = self.phase
        if ph == "setup":
            n = len(self.players)
            ok = decisions.MIN_PLAYERS <= n <= decisions.MAX_PLAYERS
            # A new game's referee keeps the cards (HX-2..HX-5).
            return Legal(None, "first", _("who goes first?"), choices=
                         [(_("%s first") % self.name(p), ("start", p, "cards"))
                          for p in range(n)] if ok else [])
        if ph == "over":
            return Legal(None, "over", _("%s wins") % ", ".join(self.name(p)
                                                                 for p in self.winners))
        if ph == "events":
            return Legal(self.first, "events", _("events revealed?"), choices=
                         [(n_("%d event", "%d events", k) % k, ("events", k)) for k in range(self.revealed + 1)])
        if ph == "monsters_left":
            return Legal(self.first, "monsters_left", _("monster cards left?"), choices=
                         [(n_("%d monster", "%d monsters", k) % k, ("monsters_left", k))
                          for k in range(self.market + 1)])
        if ph == "place":
            p = self.to_place[0]
            return Legal(p, "place", _("%s: place monster") % self.name(p),
                         records=self._records())
        if ph == "fight":
            f = self.fight
            choices = [(_("fight"), ("fight",))]
            if f["kind"] == "monster_attacks" and not self.cards:
                choices.append((_("buy peace"), ("peace", self._monster_total().value)))
            elif f["kind"] == "monster_attacks":
                price = self._monster_total().value
                for k in range(1, self.players[f["player"]]["hand"] + 1):
                    choices.append((n_("peace, %d card", "peace, %d cards", k)
                                    % k, ("peace", price, k)))
            mine, theirs = self.strengths()
            return Legal(f["player"], "fight", _("%d vs %d") % (mine.value, theirs.value),
                         choices=choices)
        p = self.actor
        pl = self.players[p]
        here = pl["at"]
        choices = [(_("pass"), ("pass",))]
        if self.market > 0:
            choices.append((_("buy"), ("buy",)))
        if here != village(p):
            choices.append((_("go home"), ("move", "village")))
        # Spaces the referee knows by name; any other space is entered on the keypad.
        for space in self._known_spaces():
            if space != here and space != village(p):
                choices.append((_("to %s") % space_name(space), ("move", space)))
        if self._can_take(p) is None:
            choices.append((_("take treasure"), ("take",)))
        if here == village(p) and pl["carried"] > 0:
            choices.append((_("deposit"), ("deposit",)))
        if here in self.monsters:
            choices.append((_("attack monster"), ("attack", "monster")))
        if pl["began_at"] == here and not is_special(here):
            for q in range(len(self.players)):
                if q != p and self.players[q]["at"] == here:
                    choices.append((_("attack %s") % self.name(q), ("attack", q)))
        if not self.cards:
            return Legal(p, "action", _("%s: your action") % seat(pl["name"]),
                         choices=choices, records=self._records() + self._space_events())
        return Legal(p, "action", _("%s: your action") % seat(pl["name"]),
                     choices=self._paid(choices),
                     records=self._paid(self._records()) + self._space_events())

    def _paid(self, items):
        """The menu's actions as the actor plays them with the cards kept: each names its
        player, a purchase how many money cards pay for it, and only what the hand pays
        is offered (HX-4: with an empty hand, only the pass)."""
        p = self.actor
        hand = self.players[p]["hand"]
        out = []
        for label, inp in items:
            if inp[0] == "buy":
                for k in range(1, hand + 1):
                    out.append((n_("buy, %d card", "buy, %d cards", k) % k,
                                ("buy", p, k)))
                continue
            played, removed = self.cost(inp)
            if played + removed <= hand:
                out.append((label, (inp[0], p) + tuple(inp[1:])))
        return out

    def _records(self):
        """HX-4's other actions, and HX-13's "no free space" while monsters are placed:
        what the players do with their cards, recorded on the referee's menu."""
        if self.phase == "place":
            return [(_("no space: %s") % monster_name(kind), ("no_space", kind))
                    for kind in ("troll", "ogre", "goblin")
                    if [m for m in self.monsters.values() if m["type"] == kind]]
        if self.phase != "play":
            return []
        p = self.actor
        pl = self.players[p]
        out = []
        if pl["carried"] and pl["at"] != village(p):
            out.append((_("drop treasure"), ("drop",)))
        out += [(_("companion action"), ("action", "companion")),
                (_("companion burst"), ("action", "burst")),
                (_("event action"), ("action", "event")),
                (_("sink from hand"), ("sink", "hand"))]
        if self.market:
            out.append((_("sink from market"), ("sink", "market")))
        return out

    def _space_events(self):
        """HX-14: an event naming a village (any of them) or the lost mine is cancelled:
        what the table says on the referee's menu (an event naming another space is said
        with that space's label, entered as a move's is)."""
        return [(_("event: village"), ("event_on", "village")),
                (_("event: mine"), ("event_on", "mine"))]

    def said(self, inp):
        """A move to a space the menu does not name (a board coordinate entered by hand)
        as the menu would: "to C4"; a purchase or a peace with the money cards paid."""
        if self.cards and len(inp) >= 2 and inp[0] in ACTIONS and _int(inp[1]):
            inp = (inp[0],) + tuple(inp[2:])   # the player is said by the page itself
        if len(inp) == 2 and inp[0] == "move" and isinstance(inp[1], str):
            return _("to %s") % space_name(inp[1])
        if len(inp) == 2 and inp[0] == "buy" and _int(inp[1]):
            return n_("buy, %d card", "buy, %d cards", inp[1]) % inp[1]
        if len(inp) == 3 and inp[0] == "peace" and _int(inp[2]):
            return n_("peace, %d card", "peace, %d cards", inp[2]) % inp[2]
        return None

    def input_for(self, event, seat=0, names=()):
        kind = event[0]
        if kind == "button":
            if self.phase == "fight":
                return ("tapping", event[1])
            return _("Choose on the referee: OK opens the menu")
        if kind != "tap":
            return Game.input_for(self, event, seat, names)
        _kind, key, entry = event
        if self.phase == "place" and entry.get("kind") == "monster":
            return self.placement(entry)
        f = self.fight
        if f is None:
            # The engine says when cards are played.
            return ("card", self.actor if self.actor is not None else 0, key, entry)
        tapping = f.get("tapping")
        if entry.get("kind") == "monster":
            if tapping is None or tapping == f["player"]:
                tapping = (f["player"] + 1) % len(self.players)
            return ("card", tapping, key, entry)
        return ("card", f["player"] if tapping is None else tapping, key, entry)

    def placement(self, entry):
        """HX-13: where the monster of a tapped card goes, named after it ("Troll 2")."""
        kind = str(entry.get("monster"))
        placed = 0
        for inp in self.inputs:
            if inp[0] == "place" and inp[1] == kind:
                placed += 1
        space = "%s %d" % (MONSTER_NAMES.get(kind, kind), placed + 1)
        same = [s for s in sorted(self.monsters) if self.monsters[s]["type"] == kind]
        if not same:
            return ("place", kind, space, "mountain", None)
        return ("place", kind, space, "plain", same[-1])

    def _known_spaces(self):
        """The mine, monster spaces, spaces with lying treasure and other players' spaces."""
        spaces = ["mine"]
        for space in sorted(self.monsters):
            spaces.append(space)
        for space in sorted(self.lying):
            if space not in spaces:
                spaces.append(space)
        for pl in self.players:
            if pl["at"] not in spaces and not pl["at"].startswith("village"):
                spaces.append(pl["at"])
        return spaces

    def view(self):
        """The view model: plain values for the screens (host/games/hexo/presenter.py reads nothing
        else). ``cards_kept``: whether the referee keeps the cards (each player's ``hand``,
        ``deck``, ``discard`` then count them). ``fight``: the fight being judged, both sides' strength printed the way
        players check it (``mine``, ``theirs``) and as ``values``, whose cards are tapped
        now (``tapping``), the monster's type in a monster fight; ``scores``: each player's
        final score printed, once the game is over."""
        fight = None
        if self.fight is not None:
            f = self.fight
            mine, theirs = self.strengths()
            fight = {"kind": f["kind"], "player": f["player"], "opponent": f.get("opponent"),
                     "space": f["space"], "tapping": f.get("tapping"),
                     "monster": self.monsters[f["space"]]["type"] if f["kind"] != "pvp"
                     else None,
                     "mine": str(mine), "theirs": str(theirs),
                     "values": [mine.value, theirs.value]}
        return {
            "phase": self.phase, "turn": self.turn, "first": self.first,
            "actor": self.actor, "pile": self.pile, "market": self.market,
            "revealed": self.revealed, "to_place": list(self.to_place),
            "players": [{"name": seat(pl["name"]), "at": pl["at"], "carried": pl["carried"],
                         "reserve": pl["reserve"], "skulls": pl["skulls"],
                         "killed": dict(pl["killed"]), "score": score(pl).value,
                         "hand": pl["hand"], "deck": pl["deck"], "discard": pl["discard"]}
                        for pl in self.players],
            "cards_kept": self.cards,
            "monsters": dict((k, dict(v)) for k, v in self.monsters.items()),
            "lying": dict(self.lying), "fight": fight, "winners": self.winners,
            "scores": [str(t) for t in self.scores] if self.scores else None,
        }

    # --- applying ---------------------------------------------------------------------
    def _apply(self, inp):
        handler = getattr(self, "_in_" + inp[0], None)
        if handler is None:
            return Refusal("INPUT", "unknown input %r" % (inp[0],), "see legal_inputs()")
        if self.phase == "over":
            return Refusal("HX-6", _("the game is over"), _("start a new game"))
        if self.cards and inp[0] in ACTIONS and self.phase == "play":
            return self._played(handler, inp)
        return handler(inp)

    # --- the cards (HX-2..HX-5), when the referee keeps them ---------------------------
    def cost(self, inp):
        """Cards an action ``inp`` (without its player) plays from the hand: (to the
        discard, out of the game), HX-15."""
        kind = inp[0]
        if kind == "pass":
            return 0, 0
        if kind == "buy":
            # The money cards paid (the rulebook prints no card's value: the table counts
            # the money, the referee the cards).
            return (inp[1] if len(inp) == 2 and _int(inp[1]) else 0), 0
        if kind == "move":
            return (2 if self.players[self.actor]["carried"] == 2 else 1), 0
        if kind == "sink" and len(inp) == 2 and inp[1] == "hand":
            return 1, 1   # the Goblin is played; the sunk card leaves the game
        if kind == "action" and len(inp) == 2 and inp[1] == "burst":
            return 0, 1   # "en écartant celle-ci": the Companion leaves the game
        return 1, 0

    def _played(self, handler, inp):
        """HX-4 / HX-15 with the cards kept: the action names its player, who must be the one whose
        action it is, and who must hold the cards it plays; once it is taken the cards go
        to the discard (or out of the game), a bought card to the discard."""
        p = self.actor
        if len(inp) < 2 or inp[1] != p:
            return Refusal("HX-4", _("it is %s's action") % self.name(p),
                           _("%s chooses an action or passes") % self.name(p))
        action = (inp[0],) + tuple(inp[2:])
        if action[0] == "buy" and (len(action) != 2 or not _int(action[1]) or action[1] < 1):
            return Refusal("HX-15", _("a card is bought with money cards"),
                           _("say how many money cards pay for it"))
        played, removed = self.cost(action)
        pl = self.players[p]
        if played + removed > pl["hand"]:
            return Refusal("HX-15", n_("%(player)s has %(n)d card in hand",
                                      "%(player)s has %(n)d cards in hand", pl["hand"])
                           % {"player": self.name(p), "n": pl["hand"]},
                           _("pass") if pl["hand"] == 0 else _("choose an action the hand pays"))
        result = handler(action)
        if result.accepted:
            # Only a pass (no card) can end the turn and discard the hands: paid after.
            pl["hand"] -= played + removed
            pl["discard"] += played + (1 if action[0] == "buy" else 0)
        return result

    def _in_start(self, inp):
        if self.phase != "setup":
            return Refusal("HX-2", _("the game has started"))
        n = len(self.players)
        if n < decisions.MIN_PLAYERS or n > decisions.MAX_PLAYERS:
            return Refusal("HX-2", _("Hexo is for %d to %d players") % (
                decisions.MIN_PLAYERS, decisions.MAX_PLAYERS))
        if len(inp) not in (2, 3) or not _int(inp[1]) or not 0 <= inp[1] < n:
            return Refusal("HX-2", _("choose the First Player"), _("a player 0..%d") % (n - 1))
        if len(inp) == 3 and inp[2] != "cards":
            return Refusal("INPUT", "start takes the First Player, then \"cards\"")
        self.first = inp[1]
        self.cards = len(inp) == 3
        if self.cards:
            for pl in self.players:
                pl["discard"] = STARTING_DECK   # "qui constitueront sa défausse personnelle"
        out = Outcome()
        out.add("setup", {"pile": self.pile, "first": self.first,
                          "deck": "5 Bronze, 1 Goblin, 1 Companion", "cards": self.cards})
        self._start_turn(out)
        return out

    def _start_turn(self, out):
        """HX-3 / HX-6: refill the market to 5, or end the game if the pile cannot."""
        need = MARKET_SIZE - self.market
        if self.pile < need:
            out.add("pile_short", {"pile": self.pile, "need": need, "rule": "HX-6"})
            return self._end_game(out)
        self.pile -= need
        self.market = MARKET_SIZE
        self.revealed = need
        self.turn += 1
        self.phase = "events" if need > 0 else "play"
        for pl in self.players:
            pl["done"] = False
            pl["began_at"] = pl["at"]    # HX-4: who may attack a player here this turn
        self.acted = []
        self.passed = []
        self.actor = self.first
        out.add("turn", {"turn": self.turn, "first": self.first})
        out.add("market", {"revealed": need, "pile": self.pile})
        if self.cards:
            # HX-3 / HX-15: each shuffles the discard under their own pile and draws 5.
            for pl in self.players:
                pl["deck"] += pl["discard"]
                pl["discard"] = 0
                pl["hand"] = min(HAND, pl["deck"])
                pl["deck"] -= pl["hand"]
            out.add("draw", {"hands": [pl["hand"] for pl in self.players], "rule": "HX-3"})
        return out

    def _in_event_on(self, inp):
        """HX-14: "Aucun évènement s'appliquant à une case spécifique ne pourra avoir lieu
        sur ces cases. Si le cas survient alors l'évènement est automatiquement annulé":
        an event (from the market or a hand) names ``space``; on a village or the lost mine
        it is cancelled. It is no action of its own: the player whose action it is acts
        next as before (an event from a hand was its ``("action", "event")``)."""
        if self.phase != "play":
            return Refusal("HX-14", _("events are executed during the turn"))
        if len(inp) != 2 or not isinstance(inp[1], str) or not inp[1]:
            return Refusal("INPUT", "event_on needs the space label")
        out = Outcome()
        out.add("space_event", {"space": inp[1], "cancelled": is_special(inp[1]),
                                "rule": "HX-14"})
        return out

    def _in_events(self, inp):
        if self.phase != "events":
            return Refusal("HX-3", _("events are counted when the market is refilled"))
        if len(inp) != 2 or not _int(inp[1]) or not 0 <= inp[1] <= self.revealed:
            return Refusal("HX-3", _("between 0 and %d new cards are events") % self.revealed)
        n = len(self.players)
        order = [(self.first + i) % n for i in range(inp[1])]
        self.phase = "play"
        out = Outcome()
        out.add("execute_events", {"players": order, "rule": "HX-3"})
        return out

    # --- actions ----------------------------------------------------------------------
    def _action_check(self):
        if self.phase != "play":
            return Refusal("HX-4", _("not now: %s") % self.legal_inputs().prompt)
        return None

    def _done_action(self, out):
        """HX-4 / HX-5: the next player in the round, a new round, or the end of turn."""
        p = self.actor
        self.acted.append(p)
        n = len(self.players)
        # Walk the remaining players of this round, clockwise from the First Player.
        nxt = None
        for i in range(n):
            q = (self.first + i) % n
            if q in self.acted or self.players[q]["done"]:
                continue
            nxt = q
            break
        if nxt is not None:
            self.actor = nxt
            return out
        # Round over: HX-5, the turn ends when every player passed in this round.
        everyone_passed = True
        for q in range(n):
            if not self.players[q]["done"] and q not in self.passed:
                everyone_passed = False
        self.acted = []
        self.passed = []
        if everyone_passed:
            return self._end_turn(out)
        for i in range(n):
            q = (self.first + i) % n
            if not self.players[q]["done"]:
                self.actor = q
                break
        out.add("round", {"first": self.actor})
        return out

    def _simple(self, kind, data=None):
        out = Outcome()
        d = {"player": self.actor}
        if data:
            d.update(data)
        out.add(kind, d)
        return self._done_action(out)

    def _in_pass(self, inp):
        bad = self._action_check()
        if bad:
            return bad
        self.passed.append(self.actor)
        return self._simple("pass")

    def _in_buy(self, inp):
        bad = self._action_check()
        if bad:
            return bad
        if self.market == 0:
            return Refusal("HX-4", _("the market is empty"))
        self.market -= 1
        return self._simple("buy", {"market": self.market})

    def _in_sink(self, inp):
        bad = self._action_check()
        if bad:
            return bad
        if len(inp) != 2 or inp[1] not in ("hand", "market"):
            return Refusal("HX-4", _("sink a card from the hand or the market"))
        if inp[1] == "market":
            if self.market == 0:
                return Refusal("HX-4", _("the market is empty"))
            self.market -= 1
        return self._simple("sink", {"from": inp[1], "market": self.market})

    def _in_action(self, inp):
        bad = self._action_check()
        if bad:
            return bad
        if len(inp) != 2 or inp[1] not in ("companion", "burst", "event"):
            return Refusal("HX-4", _("the action of a companion, its burst or an event"))
        return self._simple("action", {"what": inp[1]})

    def _in_move(self, inp):
        bad = self._action_check()
        if bad:
            return bad
        if len(inp) != 2 or not isinstance(inp[1], str) or not inp[1]:
            return Refusal("HX-4", _("move needs the space label"))
        p = self.actor
        pl = self.players[p]
        dest = village(p) if inp[1] == "village" else inp[1]
        if dest == pl["at"]:
            return Refusal("HX-4", _("%s is already there") % seat(pl["name"]),
                           _("move to a neighbouring space"))
        cards = 2 if pl["carried"] == 2 else 1
        if pl["at"] in self.monsters:
            # HX-11: leaving a monster's space: it attacks (or the player buys peace).
            self.fight = {"kind": "monster_attacks", "player": p, "space": pl["at"],
                          "dest": dest, "support": {}, "reinforce": 0, "keys": []}
            self.phase = "fight"
            out = Outcome()
            out.add("monster_attacks", {"player": p, "space": pl["at"], "cards": cards,
                                        "rule": "HX-11"})
            return out
        pl["at"] = dest
        return self._simple("move", {"to": dest, "cards": cards})

    def _can_take(self, p):
        pl = self.players[p]
        here = pl["at"]
        if pl["carried"] >= 2:
            return Refusal("HX-4", _("a player carries at most 2 treasures"))
        if here == "mine":
            if pl["carried"] > 0:
                return Refusal("HX-14", _("on the mine only a player without treasure "
                                        "takes one"))
            return None
        if self.lying.get(here, 0) > 0:
            return None
        return Refusal("HX-14", _("no treasure here"), _("treasures come from the lost mine"))

    def _in_take(self, inp):
        bad = self._action_check() or self._can_take(self.actor)
        if bad:
            return bad
        pl = self.players[self.actor]
        here = pl["at"]
        if here != "mine":
            self.lying[here] -= 1
            if self.lying[here] == 0:
                del self.lying[here]
        pl["carried"] += 1
        return self._simple("take", {"carried": pl["carried"], "at": here})

    def _in_drop(self, inp):
        bad = self._action_check()
        if bad:
            return bad
        pl = self.players[self.actor]
        if pl["carried"] == 0:
            return Refusal("HX-4", _("%s carries no treasure") % seat(pl["name"]))
        if pl["at"] == village(self.actor):
            return Refusal("HX-14", _("at your own village a treasure is deposited"),
                           _("deposit it instead"))
        pl["carried"] -= 1
        self.lying[pl["at"]] = self.lying.get(pl["at"], 0) + 1
        return self._simple("drop", {"at": pl["at"], "carried": pl["carried"]})

    def _in_deposit(self, inp):
        bad = self._action_check()
        if bad:
            return bad
        pl = self.players[self.actor]
        if pl["at"] != village(self.actor):
            return Refusal("HX-14", _("treasures are deposited at your own village"))
        if pl["carried"] == 0:
            return Refusal("HX-14", _("%s carries no treasure") % seat(pl["name"]))
        pl["carried"] -= 1
        pl["reserve"] += 1
        return self._simple("deposit", {"reserve": pl["reserve"],
                                        "carried": pl["carried"]})

    # --- monsters on the board (HX-13) ------------------------------------------------
    def _placement_problem(self, inp):
        if len(inp) != 5:
            return Refusal("INPUT", "place needs type, space, terrain, next_to")
        _kind, kind, space, terrain, next_to = inp
        if kind not in MONSTERS:
            return Refusal("HX-13", _("a monster is a troll, ogre or goblin"))
        if not isinstance(space, str) or not space:
            return Refusal("HX-13", _("name the space"))
        if terrain not in TERRAINS:
            return Refusal("HX-13", _("terrain is mountain, plain, village or mine"))
        if terrain in ("village", "mine") or is_special(space):
            return Refusal("HX-13", _("never a monster on a village or the lost mine"))
        if space in self.monsters:
            return Refusal("HX-13", _("never two monsters on a space"),
                           _("%(space)s already holds a %(monster)s")
                           % {"space": space_name(space),
                              "monster": monster_name(self.monsters[space]["type"])})
        same = [s for s in self.monsters if self.monsters[s]["type"] == kind]
        if not same:
            if terrain != "mountain":
                return Refusal("HX-13", _("the first %s goes on a free mountain space") %
                               monster_name(kind))
            return None
        if terrain == "mountain":
            for s in same:
                if self.monsters[s]["terrain"] == "mountain":
                    return Refusal("HX-13", _("only one mountain space per monster kind: %s")
                                   % monster_name(kind), _("place it next to a %s") %
                                   monster_name(kind))
        if next_to not in same:
            return Refusal("HX-13", _("a later %(monster)s goes next to another one")
                           % {"monster": monster_name(kind)},
                           _("name the space of the %s it touches") % monster_name(kind))
        return None

    def _placer_check(self):
        if self.phase == "place":
            return None
        return self._action_check()

    def _in_place(self, inp):
        bad = self._placer_check() or self._placement_problem(inp)
        if bad:
            return bad
        _kind, kind, space, terrain, _rest = inp
        self.monsters[space] = {"type": kind, "skulls": 0, "terrain": terrain}
        out = Outcome()
        out.add("monster", {"type": kind, "space": space, "rule": "HX-13"})
        return self._after_placement(out)

    def _in_no_space(self, inp):
        bad = self._placer_check()
        if bad:
            return bad
        if len(inp) != 2 or inp[1] not in MONSTERS:
            return Refusal("HX-13", _("a monster is a troll, ogre or goblin"))
        kind = inp[1]
        if not [s for s in self.monsters if self.monsters[s]["type"] == kind]:
            return Refusal("HX-13", _("the first %s goes on a free mountain space") %
                           monster_name(kind))
        out = Outcome()
        out.add("monster_removed", {"type": kind, "rule": "HX-13"})
        return self._after_placement(out)

    def _after_placement(self, out):
        if self.phase == "place":
            self.to_place = self.to_place[1:]
            if not self.to_place:
                return self._next_turn(out)
            return out
        return self._done_action(out)

    # --- fights -----------------------------------------------------------------------
    def _in_attack(self, inp):
        bad = self._action_check()
        if bad:
            return bad
        if len(inp) != 2:
            return Refusal("INPUT", "attack needs a player or 'monster'")
        p = self.actor
        here = self.players[p]["at"]
        target = inp[1]
        if is_special(here):
            return Refusal("HX-14", _("no fights on villages or the lost mine"))
        if target == "monster":
            if here not in self.monsters:
                return Refusal("HX-10", _("no monster on %s") % space_name(here))
            self.fight = {"kind": "attack_monster", "player": p, "space": here,
                          "support": {}, "reinforce": 0, "keys": []}
            rule = "HX-10"
        else:
            if not _int(target) or not 0 <= target < len(self.players) or target == p:
                return Refusal("HX-9", _("attack another player"))
            if self.players[target]["at"] != here:
                return Refusal("HX-4", _("%s is not on your space") % self.name(target))
            if self.players[p]["began_at"] != here:
                return Refusal("HX-4", _("%s came to %s this turn") % (self.name(p),
                                                                      space_name(here)),
                               _("attack a player from the space where your turn began"))
            self.fight = {"kind": "pvp", "player": p, "opponent": target, "space": here,
                          "support": {}, "reinforce": 0, "keys": []}
            rule = "HX-9"
        self.phase = "fight"
        out = Outcome()
        out.add("fight", {"player": p, "target": target, "space": here, "rule": rule})
        return out

    def _in_card(self, inp):
        if len(inp) != 4:
            return Refusal("INPUT", "card needs player, key, entry")
        _kind, p, key, entry = inp
        if self.phase != "fight":
            return Refusal("HX-7", _("support cards are played during a fight"))
        if not _int(p) or not 0 <= p < len(self.players):
            return Refusal("HX-7", _("no player %r") % (p,))
        f = self.fight
        if key in f["keys"]:
            return Refusal("HX-7", _("this card is already played in this fight"))
        if not isinstance(entry, dict):
            return Refusal("INPUT", "not a card entry")
        fighters = [f["player"]] + ([f["opponent"]] if f["kind"] == "pvp" else [])
        kind = entry.get("kind")
        if self.cards and self.players[p]["hand"] == 0:
            return Refusal("HX-7", _("%s has no card in hand") % self.name(p))
        out = Outcome()
        if kind == "companion":
            if p not in fighters:
                return Refusal("HX-7", _("only the two fighters play Companions"))
            strength = entry.get("strength")
            if not _int(strength):
                return Refusal("HX-7", _("%s: strength unknown") % entry.get("name", "card"),
                               _("correct the card in the catalogue"))
            f["support"][p] = f["support"].get(p, []) + [
                (strength, words.name(entry) or "companion")]
            out.add("support", {"player": p, "strength": strength})
        elif kind == "monster":
            if f["kind"] == "pvp":
                return Refusal("HX-8", _("reinforcements help a monster, not a player"))
            if p == f["player"]:
                return Refusal("HX-8", _("reinforcements come from the other players"))
            if entry.get("monster") != self.monsters[f["space"]]["type"]:
                return Refusal("HX-8", _("a reinforcement is a card of the same monster type"))
            f["reinforce"] += 1
            out.add("reinforcement", {"player": p, "type": entry.get("monster")})
        else:
            return Refusal("HX-7", _("only Companions and monster cards join a fight"))
        f["keys"].append(key)
        if self.cards:   # HX-7, HX-8: "celles-ci étant immédiatement défaussées"
            self.players[p]["hand"] -= 1
            self.players[p]["discard"] += 1
        return out

    def _in_tapping(self, inp):
        if self.phase != "fight":
            return Refusal("HX-7", _("cards are tapped for a fight"), _("start a fight first"))
        if len(inp) != 2 or not _int(inp[1]) or not 0 <= inp[1] < len(self.players):
            return Refusal("HX-7", _("no player %r") % (inp[1:],))
        self.fight["tapping"] = inp[1]
        out = Outcome()
        out.add("tapping", {"player": inp[1]})
        return out

    def _lose_to_village(self, p, out):
        """The weaker player goes home and leaves any treasure on the space (HX-9..HX-11)."""
        pl = self.players[p]
        here = pl["at"]
        if pl["carried"]:
            self.lying[here] = self.lying.get(here, 0) + pl["carried"]
            out.add("treasure_left", {"player": p, "space": here, "count": pl["carried"]})
        pl["carried"] = 0
        pl["at"] = village(p)

    def _take_monster(self, p, space, out):
        m = self.monsters.pop(space)
        pl = self.players[p]
        pl["killed"][m["type"]] += 1
        pl["skulls"] += m["skulls"]
        out.add("monster_killed", {"player": p, "type": m["type"], "skulls": m["skulls"]})

    def _in_fight(self, inp):
        if self.phase != "fight":
            return Refusal("HX-9", _("no fight is waiting"))
        f = self.fight
        mine, theirs = self.strengths()
        p = f["player"]
        out = Outcome()
        data = {"kind": f["kind"], "player": p, "mine": str(mine), "theirs": str(theirs),
                "values": [mine.value, theirs.value]}
        if f["kind"] == "pvp":
            q = f["opponent"]
            data["rule"] = "HX-9"
            if mine.value == theirs.value and decisions.PLAYER_TIE_FAILS:
                data["winner"] = None
                out.add("fight_result", data)
            else:
                win, lose = (p, q) if mine.value > theirs.value else (q, p)
                data["winner"] = win
                data["loser"] = lose
                out.add("fight_result", data)
                self.players[win]["skulls"] += 1
                self._lose_to_village(lose, out)
        else:
            space = f["space"]
            if decisions.STRICTLY_STRONGER_THAN_MONSTER:
                won = mine.value > theirs.value
            else:
                won = mine.value >= theirs.value
            data["rule"] = "HX-10" if f["kind"] == "attack_monster" else "HX-11"
            data["winner"] = p if won else "monster"
            out.add("fight_result", data)
            if won:
                self._take_monster(p, space, out)
                if f["kind"] == "monster_attacks":
                    self.players[p]["at"] = f["dest"]
                elif decisions.MONSTER_WIN_ENDS_TURN:
                    self.players[p]["done"] = True
            else:
                self._lose_to_village(p, out)
                self.monsters[space]["skulls"] += 1
        self.fight = None
        self.phase = "play"
        return self._done_action(out)

    def _in_peace(self, inp):
        if self.phase != "fight" or self.fight["kind"] != "monster_attacks":
            return Refusal("HX-12", _("peace is bought when leaving a monster's space"))
        if len(inp) != (3 if self.cards else 2) or not _int(inp[1]) or inp[1] < 0:
            return Refusal("HX-12", _("peace needs the money paid"))
        f = self.fight
        price = self._monster_total()
        p = f["player"]
        cards = inp[2] if self.cards else 0
        if self.cards and (not _int(cards) or cards < 1):
            return Refusal("HX-12", _("peace is paid with money cards"))
        if cards > self.players[p]["hand"]:
            return Refusal("HX-12", n_("%(player)s has %(n)d card in hand",
                                       "%(player)s has %(n)d cards in hand",
                                       self.players[p]["hand"])
                           % {"player": self.name(p), "n": self.players[p]["hand"]},
                           _("fight instead"))
        out = Outcome()
        paid = inp[1] >= price.value
        if not paid and not decisions.FAILED_PEACE_USES_ACTION:
            return Refusal("HX-12", _("%d is not enough: peace costs %d") % (inp[1], price.value))
        out.add("peace", {"player": p, "price": str(price), "paid": paid,
                          "rule": "HX-12"})
        if paid:
            self.players[p]["at"] = f["dest"]
            # "L'argent dépensé est immédiatement défaussé."
            self.players[p]["hand"] -= cards
            self.players[p]["discard"] += cards
        self.fight = None
        self.phase = "play"
        return self._done_action(out)

    # --- end of turn and game ---------------------------------------------------------
    def _end_turn(self, out):
        out.add("turn_end", {"turn": self.turn, "rule": "HX-5"})
        if self.cards:
            # HX-5: "Les cartes en main qui n'ont pas été jouées sont immédiatement défaussées."
            left = [pl["hand"] for pl in self.players]
            for pl in self.players:
                pl["discard"] += pl["hand"]
                pl["hand"] = 0
            out.add("hands_discarded", {"cards": left, "rule": "HX-5"})
        self.actor = None
        self.phase = "monsters_left"
        return out

    def _in_monsters_left(self, inp):
        if self.phase != "monsters_left":
            return Refusal("HX-5", _("monster cards are counted at the end of the turn"))
        if len(inp) != 2 or not _int(inp[1]) or not 0 <= inp[1] <= self.market:
            return Refusal("HX-5", _("between 0 and %d market cards are monsters") %
                           self.market)
        n = len(self.players)
        self.market -= inp[1]
        self.to_place = [(self.first + i) % n for i in range(inp[1])]
        out = Outcome()
        out.add("market_monsters", {"count": inp[1], "placers": list(self.to_place)})
        if self.to_place:
            self.phase = "place"
            return out
        return self._next_turn(out)

    def _next_turn(self, out):
        self.first = (self.first + 1) % len(self.players)
        out.add("first_player", {"player": self.first, "rule": "HX-5"})
        return self._start_turn(out)

    def _end_game(self, out):
        self.phase = "over"
        self.actor = None
        self.scores = [score(pl) for pl in self.players]
        best = max(t.value for t in self.scores)
        n = len(self.players)
        order = [(self.first + i) % n for i in range(n)]
        tied = [p for p in order if self.scores[p].value == best]
        self.winners = sorted(tied) if decisions.SHARED_WIN_ON_TIE else tied[:1]
        self.next_first = tied[0]
        out.add("scores", {"scores": [str(t) for t in self.scores], "rule": "HX-1"})
        out.add("winner", {"players": self.winners, "next_first": self.next_first,
                           "rule": "HX-6"})
        return out
