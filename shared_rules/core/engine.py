"""What every game engine in hexref shares: inputs in, outcomes or refusals out.

A game is a pure state machine. ``game.apply(inp)`` either changes the state and returns an
``Outcome`` (what happened, for the screens) or returns a ``Refusal`` (which rule, what to do
instead) and leaves the state exactly as it was. ``game.undo()`` takes back the last
accepted input by replaying all the others, so undo, crash recovery and a recorded journal
are the same operation: fold the inputs again.

Inputs are tuples ``(kind, arg, ...)`` of plain values (str, int, list, dict), so the host
can store them as JSON and replay them; the engine never reads a clock, a sensor or a random
number generator.

>>> t = Total()
>>> t.add(6, "strike"); t.add(6, "colour"); t.add(1, "pod")
>>> str(t)
'6 strike +6 colour +1 pod = 13'
"""


def seat_name(names, player):
    """A player as the table names them: their name, else P1, P2...

    >>> seat_name(("Red", "Blue"), 1), seat_name((), 0)
    ('Blue', 'P1')
    """
    return names[player] if 0 <= player < len(names) else "P%d" % (player + 1)


class Refusal:
    """An input the rules do not allow now. The state has not changed.

    ``rule`` is the rule ID from RULES.md (``"JL-B4"``), ``message`` what was wrong and
    ``instead`` what the players should do.
    """

    accepted = False

    def __init__(self, rule, message, instead=""):
        self.rule = rule
        self.message = message
        self.instead = instead

    def __repr__(self):
        return "Refusal(%r, %r, %r)" % (self.rule, self.message, self.instead)

    def __str__(self):
        text = "%s (%s)" % (self.message, self.rule)
        return text + (". " + self.instead if self.instead else "")


class Outcome:
    """An accepted input and what it caused.

    ``events`` is a list of ``(kind, data)`` pairs in the order they happened, for example
    ``("battle", {...})``, ``("defeated", {...})``, ``("turn", {"player": 1})``,
    ``("winner", {"players": [0]})``. Screens and transcripts are built from them.
    """

    accepted = True

    def __init__(self, events=None):
        self.events = events if events is not None else []

    def add(self, kind, data=None):
        self.events.append((kind, data if data is not None else {}))

    def find(self, kind):
        """The data of the first event of ``kind``, or None."""
        for k, data in self.events:
            if k == kind:
                return data
        return None

    def __repr__(self):
        return "Outcome(%r)" % (self.events,)


class Legal:
    """What may happen now, for the screens and the buttons (``Game.legal_inputs()``).

    ``actor`` the player expected to act (None: anyone, or nobody), ``expect`` one word
    saying what is awaited ("roster", "roll", "over"...), ``prompt`` the footer text,
    ``tiles`` {tile key: the role it may be tapped for}, ``roll_by`` the player to roll or
    None, ``choices`` [(label, input)] the buttons may offer, ``records`` [(label, input)]
    what the table records by hand besides (an effect's outcome, a card sunk: offered after
    the choices on the referee's menu), ``powers`` [(tile key, cost)] playable now. A game
    may add its own fields as keywords (``dice=3``).
    """

    def __init__(self, actor, expect, prompt, tiles=None, roll_by=None, choices=None,
                 records=None, **extra):
        self.actor = actor
        self.expect = expect
        self.prompt = prompt
        self.tiles = tiles if tiles is not None else {}
        self.roll_by = roll_by
        self.choices = choices if choices is not None else []
        self.records = records if records is not None else []
        self.powers = []
        for name in extra:
            setattr(self, name, extra[name])

    def __repr__(self):
        return "Legal(%r, %r, %r, tiles=%r, choices=%r)" % (
            self.actor, self.expect, self.prompt, self.tiles, self.choices)


class Total:
    """A battle total with its breakdown, printed the way a player says it.

    Parts keep their order. The first part (the die) is always printed; a later part worth
    0 is left out of the printout but stays in ``parts``. A part counted by the piece says
    what it counts (``said``: "2 treasures × 10"), so a number of things is never read as
    their points.

    >>> t = Total(); t.add(20, "treasures", "2 treasures × 10"); t.add(3, "skulls")
    >>> str(t)
    '2 treasures × 10 +3 skulls = 23'
    """

    def __init__(self):
        self.parts = []
        self.said = {}

    def add(self, amount, label, said=None):
        if said is not None:
            self.said[len(self.parts)] = said
        self.parts.append((amount, label))

    @property
    def value(self):
        total = 0
        for amount, _ in self.parts:
            total += amount
        return total

    def __str__(self):
        words = []
        for i, (amount, label) in enumerate(self.parts):
            said = self.said.get(i)
            if said is not None and (amount != 0 or not words):
                words.append(("+" if words else "") + said)
            elif not words:
                words.append("%d %s" % (amount, label))
            elif amount != 0:
                words.append("%s%d %s" % ("+" if amount > 0 else "", amount, label))
        return "%s = %d" % (" ".join(words), self.value)

    def __repr__(self):
        return "Total(%r)" % (self.parts,)

    def __eq__(self, other):
        return isinstance(other, Total) and self.parts == other.parts


class Game:
    """Base for every engine: input bookkeeping, undo by replay, the refusal contract.

    Subclasses implement ``_reset()`` (set up the initial state from ``self.options``),
    ``_apply(inp)`` (check the input; return a ``Refusal`` *before* touching any state,
    or change the state and return an ``Outcome``) and ``legal_inputs()``.
    """

    def __init__(self, **options):
        self.options = options
        self.inputs = []
        self._reset()

    def _reset(self):
        raise NotImplementedError

    def _apply(self, inp):
        raise NotImplementedError

    def legal_inputs(self):
        raise NotImplementedError

    # --- what the table's events mean (python-chess's parse_san: the rules' job) -------

    def input_for(self, event, seat=0, names=()):
        """What a table event means now.

        ``event`` is plain data: ``("tap", key, entry)`` (a tile or card read, its
        catalogue entry), ``("button", player, action)`` (a player's button on the hub,
        "press" or "long") or ``("roll", faces[, player])`` (the die's faces, and the
        player who took the die with their button, ROLL-2; without one, a game that rolls
        names the player its rules expect). ``seat`` is the
        player tapping their roster during setup, ``names`` the players' names for the
        words said. Returns an input tuple, a note to show (a str: nothing to apply), or
        None when the referee's generic meaning applies (a button: "yes, mine")."""
        kind = event[0]
        if kind == "tap":
            if self.legal_inputs().expect == "roster":
                return ("add", seat, event[1], event[2])
            return ("tap", event[1])
        if kind == "roll":
            return ("roll", list(event[1])) + tuple(event[2:])
        return None

    def said(self, inp):
        """An input as the referee's menu would name it ("Blue steals Green") when the
        menu does not offer it now (a history says it so); None: the engine has no
        words for it (a tap, a roll: the history says those itself)."""
        return None

    def apply(self, inp):
        """Apply one input. Returns an ``Outcome`` or a ``Refusal``."""
        if not isinstance(inp, (tuple, list)) or not inp or not isinstance(inp[0], str):
            return Refusal("INPUT", "not an input: %r" % (inp,), "send (kind, args...)")
        inp = tuple(inp)
        result = self._apply(inp)
        if result.accepted:
            self.inputs.append(inp)
        return result

    def undo(self):
        """Take back the last accepted input; returns it, or None when there is none."""
        if not self.inputs:
            return None
        last = self.inputs[-1]
        self.replay(self.inputs[:-1])
        return last

    def replay(self, inputs):
        """Reset and apply ``inputs`` in order; a refused one is a corrupt journal."""
        self.inputs = []
        self._reset()
        for inp in inputs:
            result = self.apply(inp)
            if not result.accepted:
                raise ValueError("journal input %r refused on replay: %s" % (inp, result))
