"""What the panel shows during a HeroScape game, on the Pi and on the pocket board alike.

The rules engine (shared_rules/games/heroscape/engine.py) decides everything; this names it, reading
only the session's plain view model (``ref``: the Pi's ``Seen``, host/session/adapter.py,
or the pocket's, firmware/pocket/screen.py; ``game`` is ``HeroScapeGame.view()``).
Screens: the army cards tapped at setup, initiative (5 dice each, ties rolled again), whose
turn with the figures left on each side, the card chosen and its attacks left, the target
with the exact odds before the roll (shared_rules/games/heroscape/odds.py), the dice still to
roll, skulls against shields, and the winner.

Two ways to roll several dice (HS-6), chosen when the game starts:

- ``physical``: the electronic die is rolled once per die; the panel counts down
  ("2 more rolls of 3") and the engine keeps the partial roll until it is complete;
- ``virtual``: the roller presses their button and all the dice are rolled at once (on
  the Pi the hub rolls them, ``ROLL n``: host/games/heroscape/hooks.py; the pocket rolls
  them itself: firmware/pocket/main.py).

Player 1's button is A ("good"), player 2's B ("evil"); what a press means is the engine's
``input_for`` (HS-6's height, the roller's press). Written for MicroPython too (no hints,
nothing but the shared screens and words).
"""
from shared_rules.core.engine import Outcome
from shared_rules.core.fraction import Fraction
from shared_rules.core.session import SEAT_BUTTONS
from shared_rules.core.words import _, n_, share
from shared_rules.display import screens
from shared_rules.display.screens import View

DIE_MODES = ("physical", "virtual")


# Each countable word with its plural, whole, for the catalogues' plural rules.
COUNTED = {
    "skull": lambda n: n_("%d skull", "%d skulls", n),
    "shield": lambda n: n_("%d shield", "%d shields", n),
    "card": lambda n: n_("%d card", "%d cards", n),
    "figure": lambda n: n_("%d figure", "%d figures", n),
    "attack die": lambda n: n_("%d attack die", "%d attack dice", n),
    "defense die": lambda n: n_("%d defense die", "%d defense dice", n),
}


def plural(n, word):
    """``plural(1, "skull")`` is '1 skull', ``plural(2, "skull")`` '2 skulls'."""
    return COUNTED[word](n) % n


def skulls_vs_shields(attack):
    """``2 skulls vs 1 shield``: an attack's outcome the way the players count it."""
    return _("%(skulls)s vs %(shields)s") % {"skulls": plural(attack["skulls"], "skull"),
                                             "shields": plural(attack["shields"], "shield")}


def dice_against(attack, defense):
    """``3 attack dice against 1 defense die``: the dice of an attack, each counted."""
    return _("%(attack)s against %(defense)s") % {"attack": plural(attack, "attack die"),
                                                  "defense": plural(defense, "defense die")}


class HeroScapeScreens:
    title = "HeroScape"

    def __init__(self, dice="physical"):
        if dice not in DIE_MODES:
            raise ValueError("dice are physical or virtual, not %r" % (dice,))
        self.dice = dice

    def view(self, ref):
        game = ref.game  # the engine's view model: nothing else of the engine is read
        legal = ref.legal
        last = ref.last
        if legal.expect == "roster":
            return self._setup(ref, game, last)
        outcome = last if isinstance(last, Outcome) else Outcome()
        won = outcome.find("winner")
        if won is not None or game["phase"] == "over":
            return self._winner(ref, game, outcome)
        attack = outcome.find("attack")
        if attack is not None:
            return self._attack_result(ref, game, attack, outcome)
        if game["phase"] == "initiative":
            return self._initiative(ref, game, outcome, legal)
        if game["phase"] == "roll":
            return self._rolling(ref, game, legal)
        if game["phase"] == "height":
            return self._height(ref, game)
        if game["phase"] == "target":
            return self._card(ref, game)
        return self._turn(ref, game, legal, outcome)

    @staticmethod
    def _figures(ref, game):
        return _("figures: %s") % " ".join(["%s %d" % (ref.players[p], game["figures"][p])
                                            for p in (0, 1)])

    @staticmethod
    def _card_named(game, key):
        for c in game["cards"]:
            if c["key"] == key:
                return c
        raise KeyError(key)

    def _setup(self, ref, game, last):
        cards = [0] * len(ref.players)
        for c in game["cards"]:
            cards[c["player"]] += 1
        added = last.find("added") if isinstance(last, Outcome) else None
        button = SEAT_BUTTONS[ref.seat] if ref.seat < len(SEAT_BUTTONS) else "OK"
        lines = ("  ".join([_("%(player)s: %(cards)s") % {"player": ref.players[p],
                                                          "cards": plural(n, "card")}
                            for p, n in enumerate(cards)]),)
        if added:
            lines += (_("%(card)s added (%(figures)s)") % {
                "card": added["name"], "figures": plural(added["figures"], "figure")},)
        return View(header=_("%s setup") % self.title, lines=lines, kind="setup",
                    footer=_("%(player)s: tap army cards, then %(button)s")
                    % {"player": ref.players[ref.seat], "button": button})

    def _initiative(self, ref, game, outcome, legal):
        shown = []
        pending = game["pending"]
        for p in (0, 1):
            rolled = game["initiative"][p]
            if rolled is None and legal.roll_by == p and pending["dice"]:
                shown.append(_("%d so far") % pending["skulls"])
            else:
                shown.append("?" if rolled is None else str(rolled))
        again = outcome.find("reroll")
        if again is not None:
            line = _("Tie %(a)d:%(b)d, both roll again") % {"a": again["skulls"],
                                                             "b": again["skulls"]}
        else:
            line = _("Most skulls: first to play")
        return View(header=self.title, header_right=_("initiative"), big=tuple(shown),
                    lines=(line,), footer=self._roll_prompt(ref, game, legal), kind="battle")

    def _roll_prompt(self, ref, game, legal):
        who = ref.players[legal.roll_by]
        if self.dice == "virtual":
            return _("%(player)s: press %(button)s to roll %(n)d") % {
                "player": who, "button": SEAT_BUTTONS[legal.roll_by], "n": legal.dice}
        if game["pending"]["dice"]:
            return _("%(player)s: roll again, %(n)d to go") % {"player": who, "n": legal.dice}
        # ROLL-2: the roller by the name the table gave (the engine says P1, P2)
        return n_("%(player)s: roll %(n)d die", "%(player)s: roll %(n)d dice", legal.dice) % {
            "player": who, "n": legal.dice}

    def _height(self, ref, game):
        mine = self._card_named(game, game["chosen"])["name"]
        target = self._card_named(game, game["attack"]["target"])["name"]
        me = ref.players[game["turn"]]
        attack, defense = game["odds_dice"]
        return View(header="%s > %s" % (mine, target), header_right=me,
                    big=(share(Fraction(*game["destroy"])),),
                    lines=(_("destroy: dice %(attack)d vs %(defense)d, level")
                           % {"attack": attack, "defense": defense},),
                    footer=_("Who stands higher? A: %(a)s, B: %(b)s, hold: same level")
                    % {"a": ref.players[0], "b": ref.players[1]}, kind="odds")

    def _rolling(self, ref, game, legal):
        att = game["turn"]
        pending = game["pending"]
        skulls = game["attack"]["skulls"]
        if legal.roll_by == att and pending["dice"]:
            left = _("%d so far") % pending["skulls"]
        else:
            left = "?" if skulls is None else str(skulls)
        shields = _("%d so far") % pending["shields"] if legal.roll_by != att and pending["dice"] \
            else "?"
        total = game["attack"]["dice"][legal.roll_by]
        attacking = legal.roll_by == att
        if self.dice == "physical":
            said = (n_("skulls: %(n)d of %(total)d die to roll",
                       "skulls: %(n)d of %(total)d dice to roll", total) if attacking
                    else n_("shields: %(n)d of %(total)d die to roll",
                            "shields: %(n)d of %(total)d dice to roll", total))
            line = said % {"n": legal.dice, "total": total}
        else:
            said = (n_("skulls: %d die at once", "skulls: %d dice at once", total) if attacking
                    else n_("shields: %d die at once", "shields: %d dice at once", total))
            line = said % total
        return View(header="%s %s" % (self.title, ref.players[att]),
                    header_right=share(Fraction(*game["destroy"])), big=(left, shields),
                    lines=(line,), footer=self._roll_prompt(ref, game, legal), kind="battle")

    def _card(self, ref, game):
        c = self._card_named(game, game["chosen"])
        left = n_("%d figure left to attack", "%d figures left to attack",
                  game["attacks_left"]) % game["attacks_left"]
        # The card's own count is the line; both armies' are on the turn's screen.
        return View(header="%s %s" % (self.title, ref.players[game["turn"]]),
                    big=(c["name"],), lines=(left,),
                    footer=_("tap a target, or %s: end turn") % SEAT_BUTTONS[game["turn"]],
                    kind="turn")

    def _turn(self, ref, game, legal, outcome):
        me = ref.players[game["turn"]]
        # The cards to pick from, each with the figures it has left.
        lines = [", ".join(["%s %d" % (c["name"], c["alive"]) for c in game["cards"]
                            if c["player"] == game["turn"] and c["alive"]])]
        first = outcome.find("first")
        if first is not None:
            lines = [_("Initiative: skulls %(a)d:%(b)d") % {"a": first["skulls"][0],
                                                              "b": first["skulls"][1]}]
        return View(header=self.title, header_right=self._figures(ref, game),
                    big=(_("%s's turn") % me,), lines=tuple(lines), footer=legal.prompt,
                    kind="turn")

    def _attack_result(self, ref, game, attack, outcome):
        gone = outcome.find("destroyed")
        if gone is not None:
            line = _("%(card)s destroyed, %(left)d left") % {"card": gone["name"],
                                                             "left": gone["left"]}
        else:
            line = _("Blocked: nothing happens")
        return screens.battle(self.title, (attack["skulls"], attack["shields"]), line,
                              skulls_vs_shields(attack),
                              0 if attack["destroyed"] else 1,
                              self._figures(ref, game))

    def _winner(self, ref, game, outcome):
        who = ref.players[game["winner"]]
        loser = 1 - game["winner"]
        if game["figures"][loser] == 0:
            hint = _("all %s figures destroyed") % ref.players[loser]
        else:
            hint = _("scenario objective reached")
        attack = outcome.find("attack")
        line = skulls_vs_shields(attack) if attack is not None else hint
        return screens.winner(self.title, who, line, hint=hint)
