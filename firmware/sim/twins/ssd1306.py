"""A 128x64 OLED controller (SSD1306, or SH1106) as a twin on the I2C bus.

It keeps the panel's display RAM as the chip does and answers the controller's own I2C
protocol, so a driver cannot tell it from the panel (firmware/pocket/panel.py drives it;
the rig puts it on the pocket board's bus):

- every I2C write starts with a control byte (SSD1306 datasheet rev 1.1, 8.1.5.2): Co=0,
  D/C#=0 (``0x00``): the rest are commands; ``0x40``: the rest are display data; Co=1
  (``0x80``/``0xC0``): one command (or data) byte, then another control byte;
- display RAM: 8 pages of 8 pixel rows, each a column byte with its top pixel in bit 0
  (section 8.7); the SH1106 has 132 columns, of which 128 are seen from column 2;
- addressing (section 10.1.3): page mode (``0x20 0x02``, the SH1106's only one) writes
  along a page from the column set by ``0x00-0x0F``/``0x10-0x1F``, on the page
  ``0xB0-0xB7``; horizontal and vertical modes (``0x20 0x00``/``0x01``) write in the window
  ``0x21`` (columns) and ``0x22`` (pages) set, wrapping as the datasheet says;
- every other command is taken with its argument bytes (table 9-1) and kept by name where
  a screen depends on it (display on, inverse, contrast).

``image()`` is what the panel shows, 64 rows of 128 pixels; ``data_bytes`` and
``writes`` count what crossed the bus, for the bench's panel time.

>>> twin = SSD1306Twin()
>>> twin.writeto(0x3C, bytes([0x00, 0x20, 0x02, 0xB1, 0x05, 0x10]))
>>> twin.writeto(0x3C, bytes([0x40, 0xFF]))
>>> twin.ram[1][5], twin.pixel(5, 8), twin.pixel(5, 7)
(255, True, False)
"""

# Commands followed by argument bytes (SSD1306 table 9-1; SH1106's own in brackets).
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1,
         0xA3: 2, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}

PAGE, HORIZONTAL, VERTICAL = 2, 0, 1


class SSD1306Twin:
    def __init__(self, address=0x3C, sh1106=False, clock=None):
        self.address = address
        self.sh1106 = sh1106
        self.width = 132 if sh1106 else 128
        self.offset = 2 if sh1106 else 0  # the first column the glass shows
        self.ram = [bytearray(self.width) for _ in range(8)]
        self.clock = clock
        self.mode = PAGE
        self.col = self.page = 0
        self.cols = (0, self.width - 1)
        self.pages = (0, 7)
        self.on = False
        self.inverse = False
        self.contrast = 0x7F
        self.writes = 0
        self.data_bytes = 0
        self._command = []  # a command waiting for its argument bytes

    # --- the bus ---------------------------------------------------------------------

    def scan(self):
        return [self.address]

    def writeto(self, addr, buf, stop=True):
        if addr != self.address:
            raise OSError(19)  # ENODEV: no ACK, as machine.I2C says
        self.writes += 1
        data = bytes(buf)
        at = 0
        while at < len(data):
            control = data[at]
            at += 1
            single = control & 0x80
            is_data = control & 0x40
            take = data[at:at + 1] if single else data[at:]
            at += len(take)
            for byte in take:
                if is_data:
                    self._data(byte)
                else:
                    self._byte_of_command(byte)
            if not single:
                break

    def writevto(self, addr, vector, stop=True):
        self.writeto(addr, b"".join(bytes(v) for v in vector), stop)

    # --- commands --------------------------------------------------------------------

    def _byte_of_command(self, byte):
        if self._command:
            self._command.append(byte)
        elif byte in _ARGS and not (self.sh1106 and byte in (0x20, 0x21, 0x22)):
            self._command = [byte]
        else:
            self._run([byte])
            return
        if len(self._command) == _ARGS[self._command[0]] + 1:
            command, self._command = self._command, []
            self._run(command)

    def _run(self, command):
        op = command[0]
        if self.sh1106 and op in (0x20, 0x21, 0x22):
            return  # the SSD1306's addressing commands: the SH1106 has page mode only
        if op == 0x20:
            self.mode = command[1] & 0x03
        elif op == 0x21:
            self.cols = (command[1] & 0x7F, command[2] & 0x7F)
            self.col = self.cols[0]
        elif op == 0x22:
            self.pages = (command[1] & 0x07, command[2] & 0x07)
            self.page = self.pages[0]
        elif 0xB0 <= op <= 0xB7:
            self.page = op & 0x07
        elif op <= 0x0F:
            self.col = (self.col & 0xF0) | op
        elif 0x10 <= op <= 0x1F:
            self.col = (self.col & 0x0F) | ((op & 0x0F) << 4)
        elif op in (0xAE, 0xAF):
            self.on = op == 0xAF
        elif op in (0xA6, 0xA7):
            self.inverse = op == 0xA7
        elif op == 0x81:
            self.contrast = command[1]

    # --- display data ----------------------------------------------------------------

    def _data(self, byte):
        self.data_bytes += 1
        if self.col < self.width:
            self.ram[self.page][self.col] = byte
        if self.mode == PAGE:
            if self.col < self.width - 1:
                self.col += 1  # page mode stays on its page (datasheet 10.1.3)
            return
        first_col, last_col = self.cols
        first_page, last_page = self.pages
        if self.mode == HORIZONTAL:
            if self.col < last_col:
                self.col += 1
                return
            self.col = first_col
            self.page = first_page if self.page >= last_page else self.page + 1
        else:
            if self.page < last_page:
                self.page += 1
                return
            self.page = first_page
            self.col = first_col if self.col >= last_col else self.col + 1

    # --- what the panel shows --------------------------------------------------------

    def pixel(self, x, y):
        """Is the pixel at column ``x``, row ``y`` of the glass lit?"""
        lit = bool(self.ram[y >> 3][x + self.offset] & (1 << (y & 7)))
        return lit != self.inverse

    def image(self):
        """64 rows of 128 pixels (True: lit), as the glass shows them."""
        return [[self.pixel(x, y) for x in range(128)] for y in range(64)]

    def frame(self):
        """The visible RAM as a 1024-byte MONO_VLSB frame (what ``framebuf`` draws into)."""
        return b"".join(bytes(self.ram[p][self.offset:self.offset + 128]) for p in range(8))
