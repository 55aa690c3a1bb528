"""The game on the pocket board: which one is played, its session and its journal on flash.

``/game.json`` says which game (``{"variant": "jl-collector", "players": 2}``) and
``/game.jnl`` holds its journal (firmware/pocket/journal.py: an append-only file, each
record with its length and CRC). The session is the Pi's own (shared_rules/session.py);
at boot it is rebuilt by folding the journal, so a power cut loses nothing acknowledged:
an input is on flash before its screen is drawn.
"""
import json

from firmware.clock import ticks_diff
from firmware.pocket.journal import Journal, OsFiles
from shared_rules.clocks import Clocks
from shared_rules.session import Entry, Session

GAME = "game.json"
JOURNAL = "game.jnl"


# HeroScape's two ways to roll several dice (HS-6), by variant: the die rolled once per die,
# or all the dice at once by the roller's press (shared_rules/heroscape_dice.py).
DICE = {"heroscape": "physical", "heroscape-virtual": "virtual"}


def seats(players):
    """The players' names on the pocket: P1, P2... (the Pi's default seats)."""
    return tuple(["P%d" % (p + 1) for p in range(players)])


def new_game(variant, players):
    if variant.split("-")[0] in ("jl", "ygo"):
        from shared_rules.hexors import HexorsGame

        return lambda: HexorsGame(variant=variant, players=players)
    if variant == "hexo":
        from shared_rules.hexo import HexoGame

        return lambda: HexoGame(players=seats(players))
    if variant.split("-")[0] == "invocations":
        from shared_rules.invocations import InvocationsGame

        timers = variant != "invocations-untimed"  # the Pi's "No timers" variant (IN-4)
        names = seats_for(variant, players)
        return lambda: InvocationsGame(players=list(names), timers=timers)
    if variant in DICE:
        from shared_rules.heroscape import HeroScapeGame

        return lambda: HeroScapeGame(dice=DICE[variant])
    raise ValueError("the pocket does not referee %s" % variant)


def seats_for(variant, players):
    """The seats' own names, as the Pi's descriptors give them: Invocations' boards'
    colours (IN-1, in the code's English, said in the table's language where shown:
    shared_rules.words.seat), else P1, P2..."""
    if variant.split("-")[0] == "invocations":
        from shared_rules.invocations_presenter import board_colours

        return board_colours(players)
    return seats(players)


def timers_for(variant):
    """The game's timers (a module with ``running``, ``ran_out`` and ``left_ms``: the rule
    the Pi's hooks run too), or None for a game without any."""
    if variant.split("-")[0] == "invocations":
        from shared_rules import invocations_timers

        return invocations_timers
    return None


class FileEntries:
    """The session's journal (``entries``, ``append``) kept in the append-only file. The
    entries are read from flash when the session asks for them (its restore, and its refold
    after a write that failed), not kept in the heap: the game holds what it needs."""

    def __init__(self, journal, between=None):
        self.file = journal
        self.count = 0  # entries on flash, counted by each read (the session's restore)
        # Called on each side of a write: the flash is busy 50-150 ms (a sector erased),
        # and the pocket tends its reader and die there.
        self.between = between

    @property
    def entries(self):
        values = self.file.read()
        self.count = len(values)
        return [Entry(v[0], tuple(v[1]), v[2], v[3], v[4]) for v in values]

    def append(self, entry):
        between = self.between
        if between is not None:
            between()
        self.file.append([entry.target, list(entry.input), entry.accepted, entry.boot,
                          entry.seq])
        self.count += 1
        if between is not None:
            between()


class Game:
    """One game: its variant, its session, its journal, and its timers on the board's
    clock (``time.ticks_ms``; the Pi's run on its own, by the same rule)."""

    def __init__(self, root, variant, players, book, between=None):
        self.variant = variant
        self.players = players
        self.journal = Journal(root + "/" + JOURNAL)
        self.session = Session(new_game(variant, players), book,
                               FileEntries(self.journal, between),
                               seats_for(variant, players))
        self.timers = timers_for(variant)
        self.clocks = Clocks(ticks_diff)
        self.timing = None  # what the timers time, read again after each input

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
        if self.variant not in DICE:
            return []
        from shared_rules import heroscape_dice

        return heroscape_dice.opening(DICE[self.variant])

    def asked(self, reaction):
        """What one reaction asks of the die (``("ROLL", n)``: the roller's press)."""
        if self.variant not in DICE:
            return []
        from shared_rules import heroscape_dice

        return heroscape_dice.asked(DICE[self.variant], self.session.legal(), reaction)


def saved(root, book, between=None):
    """The game the flash holds (restored by folding its journal), or None."""
    try:
        with open(root + "/" + GAME) as f:
            said = json.load(f)
    except (OSError, ValueError):
        return None
    return Game(root, said["variant"], said["players"], book, between)


def start(root, variant, players, book, between=None):
    """A new game: the last one's journal goes, then the new game is named (a copy renamed
    over the old name, so a power cut leaves one game or the other, never half of one)."""
    fs = OsFiles()
    part = root + "/" + GAME + ".new"
    with open(part, "w") as f:
        json.dump({"variant": variant, "players": players}, f)
    fs.remove(root + "/" + JOURNAL)
    fs.rename(part, root + "/" + GAME)
    return Game(root, variant, players, book, between)
