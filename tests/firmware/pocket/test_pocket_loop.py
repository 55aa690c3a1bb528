"""The pocket's loop (firmware/pocket/main.Table) under CPython: what the table does while
the board is busy with an input is still seen.

The board's modules need MicroPython's ``machine`` and ``framebuf`` and its ``time``
ticks; the Table needs only a timer for the buttons (never fired here) and the clock, so
those are stood in for, and the die is the hub's own (firmware/die.py, the LIS3DH driver
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
    """``time`` as MicroPython has it, on the die twin's clock."""

    def __init__(self, die: TwinDie) -> None:
        self.die = die

    def ticks_ms(self) -> int:
        return self.die.now

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
    monkeypatch.setattr(pocket, "time", BoardTime(die))
    table = pocket.Table(buttons=None)
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


def buttons_table(pocket, monkeypatch, now: list[int]):
    from firmware.buttons import Buttons

    monkeypatch.setattr(pocket, "time", types.SimpleNamespace(
        ticks_ms=lambda: now[0], ticks_diff=ticks_diff, ticks_add=ticks_add))
    pins = {"UP": Pin(), "DOWN": Pin()}
    table = pocket.Table(Buttons(list(pins.items())))
    edges = {name: table.pressed(k) for k, name in enumerate(pins)}
    return table, pins, edges


def sample_for(table, now: list[int], ms: int) -> None:
    for _ in range(ms // table.SAMPLE_MS):
        table._sample(None)
        now[0] += table.SAMPLE_MS


def test_a_press_made_while_the_buttons_timer_is_silent_is_taken(pocket, monkeypatch):
    """The emulated pocket's JL Collector's game (tests/pico/pocket_suite.py), with one
    collection key in three: DOWN pressed 80 ms, from 10 ms before the board began to
    journal a tile's lift until 10 ms before the write ended; the buttons' timer is silent
    through a flash write, so the press had two samples, not the debounce's 20 ms, and was
    never taken. Its edge, latched by the pin's interrupt, is taken when the samples
    resume; a bounce the samples see end within the debounce is still no press."""
    now = [1000]
    table, pins, edges = buttons_table(pocket, monkeypatch, now)
    sample_for(table, now, 100)
    pins["DOWN"].level = 0  # pressed: two samples, then the write
    edges["DOWN"](pins["DOWN"])
    sample_for(table, now, 10)
    now[0] += 80  # the write: no sample; the finger lets go 10 ms before its end
    pins["DOWN"].level = 1
    sample_for(table, now, 100)
    assert [e for _ms, source, e in table.waiting if source == pocket.BUTTON] == \
        [("DOWN", "press")]

    table.waiting.clear()
    pins["UP"].level = 0  # a bounce, 10 ms, sampled throughout
    edges["UP"](pins["UP"])
    sample_for(table, now, 10)
    pins["UP"].level = 1
    sample_for(table, now, 100)
    now[0] += 80  # a write after it: the bounce is not taken for a press then either
    sample_for(table, now, 100)
    pins["DOWN"].level = 0  # a press sampled throughout: taken once, as before
    edges["DOWN"](pins["DOWN"])
    sample_for(table, now, 100)
    pins["DOWN"].level = 1
    now[0] += 80
    sample_for(table, now, 100)
    assert [e for _ms, source, e in table.waiting if source == pocket.BUTTON] == \
        [("DOWN", "press")]
