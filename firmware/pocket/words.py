"""The players' words on the pocket board: a catalogue packed for the board, read in flash.

The Pi speaks through gettext; the board through the same catalogues packed by
host/common/wordpack.py (``HXW1``: an index sorted by a small hash, then the records).
``Catalogue`` finds a text by binary search in the index, eight bytes read at a time into
one buffer, and reads only the record asked for: the heap holds the buffer and the texts
of the screen being made, never the catalogue. ``speak`` installs it in
shared_rules.core.words, so the shared screens and the engines say their texts in it, as
host/common/i18n.use does on the Pi.
"""
from shared_rules.core import words

_MAGIC = b"HXW1"


def key_hash(key):
    """djb2 with xor, kept to 24 bits: a small integer all the way (host/common/wordpack.py)."""
    h = 5381
    for b in key:
        h = ((h * 33) ^ b) & 0xFFFFFF
    return h


class Catalogue:
    """One language's packed catalogue, read as texts are asked for. Its file is open
    while a screen's texts are said and closed after (``rest``): an open littlefs file
    holds the filesystem's cache, 1 KB on the rp2 port; English's, which has no text, is
    never opened again."""

    def __init__(self, path):
        self.path = path
        self.file = None
        head = self._open().read(8)
        if head[:4] != _MAGIC:
            self.rest()
            raise ValueError("%s is not a packed catalogue" % path)
        self.count = head[4] | head[5] << 8
        self.rule = head[6]
        self.slot = bytearray(8)
        if not self.count:
            self.rest()

    def _open(self):
        if self.file is None:
            self.file = open(self.path, "rb")
        return self.file

    def rest(self):
        """Its file closed until the next text is asked for."""
        if self.file is not None:
            self.file.close()
            self.file = None

    def _slot(self, i):
        """The hash and record offset of index entry ``i``."""
        f = self._open()
        f.seek(8 + 8 * i)
        f.readinto(self.slot)
        s = self.slot
        return (s[0] | s[1] << 8 | s[2] << 16 | s[3] << 24,
                s[4] | s[5] << 8 | s[6] << 16 | s[7] << 24)

    def _forms(self, key):
        """Where the forms of ``key`` (a str) begin in the file, or -1: no such text."""
        raw = key.encode()
        h = key_hash(raw)
        lo, hi = 0, self.count
        while lo < hi:
            mid = (lo + hi) // 2
            if self._slot(mid)[0] < h:
                lo = mid + 1
            else:
                hi = mid
        while lo < self.count:
            found, offset = self._slot(lo)
            if found != h:
                break
            f = self._open()
            f.seek(offset)
            size = f.read(2)
            if f.read(size[0] | size[1] << 8) == raw:
                return f.tell()
            lo += 1
        return -1

    def _form(self, at, n):
        """Form ``n`` of the record whose forms begin at ``at``."""
        f = self._open()
        f.seek(at)
        forms = f.read(1)[0]
        if n >= forms:
            n = forms - 1
        for _ in range(n):
            size = f.read(2)
            f.seek(size[0] | size[1] << 8, 1)
        size = f.read(2)
        return f.read(size[0] | size[1] << 8).decode()

    def plural(self, n):
        """Which form a count takes: the language's rule."""
        return int(n > 1) if self.rule == 1 else int(n != 1)

    def gettext(self, message):
        at = self._forms(message)
        return message if at < 0 else self._form(at, 0)

    def ngettext(self, singular, plural, n):
        at = self._forms(singular + "\x00" + plural)
        if at < 0:
            return singular if n == 1 else plural
        return self._form(at, self.plural(n))

    def pgettext(self, context, message):
        at = self._forms(context + "\x04" + message)
        return message if at < 0 else self._form(at, 0)

    def numbers(self):
        """How the language writes a share: its decimal sign and the digits beside its
        percent sign (the pack's ``"\\x01share"`` record; English's in a pack without it)."""
        at = self._forms("\x01share")
        if at < 0:
            return ".", "%s%%"
        return self._form(at, 0), self._form(at, 1)

    def close(self):
        self.rest()


_spoken = None


def rest():
    """The spoken catalogue's file closed until its next text (a screen is made)."""
    if _spoken is not None:
        _spoken.rest()


def speak(folder, lang):
    """Speak ``lang`` (its ``<lang>.hxw`` in ``folder``) from now on, in the shared screens
    and the engines (English's file is nearly empty: the code's own words)."""
    global _spoken
    spoken = Catalogue("%s/%s.hxw" % (folder, lang))
    if _spoken is not None:
        _spoken.close()
    _spoken = spoken
    words.install(_spoken.gettext, _spoken.ngettext, _spoken.pgettext, _spoken.numbers)
