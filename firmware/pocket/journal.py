"""The pocket referee's journal: an append-only file on the board's flash.

hexref pocket referees a whole game on the Pico alone (docs/DESIGN.md, The pocket build).
As on the Pi, the journal is the only state: the game is the fold of its entries through
the rules, so a power cut loses nothing the journal holds, and undo is an entry of its own.

Each record is its length, its payload and a CRC over both::

    [length: 2 bytes, big-endian] [payload: length bytes, UTF-8 JSON] [CRC-32: 4 bytes]

The records are firmware/pocket/space.py's (its CRC-32: ``binascii``'s, in C). littlefs (the rp2 port's filesystem) makes each flushed write
atomic, but a record can still be cut short by a power cut on another filesystem (the
ESP32's FAT, a card) or by a write the filesystem could not finish; reading stops at the
first record that is short or whose CRC fails. A bad *last* record is a torn write: it is
dropped, and the file is cut back to the good records (a copy renamed over the file, which
littlefs does atomically) before anything is appended. A bad record with more after it is
damage, not a torn write: the good records before it are kept, the file as it was is kept
beside it (``.damaged``), and ``damage`` says how many records are good and how many bytes
were set aside, for the panel to say so.

The filesystem is handed in (``fs``: ``open``, ``rename``, ``remove``), so the same code
runs on the board, under CPython on real files, and on a littlefs image whose power is
cut at random moments (tests/firmware/pocket/test_pocket_power_cut.py).

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "game.jnl")
>>> j = Journal(path)
>>> j.read()
[]
>>> j.append(["game", ["tap", "04A1B2C3"], True])
>>> Journal(path).read()
[['game', ['tap', '04A1B2C3'], True]]
"""
import json

from firmware.pocket.space import TAIL, OsFiles, check, record  # noqa: F401 (one seam)


def records(data):
    """(values, good) for the bytes of a journal file: every value up to the first bad
    record, and how many bytes they take."""
    values = []
    at = 0
    end = len(data)
    while at + 2 + TAIL <= end:
        n = (data[at] << 8) | data[at + 1]
        stop = at + 2 + n
        if stop + TAIL > end or not check(data, at, n):
            break
        try:
            values.append(json.loads(data[at + 2:stop]))
        except ValueError:
            break
        at = stop + TAIL
    return values, at


class Journal:
    """The entries of one game, in order; ``append`` returns once the entry is on flash."""

    def __init__(self, path, fs=None):
        self.path = path
        self.fs = fs if fs is not None else OsFiles()
        self.damage = None  # (good records, bytes set aside) when a bad record had more after
        self._file = None
        self._checked = False

    def read(self):
        """Every entry the file holds, a torn last record dropped (and cut from the file)."""
        self.close()
        data = self._load(self.path)
        if data is None:
            # A cut that lost power between its remove and its rename (a filesystem whose
            # rename does not replace) left only the copy: it holds the good records.
            data = self._load(self.path + ".part")
            if data is not None:
                self.fs.rename(self.path + ".part", self.path)
        if data is None:
            self._checked = True
            return []
        values, good = records(data)
        if good < len(data):
            if not self._torn(data, good):
                # Damage, not a torn write: keep the file as it was for whoever looks.
                self.damage = (len(values), len(data) - good)
                self._write(self.path + ".damaged", data)
            self._cut(data[:good])
        self._checked = True
        return values

    def _load(self, path):
        try:
            f = self.fs.open(path, "rb")
        except OSError:
            return None
        try:
            return f.read()
        finally:
            f.close()

    @staticmethod
    def _torn(data, good):
        """Is what follows the good records one last record cut short or half written (a
        torn write), rather than a bad record with more after it?"""
        if len(data) - good < 2 + TAIL:
            return True
        n = (data[good] << 8) | data[good + 1]
        return good + 2 + n + TAIL >= len(data)

    def _write(self, path, data):
        f = self.fs.open(path, "wb")
        try:
            f.write(data)
            f.flush()
        finally:
            f.close()

    def _cut(self, good):
        """Rewrite the file with the good records only: a copy renamed over the file."""
        part = self.path + ".part"
        self._write(part, good)
        try:
            self.fs.rename(part, self.path)  # littlefs and POSIX replace atomically
        except OSError:
            self.fs.remove(self.path)  # FAT does not replace: read() finds the copy
            self.fs.rename(part, self.path)

    def append(self, value):
        """Add one entry: written and flushed before this returns."""
        if not self._checked:
            self.read()  # never append after a torn record
        if self._file is None:
            self._file = self.fs.open(self.path, "ab")
        self._file.write(record(value))
        self._file.flush()

    def close(self):
        if self._file is not None:
            self._file.close()
            self._file = None
