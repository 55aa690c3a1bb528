"""The game on the pocket board: which one is played, its session and its journal on flash.

``/game.json`` says which game (``{"variant": "jl-collector", "players": 2, "package":
"hexors"}``: the game package is found through the registry, shared_rules/games/, and only
it is imported) and
its journal is in flash erased when the game started (firmware/pocket/space.py: each
record with its length and CRC, an append a page program; ``/game.j.0``, ``/game.j.1``...
are the files of one block that hold the space), or, where the flash is not the rp2
port's, ``/game.jnl`` (firmware/pocket/journal.py: an append-only file, the same records). The session is the Pi's own (shared_rules/core/session.py);
at boot it is rebuilt by folding the journal, so a power cut loses nothing acknowledged:
an input is on flash before its screen is drawn.
"""
import json

from firmware.clock import ticks_diff
from firmware.pocket.space import OsFiles, Space
from shared_rules.core.session import Entry, Session

GAME = "game.json"
JOURNAL = "game.jnl"  # the journal as a file, where the flash is not the rp2 port's
SPACE = "game.j"  # the journal in erased space on the rp2 port (space.Space): game.j.0...
SPACE_BLOCKS = 1  # erased when a game starts; one more made ahead as each fills


def journal(root):
    """The game's journal: on the rp2 port, in flash erased before it is needed (an append
    a page program); elsewhere (CPython, a filesystem with no raw flash) an append-only
    file."""
    try:
        import rp2
    except ImportError:
        from firmware.pocket.journal import Journal

        return Journal(root + "/" + JOURNAL)
    return Space(root + "/" + SPACE, rp2.Flash())


def remembered(engine):
    """The engine with its ``legal_inputs()`` answered once between two changes of its
    state: the session, the engine's own ``input_for`` and the screens ask it several
    times for one input, and a Hexors battle's costs ~8 ms on the board each time. The
    state changes only through ``apply``, ``undo`` and ``replay`` (shared_rules/core/
    engine.py); while one runs, every call is answered afresh (an engine may ask in the
    middle of its own change)."""
    asked = engine.legal_inputs
    kept = [None, 0]  # the answer, and how many changes are running now

    def legal_inputs():
        if kept[1]:
            return asked()
        if kept[0] is None:
            kept[0] = asked()
        return kept[0]

    def changing(change):
        def changed(*args):
            kept[0] = None
            kept[1] += 1
            try:
                return change(*args)
            finally:
                kept[1] -= 1
                kept[0] = None
        return changed

    engine.legal_inputs = legal_inputs
    engine.apply = changing(engine.apply)
    engine.undo = changing(engine.undo)
    engine.replay = changing(engine.replay)
    return engine


class FileEntries:
    """The session's journal (``entries``, ``append``) kept in the append-only file. The
    entries are read from flash when the session asks for them (its restore, and its refold
    after a write that failed), not kept in the heap: the game holds what it needs."""

    def __init__(self, journal, between=None):
        self.file = journal
        self.count = 0  # entries on flash, counted by each read (the session's restore)
        # Called on each side of a write, True before it and False after: interrupts are
        # off while the flash programs, so a button's interrupt may come late meanwhile
        # (firmware/pocket/presses.py).
        self.between = between

    @property
    def entries(self):
        values = self.file.read()
        self.count = len(values)
        return [Entry(v[0], tuple(v[1]), v[2], v[3], v[4]) for v in values]

    def append(self, entry):
        between = self.between
        if between is not None:
            between(True)
        try:
            self.file.append([entry.target, list(entry.input), entry.accepted, entry.boot,
                              entry.seq])
        finally:
            if between is not None:
                between(False)
        self.count += 1


class Game:
    """One game: its variant, its session, its journal, and its timers on the board's
    clock (``time.ticks_ms``; the Pi's run on its own, by the same rule). What the game is
    comes from its descriptor (shared_rules/core/descriptor.py): its engine, seats, timers,
    dice and screens, as the Pi's referee has them."""

    def __init__(self, root, variant, players, book, between=None, package=None, space=None):
        from shared_rules import games

        self.variant = variant
        self.players = players
        self.package = package
        self.descriptor, self.kind = games.find(variant, package)
        seats = self.descriptor.seats(players)
        descriptor, kind = self.descriptor, self.kind
        self.journal = space if space is not None else journal(root)
        self.session = Session(lambda: remembered(descriptor.engine(kind, seats)), book,
                               FileEntries(self.journal, between), seats)
        self.timers = descriptor.timers(kind)
        self.dice = descriptor.dice(kind)
        self.clocks = None
        if self.timers is not None:  # a game with none does not hold their code (~0.7 KB)
            from shared_rules.core.clocks import Clocks

            self.clocks = Clocks(ticks_diff)
        self.timing = None  # what the timers time, read again after each input

    def screens(self):
        """The game's screens, the Pi's own (its descriptor's)."""
        return self.descriptor.screens(self.kind)

    def reserve(self):
        """Between inputs: journal space erased ahead of the next ones (journal.Space)."""
        if isinstance(self.journal, Space):
            self.journal.reserve()

    def changed(self):
        """An input was taken (or refused): what the timers time is read again."""
        self.timing = None

    def _timing(self):
        if self.timing is None:
            self.timing = self.timers.running(self.session.game.view())
        return self.timing

    def tick(self, now):
        """What time does at ``now`` on the board's clock: the reaction to the input a
        timer makes as it runs out (journalled like any other input), or None."""
        if self.timers is None:
            return None
        inp = self.timers.ran_out(self.clocks, self._timing(), now)
        if inp is None:
            return None
        self.timing = None
        return self.session.on_time(inp)

    def timers_ms(self):
        """What the panel counts down: ms left on each running timer, by kind."""
        if self.timers is None:
            return {}
        return self.timers.left_ms(self.clocks, self._timing())

    def opening(self):
        """What the die is told once this game is open (again after a restore): the Pi's
        hub commands (``("DIEMODE", "virtual")``), for the pocket's own die."""
        return self.dice.opening() if self.dice is not None else []

    def asked(self, reaction):
        """What one reaction asks of the die (``("ROLL", n)``: the roller's press)."""
        if self.dice is None:
            return []
        return self.dice.asked(self.session.legal(), reaction)


def saved(root, book, between=None):
    """The game the flash holds (restored by folding its journal), or None."""
    try:
        with open(root + "/" + GAME) as f:
            said = json.load(f)
    except (OSError, ValueError):
        return None
    return Game(root, said["variant"], said["players"], book, between, said.get("package"))


def start(root, variant, players, book, between=None, package=None):
    """A new game: the last one's journal goes, then the new game is named (a copy renamed
    over the old name, so a power cut leaves one game or the other, never half of one)."""
    fs = OsFiles()
    part = root + "/" + GAME + ".new"
    with open(part, "w") as f:
        json.dump({"variant": variant, "players": players, "package": package}, f)
    fs.remove(root + "/" + JOURNAL)
    space = journal(root)
    if isinstance(space, Space):
        space.start(SPACE_BLOCKS)
    fs.rename(part, root + "/" + GAME)
    return Game(root, variant, players, book, between, package, space)
