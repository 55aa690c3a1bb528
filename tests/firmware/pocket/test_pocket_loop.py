"""The pocket's loop (firmware/pocket/main.Table) under CPython: what the table does while
the board is busy with an input is still seen.

The board's modules need MicroPython's ``machine`` and ``framebuf`` and its ``time``
ticks; the Table needs only the clock, so those are stood in for, and the die is the hub's own (firmware/die.py, the LIS3DH driver
and the roll detector) on the accelerometer twin thrown as the emulated board's rig
throws it (firmware/sim.DieThrows: 0.3 s of tumbling, then at rest).
"""
from __future__ import annotations

import importlib
import sys
import types

import pytest

from firmware.clock import ticks_add, ticks_diff
from firmware.sim.hub import TwinDie

INPUT_MS = 300  # a press's input, its event to its screen on the glass (150-294 ms measured)
STAGE_MS = 5  # between two of its stages (a text drawn, a page sent): each calls tend


class BoardTime:
    """``time`` as MicroPython has it, on a twin's clock (``now``: its ms)."""

    def __init__(self, now) -> None:
        self.ticks_ms = now

    ticks_diff = staticmethod(ticks_diff)
    ticks_add = staticmethod(ticks_add)


class Timer:
    def __init__(self, period: int, callback) -> None:
        self.period = period


@pytest.fixture
def pocket(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(sys.modules, "machine", types.SimpleNamespace(Timer=Timer))
    monkeypatch.setitem(sys.modules, "framebuf", types.ModuleType("framebuf"))
    monkeypatch.delitem(sys.modules, "firmware.pocket.main", raising=False)
    main = importlib.import_module("firmware.pocket.main")
    yield main
    sys.modules.pop("firmware.pocket.main", None)


def loop_for(table, die: TwinDie, ms: int) -> None:
    """The loop with nothing to take: the table tended and the die rolled, 2 ms a pass."""
    for _ in range(ms // 2):
        table.tend()
        table.roll()
        die.now += 2


def test_a_die_thrown_while_an_input_is_made_is_rolled(pocket, monkeypatch):
    """HeroScape on the emulated pocket (issue 25): the attacker's first die thrown 120 ms
    after the height press tumbled while the board made that press's screen (294 ms on
    the board's clock without a look at the die), and the loop found it at rest: the roll
    was never seen and the game went another way. The die is sampled between the stages of
    an input too, so the roll is ROLLING and then its face, in order."""
    die = TwinDie()
    monkeypatch.setattr(pocket, "time", BoardTime(lambda: die.now))
    table = pocket.Table(None)
    table.die = die.die
    loop_for(table, die, 1000)  # at rest since boot: no roll
    assert table.waiting == []
    die.land(4)  # thrown as the press's input starts
    for _ in range(INPUT_MS // STAGE_MS):  # the loop busy with it, tending between stages
        die.now += STAGE_MS
        table.tend()
    loop_for(table, die, 1000)
    events = [event for _ms, source, event in table.waiting if source == pocket.DIE]
    assert events == [("ROLLING", ()), ("FACE", (4,))], events


class Pin:
    """A button's pin: 1 let go (its pull-up), 0 pressed."""

    def __init__(self) -> None:
        self.level = 1

    def value(self) -> int:
        return self.level


class Fingers:
    """The pocket's buttons as its board has them (firmware/pocket/presses.py): each edge
    tells the pin's interrupt handler, at once, or (``quiet``) once a flash write ends, as
    the rp2 port's interrupts come then."""

    def __init__(self, pocket, monkeypatch, names=("UP", "DOWN")) -> None:
        from firmware.pocket.presses import Presses

        self.now = [1000]
        monkeypatch.setattr(pocket, "time", BoardTime(lambda: self.now[0]))
        self.pins = {name: Pin() for name in names}
        self.presses = Presses(list(self.pins.items()), clock=lambda: self.now[0])
        self.table = pocket.Table(self.presses)
        self.handlers = {name: self.presses.edge(k) for k, name in enumerate(names)}
        self.held_back: list[str] = []  # edges whose interrupts wait for the write's end

    def set(self, name: str, level: int, interrupts: bool = True) -> None:
        self.pins[name].level = level
        if interrupts:
            self.handlers[name](self.pins[name])
        elif name not in self.held_back:
            self.held_back.append(name)  # the chip latches the edge; one call for both

    def write(self, ms: int, then=None) -> None:
        """A journal write of ``ms``: interrupts off, then back (the latched edges told)."""
        self.table.writing(True)
        self.now[0] += ms
        for name in self.held_back:
            self.handlers[name](self.pins[name])
        self.held_back.clear()
        self.table.writing(False)

    def loop(self, ms: int) -> None:
        for _ in range(ms // 2):
            self.table.tend()
            self.now[0] += 2

    def taken(self, pocket) -> list:
        out = []
        while True:
            seen = self.table.next()
            if seen is None:
                return out
            out.append(seen[2])


def test_a_press_let_go_just_after_a_journal_write_is_taken(pocket, monkeypatch):
    """Issue 31: the JL Collector's game on the emulated pocket, P2's DOWN ("my roster is
    done") pressed 80 ms while the board journalled the tile lifted before it, its edge's
    interrupt held back until the write's end, the finger let go 15 ms after: under the
    debounce's 20 ms as the board saw it, and no press; P2's next tile was refused where
    the Pi's session takes it. An edge that came through a write has no true time: its
    press is taken however short it looked."""
    f = Fingers(pocket, monkeypatch)
    f.loop(100)
    f.table.writing(True)  # the write of the lift begins
    f.now[0] += 20
    f.set("DOWN", 0, interrupts=False)  # pressed inside it
    f.now[0] += 45
    f.handlers["DOWN"](f.pins["DOWN"])  # interrupts back: the edge told now
    f.table.writing(False)
    f.loop(14)
    f.set("DOWN", 1)  # let go 15 ms after the write
    f.loop(100)
    assert f.taken(pocket) == [("DOWN", "press")]


def test_a_press_made_and_let_go_inside_a_write_is_taken(pocket, monkeypatch):
    """A 40 ms press inside a 150 ms write (a sector erased): both edges latched, one
    interrupt once the write is done, the pin let go by then; taken as one press."""
    f = Fingers(pocket, monkeypatch)
    f.loop(100)
    f.table.writing(True)
    f.now[0] += 30
    f.set("UP", 0, interrupts=False)
    f.now[0] += 40
    f.set("UP", 1, interrupts=False)
    f.write(80)
    f.loop(100)
    assert f.taken(pocket) == [("UP", "press")]


def test_a_bounce_is_no_press_and_a_chattering_press_is_one(pocket, monkeypatch):
    """A 10 ms blip with the board idle is noise; a press whose contacts chatter (edges
    2 ms apart as it lands and as it lifts) is one press; held 700 ms it is a long press,
    said while still held, and no press on release."""
    f = Fingers(pocket, monkeypatch)
    f.loop(50)
    f.set("UP", 0)
    f.loop(10)
    f.set("UP", 1)
    f.loop(100)
    assert f.taken(pocket) == []
    for level in (0, 1, 0, 1, 0):
        f.set("DOWN", level)
        f.now[0] += 2
    f.loop(60)
    for level in (1, 0, 1):
        f.set("DOWN", level)
        f.now[0] += 2
    f.loop(100)
    assert f.taken(pocket) == [("DOWN", "press")]
    f.set("UP", 0)
    f.loop(720)
    assert f.taken(pocket) == [("UP", "long")]
    f.set("UP", 1)
    f.loop(100)
    assert f.taken(pocket) == []


def test_a_tile_read_just_after_a_press_comes_after_it(pocket, monkeypatch):
    """The table's order whatever the timing: DOWN let go, its edge's interrupt in (the
    loop busy elsewhere), then a tile read 10 ms later: the loop is given the press first,
    by its release's time."""
    f = Fingers(pocket, monkeypatch)
    f.loop(50)
    f.set("DOWN", 0)
    f.loop(80)
    f.set("DOWN", 1)  # not drained yet
    f.now[0] += 10
    f.table._keep(f.now[0], pocket.READER, ("TAP", "04A1B2C3D4E513", ""))
    assert f.taken(pocket) == [("DOWN", "press"), ("TAP", "04A1B2C3D4E513", "")]


def test_the_pockets_press_words_are_the_hubs():
    """The session reads the hub's action words: the pocket's buttons say the same."""
    from firmware import buttons
    from firmware.pocket import presses

    assert (presses.PRESS, presses.LONG) == (buttons.PRESS, buttons.LONG)


def test_a_countdown_keeps_the_fonts_open_and_a_screen_without_one_closes_them(
        pocket, monkeypatch, tmp_path):
    # A game's screen closes the fonts' and the catalogue's files (each holds a 1 KB
    # littlefs cache); a countdown on the glass is drawn again each second, so they stay
    # open while it runs (Invocations: an input's screen waited for them opened again).
    closed = []

    class Fonts:
        def close(self) -> None:
            closed.append("fonts")

    class Panel:
        def show(self, frame) -> int:
            return 1

    class Game:
        left: dict = {}
        session = None

        def timers_ms(self) -> dict:
            return self.left

    monkeypatch.setattr(pocket, "rest_words", lambda: closed.append("words"))
    monkeypatch.setattr(pocket, "draw", lambda frame, view, fonts, tend, before: view)
    monkeypatch.setattr(pocket.screens, "game",
                        lambda screens, session, reaction, left: ("game", dict(left)))
    board = pocket.Pocket(str(tmp_path), Panel(), Fonts(), "en",
                          types.SimpleNamespace(between=lambda: None))
    board.game = Game()
    board.game.left = {"turn": 5000}
    board.show_game()
    board.game.left = {"turn": 4000}
    board.show_game()
    assert closed == []  # counting down: open for the next second's screen
    board.game.left = {}
    board.show_game()
    assert closed == ["fonts", "words"]  # no countdown: closed for the game's heap


def screen(table, clock, ms: int, then=None) -> int:
    """An input's screen made for ``ms``: ``between`` after each of its stages (a text drawn,
    a page sent, every ~3 ms); ``then`` (ms, what) done that far into it. The bus
    transactions the reader made meanwhile."""
    wire = table.reader.chip.bus.i2c
    before = wire.transactions
    end = clock.now + ms
    start = clock.now
    while clock.now < end:
        if then is not None and clock.now - start >= then[0]:
            then[1]()
            then = None
        table.between()
        clock.advance(3)
    return wire.transactions - before


def test_a_tile_placed_while_a_screen_is_made_is_seen_before_it_is_done(pocket, monkeypatch):
    """Issue 31: a tile placed just after a press waited for that press's whole screen and
    then for the reader's look: between an input's stages the reader begins a look every
    20 ms, and a look begun is taken on at every stage (the chip's IRQ, or its status, says
    when its answer is there), so a tile placed 10 ms into a 120 ms screen is read, its
    record too, before the screen is done; each step waiting 20 ms, a look took 60-80 ms."""
    from nfc_rig import RECORD, A, hexs, rig

    from firmware.sim.twins import Ntag

    clock, chip, _wire, reader = rig()
    monkeypatch.setattr(pocket, "time", BoardTime(lambda: clock.now))
    table = pocket.Table(None)
    table.reader = reader
    table.playing = True
    screen(table, clock, 200)  # nothing on the reader
    assert table.waiting == []
    screen(table, clock, 120, then=(10, lambda: chip.place(Ntag(A, record=RECORD))))
    taps = [event for _ms, source, event in table.waiting if source == pocket.READER]
    assert taps == [("TAP", A, hexs(RECORD))], taps


def test_a_resting_tile_costs_a_screen_few_looks(pocket, monkeypatch):
    """While a tile rests on the reader (a tap's own screen is made with it there) only its
    lifting can come, which changes no screen: a look every 60 ms between the stages, not
    every 20 ms as with nothing on it."""
    from nfc_rig import RECORD, A, rig

    from firmware.sim.twins import Ntag

    clock, chip, _wire, reader = rig()
    monkeypatch.setattr(pocket, "time", BoardTime(lambda: clock.now))
    table = pocket.Table(None)
    table.reader = reader
    table.playing = True
    empty = screen(table, clock, 240)
    chip.place(Ntag(A, record=RECORD))
    screen(table, clock, 200)  # read, and resting
    assert reader.resting
    resting = screen(table, clock, 240)
    assert resting * 2 < empty, (resting, empty)
