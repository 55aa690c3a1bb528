"""Partial panel updates: the panel RAM ends up exactly as a full frame would leave it.

Each fake bus below is a small model of the controller's display RAM that obeys the
addressing commands (SSD1306 windows, SH1106 pages), so the test checks what a real panel
would show, not which calls were made.
"""
from __future__ import annotations

import random

from luma.oled.device import ssd1306
from PIL import Image, ImageDraw
from rigs.panel_ram import page_bytes

from host.devices.oled import FULL_FRAME_BYTES, SH1106, SSD1306
from host.devices.panel import Panel, render
from host.display import screens

# Commands followed by argument bytes (SSD1306 datasheet table 9-1).
SSD1306_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1,
                0xD9: 1, 0xDA: 1, 0xDB: 1}
# SH1106 (datasheet, commands 1-19); 0x8D is what luma sends for a charge pump.
SH1106_ARGS = {0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1,
               0xDB: 1}


class SSD1306Ram:
    """GDDRAM of an SSD1306 in horizontal addressing mode, 128 columns x 8 pages."""

    def __init__(self) -> None:
        self.ram = bytearray(128 * 8)
        self.col = self.page = 0
        self.cols = (0, 127)
        self.pages = (0, 7)
        self.commands = self.data_bytes = 0

    def command(self, *cmd: int) -> None:
        self.commands += len(cmd)
        i = 0
        while i < len(cmd):
            op = cmd[i]
            args = cmd[i + 1:i + 1 + SSD1306_ARGS.get(op, 0)]
            if op == 0x21:
                self.cols = (args[0], args[1])
                self.col = args[0]
            elif op == 0x22:
                self.pages = (args[0], args[1])
                self.page = args[0]
            i += 1 + len(args)

    def data(self, data) -> None:
        self.data_bytes += len(data)
        for byte in data:
            self.ram[self.page * 128 + self.col] = byte
            self.col += 1
            if self.col > self.cols[1]:
                self.col = self.cols[0]
                self.page = self.page + 1 if self.page < self.pages[1] else self.pages[0]

    def cleanup(self) -> None:
        pass


class SH1106Ram:
    """Display RAM of an SH1106: 132 columns x 8 pages, page addressing only."""

    def __init__(self) -> None:
        self.ram = bytearray(132 * 8)
        self.col = self.page = 0
        self.commands = self.data_bytes = 0

    def command(self, *cmd: int) -> None:
        self.commands += len(cmd)
        i = 0
        while i < len(cmd):
            op = cmd[i]
            n = SH1106_ARGS.get(op, 0)
            if 0xB0 <= op <= 0xB7:
                self.page = op - 0xB0
            elif op <= 0x0F:
                self.col = (self.col & 0xF0) | op
            elif op <= 0x1F:
                self.col = (self.col & 0x0F) | ((op & 0x0F) << 4)
            i += 1 + n

    def data(self, data) -> None:
        self.data_bytes += len(data)
        for byte in data:
            if self.col < 132:
                self.ram[self.page * 132 + self.col] = byte
            self.col += 1

    def visible(self) -> bytes:
        """What the glass shows: columns 2..129 of each page."""
        return b"".join(bytes(self.ram[p * 132 + 2:p * 132 + 130]) for p in range(8))

    def cleanup(self) -> None:
        pass


def random_frames(seed: int, n: int) -> list[Image.Image]:
    rng = random.Random(seed)
    frames = []
    image = Image.new("1", (128, 64), 0)
    for _ in range(n):
        image = image.copy()
        draw = ImageDraw.Draw(image)
        for _ in range(rng.randint(1, 4)):
            x0, y0 = rng.randrange(128), rng.randrange(64)
            x1, y1 = min(127, x0 + rng.randrange(40)), min(63, y0 + rng.randrange(20))
            draw.rectangle((x0, y0, x1, y1), fill=rng.choice((0, 1)))
            draw.point((rng.randrange(128), rng.randrange(64)), fill=rng.choice((0, 1)))
        frames.append(image)
    return frames


def test_ssd1306_ram_matches_every_frame_after_partial_updates():
    bus = SSD1306Ram()
    panel = SSD1306(bus)
    for frame in random_frames(1, 60):
        panel.display(frame)
        assert bytes(bus.ram) == page_bytes(frame)


def test_sh1106_ram_matches_every_frame_after_partial_updates():
    bus = SH1106Ram()
    panel = SH1106(bus)
    for frame in random_frames(2, 60):
        panel.display(frame)
        assert bus.visible() == page_bytes(frame)


def test_partial_ram_equals_stock_full_frame_driver():
    """The stock luma driver (full frames) and ours leave the same RAM."""
    ours, stock = SSD1306Ram(), SSD1306Ram()
    mine, theirs = SSD1306(ours), ssd1306(stock)
    for frame in random_frames(3, 20):
        mine.display(frame)
        theirs.display(frame)
    assert ours.ram == stock.ram


def test_one_digit_change_sends_a_small_window():
    bus = SSD1306Ram()
    panel = Panel([SSD1306(bus)])
    view = screens.battle("JL Beginner  P2", (8, 5), "Doomsday rolled", "8 die = 8", None)
    panel.show(view)
    device = panel.devices[0]
    before = device.bytes_sent
    panel.show(screens.battle("JL Beginner  P2", (8, 7), "Doomsday rolled", "8 die = 8", None))
    cost = device.bytes_sent - before
    assert 0 < cost < FULL_FRAME_BYTES // 4
    assert bytes(bus.ram) == page_bytes(render(panel.view))


def test_unchanged_frame_sends_nothing():
    bus = SSD1306Ram()
    panel = SSD1306(bus)
    frame = random_frames(4, 1)[0]
    panel.display(frame)
    sent = panel.bytes_sent
    panel.display(frame.copy())
    assert panel.bytes_sent == sent
    assert panel.frames == 3 and panel.updates == 2  # blank frame at start, then ours


def test_bytes_sent_counts_commands_and_data():
    bus = SH1106Ram()
    panel = SH1106(bus)
    assert panel.bytes_sent == bus.commands + bus.data_bytes
    panel.display(random_frames(5, 1)[0])
    assert panel.bytes_sent == bus.commands + bus.data_bytes


class FlakyBus(SSD1306Ram):
    """An I2C bus whose wire comes loose for a while."""

    def __init__(self) -> None:
        super().__init__()
        self.loose = False

    def data(self, data) -> None:
        if self.loose:
            raise OSError(121, "Remote I/O error")
        super().data(data)


def test_a_loose_panel_wire_costs_frames_not_the_game_and_heals():
    bus = FlakyBus()
    panel = Panel([SSD1306(bus)])
    first = screens.battle("JL", (8, 5), "a", "b", None)
    second = screens.battle("JL", (8, 7), "a", "b", None)
    assert panel.show(first)
    bus.loose = True
    assert panel.show(second) is False and panel.errors == 1
    bus.ram[:] = bytes(len(bus.ram))  # the panel lost its picture (brown-out)
    bus.loose = False
    assert panel.show(second)  # tried again: the whole frame, not a diff
    assert bytes(bus.ram) == page_bytes(render(second))
