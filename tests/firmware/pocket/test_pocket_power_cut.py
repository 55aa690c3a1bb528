"""The pocket referee's journal on a real littlefs (the rp2 port's filesystem), with the
power cut at random moments of its writes: whatever the moment, the journal read back at
the next boot holds every entry whose append had returned, in order, and at most the one
being written when the power went (issue 25, item 3).

The flash is littlefs-python's block device with MicroPython's rp2 geometry (4 KB blocks);
a power cut stops every program and erase from the chosen one on, and the one cut may
reach the flash only in part, as a real cut can leave it."""
from __future__ import annotations

import random

from littlefs import LittleFS, LittleFSError
from littlefs.context import UserContext

from firmware.pocket.journal import Journal

BLOCK, BLOCKS = 4096, 48
TRIALS = 150
LFS_ERR_IO = -5
DEAD: list = []  # what was running when the power went: never closed, as on a board


class PowerCut(Exception):
    pass


class Flash(UserContext):
    """A flash chip whose power goes after ``cut_after`` programs and erases."""

    def __init__(self, image: bytearray, cut_after: int | None, rng: random.Random) -> None:
        super().__init__(buffer=image)
        self.cut_after = cut_after
        self.ops = 0
        self.rng = rng
        self.dead = False

    def _tick(self) -> bool:
        self.ops += 1
        if self.cut_after is not None and self.ops >= self.cut_after:
            self.dead = True
        return self.dead

    # A dead flash answers every program and erase with littlefs's I/O error (LFS_ERR_IO):
    # the writer stops there, as the board's code would have stopped with its power.
    def prog(self, cfg, block, off, data):
        if self.dead:
            return LFS_ERR_IO
        if self._tick():
            part = self.rng.randrange(len(data) + 1)  # the cut program lands in part
            super().prog(cfg, block, off, bytes(data[:part]))
            return LFS_ERR_IO
        return super().prog(cfg, block, off, data)

    def erase(self, cfg, block):
        if self.dead or self._tick():
            return LFS_ERR_IO
        return super().erase(cfg, block)


class Files:
    """The journal's filesystem seam over littlefs-python, its errors as the board's."""

    def __init__(self, fs: LittleFS) -> None:
        self.fs = fs

    def open(self, path, mode):
        try:
            if mode.startswith("a"):  # littlefs-python's append does not create, the board's does
                try:
                    self.fs.stat(path)
                except (LittleFSError, FileNotFoundError):
                    self.fs.open(path, "wb").close()
            # Unbuffered: flush() is littlefs's file sync, as on the board (MicroPython's
            # littlefs files sync on flush).
            return self.fs.open(path, mode, buffering=0)
        except LittleFSError as exc:
            raise OSError(str(exc)) from exc

    def rename(self, old, new):
        try:
            self.fs.rename(old, new)
        except LittleFSError as exc:
            raise OSError(str(exc)) from exc

    def remove(self, path):
        try:
            self.fs.remove(path)
        except LittleFSError:
            pass


def game(n: int = 40) -> list:
    rng = random.Random(n)
    return [["game", ["roll", i % 2, rng.randint(1, 6)], True] for i in range(n)]


def mount(image: bytearray, cut_after: int | None = None, rng=None) -> tuple[LittleFS, Flash]:
    flash = Flash(image, cut_after, rng or random.Random(0))
    return LittleFS(flash, block_size=BLOCK, block_count=BLOCKS, mount=True), flash


def blank() -> bytearray:
    fs = LittleFS(block_size=BLOCK, block_count=BLOCKS)  # formats a fresh image
    return bytearray(fs.context.buffer)


def play(image: bytearray, entries: list, cut_after: int | None, rng) -> tuple[list, int]:
    """Append ``entries`` until the power goes: (the acknowledged ones, flash operations)."""
    fs, flash = mount(image, cut_after, rng)
    journal = Journal("/game.jnl", Files(fs))
    acked = journal.read()
    try:
        for e in entries:
            journal.append(e)
            acked.append(e)
        journal.close()
    except (PowerCut, OSError, LittleFSError):
        DEAD.append((fs, journal))  # the power went: nothing runs after it, no close either
    return acked, flash.ops


def test_the_journal_survives_a_power_cut_at_any_moment_of_a_game():
    entries = game()
    _acked, ops = play(blank(), entries, None, random.Random(0))
    rng = random.Random(25)
    for trial in range(TRIALS):
        cut = rng.randrange(1, ops + 1)
        image = blank()
        acked, _ = play(image, entries, cut, rng)
        fs, _flash = mount(image)
        restored = Journal("/game.jnl", Files(fs)).read()
        assert restored[:len(acked)] == acked, (trial, cut)
        assert len(restored) <= len(acked) + 1, (trial, cut)
        assert restored == entries[:len(restored)], (trial, cut)


def test_a_game_goes_on_after_each_of_several_cuts():
    """Cut, boot, read, play on; again and again: at the end every acknowledged entry is
    there once, in order."""
    entries = game(60)
    rng = random.Random(7)
    image = blank()
    done: list = []
    while len(done) < len(entries):
        fs, flash = mount(image, rng.randrange(1, 40), rng)
        journal = Journal("/game.jnl", Files(fs))
        try:
            done = journal.read()
            for e in entries[len(done):]:
                journal.append(e)
                done.append(e)
            journal.close()
        except (PowerCut, OSError, LittleFSError):
            DEAD.append((fs, journal))
        fs, _flash = mount(image)
        read_back = Journal("/game.jnl", Files(fs)).read()
        assert read_back[:len(done) - 1] == done[:len(done) - 1]
        done = read_back
    assert done == entries
