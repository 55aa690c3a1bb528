"""The demo hub's scripted table (firmware/sim/hub.py Script) waits for the hub to have sent
a step's events before its next step: on a busy computer the hub's process can be starved
for longer than the script's 120 ms between two steps, and a press that overtook a die
still settling changed the game the demo plays (a Hexo demo ended without a winner in half
of eight runs at once)."""
from __future__ import annotations

from firmware.sim.hub import NOTICE_MS, Script


class Table:
    def __init__(self) -> None:
        self.done: list[str] = []

    def place(self, uid, record):
        self.done.append("place " + uid)

    def lift(self):
        self.done.append("lift")

    def land(self, face):
        self.done.append("roll %d" % face)

    def push(self, event):
        self.done.append("%s %s" % (event[1], event[0]))


STEPS = [{"after": 0, "do": "roll", "face": 5, "events": 2},
         {"after": 600, "do": "press", "button": "A", "events": 1}]


def test_the_next_step_waits_until_the_hub_has_sent_the_last_ones_events():
    table, sent = Table(), [0]
    script = Script(STEPS, table, table, table, 0, sent=lambda: sent[0])
    script.run(0)
    assert table.done == ["roll 5"]
    sent[0] = 1  # ROLLING sent; the die is still settling on a starved hub
    script.run(900)
    assert table.done == ["roll 5"]
    sent[0] = 2  # its face sent: now the press
    script.run(950)
    assert table.done == ["roll 5", "press A"]


def test_a_step_whose_events_never_come_holds_the_table_only_so_long():
    table = Table()
    script = Script(STEPS, table, table, table, 0, sent=lambda: 0)
    script.run(0)
    script.run(NOTICE_MS - 1)
    assert table.done == ["roll 5"]
    script.run(NOTICE_MS)
    assert table.done == ["roll 5", "press A"]


def test_without_a_count_the_script_keeps_the_clock_alone():
    table = Table()
    script = Script([dict(s, events=0) for s in STEPS], table, table, table, 0,
                    sent=lambda: 0)
    script.run(0)
    script.run(600)
    assert table.done == ["roll 5", "press A"]
