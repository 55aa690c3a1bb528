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
    # Setup: each player's tiles; the rulebook's own values survive the demo corrections.
    assert any("Superman added" in s for s in said)
    assert any("P1: 2 tiles  P2: 2 tiles" in s for s in said)
    # JL-B2: P2 added the last Character, so P2 moves first; Doomsday moves, no contact.
    first_turn = next(s for s in said if "turn]" in s)
    assert "P2's turn" in first_turn
    assert any("Doomsday moved" in s and "P2's turn" in s for s in said)
    # JL-B7 multiple attack, with a tie and its re-roll (JL-B5), attacker first again.
    tie = said.index(next(s for s in said if "Tie! Roll again" in s))
    assert "6  :  6" in said[tie] and "P1: roll the die" in said[tie]
    assert "P1's turn" in said[tie]
    beaten = said.index(next(s for s in said if "Superman beats Doomsday" in s))
    assert beaten > tie and "_8_  :  5" in said[beaten]  # the winner underlined
    assert any("Superman vs Mars" in s for s in said[beaten:])
    # The end: Superman yellow 6 against Mars' printed red 3 (JL-C3's Mars value).
    assert frames[-1][:3] == ["JL Beginner", "   P1 wins", "Superman 6 : 3 Mars"]
