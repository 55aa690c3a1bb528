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
from firmware.sim import TwinDie

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
