"""Every kind of refused input of the Hexors rules (issue 3's list) reaches the panel as a
message that says what was wrong and what to do (the rule's ID rides along for the log
and the phone page, not on the panel) — and changes nothing.

The inputs come as the hub sends them (tag taps, die faces, player buttons) through the
referee, the path a table takes; the tiles are the rules tests' (tests/portable/
hexors_tiles.py)."""
from __future__ import annotations

import pytest
from hexors_tiles import (
    ATLANTIS,
    DOOMSDAY,
    FACE,
    GOTHAM,
    MANHUNTER,
    MARS,
    SUPERMAN,
    power,
)
from rigs.referee_table import Table as RefereeTable

from host.display.screens import text

ESCAPE, BARRIER, TEAMWORK = power("escape"), power("energy_barrier"), power("teamwork")
DETECTION, DRAIN, SPEED = power("detection"), power("life_drain"), power("speed")
# tag UID -> the catalogue entry it names (two Superman tags: at most 2 identical, JL-C1)
TAGS = {
    "04000001": ATLANTIS, "04000002": SUPERMAN, "04000003": SUPERMAN, "04000009": SUPERMAN,
    "04000004": BARRIER, "04000005": TEAMWORK, "04000006": ESCAPE, "04000007": GOTHAM,
    "04000011": MARS, "04000012": DOOMSDAY, "04000013": MANHUNTER, "04000014": DETECTION,
    "04000015": DRAIN, "04000016": SPEED,
}
UID = {"atlantis": "04000001", "superman": "04000002", "superman2": "04000003",
       "superman3": "04000009", "barrier": "04000004", "teamwork": "04000005",
       "escape": "04000006", "gotham": "04000007", "mars": "04000011",
       "doomsday": "04000012", "manhunter": "04000013", "detection": "04000014",
       "drain": "04000015", "speed": "04000016"}


class Table(RefereeTable):
    """Our Collector's tiles as the hub sends them (two Superman tags), one die number per
    roll."""

    def __init__(self) -> None:
        super().__init__("jl-collector", book=list({e["id"]: e for e in TAGS.values()}.values()),
                         tiles={name: (uid, TAGS[uid]["id"]) for name, uid in UID.items()},
                         boot="0B00700B")

    def send(self, kind: str, *values):
        return self.event(kind, *values)

    def roll(self, face: int):
        return self.send("DIE", self.seq, ("FACE", (face,)))

    def press(self, button: str):
        return self.send("BTN", button, "press")

    def refused(self, do, rule: str, words: str) -> list[str]:
        """``do()`` is refused by ``rule``; the panel says ``words`` and what to do; the
        game is exactly as before."""
        game = self.ref.game
        before = (list(game.inputs), game.view(), game.legal_inputs().prompt)
        reaction = do()
        assert not reaction.accepted
        assert reaction.result.rule == rule
        kind, view = self.presenter.message(self.ref.seen(), reaction)
        panel = text(view)
        assert kind == "refused"
        # The rule's ID is for the log and the phone page's "why", not the players' panel.
        assert view.extra["rule"] == rule and not any(rule in line for line in panel)
        assert any(words in line for line in panel), panel
        assert panel[-1].startswith("> ") and len(panel[-1]) > 4  # what to do instead
        assert (list(game.inputs), game.view(), game.legal_inputs().prompt) == before
        return panel


@pytest.fixture
def table() -> Table:
    t = Table()
    for name in ("atlantis", "superman", "superman2"):
        assert t.tap(name).accepted
    return t


def _to_battle(t: Table) -> None:
    for name in ("barrier", "teamwork", "escape"):
        assert t.tap(name).accepted
    assert t.press("A").accepted
    for name in ("mars", "doomsday", "manhunter", "detection", "drain", "speed"):
        assert t.tap(name).accepted
    assert t.press("B").accepted  # JL-B2: P2 added the last Character and moves first


def test_jl_c1_roster_over_the_limits_is_refused_on_the_panel(table: Table):
    table.refused(lambda: table.tap("superman3"), "JL-C1", "at most 2 identical Superman")
    table.refused(lambda: table.tap("gotham"), "JL-B1", "already has a Stronghold")


def test_jl_b3_wrong_players_tile_and_jl_b4_roll_when_none_expected(table: Table):
    _to_battle(table)
    table.refused(lambda: table.tap("superman"), "JL-B3", "not P2's tile")
    table.refused(lambda: table.roll(3), "JL-B4", "no roll expected")


def test_jl_b6_discarded_tile_jl_c9_unaffordable_jl_c10_ultimate_off_turn(table: Table):
    _to_battle(table)
    table.tap("doomsday")
    table.tap("superman")
    table.roll(FACE["red"])  # Doomsday 8 +3 colour = 11
    table.roll(FACE["yellow"])  # Superman 6 +6 colour = 12: a Stone for P1 (JL-C8)
    assert table.ref.game.view()["players"][0]["stones"] == 1
    table.refused(lambda: table.tap("doomsday"), "JL-B6", "in the discard pile")
    table.refused(lambda: table.tap("teamwork"), "JL-C9", "Teamwork costs 2, P1 has 1")
    assert table.press("A").accepted  # P1 ends the turn
    table.refused(lambda: table.tap("barrier"), "JL-C10", "only on its owner's turn")


def test_jl_w066_a_target_the_power_cannot_take(table: Table):
    _to_battle(table)
    table.tap("doomsday")
    table.tap("superman")
    table.roll(FACE["red"])
    table.roll(FACE["yellow"])
    table.press("A")  # P2's turn: Martian Manhunter attacks Superman
    table.tap("manhunter")
    table.tap("superman")
    assert table.tap("escape").accepted  # P1 pays 1 Stone; Escape waits for its target
    table.refused(lambda: table.tap("mars"), "JL-W066", "Escape cannot target Mars")
