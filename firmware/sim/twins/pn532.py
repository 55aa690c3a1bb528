"""A simulated PN532: parses real command frames and answers real response frames.

Plug it in where the chip would be::

    clock = FakeClock()
    chip = PN532Twin(clock)
    chip.place(Ntag("04A1B2C3D4E5F6", record=b"..."))
    reader = PN532(I2CBus(FakeI2C(chip)), reset=chip.rst, ticks=clock.ticks_ms,
                   sleep=clock.sleep_ms)

It speaks UM0701-02's frames (6.2.1), ACK/NACK, the status byte of I2C and SPI (LSB first
on the wire), and the commands the hub uses: GetFirmwareVersion, SAMConfiguration,
RFConfiguration, InListPassiveTarget (with anticollision between two tags),
InDataExchange to NTAG213/215/216 tags, InRelease. Anything else gets the error frame.

Faults to inject (each a counter or a flag the test sets): ``drop_commands`` (the frame is
lost: no ACK), ``corrupt`` (the next responses carry a bad checksum; a NACK gets a good
copy), ``slow_ms`` (extra delay before every response), ``busy`` (the next I2C
transactions raise OSError ETIMEDOUT, as on an RP2040 whose bus timeout a clock stretch
outlasted), ``stuck`` (nothing answers until the RST pin is pulsed), two tags in the field
(``place`` twice).

A command frame or an ACK frame from the host aborts the command at work (UM0701-02 6.2.2:
the host may discontinue the PN532's current process); a PN532 at work still acknowledges
its I2C address and answers status 00h, so the host can tell it so.

Timing (added to the clock by every transfer): I2C at 400 kHz (9 bit times a byte), SPI at
1 MHz, ISO/IEC 14443-A at 106 kbit/s (a byte and its parity bit = 85 us, frame delay
n=9 = 86 us, NTAG21x datasheet 9.2), NTAG READ 368 us + 1548 us (datasheet 10.2, Fig 15),
FAST_READ 453 us + 86 us a byte of its pages and CRC (10.3),
EEPROM programming 4.1 ms per WRITE (datasheet, EEPROM characteristics). The PN532's own
processing times are not in its manual; the twin uses estimates (ACK_US, WORK_US,
ATTEMPT_US) in line with boards measured by makers.
"""
from firmware.sim.twins import ACK4, FakePin, FakeSPIBus

I2C_BYTE_US = 23  # 9 bits at 400 kHz
SPI_BYTE_US = 8  # 8 bits at 1 MHz
RF_BYTE_US = 85  # 106 kbit/s, 8 data bits + parity
RF_FDT_US = 86  # frame delay time, n = 9
ACK_US = 700  # estimate: the PN532 checks the frame and ACKs
WORK_US = 1000  # estimate: firmware overhead per command
ATTEMPT_US = 2000  # estimate: one passive activation attempt that no tag answers
PROGRAM_US = 4100  # NTAG EEPROM write time
# The longest answer from a tag (data and CRC_A) the PN532 takes in one exchange: its
# CIU's 64-byte FIFO ("an internal frame size limit of 64 byte", nfcpy's documentation of
# PN532-based devices; UM0701-02 7.3.8 allows 262 bytes of DataIn, which the twin does not
# trust). The hub's FAST_READ asks for 13 pages: 52 bytes and the CRC.
RF_FRAME_MAX = 64
EIO = 5  # what MicroPython's rp2 machine.I2C raises for a NACK...
ETIMEDOUT = 110  # ...and for a transfer that timed out (a clock stretched too long)

ACK = b"\x00\x00\xff\x00\xff\x00"
NACK = b"\x00\x00\xff\xff\x00\x00"
ERROR_FRAME = b"\x00\x00\xff\x01\xff\x7f\x81\x00"  # UM0701-02 6.2.1.5


class IrqPin:
    """The PN532's P70_IRQ as a machine.Pin the host reads: 0 (low) while the chip holds a
    frame for the host (its ACK, then its answer), 1 otherwise."""

    def __init__(self, chip):
        self.chip = chip

    def value(self, v=None):
        return 0 if self.chip.ready() else 1


def _rf_us(sent, received):
    """One ISO 14443-A exchange: the bytes out, the frame delay, the bytes back."""
    return (sent + received) * RF_BYTE_US + RF_FDT_US


def response_frame(data):
    """A PN532-to-host frame around ``data`` (starting with the command code + 1)."""
    n = len(data) + 1
    body = bytes([0xD5]) + bytes(data)
    return bytes([0x00, 0x00, 0xFF, n, (-n) & 0xFF]) + body + \
        bytes([(-sum(body)) & 0xFF, 0x00])


def parse_command(buf):
    """The (cmd, params) of a host frame, ``"ACK"``/``"NACK"``, or None if it is broken."""
    data = bytes(buf)
    i = data.find(b"\x00\xff")
    if i < 0 or len(data) < i + 4:
        return None
    n, lcs = data[i + 2], data[i + 3]
    if n == 0 and lcs == 0xFF:
        return "ACK"
    if n == 0xFF and lcs == 0x00:
        return "NACK"
    if (n + lcs) & 0xFF or n < 2 or len(data) < i + 5 + n:
        return None
    body = data[i + 4:i + 4 + n]
    if body[0] != 0xD4 or (sum(body) + data[i + 4 + n]) & 0xFF:
        return None
    return body[1], body[2:]


class PN532Twin:
    def __init__(self, clock, tags=()):
        self.clock = clock
        self.field = list(tags)
        self.rst = FakePin(1, self._on_reset)
        self.irq = IrqPin(self)
        self.drop_commands = 0
        self.corrupt = 0
        self.slow_ms = 0
        self.busy = 0
        self.stuck = False
        self.commands = []  # every command code accepted, for the tests
        self.naks_seen = 0
        self._power_on()

    def _power_on(self):
        self.asleep = True
        self.sam = False  # LowVbat until SAMConfiguration (AN10609)
        self.retries = 0xFF  # MxRtyPassiveActivation: forever, until configured
        self.target = None
        self._out = []  # [(ready_at_us, frame)] waiting for the host, in order
        self._last = None

    def _on_reset(self, level):
        if level == 0:
            self._power_on()
            self.stuck = False

    # --- the field -------------------------------------------------------------------

    def place(self, tag):
        self.field.append(tag)
        return tag

    def lift(self, tag=None):
        if tag is None:
            self.field = []
        else:
            self.field = [t for t in self.field if t is not tag]
        if self.target is not None and self.target not in self.field:
            self.target = None

    # --- what the host sees ----------------------------------------------------------

    def ready(self):
        return bool(self._out) and self._out[0][0] <= self.clock.us()

    def receive(self, data):
        """A complete write from the host (the frame after any SPI prefix)."""
        if self.stuck:
            return
        self.asleep = False
        parsed = parse_command(data)
        if parsed is None:
            return  # a broken frame is ignored: the host's ACK timer will resend it
        if parsed == "ACK":
            self._out = []  # the host aborts the command (6.2.2)
            return
        if parsed == "NACK":
            self.naks_seen += 1
            if self._last is not None:
                self._out = [(self.clock.us(), self._last)]
            return
        if self.drop_commands:
            self.drop_commands -= 1
            return
        cmd, params = parsed
        self.commands.append(cmd)
        now = self.clock.us()
        work, answer = self._execute(cmd, params)
        if answer is None:
            self._out = [(now + ACK_US, ACK), (now + ACK_US, ERROR_FRAME)]
            self._last = ERROR_FRAME
            return
        frame = response_frame(answer)
        self._last = frame
        if self.corrupt:
            self.corrupt -= 1
            frame = frame[:-2] + bytes([frame[-2] ^ 0x5A, 0x00])
        done = now + ACK_US + WORK_US + work + self.slow_ms * 1000
        self._out = [(now + ACK_US, ACK), (done, frame)]

    def send(self, n):
        """``n`` bytes of the frame the host reads (after the status); consumed if whole."""
        if not self.ready():
            return bytes(n)
        frame = self._out[0][1]
        if n >= len(frame):
            self._out.pop(0)
        out = frame[:n]
        return out + bytes(n - len(out))

    # --- commands (UM0701-02 section 7) ------------------------------------------------

    def _execute(self, cmd, p):
        if cmd == 0x02:  # GetFirmwareVersion: IC 32h, version 1.6, all card types
            return 0, bytes([0x03, 0x32, 0x01, 0x06, 0x07])
        if cmd == 0x14:  # SAMConfiguration
            if not p or p[0] not in (1, 2, 3, 4):
                return 0, None
            self.sam = True
            return 0, b"\x15"
        if cmd == 0x32:  # RFConfiguration
            if p and p[0] == 0x05 and len(p) >= 4:
                self.retries = p[3]
            return 0, b"\x33"
        if cmd == 0x4A:  # InListPassiveTarget
            return self._inlist(p)
        if cmd == 0x40:  # InDataExchange
            return self._exchange(p)
        if cmd == 0x52:  # InRelease
            self.target = None
            return 0, b"\x53\x00"
        return 0, None

    def _inlist(self, p):
        if len(p) < 2 or p[0] not in (1, 2) or p[1] != 0x00:
            return 0, None
        tags = self.field if self.sam else []
        if not tags:
            if self.retries == 0xFF:
                return 10 ** 9, b"\x4b\x00"  # "forever": the host must give up first
            return (self.retries + 1) * ATTEMPT_US, b"\x4b\x00"
        # Anticollision (ISO/IEC 14443-3 6.5.3): at the first bit where the UIDs differ,
        # the reader carries on with the tag that sent a 1.
        chosen = sorted(tags, key=_transmission_order, reverse=True)[:p[0]]
        out = bytearray(b"\x4b")
        out.append(len(chosen))
        us = _rf_us(1, 2)  # REQA / ATQA
        for number, tag in enumerate(chosen):
            out += bytes([number + 1, 0x00, 0x44, 0x00, len(tag.uid)]) + tag.uid
            # Two cascade levels: anticollision (2 bytes -> 5) and select (9 -> 3) each.
            us += 2 * (_rf_us(2, 5) + _rf_us(9, 3))
            if len(tags) > 1:
                us += _rf_us(2, 5)  # the collided round
        self.target = chosen[0]
        return us, bytes(out)

    def _exchange(self, p):
        if len(p) < 2:
            return 0, None
        tag = self.target
        if p[0] != 1 or tag is None or tag not in self.field:
            return 0, b"\x41\x01"  # status 01h: time out, the target has not answered
        if p[1] == 0xA0 and len(p) == 19:
            # MIFARE "Write 16 bytes" (7.3.8): the PN532 runs both parts of the exchange;
            # an NTAG takes it as COMPATIBILITY_WRITE (NTAG21x datasheet 10.5).
            us = _rf_us(4, 0) + RF_FDT_US
            answer = tag.command(p[1:3])
            if answer == ACK4:
                us += _rf_us(18, 0)
                answer = tag.command(p[3:19])
        else:
            answer = tag.command(p[1:])
            us = _rf_us(len(p) + 1, 0)  # command + CRC_A
        if p[1] == 0x30:
            us = 368 + 1548 + RF_FDT_US
        elif p[1] == 0x3A and len(p) >= 4 and p[3] >= p[2]:
            # FAST_READ (datasheet 10.3, Fig 16): the command 453 us, then the pages and
            # CRC_A at the READ answer's 86 us a byte.
            us = 453 + (4 * (p[3] - p[2] + 1) + 2) * 86 + RF_FDT_US
        if answer is None:
            return us + 5000, b"\x41\x01"
        if isinstance(answer, int):
            if answer != ACK4:
                return us, b"\x41\x14"  # the tag NAKed: reported as an error status
            return us + PROGRAM_US, b"\x41\x00"
        if len(answer) + 2 > RF_FRAME_MAX:
            return us, b"\x41\x09"  # the CIU's FIFO overflowed: RF buffer overflow (7.1)
        return us, b"\x41\x00" + answer


def _transmission_order(tag):
    # UID bits in the order they go over the air: byte by byte, least significant first.
    key = 0
    for b in tag.uid:
        r = 0
        for bit in range(8):
            if b & (1 << bit):
                r |= 0x80 >> bit
        key = (key << 8) | r
    return key


class FakeI2C:
    """machine.I2C with the twin at ``address``; every transfer spends its bus time.

    Errors are the RP2040 port's: EIO when nothing acknowledges the address (a stuck or
    waking chip, one still taking in the frame just sent, or nobody there), ETIMEDOUT when
    the chip stretched the clock past the bus timeout (``chip.busy``). A PN532 at work
    (its ACK frame sent, the command running) acknowledges its address and answers status
    00h: the host polls the ready bit, and may abort with an ACK frame (6.2.2).
    """

    def __init__(self, chip, address=0x24):
        self.chip = chip
        self.address = address
        self.transactions = 0

    def _begin(self, address, n):
        self.transactions += 1
        self.chip.clock.spend_us((n + 1) * I2C_BYTE_US)
        chip = self.chip
        if address != self.address:
            raise OSError(EIO)  # nobody acknowledged: the rp2 port says EIO
        if chip.stuck:
            raise OSError(EIO)
        if chip.busy:
            chip.busy -= 1
            raise OSError(ETIMEDOUT)  # SCL held low past machine.I2C's timeout
        if chip.asleep:
            chip.asleep = False  # the address match wakes it, but this transfer fails
            raise OSError(EIO)
        if chip._out and chip._out[0][1] is ACK and not chip.ready():
            # Still taking in the frame it was just sent: "it may happen that the PN532
            # does not acknowledge its own address immediately after having finished a
            # previous exchange" (UM0701-02, I2C communication details). Once its ACK
            # frame is out, a PN532 at work acknowledges and answers status 00h.
            raise OSError(EIO)

    def writeto(self, address, buf, stop=True):
        self._begin(address, len(buf))
        self.chip.receive(buf)
        return len(buf)

    def readfrom_into(self, address, buf, stop=True):
        self._begin(address, len(buf))
        ready = self.chip.ready()
        data = self.chip.send(len(buf) - 1)
        buf[0] = 0x01 if ready else 0x00
        for i in range(len(buf) - 1):
            buf[i + 1] = data[i]


class FakeSPI(FakeSPIBus):
    """machine.SPI wired to the twin, with ``cs`` a FakePin; LSB first on the wire.

    ``lsb_first=False`` is a host that sends MSB first (the RP2040): the twin sees each
    byte bit-reversed, exactly as the real chip would.
    """

    byte_us = SPI_BYTE_US

    def __init__(self, chip, lsb_first=False):
        FakeSPIBus.__init__(self, chip, FakePin(1, self._select))
        self.reverse = not lsb_first
        self._low_at = 0

    def _select(self, level):
        chip = self.chip
        if level == 0:
            self._low_at = chip.clock.us()
        elif chip.asleep and chip.clock.us() - self._low_at >= 1000:
            chip.asleep = False  # NSS held low wakes it

    def _in(self, b):
        if not self.reverse:
            return b
        r = 0
        for bit in range(8):
            if b & (1 << bit):
                r |= 0x80 >> bit
        return r

    _out = _in

    def _exchange(self, wbuf, rbuf):
        chip = self.chip
        op = self._in(wbuf[0])
        if op == 0x01:  # data write
            chip.receive(bytes([self._in(b) for b in wbuf[1:]]))
        elif op == 0x02:  # status read
            if len(rbuf) > 1:
                rbuf[1] = self._out(0x01 if chip.ready() else 0x00)
        elif op == 0x03:  # data read
            data = chip.send(len(rbuf) - 1)
            for i in range(len(rbuf) - 1):
                rbuf[i + 1] = self._out(data[i])


class SimulatedReader:
    """The real reader (firmware/nfc.py + firmware/pn532.py) on this twin, for the demo.

    Same methods as the demo's scripted reader: ``place(uid, record_hex)``, ``lift()``,
    ``write(uid, record_hex)``, ``poll(now)``, plus ``take_error()``. The twin's clock
    follows the ``now`` the hub loop passes in (and runs ahead by the bus time it spends).
    """

    def __init__(self, bus="i2c", kind=215):
        from firmware.nfc import NfcReader
        from firmware.pn532 import PN532, I2CBus, SPIBus
        from firmware.pn532_start import begin
        from firmware.sim.twins import FakeClock

        self.clock = FakeClock()
        self.chip = PN532Twin(self.clock)
        if bus == "i2c":
            port = I2CBus(FakeI2C(self.chip))
        else:
            wire = FakeSPI(self.chip)
            port = SPIBus(wire, wire.cs)
        self.kind = kind
        self.written = []
        # A player holds a tile on the reader until the hub has read it: a script's lift
        # waits for that, so a hub loop slowed by a busy computer never misses a tap.
        self._held = None
        self._lift_due = False
        driver = PN532(port, reset=self.chip.rst, ticks=self.clock.ticks_ms,
                       sleep=self.clock.sleep_ms)
        begin(driver)
        self.reader = NfcReader(driver)

    def place(self, uid, record=""):
        from firmware.sim.twins import Ntag

        self.chip.lift()
        self._held = uid
        self._lift_due = False
        data = bytes.fromhex(record) if record else None
        return self.chip.place(Ntag(uid, kind=self.kind, record=data))

    def lift(self):
        if self._held is not None:
            self._lift_due = True  # taken away as soon as the hub has read it
        else:
            self.chip.lift()

    def write(self, uid, record):
        self.written.append((uid, record))
        self.reader.write(uid, record)

    def take_error(self):
        return self.reader.take_error()

    def poll(self, now):
        if now > self.clock.now:
            self.clock.now = now
        event = self.reader.poll(self.clock.now)
        if event is not None and event[0] == "TAP" and event[1] == self._held:
            self._held = None
        if self._lift_due and self._held is None:
            self._lift_due = False
            self.chip.lift()
        return event
