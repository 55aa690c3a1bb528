"""The pocket referee's journal in flash erased before it is needed, so an append is a
page program: the board's journal since issue 31 (firmware/pocket/journal.py keeps the same
records in an append-only file, where the flash is not the rp2 port's).

Each record is its length, its payload and a CRC over both::

    [length: 2 bytes, big-endian] [payload: length bytes, UTF-8 JSON] [CRC-32: 4 bytes]

The CRC is zlib's CRC-32, ``binascii.crc32``: in C on every MicroPython port and in
CPython. The first space journals (``HXJ1``, issue 31's first rounds) carried the serial
protocol's CRC-16 (shared_rules/protocol/crc.py), which is Python on the board: 23 us a
byte, 5-9 ms of a roster tile's append where CRC-32 takes 0.07 ms. A space made by them
is still read, and carried on, with its own CRC (``old``).
"""
import json
from binascii import crc32

MAX_PAYLOAD = 0xFFFE  # a length of 0xFFFF is erased flash: no record there
TAIL = 4  # a record's CRC bytes (2 in an ``old`` space's)


def _crc16(data, crc=0xFFFF):
    from shared_rules.protocol.crc import crc16  # only for a space made before CRC-32

    return crc16(data, crc)


def check(data, at, n, old=False):
    """Do the record at ``at`` in ``data`` (its length, its ``n`` payload bytes and its
    CRC after them) hold together?"""
    view = memoryview(data)
    stop = at + 2 + n
    if old:
        crc = _crc16(view[at:stop])
        return crc == (data[stop] << 8) | data[stop + 1]
    crc = crc32(view[at:stop])
    return crc == (data[stop] << 24) | (data[stop + 1] << 16) | (data[stop + 2] << 8) | \
        data[stop + 3]


class OsFiles:
    """The board's (or the computer's) own filesystem."""

    @staticmethod
    def open(path, mode):
        return open(path, mode)

    @staticmethod
    def rename(old, new):
        import os

        os.rename(old, new)

    @staticmethod
    def remove(path):
        import os

        try:
            os.remove(path)
        except OSError:
            pass  # nothing to remove


def record(value, old=False):
    """One record's bytes for ``value`` (anything JSON can say); ``old``: with the first
    space journals' CRC-16."""
    payload = json.dumps(value).encode()
    n = len(payload)
    if n > MAX_PAYLOAD:
        raise ValueError("journal entry of %d bytes: at most %d" % (n, MAX_PAYLOAD))
    head = bytes((n >> 8, n & 0xFF))
    if old:
        crc = _crc16(payload, _crc16(head))
        return head + payload + bytes((crc >> 8, crc & 0xFF))
    return head + payload + crc32(payload, crc32(head)).to_bytes(TAIL, "big")


BLOCK = 4096  # the rp2 port's flash block (a W25Q sector: the smallest erase)
PAGE = 256  # a W25Q page: the unit of a program
MARK = 16  # a space block's first bytes: HEAD, then 12 random bytes
HEAD = b"HXJ2"  # a space of CRC-32 records
OLD_HEAD = b"HXJ1"  # a space of CRC-16 records (``old``)
USABLE = BLOCK - MARK
BLANK = b"\xff" * PAGE
END = 0xFFFF  # an erased length: no record there


class Space:
    """The journal in flash erased before it is needed, so an append is a page program
    (0.4-0.7 ms a page) and not littlefs' append (the file's last block copied into a new
    one, erased first: 45 ms; its metadata committed, now and then compacted: 50-150 ms a
    write, interrupts off all the while).

    The space is files of one block each (``<path>.0``, ``<path>.1``...), made by littlefs
    when a game starts (their blocks erased then, not during play) and never written
    through littlefs again: a file of one block keeps its data from the block's first byte,
    with no pointers (littlefs' CTZ list has none in its first block), so littlefs never
    reads what is in it. Each file's first 16 bytes are its mark (``HEAD`` and 12 random
    bytes, written through littlefs, read back through it); the rest is 0xFF. The block
    behind each file is found by its mark on the flash (``flash``: the rp2 port's
    ``rp2.Flash()``, whose blocks are littlefs' blocks), and the records are programmed
    there, whole pages of 0xFF but for the record's bytes (a NOR cell only goes from 1 to 0,
    so programming 0xFF over what is written changes nothing: a page cut mid-program
    cannot touch the records before it). The records are journal.record's (length, JSON,
    CRC), one after the other across the blocks.

    Reading: a record whose length is 0xFFFF and whose page is blank from there is the
    end. A bad record (its CRC fails: cut while it was programmed, never acknowledged) is
    skipped to the next page, where the records written after it (after the next boot)
    begin; an end with programmed bits after it (a page torn before its length) is
    skipped the same way. A file made when a game starts but cut before littlefs closed it
    is short or missing: the space ends before it (``reserve`` makes it again).

    ``reserve`` adds a block once the records reach the last one, between inputs (so a
    whole block stays erased ahead of them); an append that finds no room makes one first
    (a littlefs write, 50-150 ms)."""

    def __init__(self, path, flash, fs=None, random=None):
        self.path = path
        self.flash = flash
        self.fs = fs if fs is not None else OsFiles()
        self.random = random
        self.blocks = []  # each space block's flash block, in order
        self.end = 0  # where the next record goes (an offset in the space)
        self.damage = None  # never: a bad record is a torn one, skipped
        self.page = bytearray(PAGE)
        self.head = bytearray(MARK)
        self.old = False  # a space of CRC-16 records (OLD_HEAD): carried on as it was made
        self._read_done = False

    # --- the space's files and their blocks ------------------------------------------

    def _mark(self):
        head = OLD_HEAD if self.old else HEAD
        if self.random is not None:
            return head + self.random(MARK - len(head))
        import os

        return head + os.urandom(MARK - len(head))

    def _make(self, k):
        """Space block ``k``: its file written (the mark, then 0xFF) and closed; its mark."""
        mark = self._mark()
        f = self.fs.open("%s.%d" % (self.path, k), "wb")
        try:
            page = self.page
            page[:] = BLANK
            page[:MARK] = mark
            f.write(page)
            page[:MARK] = BLANK[:MARK]
            for _ in range(BLOCK // PAGE - 1):
                f.write(page)
            f.flush()
        finally:
            f.close()
        return mark

    def _marks(self):
        """The marks of the space's files, in order, as far as they are whole."""
        marks = []
        while True:
            try:
                f = self.fs.open("%s.%d" % (self.path, len(marks)), "rb")
            except OSError:
                return marks
            try:
                data = f.read(BLOCK + 1)
            finally:
                f.close()
            head = data[:len(HEAD)]
            if not marks:
                self.old = head == OLD_HEAD
            if len(data) != BLOCK or head != (OLD_HEAD if self.old else HEAD):
                # Made when the power went: gone, and made again when needed.
                self.fs.remove("%s.%d" % (self.path, len(marks)))
                return marks
            marks.append(bytes(data[:MARK]))

    def _find(self, marks):
        """The flash block holding each mark, as far as all are found."""
        wanted = {}
        for k, mark in enumerate(marks):
            wanted[mark] = k
        found = [None] * len(marks)
        head = self.head
        count = self.flash.ioctl(4, 0)  # the block count
        left = len(marks)
        for n in range(count):
            if not left:
                break
            self.flash.readblocks(n, head, 0)
            k = wanted.get(bytes(head))
            if k is not None and found[k] is None:
                found[k] = n
                left -= 1
        blocks = []
        for n in found:
            if n is None:
                break
            blocks.append(n)
        return blocks

    def _grow(self):
        mark = self._make(len(self.blocks))
        found = self._find([mark])
        if not found:
            raise OSError("journal block %d made but not found on the flash" % len(self.blocks))
        self.blocks += found

    def start(self, blocks):
        """A new journal: the last game's space gone, ``blocks`` made (erased now, not in
        play)."""
        k = 0
        while True:
            try:
                self.fs.open("%s.%d" % (self.path, k), "rb").close()
            except OSError:
                break
            self.fs.remove("%s.%d" % (self.path, k))
            k += 1
        self.blocks = []
        self.end = 0
        self.old = False
        for _ in range(blocks):
            self._grow()
        self._read_done = True

    def reserve(self):
        """One more block once the records reach the last one (call it between inputs): a
        whole block stays erased ahead of them."""
        if self._read_done and self.end // USABLE >= len(self.blocks) - 1:
            self._grow()

    # --- reading -----------------------------------------------------------------------

    def _at(self, at):
        """(flash block, byte in it) of the space's offset ``at``."""
        k, off = divmod(at, USABLE)
        return self.blocks[k], MARK + off

    def _get(self, at, buf):
        view = memoryview(buf)
        done = 0
        while done < len(buf):
            block, off = self._at(at + done)
            n = min(len(buf) - done, BLOCK - off)
            self.flash.readblocks(block, view[done:done + n], off)
            done += n

    def _next_page(self, at):
        """The space's offset of the page after the one holding ``at``."""
        k, off = divmod(at, USABLE)
        page = (MARK + off) // PAGE + 1
        if page * PAGE >= BLOCK:
            return (k + 1) * USABLE
        return k * USABLE + page * PAGE - MARK

    def _blank(self, at):
        """Is the rest of ``at``'s page erased?"""
        rest = bytearray(self._next_page(at) - at)
        self._get(at, rest)
        return rest == BLANK[:len(rest)]

    def read(self):
        """Every entry the space holds; where the next goes is known after."""
        self.blocks = self._find(self._marks())
        values = []
        total = len(self.blocks) * USABLE
        at = 0
        length = bytearray(2)
        tail = 2 if self.old else TAIL
        while at + 2 + tail <= total:
            self._get(at, length)
            n = (length[0] << 8) | length[1]
            if n == END and self._blank(at):
                break
            stop = at + 2 + n + tail
            value = None
            if n != END and stop <= total:
                body = bytearray(2 + n + tail)
                self._get(at, body)
                if check(body, 0, n, self.old):
                    try:
                        value = json.loads(bytes(body[2:2 + n]))
                    except ValueError:
                        value = None
                    else:
                        values.append(value)
                        at = stop
                        continue
            at = self._next_page(at)  # torn: what came after it begins on a page
        self.end = min(at, total)
        self._read_done = True
        return values

    # --- writing -----------------------------------------------------------------------

    def append(self, value):
        """Add one entry: programmed before this returns."""
        if not self._read_done:
            self.read()
        data = record(value, self.old)
        while self.end + len(data) > len(self.blocks) * USABLE:
            self._grow()  # no room: a block made now
        view = memoryview(data)
        page = self.page
        done = 0
        while done < len(data):
            block, off = self._at(self.end + done)
            start = off - off % PAGE
            n = min(len(data) - done, PAGE - (off - start))
            page[:] = BLANK
            page[off - start:off - start + n] = view[done:done + n]
            self.flash.writeblocks(block, page, start)
            done += n
        self.end += len(data)

    def close(self):
        pass
