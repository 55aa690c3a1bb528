"""The hub's NFC reader: tags in, TAP/GONE events out, at most two bus transactions a poll.

It drives a chip driver (:class:`firmware.pn532.PN532` or :class:`firmware.mfrc522.MFRC522`,
which share ``start_poll``/``start_read``/``start_write``/``step_tag``) through a
non-blocking cycle: look for a tag; if it is new, read its user area (from page 3, its
Capability Container, as many pages at a time as the chip reads: 13 with the PN532's
FAST_READ, 4 with the MFRC522's READ) until the first NDEF record is complete; hand "which tag, which record" to
:class:`firmware.taps.Taps`. A tag resting on the reader costs one poll command per cycle:
its record is read once and remembered until it leaves.

    chip = PN532(I2CBus(i2c), reset=Pin(7, Pin.OUT))
    pn532_start.begin(chip)            # at boot, may block a few ms (MFRC522: chip.begin())
    reader = NfcReader(chip)
    event = reader.poll(now)           # None, ("TAP", uid, record_hex) or ("GONE", uid)
    reader.write(uid_hex, record_hex)  # enrollment: see write_state and take_error()

When the chip stops answering (two failed cycles in a row) the reader pulses the chip's
reset pin, configures it again and carries on; each trouble is queued for ``take_error``
so the hub can report it as an ``ERR`` frame.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware import ndef
from firmware.clock import ticks_add, ticks_diff
from firmware.taps import Taps

# Between poll cycles; a cycle itself (InListPassiveTarget: write, ACK, answer) runs as fast
# as the hub calls poll(), ~9 ms on the board. 20 -> 10 ms: a tag placed waits half as long
# for the next look (tap -> TAP p99 113 -> 76 ms on the emulated Pico, make bench); the idle
# pass costs ~0.7 ms more on average, its p99 unchanged.
_POLL_MS = const(10)
_USER_PAGE = const(4)  # NTAG21x user memory starts at page 4 (datasheet 8.5); CC is page 3
_MAX_USER = const(272)  # bytes we read at most: a 256-byte record (protocol MAX) and its TLV
WRITE_WAIT_MS = const(10000)  # how long an enrollment waits for its tag on the reader
_RESET_LOW_MS = const(2)
_BOOT_MS = const(10)  # after RST goes high, before the first command
_FAULTS_BEFORE_RESET = const(2)
_BACKOFF_MS = const(1000)  # between recoveries once a reset did not help

_PENDING = const(0)  # the chips' step() verdicts (same values in pn532 and mfrc522)
_DONE = const(1)
_FAILED = const(2)

_IDLE = const(0)
_POLL = const(1)
_READ = const(2)
_WRITE_CC = const(3)
_WRITE = const(4)
_RESET_LOW = const(5)
_RESET_BOOT = const(6)
_SETUP = const(7)


def _hex(data, n):
    # In C: formatting byte by byte ("%02X" each) took 5.7 ms for a 42-byte record on the
    # emulated Pico, in the pass that sends the TAP; this takes 0.2 ms. (binascii would
    # do too, but importing it interns 45 names on the WebAssembly port.)
    return memoryview(data)[:n].hex().upper()


class NfcReader:
    def __init__(self, chip, taps=None, poll_ms=_POLL_MS):
        self.chip = chip
        self.taps = taps if taps is not None else Taps()
        self.poll_ms = poll_ms
        self._state = _IDLE
        self._due = 0
        self._now = 0
        self._pending = None  # a second event from one poll (GONE then TAP)
        self._user = bytearray(_MAX_USER + 4)  # reads stop at the area's last page
        self._count = 0
        self._area = 0  # user area size from the tag's Capability Container
        self._asked = 0  # bytes the read in flight asks for
        self._known = bytearray(10)  # the tag whose record we hold
        self._known_len = 0
        self._uid_hex = ""
        self._record_hex = ""
        self._unreadable = ""  # the tag whose last read failed
        self._faults = 0
        self._setup = 0
        self.writer = None  # a pending WRITE: a firmware.nfc_write.Writer
        self.write_state = "idle"  # idle, waiting, writing, done, failed
        self.errors = []  # (code, text) for the hub to report
        self.resets = 0

    @property
    def present(self):
        """(uid hex, record hex) of the tag on the reader, or None."""
        if self.taps.uid is None:
            return None
        return (self.taps.uid, self.taps.record)

    @property
    def reading(self):
        """A new tag found and its record being read: its TAP is a transaction or two
        away (the pocket then tends the reader at every turn it gets)."""
        return self._state == _READ

    @property
    def busy(self):
        """A command in flight (or a recovery): its next step is due when the chip is."""
        return self._state != _IDLE

    @property
    def resting(self):
        """A tag is on the reader, its record known: only its lifting can come next."""
        return self.taps.uid is not None

    def take_error(self):
        return self.errors.pop(0) if self.errors else None

    # --- enrollment (the writing itself is in firmware.nfc_write, loaded for a WRITE and
    # dropped when it is over: a hub that referees games does not hold it) ---------------

    def write(self, uid_hex, record):
        """Write ``record`` (one NDEF record, hex or bytes) to the tag ``uid_hex``.

        Happens when that tag is next on the reader; afterwards the tag is read again and
        tapped with its new record. Bad input raises ValueError and changes nothing.
        """
        if self._state in (_WRITE_CC, _WRITE):
            raise ValueError("still writing tag %s: try again when it is done"
                             % self.writer.uid_hex)
        from firmware.nfc_write import Writer

        self.writer = Writer(uid_hex, record, self._now)
        self.write_state = "waiting"

    # --- the cycle -------------------------------------------------------------------

    def poll(self, now):
        """Advance by at most one bus transaction, or two when one command ends and the
        next of the same tag starts (its frame goes out at once, so the chip works on it
        while the hub does the rest of its pass); returns at most one event."""
        self._now = now
        if self._pending is not None:
            event = self._pending
            self._pending = None
            return event
        state = self._state
        chip = self.chip
        if state == _IDLE:
            if ticks_diff(now, self._due) < 0:
                return None
            writer = self.writer
            if writer is not None and ticks_diff(now, writer.since) > WRITE_WAIT_MS:
                writer.fail(self, "NO_TAG", "put tag %s on the reader to enroll it"
                            % writer.uid_hex)
            chip.start_poll(now)
            self._state = state = _POLL
        if state >= _RESET_LOW:
            return self._recover(now)
        verdict = chip.step_tag(now)
        if verdict == _PENDING:
            return None
        if verdict == _FAILED:
            if chip.tag_fault:
                if state in (_WRITE_CC, _WRITE):
                    self.writer.fail(self, "WRITE_FAILED", "tag %s: %s"
                                     % (self.writer.uid_hex, chip.error))
                elif state == _READ:
                    if self._unreadable == self._uid_hex:
                        # Twice in a row: a tag we cannot read (not an NTAG, or locked).
                        # It is still a tap; the host will call it unknown.
                        self._record_hex = ""
                        self._known_len = len(self._uid_hex) // 2
                        return self._seen(now, self._uid_hex, "")
                    self._unreadable = self._uid_hex
                self._known_len = 0  # the tag left mid-way: absent for this cycle
                return self._seen(now, None, "")
            return self._trouble(now)
        self._faults = 0
        if state == _POLL:
            return self._polled(now)
        if state == _READ:
            return self._read(now)
        if state == _WRITE_CC:
            return self.writer.planned(self, now)
        return self.writer.wrote(self, now)

    def _polled(self, now):
        chip = self.chip
        n = chip.uid_len
        if n == 0:
            self._known_len = 0
            return self._seen(now, None, "")
        writer = self.writer
        if writer is not None and len(writer.uid) == n and _same(chip.uid, n, writer.uid):
            chip.start_read(_USER_PAGE - 1, now)  # CC and the first 12 user bytes
            self._state = _WRITE_CC
            self.write_state = "writing"
            return None
        if n == self._known_len and _same(chip.uid, n, self._known):
            return self._seen(now, self._uid_hex, self._record_hex)
        for i in range(n):
            self._known[i] = chip.uid[i]
        self._known_len = 0  # until its record is read
        self._uid_hex = _hex(chip.uid, n)
        self._count = 0
        self._start_read(_USER_PAGE - 1, chip.READ_MAX, now)
        self._state = _READ
        return None

    def _start_read(self, page, n, now):
        # At most what the chip reads at once (the PN532 52 bytes, the MFRC522 16), and no
        # page past the user area: a FAST_READ beyond the tag's last page is refused.
        chip = self.chip
        if n > chip.READ_MAX:
            n = chip.READ_MAX
        n = (n + 3) // 4
        self._asked = 4 * n
        chip.start_read(page, now, n)
        chip.step_tag(now)  # its first transaction (the chips' contract: PENDING)

    def _read(self, now):
        data = self.chip.data
        user = self._user
        at = self._count
        got = self._asked
        if at == 0:  # page 3 first: the Capability Container, then user bytes
            if data[0] != 0xE1:  # CC magic number (NFC Forum T2T 6.1): no NDEF here
                return self._found("")
            self._area = min(data[2] * 8, _MAX_USER)
            user[0:got - 4] = data[4:got]
            at = got - 4
        else:
            user[at:at + got] = data[0:got]
            at += got
        self._count = at
        area = self._area
        verdict, start, length = ndef.locate(user, at, area)
        if verdict == ndef.FOUND and start + length > at:
            verdict = ndef.NEED  # the message goes on in the next pages
        if verdict == ndef.NEED and at < area:
            self._start_read(_USER_PAGE + at // 4, area - at, now)
            return None
        record = ""
        if verdict == ndef.FOUND:
            n = ndef.record_length(memoryview(user)[start:start + length], length)
            if n > 0:
                record = _hex(memoryview(user)[start:], n)
        return self._found(record)

    def _found(self, record):
        self._record_hex = record
        self._known_len = len(self._uid_hex) // 2
        self._unreadable = ""
        return self._seen(self._now, self._uid_hex, record)

    def _seen(self, now, uid, record):
        self._state = _IDLE
        self._due = ticks_add(now, self.poll_ms)
        events = self.taps.update(uid, record)
        if not events:
            return None
        if len(events) > 1:
            self._pending = events[1]
        return events[0]

    # --- recovery ----------------------------------------------------------------------

    def _trouble(self, now):
        chip = self.chip
        self._faults += 1
        self.errors.append(("NFC", "reader: %s" % chip.error))
        if self.writer is not None and self._state in (_WRITE_CC, _WRITE):
            self.writer.fail(self, "WRITE_FAILED", "reader fault while writing")
        if self._faults < _FAULTS_BEFORE_RESET:
            self._state = _IDLE
            self._due = ticks_add(now, self.poll_ms)
            return None
        wait = _BACKOFF_MS if self._faults > _FAULTS_BEFORE_RESET + 1 else 0
        self._due = ticks_add(now, wait)
        self._state = _RESET_LOW
        return None

    def _recover(self, now):
        chip = self.chip
        state = self._state
        if state != _SETUP and ticks_diff(now, self._due) < 0:
            return None
        pin = getattr(chip, "reset_pin", None)
        if state == _RESET_LOW:
            if pin is not None:
                pin.value(0)
            self._state = _RESET_BOOT
            self._due = ticks_add(now, _RESET_LOW_MS)
            return None
        if state == _RESET_BOOT:
            if pin is not None:
                pin.value(1)
                self._due = ticks_add(now, _BOOT_MS)
            self._state = _SETUP
            self._setup = -1
            self._known_len = 0
            self.resets += 1
            return None
        if self._setup >= 0:
            verdict = chip.step_tag(now)
            if verdict == _PENDING:
                return None
            if verdict == _FAILED:
                self._state = _SETUP
                return self._trouble(now)
        elif ticks_diff(now, self._due) < 0:
            return None
        self._setup += 1
        if not chip.start_setup(self._setup, now):
            self._faults = 0
            self._state = _IDLE
            self._due = now
        return None


def _same(buf, n, other):
    if len(other) < n:
        return False
    for i in range(n):
        if buf[i] != other[i]:
            return False
    return True
