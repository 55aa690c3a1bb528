"""The game on the pocket board: which one is played, its session and its journal on flash.

``/game.json`` says which game (``{"variant": "jl-collector", "players": 2}``) and
``/game.jnl`` holds its journal (firmware/pocket/journal.py: an append-only file, each
record with its length and CRC). The session is the Pi's own (shared_rules/session.py);
at boot it is rebuilt by folding the journal, so a power cut loses nothing acknowledged:
an input is on flash before its screen is drawn.
"""
import json

from firmware.pocket.journal import Journal, OsFiles
from shared_rules.session import Entry, Session

GAME = "game.json"
JOURNAL = "game.jnl"


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
    raise ValueError("the pocket does not referee %s" % variant)


class FileEntries:
    """The session's journal (``entries``, ``append``) kept in the append-only file. The
    entries are read from flash when the session asks for them (its restore, and its refold
    after a write that failed), not kept in the heap: the game holds what it needs."""

    def __init__(self, journal):
        self.file = journal
        self.count = 0  # entries on flash, counted by each read (the session's restore)

    @property
    def entries(self):
        values = self.file.read()
        self.count = len(values)
        return [Entry(v[0], tuple(v[1]), v[2], v[3], v[4]) for v in values]

    def append(self, entry):
        self.file.append([entry.target, list(entry.input), entry.accepted, entry.boot,
                          entry.seq])
        self.count += 1


class Game:
    """One game: its variant, its session, its journal."""

    def __init__(self, root, variant, players, book):
        self.variant = variant
        self.players = players
        self.journal = Journal(root + "/" + JOURNAL)
        self.session = Session(new_game(variant, players), book, FileEntries(self.journal),
                               seats(players))


def saved(root, book):
    """The game the flash holds (restored by folding its journal), or None."""
    try:
        with open(root + "/" + GAME) as f:
            said = json.load(f)
    except (OSError, ValueError):
        return None
    return Game(root, said["variant"], said["players"], book)


def start(root, variant, players, book):
    """A new game: the last one's journal goes, then the new game is named (a copy renamed
    over the old name, so a power cut leaves one game or the other, never half of one)."""
    fs = OsFiles()
    part = root + "/" + GAME + ".new"
    with open(part, "w") as f:
        json.dump({"variant": variant, "players": players}, f)
    fs.remove(root + "/" + JOURNAL)
    fs.rename(part, root + "/" + GAME)
    return Game(root, variant, players, book)
