"""End to end over a real pty: the firmware process <-> the host, asserting the transcript
(issue 2: a tie and its re-roll, a multiple attack, a winner)."""
from __future__ import annotations

from pathlib import Path

import pytest
from rigs.tree import ROOT

from host.app.demo import run_demo


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
    # The demo is a stored game like any other: replay says the same winner.
    from host.readers.replay import replay
    from host.storage.store import Store

    store = Store(tmp_path / "data")
    game = store.unfinished() is None and store.games()[-1]
    assert game and game.winner == "P1"
    lines = replay(store, game.id)
    assert "P1 wins" in "\n".join(lines[-6:])
    store.close()


def test_collector_demo_pods_powers_refusals_and_stones(tmp_path: Path):
    """JL-C2 totals with colour, pod and a Power; JL-C9 a refused unaffordable Power;
    JL-C8 a Stone per defeated tile; JL-C6 the Stronghold's Defense Bonus."""
    assert run_demo(tmp_path, live=False, timeout_s=60, variant="jl-collector") == 0
    said = [" | ".join(f) for f in _frames((tmp_path / "transcript.txt").read_text())]
    assert any("Teamwork costs 2, P2 | has 0" in s and "JL-C9" not in s for s in said)
    assert any("Last Stand" in s and "P1 paid 0" in s for s in said)
    beaten = next(s for s in said if "Superman beats Doomsday" in s)
    assert "12  :  _16_" in beaten and "> 7 strike +6 colour +3 | > Last Stand = 16" in beaten
    assert "Stones P1 1 P2 0" in beaten
    assert said[-1].startswith("JL Collector |    P1 wins | Superman 12 : 7 Mars")


def test_ygo_demo_character_bonus_and_the_character_defeated_wins(tmp_path: Path):
    """YG-2 setup (a Character and a Monster each), YG-5 the duel, YG-6 the Beginner's +2
    for a Character, YG-1 defeating the enemy Character wins at once."""
    assert run_demo(tmp_path, live=False, timeout_s=60, variant="ygo-beginner") == 0
    said = [" | ".join(f) for f in _frames((tmp_path / "transcript.txt").read_text())]
    assert any("Gaia the Fierce Knight vs | Kaiba" in s for s in said)  # two lines
    assert said[-1].startswith("YGO Beginner |    P1 wins | Gaia the Fierce Knight | "
                              "5 : 4 Kaiba")


@pytest.mark.system
def test_live_panel_on_a_terminal_that_reports_0x0(tmp_path: Path):
    """A serial console or `docker exec -t` says 0 columns, 0 rows: the panel is drawn
    anyway (half blocks), and the demo ends with its winner."""
    import fcntl
    import os
    import struct
    import subprocess
    import sys
    import termios
    import threading

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 0, 0, 0, 0))
    assert os.get_terminal_size(slave) == (0, 0)
    got: list[bytes] = []

    def read() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the last writer closed the slave
                return
            if not chunk:
                return
            got.append(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    root = ROOT
    proc = subprocess.run([sys.executable, "-m", "host.commands.main", "demo", "--out", str(tmp_path),
                           "--live", "yes"], cwd=root, stdout=slave, stderr=subprocess.PIPE,
                          timeout=120)
    os.close(slave)
    reader.join(timeout=10)
    os.close(master)
    shown = b"".join(got).decode("utf-8", "replace")
    assert proc.returncode == 0, proc.stderr.decode()
    assert "Traceback" not in proc.stderr.decode()
    assert "\u2588" in shown and "P1 wins" in shown  # drawn, then the transcript
