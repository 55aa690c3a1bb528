"""The panel drawn live in a terminal (host/devices/panel.TerminalPanel, ``hexref demo`` on
a terminal; issue 35, item 5): on a real terminal (a pseudo-terminal told its size, as a
terminal window tells its own), 128 x 33 and more draws it in half blocks, a usual 80 x 24
in braille dots, every pixel of the frame in both, read back here from what was written;
smaller still, a note once and nothing drawn."""
from __future__ import annotations

import fcntl
import os
import re
import struct
import termios
import tty

import pytest

from host.devices.panel import TerminalPanel, render
from host.display.screens import View

BATTLE = View(header="JL Collector", header_right="Stones P1 1 P2 0", big=("12", "16"),
              lines=("Superman beats Doomsday",), footer="7 strike +6 colour +3",
              inverted_footer=True, mark=1)
HALF = {" ": (0, 0), "\u2580": (1, 0), "\u2584": (0, 1), "\u2588": (1, 1)}


class Terminal:
    """A pseudo-terminal of ``columns`` x ``rows``: the panel writes on its terminal side,
    the test reads what a terminal would be sent."""

    def __init__(self, columns: int, rows: int) -> None:
        self.master, slave = os.openpty()
        tty.setraw(slave)  # what is written is what is read, newlines as they are
        os.set_blocking(self.master, False)
        self.out = os.fdopen(slave, "w", encoding="utf-8")
        self.resize(columns, rows)
        self.read = b""

    def resize(self, columns: int, rows: int) -> None:
        fcntl.ioctl(self.out.fileno(), termios.TIOCSWINSZ,
                    struct.pack("HHHH", rows, columns, 0, 0))

    def sent(self) -> str:
        """Everything written so far (read after each frame: a terminal's buffer is
        small)."""
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except BlockingIOError:
                break
            if not chunk:
                break
            self.read += chunk
        return self.read.decode("utf-8")

    def close(self) -> None:
        self.out.close()
        os.close(self.master)


@pytest.fixture
def terminal():
    made: list[Terminal] = []

    def make(columns: int, rows: int) -> Terminal:
        made.append(Terminal(columns, rows))
        return made[-1]

    yield make
    for t in made:
        t.close()


def _pixels(image) -> list[list[int]]:
    px = image.convert("L").tobytes()
    return [[1 if px[y * image.width + x] else 0 for x in range(image.width)]
            for y in range(image.height)]


def _drawn(sent: str) -> list[str]:
    """The rows of the last frame drawn: what follows the last cursor-home."""
    return sent.rsplit("\x1b[H", 1)[1].rstrip("\n").split("\n")


def _from_half_blocks(rows: list[str]) -> list[list[int]]:
    out = []
    for row in rows:
        pairs = [HALF[c] for c in row]
        out += [[p[0] for p in pairs], [p[1] for p in pairs]]
    return out


def _from_braille(rows: list[str]) -> list[list[int]]:
    out = []
    for row in rows:
        cells = [ord(c) - 0x2800 for c in row]
        assert all(0 <= c < 256 for c in cells), row
        for dy in range(4):
            out.append([cell >> bit & 1 for cell in cells
                        for bit in ((0, 3), (1, 4), (2, 5), (6, 7))[dy]])
    return out


def test_a_usual_80_by_24_terminal_shows_every_pixel_in_braille(terminal):
    t = terminal(80, 24)
    frame = render(BATTLE)
    TerminalPanel(t.out).display(frame)
    sent = t.sent()
    assert "smaller" not in sent
    rows = _drawn(sent)
    assert len(rows) == 16 and {len(r) for r in rows} == {64}
    assert _from_braille(rows) == _pixels(frame)


def test_a_terminal_of_128_by_33_shows_it_in_half_blocks(terminal):
    t = terminal(128, 33)
    frame = render(BATTLE)
    TerminalPanel(t.out).display(frame)
    rows = _drawn(t.sent())
    assert len(rows) == 32 and {len(r) for r in rows} == {128}
    assert _from_half_blocks(rows) == _pixels(frame)


def test_a_terminal_resized_draws_again_on_a_clear_screen(terminal):
    t = terminal(128, 40)
    panel = TerminalPanel(t.out)
    frame = render(BATTLE)
    panel.display(frame)
    t.sent()
    t.resize(80, 24)
    panel.display(frame)
    t.sent()
    t.resize(100, 30)  # still braille: redrawn in place, nothing cleared
    panel.display(frame)
    sent = t.sent()
    assert [m.group(0) for m in re.finditer(r"\x1b\[2J|\x1b\[H", sent)] == [
        "\x1b[2J", "\x1b[H", "\x1b[2J", "\x1b[H", "\x1b[H"]
    assert _from_braille(_drawn(sent)) == _pixels(frame)


def test_a_terminal_smaller_still_says_so_once(terminal):
    t = terminal(60, 15)
    panel = TerminalPanel(t.out)
    panel.display(render(BATTLE))
    panel.display(render(BATTLE))
    sent = t.sent()
    assert sent.count("smaller than the panel's 64 x 17 characters") == 1, sent
    assert "\x1b[H" not in sent
