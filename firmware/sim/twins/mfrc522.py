"""A simulated MFRC522 at the register level, with NTAG tags in its field.

The driver talks to it exactly as to the chip (MFRC522 datasheet rev 3.9): SPI address
bytes (8.1.2), the FIFO, CommandReg (Idle, Transceive, CalcCRC, SoftReset), ComIrqReg and
its Set1 bit, BitFramingReg (StartSend, RxAlign, TxLastBits), ErrorReg, CollReg,
ControlReg's RxLastBits, the timer (TAuto, prescaler, reload), the antenna bits of
TxControlReg and VersionReg. Over the air the tags follow ISO/IEC 14443-3: REQA/WUPA,
bit-oriented anticollision (two tags collide on the first differing UID bit), SELECT with
cascade levels, HLTA, and the NTAG commands through :class:`firmware.sim.twins.Ntag`.

    clock = FakeClock()
    chip = MFRC522Twin(clock)
    spi = FakeSPI(chip)
    reader = MFRC522(spi, spi.cs, ticks=clock.ticks_ms, sleep=clock.sleep_ms)
"""
from firmware.sim.twins import ACK4, CASCADE_TAG, FakePin, FakeSPIBus, crc_a

SPI_BYTE_US = 2  # 4 MHz
BIT_US = 9.44  # ISO 14443-A at 106 kbit/s
FDT_US = 86  # frame delay time, n = 9
PROGRAM_US = 4100  # NTAG EEPROM write

_DEFAULTS = {0x02: 0x80, 0x0A: 0x00, 0x0C: 0x10, 0x11: 0x3F, 0x14: 0x80, 0x37: 0x92}


def _cl(tag, level):
    """The 5 bytes a tag sends at cascade ``level``: CT + 3 UID bytes + BCC, or 4 + BCC."""
    u = tag.uid
    if len(u) == 7 and level == 0:
        part = bytes([CASCADE_TAG, u[0], u[1], u[2]])
    elif len(u) == 7:
        part = u[3:7]
    else:
        part = u[0:4]
    return part + bytes([part[0] ^ part[1] ^ part[2] ^ part[3]])


def _bit(data, i):
    return (data[i // 8] >> (i % 8)) & 1


class MFRC522Twin:
    def __init__(self, clock, tags=()):
        self.clock = clock
        self.field = list(tags)
        self.rst = FakePin(1, self._on_reset)
        self.exchanges = 0
        self.collisions = 0
        self.stuck = False
        self._power_on()

    def _power_on(self):
        self.regs = bytearray(64)
        for reg, value in _DEFAULTS.items():
            self.regs[reg] = value
        self.fifo = []
        self._pending = None  # (ready_at_us, bytes, last_bits, error, coll) of an answer
        self._timer_at = None
        for tag in self.field:
            tag.state = "IDLE"

    def _on_reset(self, level):
        if level == 0:
            self._power_on()
            self.stuck = False

    def place(self, tag):
        tag.state = "IDLE"
        self.field.append(tag)
        return tag

    def lift(self, tag=None):
        self.field = [] if tag is None else [t for t in self.field if t is not tag]

    # --- registers ---------------------------------------------------------------------

    def read(self, reg):
        self._settle()
        if reg == 0x09:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == 0x0A:
            return len(self.fifo)
        return self.regs[reg]

    def write(self, reg, value):
        self._settle()
        regs = self.regs
        if reg == 0x09:
            if len(self.fifo) < 64:
                self.fifo.append(value)
        elif reg == 0x0A:
            if value & 0x80:
                self.fifo = []
                regs[0x06] &= ~0x10 & 0xFF
        elif reg in (0x04, 0x05):  # ComIrqReg/DivIrqReg: Set1 sets, else clears (9.3.1.5)
            if value & 0x80:
                regs[reg] |= value & 0x7F
            else:
                regs[reg] &= ~value & 0x7F
        elif reg == 0x01:
            self._command(value & 0x0F)
        elif reg == 0x0D:
            regs[reg] = value & 0x7F
            if value & 0x80 and regs[0x01] & 0x0F == 0x0C:
                self._transceive()
        elif reg != 0x37:
            regs[reg] = value

    def _command(self, cmd):
        if cmd == 0x0F:
            self._power_on()
            return
        if cmd == 0x03:  # CalcCRC over the FIFO into CRCResultReg (10.3.1.4)
            lo, hi = crc_a(bytes(self.fifo))
            self.regs[0x22] = lo
            self.regs[0x21] = hi
            self.regs[0x05] |= 0x04
            return
        if cmd == 0x00:
            self._pending = None
            self._timer_at = None
        self.regs[0x01] = (self.regs[0x01] & 0xF0) | cmd

    def _timeout_us(self):
        regs = self.regs
        prescaler = ((regs[0x2A] & 0x0F) << 8) | regs[0x2B]
        reload = (regs[0x2C] << 8) | regs[0x2D]
        return (2 * prescaler + 1) * (reload + 1) / 13.56  # datasheet 8.5

    def _settle(self):
        """Deliver what the air has brought by now: an answer or a timer expiry."""
        now = self.clock.us()
        regs = self.regs
        if self._pending is not None and self._pending[0] <= now:
            _, data, last_bits, error, coll = self._pending
            self._pending = None
            self._timer_at = None
            self.fifo = list(data)
            regs[0x06] = error
            regs[0x0C] = (regs[0x0C] & 0xF8) | last_bits
            regs[0x0E] = coll
            regs[0x04] |= 0x60 | (0x02 if error else 0)  # TxIRq, RxIRq, ErrIRq
        elif self._timer_at is not None and self._timer_at <= now:
            self._timer_at = None
            regs[0x04] |= 0x41  # TxIRq, TimerIRq

    # --- the air -----------------------------------------------------------------------

    def _transceive(self):
        self.exchanges += 1
        regs = self.regs
        sent = bytes(self.fifo)
        self.fifo = []
        regs[0x06] = 0
        last = regs[0x0D] & 0x07
        now = self.clock.us()
        tx_bits = len(sent) * 9 - ((8 - last) if last else 0)
        end_tx = now + tx_bits * BIT_US
        self._timer_at = end_tx + self._timeout_us()
        if regs[0x14] & 0x03 == 0 or not sent:
            return  # antenna off: no tag is powered
        answer = self._air(sent, last)
        if answer is None:
            return
        data, last_bits, error, coll, extra = answer
        rx_bits = len(data) * 9
        self._pending = (end_tx + FDT_US + rx_bits * BIT_US + extra, data, last_bits, error,
                         coll)

    def _air(self, sent, last):
        tags = self.field
        if last == 7 and len(sent) == 1 and sent[0] in (0x26, 0x52):  # REQA / WUPA
            woke = []
            for tag in tags:
                if tag.state == "IDLE" or (sent[0] == 0x52 and tag.state == "HALT"):
                    tag.state = "READY"
                    tag.level = 0
                    woke.append(tag)
                elif tag.state != "HALT":
                    tag.state = "IDLE"
            if woke:
                return b"\x44\x00", 0, 0, 0, 0  # ATQA of an NTAG21x (datasheet 9.4)
            return None
        if sent[0] in (0x93, 0x95, 0x97) and len(sent) >= 2:
            level = (sent[0] - 0x93) // 2
            if sent[1] == 0x70 and len(sent) == 9:
                return self._select(sent, level)
            return self._anticollision(sent, last, level)
        if len(sent) < 3 or crc_a(sent[:-2]) != (sent[-2], sent[-1]):
            return None
        body = sent[:-2]
        for tag in tags:
            if tag.state != "ACTIVE":
                continue
            if body[0] == 0x50 and tag.compat_page is None:  # HLTA: the tag goes quiet
                tag.state = "HALT"
                return None
            writes = tag.writes
            reply = tag.command(body)
            if reply is None:
                return None
            if isinstance(reply, int):
                if reply == ACK4:  # after programming the EEPROM, if it was a write
                    return bytes([reply]), 4, 0, 0, PROGRAM_US if tag.writes != writes else 0
                tag.state = "IDLE"  # a NAK sends the tag back to IDLE
                return bytes([reply]), 4, 0, 0, 0
            lo, hi = crc_a(reply)
            return reply + bytes([lo, hi]), 0, 0, 0, 0
        return None

    def _anticollision(self, sent, last, level):
        nvb = sent[1]
        known = ((nvb >> 4) - 2) * 8 + (nvb & 0x0F)
        replies = []
        for tag in self.field:
            if tag.state != "READY" or tag.level != level:
                continue
            cl = _cl(tag, level)
            if all(_bit(sent[2:], i) == _bit(cl, i) for i in range(known)):
                replies.append(cl)
        if not replies:
            return None
        first = replies[0]
        collision = None
        for i in range(known, 40):
            if any(_bit(r, i) != _bit(first, i) for r in replies):
                collision = i
                break
        upto = 40 if collision is None else collision + 1
        out = bytearray((upto + 7) // 8 - known // 8)
        for i in range(known, upto):
            if _bit(first, i) or (collision is not None and i == collision):
                out[i // 8 - known // 8] |= 1 << (i % 8)
        last_bits = upto % 8
        if collision is None:
            return bytes(out), last_bits, 0, 0x20, 0  # CollPosNotValid: no collision
        self.collisions += 1
        pos = (collision - known + 1) % 32  # 1..31, and 0 for the 32nd bit (9.3.1.15)
        return bytes(out), last_bits, 0x08, pos, 0

    def _select(self, sent, level):
        if crc_a(sent[:7]) != (sent[7], sent[8]):
            return None
        chosen = None
        for tag in self.field:
            if tag.state != "READY" or tag.level != level:
                continue
            if _cl(tag, level) == bytes(sent[2:7]):
                chosen = tag
            else:
                tag.state = "IDLE"
        if chosen is None:
            return None
        more = len(chosen.uid) > 4 * (level + 1) - level
        if more:
            chosen.level = level + 1
            sak = 0x04
        else:
            chosen.state = "ACTIVE"
            sak = 0x00
        lo, hi = crc_a(bytes([sak]))
        return bytes([sak, lo, hi]), 0, 0, 0, 0


class FakeSPI(FakeSPIBus):
    """machine.SPI wired to the twin (MSB first); ``cs`` is its chip-select FakePin."""

    byte_us = SPI_BYTE_US

    def __init__(self, chip):
        FakeSPIBus.__init__(self, chip, FakePin(1))

    def _exchange(self, wbuf, rbuf):
        chip = self.chip
        first = wbuf[0]
        reg = (first >> 1) & 0x3F
        if first & 0x80:  # read: each next byte names the next register (8.1.2.1)
            for i in range(1, len(wbuf)):
                rbuf[i] = chip.read(reg)
                reg = (wbuf[i] >> 1) & 0x3F
        else:  # write: every byte after the address goes to that register (8.1.2.2)
            for i in range(1, len(wbuf)):
                chip.write(reg, wbuf[i])
