"""Simulated chips for the demo, the tests and the bench: each plugs in where the real bus is.

A twin answers the chip's real protocol (frames for the PN532, registers for the MFRC522)
over fake bus objects with exactly the methods of ``machine.I2C``/``machine.SPI``/
``machine.Pin``, so the drivers cannot tell. Time is a clock the test moves (an object
with an integer ``now`` in milliseconds, like ``firmware.clock.FakeClock``); every bus
transfer and every RF exchange moves it by its datasheet duration, so a bench can measure
how long a tap takes to become a ``TAP`` event.

This package holds what both reader twins share: the NTAG213/215/216 tag and the pin.
"""

# NTAG21x datasheet (NXP NTAG213/215/216, rev 3.2), section 8.5 "Memory organization":
# kind -> (pages, Capability Container size byte, GET_VERSION storage byte).
NTAG_KINDS = {
    213: (45, 0x12, 0x0F),  # 144 bytes of user memory, pages 04h..27h
    215: (135, 0x3E, 0x11),  # 504 bytes, pages 04h..81h
    216: (231, 0x6D, 0x13),  # 888 bytes, pages 04h..E1h
}
USER_PAGES = {213: 36, 215: 126, 216: 222}
ACK4 = 0x0A  # NTAG 4-bit ACK (datasheet 9.3); anything else is a NAK
NAK4 = 0x00
CASCADE_TAG = 0x88  # ISO/IEC 14443-3, 6.5.4: "CT" before the first 3 UID bytes


class FakeClock:
    """Milliseconds the test moves by hand, with a microsecond remainder for bus time."""

    def __init__(self, start=0):
        self.now = start
        self._us = 0

    def ticks_ms(self):
        return self.now

    def advance(self, ms):
        self.now += ms

    def sleep_ms(self, ms):
        self.now += ms

    def spend_us(self, us):
        """Time the CPU spends in a blocking transfer: whole milliseconds reach ``now``."""
        self._us += us
        if self._us >= 1000:
            self.now += self._us // 1000
            self._us %= 1000

    def us(self):
        return self.now * 1000 + self._us


class FakePin:
    """A machine.Pin stand-in: ``value()``, ``on()``, ``off()``; ``watch`` sees changes."""

    def __init__(self, value=1, watch=None):
        self._value = value
        self.watch = watch
        self.history = []

    def value(self, v=None):
        if v is None:
            return self._value
        v = 1 if v else 0
        if v != self._value:
            self._value = v
            self.history.append(v)
            if self.watch is not None:
                self.watch(v)
        return None

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    __call__ = value


class FakeSPIBus:
    """machine.SPI wired to a twin chip through its chip-select FakePin ``cs``.

    What every SPI twin shares: ``write``/``readinto`` are full-duplex exchanges, each
    costs ``byte_us`` of bus time per byte on the chip's clock, and a deselected, stuck or
    sleeping chip answers zeros. A chip's bus says what one exchange means in ``_exchange``.
    """

    byte_us = 8

    def __init__(self, chip, cs):
        self.chip = chip
        self.cs = cs
        self.transactions = 0

    def write(self, buf):
        self.write_readinto(buf, bytearray(len(buf)))

    def readinto(self, buf, write=0):
        self.write_readinto(bytes([write]) * len(buf), buf)

    def write_readinto(self, wbuf, rbuf):
        if len(wbuf) != len(rbuf):
            raise ValueError("buffers must be the same length")  # as machine.SPI says
        chip = self.chip
        self.transactions += 1
        chip.clock.spend_us(len(wbuf) * self.byte_us)
        # machine.SPI allows one buffer for both (each byte goes out before its answer
        # comes in), as Adafruit's PN532 driver does: keep what goes out before clearing.
        wbuf = bytes(wbuf)
        for i in range(len(rbuf)):
            rbuf[i] = 0
        if self.cs.value() != 0 or chip.stuck or getattr(chip, "asleep", False) or not wbuf:
            return
        self._exchange(wbuf, rbuf)

    def _exchange(self, wbuf, rbuf):
        raise NotImplementedError


def uid_bytes(uid):
    if isinstance(uid, str):
        return bytes.fromhex(uid)
    return bytes(uid)


class Ntag:
    """An NTAG213/215/216 with its memory: READ, FAST_READ, WRITE, COMPATIBILITY_WRITE,
    GET_VERSION.

    ``record`` (bytes) is written as an NDEF message TLV at page 4, as `hexref enroll`
    would; without it the tag is factory-fresh (an empty NDEF TLV).
    """

    def __init__(self, uid, kind=213, record=None):
        self.uid = uid_bytes(uid)
        if len(self.uid) != 7:
            raise ValueError("an NTAG has a 7-byte UID")
        self.kind = kind
        pages, cc_size, _ = NTAG_KINDS[kind]
        self.pages = pages
        self.mem = bytearray(pages * 4)
        u = self.uid
        self.mem[0:4] = bytes([u[0], u[1], u[2], CASCADE_TAG ^ u[0] ^ u[1] ^ u[2]])
        self.mem[4:8] = u[3:7]
        self.mem[8] = u[3] ^ u[4] ^ u[5] ^ u[6]
        self.mem[9] = 0x48  # "internal" byte (datasheet 8.5.1)
        self.mem[12:16] = bytes([0xE1, 0x10, cc_size, 0x00])  # CC, NDEF version 1.0
        self.mem[16:19] = b"\x03\x00\xfe"  # empty NDEF TLV, terminator
        self.state = "IDLE"  # ISO 14443-3 state, used by the MFRC522 twin
        self.reads = 0
        self.writes = 0
        self.compat_page = None  # COMPATIBILITY_WRITE: the page whose 16 bytes come next
        if record is not None:
            from firmware.ndef_records import tlv
            data = tlv(record)
            self.mem[16:16 + len(data)] = data

    @property
    def hex(self):
        return self.uid.hex().upper()

    def user_area(self):
        return bytes(self.mem[16:16 + USER_PAGES[self.kind] * 4])

    def command(self, data):
        """One command after selection: bytes (data), an int (4-bit ACK/NAK) or None."""
        if not data:
            return None
        if self.compat_page is not None:
            # COMPATIBILITY_WRITE, second part (datasheet 10.5): 16 bytes, of which the
            # first 4 are written to the page; anything else is NAKed.
            page = self.compat_page
            self.compat_page = None
            if len(data) != 16:
                return NAK4
            return self._program(page, data, 0)
        cmd = data[0]
        if cmd == 0x30 and len(data) >= 2:  # READ, datasheet 10.2
            page = data[1]
            if page >= self.pages:
                return NAK4
            self.reads += 1
            out = bytearray(16)
            for i in range(16):  # roll over to page 0 past the end (10.2)
                out[i] = self.mem[((page + i // 4) % self.pages) * 4 + i % 4]
            return bytes(out)
        if cmd == 0x3A and len(data) >= 3:  # FAST_READ, datasheet 10.3: pages start..end
            start, end = data[1], data[2]
            if start > end or end >= self.pages:  # no roll-over: an address out of range
                return NAK4
            self.reads += 1
            return bytes(self.mem[start * 4:(end + 1) * 4])
        if cmd == 0xA2 and len(data) >= 6:  # WRITE, datasheet 10.4
            if not self._writable(data[1]):
                return NAK4
            return self._program(data[1], data, 2)
        if cmd == 0xA0 and len(data) >= 2:  # COMPATIBILITY_WRITE, first part (10.5)
            if not self._writable(data[1]):
                return NAK4
            self.compat_page = data[1]
            return ACK4
        if cmd == 0x60:  # GET_VERSION, datasheet 10.1
            return bytes([0x00, 0x04, 0x04, 0x02, 0x01, 0x00, NTAG_KINDS[self.kind][2], 0x03])
        return NAK4

    def _writable(self, page):
        return 2 <= page < self.pages

    def _program(self, page, data, at):
        self.writes += 1
        for i in range(4):
            if page < 4:  # lock bytes and CC are one-time programmable: bits OR in
                self.mem[page * 4 + i] |= data[at + i]
            else:
                self.mem[page * 4 + i] = data[at + i]
        return ACK4


def crc_a(data, n=None):
    """CRC_A of ISO/IEC 14443-3 Annex B (preset 6363h, reflected 1021h), low byte first."""
    crc = 0x6363
    if n is None:
        n = len(data)
    for i in range(n):
        b = data[i] ^ (crc & 0xFF)
        b = (b ^ (b << 4)) & 0xFF
        crc = ((crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)) & 0xFFFF
    return crc & 0xFF, crc >> 8
