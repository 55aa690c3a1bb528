"""PN532 NFC reader over I2C or SPI: frames, ACKs and one non-blocking command at a time.

Section numbers are from the NXP PN532 User Manual UM0701-02 (firmware V1.6).

A command is a normal information frame (section 6.2.1.1)::

    00 00 FF LEN LCS D4 CMD PARAMS... DCS 00     LEN+LCS = 0, D4+CMD+PARAMS+DCS = 0 (mod 256)

The PN532 first answers with an ACK frame (6.2.1.3), then, when the RF work is done, with a
response frame (TFI D5, CMD+1). Whether something is ready is the status byte: the first
byte of every I2C read, or the answer to the SPI "status read" (bit 0 = RDY; the manual's
"I2C communication details" and "SPI communication details").

:class:`PN532` runs a command as a small state machine, one bus transaction per
:meth:`PN532.step`, so the hub loop never waits on the reader::

    reader.start(reader.read_frame(4, 4), now)  # NTAG FAST_READ of pages 4..7
    while reader.step(now) == PENDING: ...   # one write/read per call
    data = reader.rx[reader.at : reader.at + reader.length]

It resends the command when no ACK comes (ACK_MS), asks for the response again with a NACK
when its checksum is wrong, and aborts a command that never answers with an ACK frame
(6.2.2) before giving up, so a chip left searching for tags is free for the next one. A
PN532 at work answers status 00h; an I2C OSError (EIO when it does not acknowledge its
address, as while it wakes or takes in a frame; ETIMEDOUT when the RP2040's machine.I2C
gave up on a stretched clock) is "not ready yet" too, never a failure by itself.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware.clock import sleep_ms, ticks_diff, ticks_ms

_I2C_ADDRESS = const(0x24)  # 7-bit form of the manual's 0x48 (write) / 0x49 (read)
_HOST_TO_PN532 = const(0xD4)  # TFI (6.2.1.1)
_PN532_TO_HOST = const(0xD5)
_RDY = const(0x01)

# Commands (section 7).
GET_FIRMWARE_VERSION = const(0x02)  # 7.2.2
_SAM_CONFIGURATION = const(0x14)  # 7.2.10
_RF_CONFIGURATION = const(0x32)  # 7.3.1
_IN_DATA_EXCHANGE = const(0x40)  # 7.3.8
IN_LIST_PASSIVE_TARGET = const(0x4A)  # 7.3.5
_IN_RELEASE = const(0x52)  # 7.3.11

# NTAG213/215/216 commands (NTAG21x datasheet, section 10). The hub reads with FAST_READ,
# pages start..end in one answer, not READ's 4 pages: a tag's record is one RF exchange,
# not one per 16 bytes, and every command costs the hub two passes (its ACK, its answer).
_NTAG_FAST_READ = const(0x3A)  # 10.3
_NTAG_WRITE = const(0xA2)  # 10.4
# Pages a FAST_READ asks for at most: its answer (52 bytes) and the frame around it fill
# ``rx``; from page 3, the CC and 48 user bytes, a signed record (about 46) and its TLV.
# Every NTAG21x has the 16 pages this first read reaches.
FAST_PAGES = const(13)

ACK = b"\x00\x00\xff\x00\xff\x00"  # 6.2.1.3
NACK = b"\x00\x00\xff\xff\x00\x00"  # 6.2.1.4: "send me your last response again"

# step() results.
PENDING = const(0)
DONE = const(1)
FAILED = const(2)

_ACK_MS = const(15)  # how long to wait for the ACK before resending (6.2.2 leaves it to the host)
RESPONSE_MS = const(60)  # an NTAG WRITE with retries is the slowest thing we ask (about 10 ms)
_SENDS = const(3)  # attempts at a command before the bus is called stuck
_NACKS = const(2)  # checksum failures forgiven per command


def __getattr__(name):
    # The SPI transport is loaded only by whoever asks for it: an I2C hub's heap never
    # holds it (PEP 562; MicroPython's module __getattr__ does the same).
    if name == "SPIBus":
        from firmware.pn532_spi import SPIBus

        return SPIBus
    raise AttributeError(name)


def frame(cmd, params=b""):
    """Wrap a command in a normal information frame.

    >>> frame(GET_FIRMWARE_VERSION).hex()
    '0000ff02fed4022a00'
    """
    n = len(params) + 2
    out = bytearray(n + 7)
    out[2] = 0xFF
    _fill(out, cmd, params)
    return out


def _fill(out, cmd, params):
    n = len(params) + 2
    out[3] = n
    out[4] = (-n) & 0xFF
    out[5] = _HOST_TO_PN532
    out[6] = cmd
    total = _HOST_TO_PN532 + cmd
    for i in range(len(params)):
        out[7 + i] = params[i]
        total += params[i]
    out[5 + n] = (-total) & 0xFF
    out[6 + n] = 0


class I2CBus:
    """The PN532 on a machine.I2C: one transaction per call; OSError means not ready.

    With its IRQ line (``irq``, a machine.Pin; P70_IRQ goes low while the PN532 holds a
    frame for the host) a read costs no bus time until there is something to read, and
    then one transfer: status and frame together. Without it, a long read takes two calls:
    a one-byte status read, then status and frame together (the PN532 sends the frame from
    its start on every read). A short one (the ACK) is read whole at once: cheaper than
    asking first.
    """

    def __init__(self, i2c, address=_I2C_ADDRESS, irq=None):
        self.i2c = i2c
        self.address = address
        self.irq = irq
        self._status = bytearray(1)
        self._ready = False

    def wake(self, sleep):
        pass  # an address match wakes it (I2C wake-up); step() retries while it NACKs

    def write(self, buf):
        try:
            self.i2c.writeto(self.address, buf)
            return True
        except OSError:
            return False

    def read(self, buf):
        """Fill ``buf`` with the status byte then the frame; False if not (yet) read."""
        irq = self.irq
        if irq is not None:
            if irq.value():
                return False  # nothing for the host yet: no bus transaction
            self._ready = True
        elif len(buf) <= 8:
            self._ready = True
        target = buf if self._ready else self._status
        try:
            self.i2c.readfrom_into(self.address, target)
        except OSError:
            self._ready = False
            return False
        if not self._ready:
            self._ready = target[0] & _RDY != 0
            return False
        self._ready = False
        return buf[0] & _RDY != 0


class PN532:
    """One PN532, one command in flight. ``bus`` is an :class:`I2CBus` or :class:`SPIBus`.

    ``reset`` is the RSTPD_N pin (optional); ``ticks``/``sleep`` default to the hub clock.
    """

    READ_MAX = const(4 * FAST_PAGES)  # bytes one read brings at most

    def __init__(self, bus, reset=None, ticks=ticks_ms, sleep=sleep_ms, max_retries=1):
        self.bus = bus
        self.reset_pin = reset
        self.ticks = ticks
        self.sleep = sleep
        self.max_retries = max_retries
        self.rx = bytearray(1 + 64)  # status byte + the longest response we read
        self._ack = bytearray(1 + 6)
        self.at = 0  # the response's data (after D5, CMD+1) is rx[at:at+length]
        self.length = 0
        self.error = ""  # why the last command FAILED
        self.sends = 0  # counters for BEAT and the bench
        self.resends = 0
        self.nacks = 0
        self._frame = None
        self._cmd = 0
        self._state = DONE
        self._since = 0
        self._tries = 0
        self._bad = 0
        # Frames for the poll path, built once: no allocation while polling.
        self.poll_frame = frame(IN_LIST_PASSIVE_TARGET, b"\x01\x00")  # 1 target, 106 kbps A
        self._read = frame(_IN_DATA_EXCHANGE, b"\x01\x3a\x00\x00")
        self._want = 0  # bytes the FAST_READ in flight asks for
        self._write = frame(_IN_DATA_EXCHANGE, b"\x01\xa2\x00\x00\x00\x00\x00")
        self._params = bytearray(7)
        self.uid = bytearray(10)
        self.uid_len = 0
        self.data = self.rx  # after a read: a view of its answer in rx (read at once)
        self.tag_fault = False  # the last FAILED was the tag's doing, not the bus's

    # --- one command, non-blocking -----------------------------------------------------

    def start(self, frame_bytes, now):
        """Begin a command (a frame from :func:`frame` or the prebuilt ones)."""
        self._frame = frame_bytes
        self._cmd = frame_bytes[6]
        self._state = 1  # send
        self._since = now
        self._tries = 0
        self._bad = 0
        self.error = ""
        self.tag_fault = False

    def step(self, now):
        """Advance the command by at most one bus transaction: PENDING, DONE or FAILED."""
        state = self._state
        if state == 1:  # send the frame
            if self.bus.write(self._frame):
                self._tries += 1
                self.sends += 1
                self._state = 2
                self._since = now
            elif ticks_diff(now, self._since) > RESPONSE_MS:
                return self._fail("bus busy")
            return PENDING
        if state == 2:  # wait for the ACK
            if self.bus.read(self._ack):
                if _same(self._ack, 1, ACK):
                    self._state = 3
                    self._since = now
                    return PENDING
                return self._resend(now, "garbled ACK")
            if ticks_diff(now, self._since) > _ACK_MS:
                return self._resend(now, "no ACK")
            return PENDING
        if state == 3:  # wait for the response
            if self.bus.read(self.rx):
                verdict = self._parse()
                if verdict == DONE:
                    self._state = DONE
                    return DONE
                if verdict == FAILED:
                    self._state = FAILED  # error and tag_fault set by _parse
                    return FAILED
                self._bad += 1
                if self._bad > _NACKS:
                    return self._fail("bad checksum")
                self._state = 4
                return PENDING
            if ticks_diff(now, self._since) > RESPONSE_MS:
                self._state = 5
            return PENDING
        if state == 4:  # ask for the response again (6.2.1.4)
            if self.bus.write(NACK):
                self.nacks += 1
                self._state = 3
                self._since = now
            return PENDING
        if state == 5:  # abort what the chip still works on (6.2.2), then give up
            self.bus.write(ACK)
            return self._fail("no response")
        return self._state

    def _resend(self, now, why):
        if self._tries >= _SENDS:
            return self._fail(why)
        self.resends += 1
        self._state = 1
        self._since = now
        return PENDING

    def _fail(self, why):
        self.error = why
        self.tag_fault = False
        self._state = FAILED
        return FAILED

    def _parse(self):
        """Check the frame in rx; PENDING asks for a NACK (resend), FAILED ends the command."""
        rx = self.rx
        end = len(rx)
        i = 1
        while i < 5 and not (rx[i] == 0 and rx[i + 1] == 0xFF):
            i += 1  # skip preamble bytes
        if i >= 5 or i + 4 >= end:
            return PENDING
        n = rx[i + 2]
        if (n + rx[i + 3]) & 0xFF:
            return PENDING
        if n == 1 and rx[i + 4] == 0x7F:
            self.error = "syntax error frame"  # 6.2.1.5: the PN532 refused the command
            return FAILED
        if n < 2 or i + 5 + n >= end:
            return PENDING
        total = 0
        for k in range(i + 4, i + 5 + n):
            total += rx[k]
        if total & 0xFF:
            return PENDING
        if rx[i + 4] != _PN532_TO_HOST or rx[i + 5] != self._cmd + 1:
            self.error = "answer to another command"
            return FAILED
        self.at = i + 6
        self.length = n - 2
        if self._cmd == _IN_DATA_EXCHANGE:
            # First byte: status (7.1, table "Error code list"); 0 is success.
            status = rx[self.at] & 0x3F if self.length else 0xFF
            if status:
                self.error = "tag status %02X" % status
                self.tag_fault = True
                return FAILED
            self.at += 1
            self.length -= 1
        return DONE

    # --- what nfc.py drives: poll, read, write (same names on the MFRC522) -----------

    def start_poll(self, now):
        """Look for one ISO 14443-A tag; when DONE, ``uid[:uid_len]`` (uid_len 0: none)."""
        self.start(self.poll_frame, now)

    def step_tag(self, now):
        """``step`` plus copying results into ``uid``/``data``: what nfc.py calls."""
        verdict = self.step(now)
        if verdict == DONE:
            rx = self.rx
            at = self.at
            if self._cmd == IN_LIST_PASSIVE_TARGET:
                # NbTg, Tg, SENS_RES (2), SEL_RES, NFCIDLength, NFCID1 (7.3.5)
                n = rx[at + 5] if self.length >= 6 and rx[at] else 0
                if n > 10 or 6 + n > self.length:
                    n = 0
                for k in range(n):
                    self.uid[k] = rx[at + 6 + k]
                self.uid_len = n
            elif self._frame is self._read:
                if self.length < self._want:
                    self.error = "short READ"
                    self.tag_fault = True
                    self._state = FAILED
                    return FAILED
                self.data = memoryview(rx)[at:at + self._want]
        return verdict

    def start_read(self, page, now, pages=FAST_PAGES):
        """NTAG FAST_READ: when DONE, ``data`` holds pages page..page+pages-1 (until the
        next command's answer: copy it)."""
        self.start(self.read_frame(page, pages), now)

    def start_write(self, page, data4, now):
        """NTAG WRITE of one 4-byte page."""
        self.start(self.write_frame(page, data4), now)

    def setup_frames(self):
        """The commands that make a freshly reset chip ready to poll (firmware.pn532_start)."""
        return (frame(_SAM_CONFIGURATION, b"\x01\x14\x01"),
                frame(_RF_CONFIGURATION, bytes([0x05, 0xFF, 0x01, self.max_retries])))

    def start_setup(self, i, now):
        """Start setup command ``i`` after a reset; False once there are no more."""
        frames = self.setup_frames()
        if i >= len(frames):
            return False
        self.start(frames[i], now)
        return True

    # --- NTAG frames, filled in place ------------------------------------------------

    def read_frame(self, page, pages):
        """InDataExchange(FAST_READ page..page+pages-1): 4 bytes a page back."""
        f = self._read  # 00 00 FF LEN LCS D4 40 01 3A start end DCS 00
        f[9] = page
        f[10] = page + pages - 1
        f[11] = (-(_HOST_TO_PN532 + _IN_DATA_EXCHANGE + 1 + _NTAG_FAST_READ + 2 * page
                   + pages - 1)) & 0xFF
        self._want = 4 * pages
        return f

    def write_frame(self, page, data4):
        """InDataExchange(WRITE page, 4 bytes)."""
        p = self._params
        p[0] = 1
        p[1] = _NTAG_WRITE
        p[2] = page
        for i in range(4):
            p[3 + i] = data4[i]
        _fill(self._write, _IN_DATA_EXCHANGE, p)
        return self._write


def _same(buf, at, expected):
    for i in range(len(expected)):
        if buf[at + i] != expected[i]:
            return False
    return True
