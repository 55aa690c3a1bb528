"""End to end over a real pty: the firmware process <-> the host, asserting the transcript
(issue 2: a tie and its re-roll, a multiple attack, a winner)."""
from __future__ import annotations

from pathlib import Path

from host.demo import run_demo


def _frames(transcript: str) -> list[list[str]]:
    frames = []
    for block in transcript.split("--- frame ")[1:]:
        frames.append(block.splitlines()[1:])
    return frames


def test_demo_game_over_a_pty_ends_with_the_winner(tmp_path: Path, capsys):
    assert run_demo(tmp_path, live=False, timeout_s=60) == 0
    transcript = (tmp_path / "transcript.txt").read_text()
    printed = capsys.readouterr().out
    assert "--- frame 0001 ---" in printed  # the transcript is printed as it happens
    frames = _frames(transcript)
    pngs = sorted(tmp_path.glob("frame_*.png"))
    assert len(pngs) == len(frames) > 10

    said = [" | ".join(f) for f in frames]
    # Setup: each player's tiles, then the rule's first player (JL-B2: P2 picked last).
    assert any("Superman for P1" in s for s in said)
    assert any("P1: 3 tiles  P2: 3 tiles" in s for s in said)
    first_turn = next(s for s in said if "turn]" in s)
    assert "P2's turn" in first_turn
    # The tie and its re-roll (JL-B5): 8 : 8, then the attacker rolls first again.
    tie = said.index(next(s for s in said if "Tie! Roll again" in s))
    assert "8  :  8" in said[tie] and "P2: roll the die" in said[tie]
    assert any("5  :  7" in s and "Superman beats Doomsday" in s for s in said[tie:])
    # The multiple attack (JL-B7): Superman fights Martian Manhunter, then Mars.
    mm = said.index(next(s for s in said if "Superman beats Martian Manhunter" in s))
    assert any("Superman vs Mars" in s for s in said[mm:])
    # The end.
    assert frames[-1][:3] == ["JL Beginner", "   P1 wins", "Superman 6 : 4 Mars"]
    assert frames[-1][-1] == "> Game over"
