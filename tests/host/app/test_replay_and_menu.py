"""``hexref replay`` beside a running referee, and the game menu across a restart (issue
22, item 4).

Replay read a game's entries and their times in two queries: a referee appending between
them made ``zip() argument 2 is longer than argument 1``. The game menu's place was kept
only in memory: a referee restarted while the players were choosing with the hub's
buttons opened another variant than the one they walked to.
"""
from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest
from rigs.process_table import (
    ROOT,
    Cable,
    enroll_demo_tiles,
    start_host,
    start_hub,
    stop,
    wait_for,
)

from host.app.run import GameMenu
from host.readers.replay import replay
from host.storage.journal import Entry
from host.storage.store import Store

WRITER = """
import sys, time
from host.storage.journal import Entry
from host.storage.store import Store
store = Store(sys.argv[1])
journal = store.journal(int(sys.argv[2]))
end = time.monotonic() + float(sys.argv[3])
seq = len(journal.entries)
while time.monotonic() < end:
    seq += 1
    journal.append(Entry("none", ("GONE", "04A1B2C3D4E5%04d" % seq), False, "0A1B2C3D", seq))
"""


@pytest.mark.system
def test_replay_reads_a_game_whole_while_a_referee_appends(tmp_path):
    with Store(tmp_path) as store:
        game = store.new_game("jl-collector", ["P1", "P2"])
        journal = store.journal(game)
        for seq in range(1, 1501):
            journal.append(Entry("none", ("GONE", "04A1B2C3D4E5%04d" % seq), False,
                                 "0A1B2C3D", seq))
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(game), "6"],
                              cwd=ROOT)
    try:
        lengths = set()
        deadline = time.monotonic() + 5
        with Store(tmp_path) as store:
            while time.monotonic() < deadline:
                lines = replay(store, game)  # ValueError from zip on a torn read
                lengths.add(len(lines))
    finally:
        writer.wait(timeout=30)
    assert writer.returncode == 0
    assert len(lengths) > 1, "the writer never wrote while replay read"


@pytest.mark.system
def test_the_game_menu_keeps_its_place_across_a_restart(tmp_path):
    """The hub's A (next) twice, the referee killed (SIGKILL: a power cut), started again,
    then B (choose the game) and B (its first variant): the game is the third family's
    first variant, as without the restart."""
    data = tmp_path / "data"
    enroll_demo_tiles(data)
    cable = Cable(tmp_path / "hexref-hub")
    config = tmp_path / "hexref.toml"
    config.write_text('[hub]\nport = "%s"\n[data]\ndir = "%s"\n' % (cable.path, data))
    menu = GameMenu()
    want = menu.games[2][1][0][1]  # its kinds: (label, variant, players, counts)
    assert want != menu.games[0][1][0][1]
    steps = [{"after": 1500, "do": "press", "button": "A"},
             {"after": 300, "do": "press", "button": "A"},
             {"after": 6000, "do": "press", "button": "B"},
             {"after": 300, "do": "press", "button": "B"}]
    hub = start_hub(cable, steps, tmp_path / "script.json")
    host = start_host(config, tmp_path / "frames")
    again = None

    def taken() -> int:
        with Store(data) as store:
            return max(store.positions().values(), default=0)
    try:
        assert wait_for(lambda: taken() >= 2, 20), "the two presses were never taken"
        host.send_signal(signal.SIGKILL)
        host.wait(timeout=10)
        again = start_host(config, tmp_path / "frames2")

        def games():
            with Store(data) as store:
                return store.games()
        started = wait_for(games, 30)
        assert started, "no game was chosen after the restart"
    finally:
        stop(again, host, hub)
        cable.close()
    assert [g.variant for g in started] == [want]


def test_a_menu_place_this_menu_no_longer_has_is_ignored():
    menu = GameMenu()
    for stale in ("[99, 0]", "[0, 99]", "nonsense", None, "[null, 99]"):
        menu.restore(stale)
        assert (menu.game, menu.cursor) == (None, 0)
    menu.restore("[1, 1]")
    assert (menu.game, menu.cursor) == (1, 1)
