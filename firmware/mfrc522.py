"""MFRC522 NFC reader over SPI: ISO 14443-A activation and NTAG21x pages, never waiting.

Register and bit names are from the NXP MFRC522 datasheet (rev 3.9), section 9; the tag
side from ISO/IEC 14443-3 (REQA/WUPA, anticollision, select, cascade levels) and the
NTAG213/215/216 datasheet (READ 30h returns 4 pages, WRITE A2h answers a 4-bit ACK).

It offers the same non-blocking interface as :class:`firmware.pn532.PN532`, so
:class:`firmware.nfc.NfcReader` drives either: ``start_poll``/``start_read``/
``start_write`` then ``step_tag(now)`` until DONE or FAILED. One step does one phase of
an RF exchange: load the FIFO and start the Transceive (a burst of register writes, about
0.1 ms at 4 MHz), or read the interrupt and error registers in one SPI transfer (and the
FIFO once something came back). Every exchange is bounded by the chip's timer.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from firmware.clock import sleep_ms, ticks_diff, ticks_ms

# Registers (datasheet 9.2).
COMMAND = const(0x01)
COM_IRQ = const(0x04)
ERROR = const(0x06)
FIFO_DATA = const(0x09)
FIFO_LEVEL = const(0x0A)
CONTROL = const(0x0C)
BIT_FRAMING = const(0x0D)
COLL = const(0x0E)
MODE = const(0x11)
TX_CONTROL = const(0x14)
TX_ASK = const(0x15)
T_MODE = const(0x2A)
T_PRESCALER = const(0x2B)
T_RELOAD_H = const(0x2C)
T_RELOAD_L = const(0x2D)
VERSION = const(0x37)

# Commands (datasheet 10.3) and bits.
IDLE = const(0x00)
TRANSCEIVE = const(0x0C)
SOFT_RESET = const(0x0F)
_RX_IRQ = const(0x20)  # ComIrqReg
_TIMER_IRQ = const(0x01)
_START_SEND = const(0x80)  # BitFramingReg
_COLL_ERR = const(0x08)  # ErrorReg
_HARD_ERRORS = const(0x17)  # BufferOvfl, CRCErr, ParityErr, ProtocolErr
_COLL_POS_NOT_VALID = const(0x20)  # CollReg
VERSIONS = (0x91, 0x92, 0x88)  # v1.0, v2.0 (9.3.4.8), and the FM17522 clone

# ISO/IEC 14443-3 commands.
WUPA = const(0x52)  # 7 bits; wakes HALTed tags too, so a resting tile answers every poll
HLTA = const(0x50)
SEL = (0x93, 0x95, 0x97)  # cascade levels 1..3
CASCADE_TAG = const(0x88)
SAK_MORE = const(0x04)  # SAK bit: UID not complete, go to the next cascade level

# Timer: TPrescaler A9h gives (2*169+1)/13.56 MHz = 25 us a tick (datasheet 8.5).
_TICKS_SHORT = const(40)  # 1 ms: activation answers come after ~0.1 ms
_TICKS_READ = const(200)  # 5 ms: NTAG READ time-out (NTAG21x datasheet 10.2)
_TICKS_WRITE = const(400)  # 10 ms: NTAG WRITE time-out (10.4)
GUARD_MS = 30  # no interrupt at all by then: the chip is gone, not the tag

PENDING = const(0)
DONE = const(1)
FAILED = const(2)

_GOT = const(11)
_TIMEOUT = const(12)

_HALT = const(0)
_WAKE = const(1)
_ANTI = const(2)
_SELECT = const(3)
_READ = const(4)
_WRITE = const(5)


_SETUP = (
    (T_MODE, 0x80),  # TAuto: the timer runs from the end of each send
    (T_PRESCALER, 0xA9),
    (TX_ASK, 0x40),  # Force100ASK: ISO 14443-A modulation
    (MODE, 0x3D),  # CRC preset 6363h
)


def crc_a(data, n, at=0):
    """CRC_A (ISO/IEC 14443-3 Annex B): preset 6363h, reflected polynomial 8408h.

    >>> hex(crc_a(b"\\x00\\x00", 2))  # the standard's example: A0h then 1Eh on the air
    '0x1ea0'
    """
    crc = 0x6363
    for i in range(at, at + n):
        crc ^= data[i]
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return crc


def merge_bits(cl, known, keep, resp, n):
    """Put an anticollision answer after the ``known`` bits of ``cl``; keep ``keep`` bits.

    The answer continues our bits: its first bit lands at bit RxAlign (= known % 8) of
    byte known // 8, so that byte is half ours, half the tag's. Bits from ``keep`` on are
    cleared (they came after a collision).
    """
    start = known // 8
    align = known % 8
    for i in range(start, 5):
        k = i - start
        got = resp[k] if k < n else 0
        if i == start:
            got = (got & (0xFF << align) & 0xFF) | (cl[i] & ((1 << align) - 1))
        mask = 0xFF
        if keep < (i + 1) * 8:
            mask = (1 << max(0, keep - i * 8)) - 1
        cl[i] = got & mask


class MFRC522:
    READ_MAX = 16  # bytes one read brings: READ's 4 pages

    def __init__(self, spi, cs, reset=None, ticks=ticks_ms, sleep=sleep_ms):
        self.spi = spi
        self.cs = cs
        self.reset_pin = reset
        self.ticks = ticks
        self.sleep = sleep
        cs.value(1)
        self._w2 = bytearray(2)
        self._r2 = bytearray(2)
        # One transfer reads ComIrq, Error, FIFOLevel, Control and Coll (8.1.2.1).
        self._status_tx = bytes([0x80 | (r << 1) for r in (COM_IRQ, ERROR, FIFO_LEVEL,
                                                            CONTROL, COLL)] + [0])
        self._status = bytearray(6)
        self._fifo_tx = bytearray([0x80 | (FIFO_DATA << 1)] * 18 + [0])
        self._fifo_rx = bytearray(19)
        self._tx = bytearray(1 + 10)  # FIFODataReg address + up to 9 frame bytes
        self._tx2 = bytearray([FIFO_DATA << 1, 0])
        self.resp = bytearray(18)
        self.resp_len = 0
        self.uid = bytearray(10)
        self.uid_len = 0
        self.data = bytearray(16)
        self.error = ""
        self.tag_fault = False
        self._cl = bytearray(5)  # the UID CLn being resolved: 4 bytes + BCC
        self._known = 0  # bits of _cl known so far
        self._level = 0
        self._page = 0
        self._page4 = bytearray(4)
        self._phase = _WAKE
        self._waiting = False
        self._since = 0
        self._active = False  # a tag was selected last cycle: halt it before WUPA
        self._rounds = 0

    # --- registers (datasheet 8.1.2: address byte 0aaaaaa0 write, 1aaaaaa0 read) --------

    def write_reg(self, reg, value):
        self._w2[0] = reg << 1
        self._w2[1] = value
        self.cs.value(0)
        self.spi.write(self._w2)
        self.cs.value(1)

    def read_reg(self, reg):
        self._w2[0] = 0x80 | (reg << 1)
        self._w2[1] = 0
        self.cs.value(0)
        self.spi.write_readinto(self._w2, self._r2)
        self.cs.value(1)
        return self._r2[1]

    def begin(self):
        """Soft reset, timer, 100% ASK, CRC preset, antenna on; returns VersionReg."""
        self.cs.value(1)
        if self.reset_pin is not None and not self.reset_pin.value():
            self.reset_pin.value(1)  # NRSTPD high: out of hard power-down (datasheet 8.8.1)
            self.sleep(2)
        self.write_reg(COMMAND, SOFT_RESET)
        for _ in range(50):  # PowerDown (CommandReg bit 4) clears once the oscillator runs
            self.sleep(1)
            if not self.read_reg(COMMAND) & 0x10:
                break
        version = self.read_reg(VERSION)
        if version not in VERSIONS:
            raise OSError("no MFRC522 on the bus (VersionReg %02X)" % version)
        for reg, value in _SETUP:
            self.write_reg(reg, value)
        self.write_reg(TX_CONTROL, self.read_reg(TX_CONTROL) | 0x03)  # TX1, TX2 on
        self._active = False
        return version

    def start_setup(self, i, now):
        """After a reset: set up again (quick, blocking); nothing left to step."""
        if i == 0:
            self.begin()
        return False

    # --- one exchange --------------------------------------------------------------------

    def _send(self, n, now, last_bits=0, ticks=_TICKS_SHORT):
        """Load ``_tx[1:1+n]`` into the FIFO and start a Transceive."""
        self.write_reg(COMMAND, IDLE)
        self.write_reg(COM_IRQ, 0x7F)  # clear every interrupt request
        self.write_reg(FIFO_LEVEL, 0x80)  # FlushBuffer
        self._tx[0] = FIFO_DATA << 1
        self.cs.value(0)
        if n == 1:  # WUPA, the idle poll: no slice, no allocation
            self._tx2[1] = self._tx[1]
            self.spi.write(self._tx2)
        else:
            self.spi.write(memoryview(self._tx)[:1 + n])
        self.cs.value(1)
        self.write_reg(T_RELOAD_H, ticks >> 8)
        self.write_reg(T_RELOAD_L, ticks & 0xFF)
        framing = (last_bits << 4) | last_bits  # RxAlign = TxLastBits for anticollision
        self.write_reg(BIT_FRAMING, framing)
        self.write_reg(COMMAND, TRANSCEIVE)
        self.write_reg(BIT_FRAMING, framing | _START_SEND)
        self._waiting = True
        self._since = now

    def _wait(self, now):
        self.cs.value(0)
        self.spi.write_readinto(self._status_tx, self._status)
        self.cs.value(1)
        st = self._status
        if st[1] & _RX_IRQ:
            self._errors = st[2]
            n = st[3] & 0x7F
            if n > 18:
                n = 18
            self._last_bits = st[4] & 0x07
            self._coll = st[5]
            if n:
                self.cs.value(0)
                self.spi.write_readinto(memoryview(self._fifo_tx)[18 - n:],
                                        memoryview(self._fifo_rx)[:n + 1])
                self.cs.value(1)
                for i in range(n):
                    self.resp[i] = self._fifo_rx[i + 1]
            self.resp_len = n
            self._waiting = False
            return _GOT
        if st[1] & _TIMER_IRQ:
            self._waiting = False
            return _TIMEOUT
        if ticks_diff(now, self._since) > GUARD_MS:
            self._waiting = False
            self.error = "no interrupt from the MFRC522"
            return FAILED
        return PENDING

    # --- what nfc.py drives --------------------------------------------------------------

    def start_poll(self, now):
        self._phase = _HALT if self._active else _WAKE
        self._waiting = False
        self.error = ""
        self.tag_fault = False

    def start_read(self, page, now, pages=4):
        # READ: always 4 pages (``pages`` is for the PN532's FAST_READ)
        self._page = page
        self._phase = _READ
        self._waiting = False

    def start_write(self, page, data4, now):
        self._page = page
        self._page4[:] = bytes(data4[:4])
        self._phase = _WRITE
        self._waiting = False

    def step_tag(self, now):
        if not self._waiting:
            self._issue(now)
            return PENDING
        got = self._wait(now)
        if got == PENDING:
            return PENDING
        if got == FAILED:
            self.tag_fault = False
            return FAILED
        return self._handle(got, now)

    def _issue(self, now):
        tx = self._tx
        phase = self._phase
        if phase == _HALT:
            tx[1] = HLTA
            tx[2] = 0
            self._with_crc(2, now)
        elif phase == _WAKE:
            tx[1] = WUPA
            self._send(1, now, last_bits=7)
        elif phase == _ANTI:
            known = self._known
            full = known // 8
            nbytes = full + (1 if known % 8 else 0)
            tx[1] = SEL[self._level]
            tx[2] = ((2 + full) << 4) | (known % 8)  # NVB: bytes and bits sent
            for i in range(nbytes):
                tx[3 + i] = self._cl[i]
            self._send(2 + nbytes, now, last_bits=known % 8)
        elif phase == _SELECT:
            tx[1] = SEL[self._level]
            tx[2] = 0x70
            for i in range(5):
                tx[3 + i] = self._cl[i]
            self._with_crc(7, now)
        elif phase == _READ:
            tx[1] = 0x30
            tx[2] = self._page
            self._with_crc(2, now, _TICKS_READ)
        else:
            tx[1] = 0xA2
            tx[2] = self._page
            for i in range(4):
                tx[3 + i] = self._page4[i]
            self._with_crc(6, now, _TICKS_WRITE)

    def _with_crc(self, n, now, ticks=_TICKS_SHORT):
        crc = crc_a(self._tx, n, 1)
        self._tx[1 + n] = crc & 0xFF
        self._tx[2 + n] = crc >> 8
        self._send(n + 2, now, ticks=ticks)

    def _tag_failed(self, why):
        self.error = why
        self.tag_fault = True
        self._active = False
        return FAILED

    def _absent(self):
        self.uid_len = 0
        self._active = False
        return DONE

    def _handle(self, got, now):
        phase = self._phase
        if phase == _HALT:  # a halted tag stays silent: time-out is success
            self._phase = _WAKE
            return PENDING
        if phase == _WAKE:
            if got == _TIMEOUT:
                return self._absent()
            for i in range(5):
                self._cl[i] = 0
            self._known = 0
            self._level = 0
            self._rounds = 0
            self.uid_len = 0
            self._phase = _ANTI
            return PENDING
        if got == _TIMEOUT:
            if phase in (_ANTI, _SELECT):
                return self._absent()  # lifted during activation
            return self._tag_failed("no answer from the tag")
        if self._errors & _HARD_ERRORS:
            return self._tag_failed("RF error %02X" % self._errors)
        if phase == _ANTI:
            return self._anticollision()
        if phase == _SELECT:
            return self._selected()
        if phase == _READ:
            if self.resp_len != 18 or crc_a(self.resp, 18) != 0:
                return self._tag_failed("bad READ answer")
            for i in range(16):
                self.data[i] = self.resp[i]
            return DONE
        if self.resp_len == 1 and self._last_bits == 4 and self.resp[0] & 0x0F == 0x0A:
            return DONE  # the NTAG's 4-bit ACK
        return self._tag_failed("tag refused the WRITE")

    def _anticollision(self):
        known = self._known
        valid = 40 - known
        if self._errors & _COLL_ERR:
            if self._coll & _COLL_POS_NOT_VALID:
                return self._tag_failed("collision position unknown")
            pos = self._coll & 0x1F
            valid = (pos or 32) - 1  # bits before the collision (9.3.1.15)
        keep = known + valid
        merge_bits(self._cl, known, keep, self.resp, self.resp_len)
        if keep < 40:
            self._cl[keep // 8] |= 1 << (keep % 8)  # take the branch with a 1 there
            self._known = keep + 1
            self._rounds += 1
            if self._rounds > 32:
                return self._tag_failed("anticollision did not converge")
            return PENDING
        cl = self._cl
        if cl[0] ^ cl[1] ^ cl[2] ^ cl[3] != cl[4]:
            return self._tag_failed("bad BCC")
        self._known = 40
        self._phase = _SELECT
        return PENDING

    def _selected(self):
        if self.resp_len != 3 or crc_a(self.resp, 3) != 0:
            return self._tag_failed("bad SAK")
        cl = self._cl
        n = self.uid_len
        if self.resp[0] & SAK_MORE:
            if cl[0] != CASCADE_TAG or self._level >= 2:
                return self._tag_failed("bad cascade")
            for i in range(3):
                self.uid[n + i] = cl[1 + i]
            self.uid_len = n + 3
            self._level += 1
            for i in range(5):
                cl[i] = 0
            self._known = 0
            self._phase = _ANTI
            return PENDING
        for i in range(4):
            self.uid[n + i] = cl[i]
        self.uid_len = n + 4
        self._active = True
        return DONE
