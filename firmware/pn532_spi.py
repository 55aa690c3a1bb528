"""The PN532 on SPI (UM0701-02, "SPI communication details"): the transport for a hub
wired that way. It lives apart from :mod:`firmware.pn532` so a hub on I2C (the reference
build) never loads it; ``from firmware.pn532 import SPIBus`` still finds it.
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_RDY = const(0x01)  # status byte, bit 0: the PN532 has something to read

# SPI first byte ("SPI communication details"): data write, status read, data read.
_SPI_DW = const(0x01)
_SPI_SR = const(0x02)
_SPI_DR = const(0x03)


# Bits reversed, for SPI buses that can only send MSB first (the RP2040's).
def _reversed_table():
    table = bytearray(256)
    for i in range(256):
        r = 0
        for bit in range(8):
            if i & (1 << bit):
                r |= 0x80 >> bit
        table[i] = r
    return bytes(table)


_REVERSED = _reversed_table()


class SPIBus:
    """The PN532 on a machine.SPI (mode 0) with a chip-select Pin, LSB first on the wire.

    ``lsb_first=False`` (the RP2040, whose SPI only sends MSB first) reverses every byte
    in software. Reading takes two calls: a status read, then the data read.
    """

    def __init__(self, spi, cs, lsb_first=False):
        self.spi = spi
        self.cs = cs
        self.reverse = not lsb_first
        self._scratch = {}  # one buffer per transfer length, allocated on first use
        self._status = bytearray(2)
        self._status_cmd = self._wire(bytes([_SPI_SR, 0]))
        self._ready = False
        cs.value(1)

    def _wire(self, data):
        if not self.reverse:
            return bytes(data)
        return bytes([_REVERSED[b] for b in data])

    def _buffer(self, n, first):
        buf = self._scratch.get((n, first))
        if buf is None:
            buf = self._scratch[(n, first)] = bytearray(n)
            buf[0] = _REVERSED[first] if self.reverse else first
        return buf

    def wake(self, sleep):
        self.cs.value(0)  # NSS low wakes it; give it 2 ms before the first byte (AN10609)
        sleep(2)
        self.cs.value(1)

    def write(self, buf):
        n = len(buf)
        tx = self._buffer(n + 1, _SPI_DW)
        rev = self.reverse
        for i in range(n):
            tx[i + 1] = _REVERSED[buf[i]] if rev else buf[i]
        self.cs.value(0)
        self.spi.write(tx)
        self.cs.value(1)
        return True

    def read(self, buf):
        if not self._ready:
            self.cs.value(0)
            self.spi.write_readinto(self._status_cmd, self._status)
            self.cs.value(1)
            status = self._status[1]
            if self.reverse:
                status = _REVERSED[status]
            self._ready = status & _RDY != 0
            return False
        self._ready = False
        tx = self._buffer(len(buf), _SPI_DR)
        self.cs.value(0)
        self.spi.write_readinto(tx, buf)  # byte 0 clocks out while DR goes in
        self.cs.value(1)
        if self.reverse:
            for i in range(1, len(buf)):
                buf[i] = _REVERSED[buf[i]]
        buf[0] = _RDY
        return True
