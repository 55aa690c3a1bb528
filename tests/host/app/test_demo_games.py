"""HeroScape, Hexo and Invocations played whole over a real pty: the firmware process for
the hub's taps, rolls and buttons, the referee's own menu for the rest; each transcript
ends with the winner."""
from __future__ import annotations

from pathlib import Path

import pytest

from host.app.demo import DemoApp, HostSteps, rehearse, rigs, run_demo
from host.readers.replay import replay
from host.storage.store import Store


def _said(out: Path) -> list[str]:
    blocks = (out / "transcript.txt").read_text().split("--- frame ")[1:]
    return [" | ".join(block.splitlines()[1:]) for block in blocks]


def test_host_steps_wait_for_the_hub_events_they_follow():
    steps = [{"do": "choose", "label": "start"}, {"do": "place", "uid": "04", "record": ""},
             {"do": "lift"}, {"do": "choose", "label": "x"}, {"do": "roll", "face": 3},
             {"do": "pi", "button": "OK"}]
    hub, host = HostSteps.split(steps)
    assert [s["do"] for s in hub] == ["place", "lift", "roll"]
    assert {n: [s["do"] for s in due] for n, due in host.due.items()} == {
        0: ["choose"], 2: ["choose"], 4: ["pi"]}


def test_heroscape_demo_from_setup_to_the_winner(tmp_path: Path):
    """HS-1 setup, HS-3 initiative with a tie, HS-4 a refused card, HS-6 height and the
    dice countdown, HS-10's example, HS-9 the winner."""
    assert run_demo(tmp_path, live=False, timeout_s=90, variant="heroscape") == 0
    said = _said(tmp_path)
    assert any("Tie 1:1, both roll again" in s for s in said)
    assert any("Mimring is P2's card" in s and "HS-4" not in s for s in said)
    assert any("skulls: 1 of 3 dice" in s and "to roll" in s.replace("to | roll", "to roll") for s in said)
    assert any("Blocked: nothing happens" in s for s in said)
    assert said[-1] == ("HeroScape |    P1 wins | 2 skulls vs 1 shield | "
                        "> all P2 figures destroyed")


def test_hexo_demo_from_setup_to_the_winner(tmp_path: Path):
    """HX-7/HX-8 tapped cards in a fight, HX-10 lost to the Troll, HX-12 peace, HX-6 the
    pile runs out, HX-1 the scores."""
    assert run_demo(tmp_path, live=False, timeout_s=90, variant="hexo") == 0
    said = _said(tmp_path)
    assert any("Troll: 3 Troll+3 | reinforcement=6" in s for s in said)
    assert any("The monster wins: Blue | goes home" in s for s in said)
    assert any("Red pays, moves on" in s for s in said)
    assert said[-1] == "Hexo |    Red wins | points: Red 20 Blue 0 | > 2 treasures × 10 = 20"


def test_invocations_demo_from_setup_to_the_winner(tmp_path: Path):
    """IN-2 the deal, IN-4 the timers on the panel, IN-6 reveals by tap, IN-8 Shields,
    IN-7 an effect recorded, IN-9/IN-10 the end and the Supreme Summoner."""
    assert run_demo(tmp_path, live=False, timeout_s=90, variant="invocations") == 0
    said = _said(tmp_path)
    assert any("1:00" in s for s in said if "[Stage 2]" in s)
    assert any("[Steal]" in s and "Green: card to Blue" in s for s in said)
    assert any("Shields: Red 3" in s for s in said)
    assert said[-1] == ("Invocations |    Green wins | Red 0 Blue 11 Green 18 | "
                        "> Supreme Summoner")


def test_every_game_has_a_demo():
    assert {"heroscape", "hexo", "invocations"} <= set(rigs())


@pytest.mark.parametrize("variant", ["heroscape", "hexo", "invocations"])
def test_a_stored_game_replays_to_the_same_winner(tmp_path: Path, variant: str):
    """DESIGN.md principle 2: the journal of a whole game, folded again by ``hexref
    replay``, ends where the table ended."""
    store = Store(tmp_path)
    players = rigs()[variant].players
    game_id = store.new_game(variant, list(players))
    referee, said = rehearse(variant, journal=store.journal(game_id))
    store.finish(game_id, said[-1].split(" | ")[1].strip())
    lines = replay(store, game_id)
    assert lines[0].startswith("Game %d: %s" % (game_id, variant))
    last_panel = []
    for line in reversed(lines):
        if not line.startswith("    | "):
            break
        last_panel.insert(0, line[6:])
    assert " | ".join(last_panel) == said[-1] and " wins" in said[-1]


def test_the_demo_tells_the_run_loop_what_it_took():
    """The run loop stops a batch of hub events at one not journalled; the demo's wrapper
    said None for every event, so the loop dropped the rest of each batch after the link
    had counted them taken: on a busy computer, events arriving two at a time were lost and
    the demo ended without a winner."""
    class App:
        referee = None
        transcript: list[str] = []

        def __init__(self) -> None:
            self.answers = [True, False]

        def on_hub_event(self, rcv) -> bool:
            return self.answers.pop(0)

        def show(self, now) -> None:
            pass

        def clock(self) -> float:
            return 0.0

    app = App()
    demo = DemoApp(app, HostSteps({}), echo=False)
    assert app.on_hub_event("first") is True
    assert app.on_hub_event("second") is False
    assert demo.events == 1  # only what was taken counts towards the host's steps
