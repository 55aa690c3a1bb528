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


# --- the journal in erased space (firmware/pocket/space.py, the board's since issue 31) ---

MARKS = random.Random(31)


class Raw:
    """The rp2 port's ``rp2.Flash()`` over the same chip: littlefs' blocks, read and
    programmed by the journal itself (a program only takes bits from 1 to 0); its power
    goes with the chip's, and the program it cuts lands bit by bit in part."""

    def __init__(self, flash: Flash) -> None:
        self.flash = flash

    def ioctl(self, op: int, arg: int) -> int:
        assert op == 4
        return BLOCKS

    def readblocks(self, n: int, buf, off: int = 0) -> None:
        at = n * BLOCK + off
        buf[:] = self.flash.buffer[at:at + len(buf)]

    def writeblocks(self, n: int, buf, off: int) -> None:
        assert off % 256 == 0 and len(buf) % 256 == 0, "a program is whole pages"
        flash = self.flash
        if flash.dead:
            raise OSError(LFS_ERR_IO)
        at = n * BLOCK + off
        cut = flash._tick()
        for i, byte in enumerate(bytes(buf)):
            old = flash.buffer[at + i]
            want = old & byte
            if cut:  # each bit the program was taking down has gone down or not
                want = old & ~((old ^ want) & flash.rng.randrange(256))
            flash.buffer[at + i] = want
        if cut:
            raise OSError(LFS_ERR_IO)


def space(fs: LittleFS, flash: Flash):
    from firmware.pocket.space import Space

    # Each mark its own, as the board's os.urandom makes them (the same mark twice would
    # be two blocks for one file).
    return Space("/game.j", Raw(flash), Files(fs), random=MARKS.randbytes)


def started() -> bytearray:
    image = blank()
    fs, flash = mount(image)
    space(fs, flash).start(2)
    return image


def play_space(image: bytearray, entries: list, cut_after: int | None, rng) -> tuple[list, int]:
    fs, flash = mount(image, cut_after, rng)
    journal = space(fs, flash)
    acked = journal.read()
    try:
        for e in entries[len(acked):]:
            journal.append(e)
            acked.append(e)
            journal.reserve()  # between inputs, as the board does
    except (PowerCut, OSError, LittleFSError):
        DEAD.append((fs, journal))
    return acked, flash.ops


def test_the_journal_in_erased_space_survives_a_power_cut_at_any_moment():
    """Issue 31: the board's journal programs pages in blocks littlefs erased when the game
    started (a block more made between inputs when less than one is left): a cut in any
    page program, or in the making of a block, loses no entry whose append returned, and
    the game goes on after it; an append is a page program or two, never an erase."""
    entries = game(120)  # ~3 blocks of records: blocks made in play too
    _acked, ops = play_space(started(), entries, None, random.Random(0))
    rng = random.Random(31)
    for trial in range(TRIALS):
        cut = rng.randrange(1, ops + 1)
        image = started()
        acked, _ = play_space(image, entries, cut, rng)
        fs, flash = mount(image)
        restored = space(fs, flash).read()
        assert restored[:len(acked)] == acked, (trial, cut)
        assert len(restored) <= len(acked) + 1, (trial, cut)
        assert restored == entries[:len(restored)], (trial, cut)
        # The game goes on after the cut to its end, all of it read back; what comes after
        # a cut is not what was cut (another boot, another sequence number), so nothing
        # is written over the bits a torn program left.
        after = [e + ["after the cut"] for e in entries]
        done, _ = play_space(image, restored + after[len(restored):], None, rng)
        fs, flash = mount(image)
        assert space(fs, flash).read() == done == restored + after[len(restored):], \
            (trial, cut)


def test_an_append_in_erased_space_is_a_page_program():
    image = started()
    fs, flash = mount(image)
    journal = space(fs, flash)
    journal.read()
    before = flash.ops
    erased: list = []
    flash.erase = lambda cfg, block: erased.append(block)  # would be an erase: none comes
    for e in game(30):
        journal.append(e)
    assert erased == [] and flash.ops - before <= 2 * 30


def test_a_space_of_crc16_records_is_read_and_carried_on():
    """A board updated in the middle of a game whose space the first space journals made
    (``HXJ1`` marks, CRC-16 records): every entry is read back, play goes on in that
    space's own records (blocks made since included), and a new game's space has CRC-32
    records."""
    import binascii

    from firmware.pocket.space import MARK, OLD_HEAD, record
    from shared_rules.protocol.crc import crc16

    image = blank()
    fs, flash = mount(image)
    journal = space(fs, flash)
    journal.old = True  # Space.start as the first space journals ran it
    journal._grow()
    journal._read_done = True
    entries = game(90)
    for e in entries[:20]:
        journal.append(e)
    first = record(entries[0], old=True)
    at = journal.blocks[0] * BLOCK + MARK
    assert bytes(flash.buffer[at - MARK:at - MARK + 4]) == OLD_HEAD
    assert bytes(flash.buffer[at:at + len(first)]) == first
    n = len(first) - 4
    assert crc16(first[:2 + n]) == int.from_bytes(first[2 + n:], "big")

    fs, flash = mount(image)
    updated = space(fs, flash)
    assert updated.read() == entries[:20] and updated.old
    made = len(updated.blocks)
    for e in entries[20:]:
        updated.append(e)
        updated.reserve()
    assert len(updated.blocks) > made  # blocks made since the update: CRC-16 ones too
    fs, flash = mount(image)
    assert space(fs, flash).read() == entries

    fs, flash = mount(image)
    fresh = space(fs, flash)
    fresh.start(1)
    fresh.append(entries[0])
    new = record(entries[0])
    at = fresh.blocks[0] * BLOCK + MARK
    assert bytes(flash.buffer[at:at + len(new)]) == new != first
    n = len(new) - 6
    assert binascii.crc32(new[:2 + n]) == int.from_bytes(new[2 + n:], "big")
    fs, flash = mount(image)
    assert space(fs, flash).read() == entries[:1]
