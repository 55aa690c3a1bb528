"""The panel is never blank (issue 23, item 4): a real ``hexref run`` draws "Starting…" as
its first frame, before it has imported the games, the store, the hub's link or the
readers (3-5 s of a Pi Zero 2 W's time), then "Restoring game N: 0 s" while it folds an
unfinished game's journal, then the game. How fast the first frame comes is measured by
``make bench`` (tests/bench_start.py), not asserted here.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from rigs.process_table import ROOT, new_table, stop, wait_for

from host.devices.panel import render
from host.display import screens

# What the first frame must come before: everything but the config, the screens and the
# panel's own devices (and shared_rules.core.words, 51 lines, through which i18n speaks).
HEAVY = ("shared_rules.core.engine", "shared_rules.games.hexors.engine", "shared_rules.catalogue", "host.games", "host.storage", "host.hub", "host.session",
         "host.readers", "host.app.run", "serial", "sqlite3")

# Real `hexref run` processes, watched from outside.
pytestmark = pytest.mark.system


def _same(frame: Path, view: screens.View) -> bool:
    with Image.open(frame) as image:
        return image.convert("1").tobytes() == render(view).convert("1").tobytes()


@pytest.mark.system
def test_the_first_frame_comes_before_the_heavy_imports(tmp_path):
    config = tmp_path / "hexref.toml"
    config.write_text('[data]\ndir = "%s"\n' % (tmp_path / "data"))
    frames = tmp_path / "frames"
    probe = ("import json, sys\n"
             "from host.app.starting import first_frame\n"
             "first_frame(['run', '--config', %r, '--emulate', %r])\n"
             "print(json.dumps(sorted(sys.modules)))\n" % (str(config), str(frames)))
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    early = [m for m in loaded if m.startswith(HEAVY)]
    assert early == [], "imported before the first frame: %s" % early
    assert sorted(p.name for p in frames.iterdir()) == ["frame_0001.png"]
    assert _same(frames / "frame_0001.png", screens.starting())


@pytest.mark.system
def test_hexref_run_shows_starting_then_restoring_then_the_game(tmp_path):
    data, config, game_id = new_table(tmp_path, "jl-collector", tmp_path / "no-hub")
    frames = tmp_path / "frames"
    host = subprocess.Popen([sys.executable, "-m", "host.commands.main", "run", "--config",
                             str(config), "--emulate", str(frames), "--no-gpio"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert wait_for(lambda: (frames / "frame_0003.png").exists(), 60), \
            host.stderr.read1().decode() if host.poll() is not None else "no third frame"
    finally:
        stop(host)
    assert _same(frames / "frame_0001.png", screens.starting())
    assert _same(frames / "frame_0002.png", screens.restoring(game_id, 0))
    # Then the game (here: its reader is not plugged in), not the start screens again.
    third = frames / "frame_0003.png"
    assert not _same(third, screens.starting()) and not _same(third, screens.restoring(
        game_id, 0))


def test_a_command_other_than_run_draws_nothing(tmp_path):
    from host.app import starting

    starting.first_frame(["tiles", "list", "--emulate", str(tmp_path / "frames")])
    assert starting.take_panel() is None and not (tmp_path / "frames").exists()


def test_the_start_screens_fit_the_panel_in_every_language():
    from host.common import i18n
    from host.display import layout

    try:
        for lang in i18n.LANGUAGES:
            i18n.use(lang)
            for view in (screens.starting(), screens.restoring(12345, 300)):
                assert layout.collisions(view) == [] and layout.overflow(view) == [], (
                    lang, screens.text(view))
    finally:
        i18n.use("en")


@pytest.mark.system
def test_a_missing_pin_is_said_once_and_tried_again_without_exiting(tmp_path):
    """Under systemd an exit would restart the referee every 5 s, and with it the page and
    the publisher (PartOf=hexref.service): it waits in place instead, saying it once."""
    import os

    _data, config, _game = new_table(tmp_path, "jl-collector", tmp_path / "no-hub")
    frames = tmp_path / "frames"
    env = dict(os.environ, GPIOZERO_PIN_FACTORY="no-such-pin-library")  # no pins here
    host = subprocess.Popen([sys.executable, "-m", "host.commands.main", "run", "--config",
                             str(config), "--emulate", str(frames)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert not wait_for(lambda: host.poll() is not None, 12)  # two tries, alive
    finally:
        stop(host)
    said = [line for line in host.stderr.read().splitlines() if "cannot start" in line]
    assert len(said) == 1 and "trying again every 5 s" in said[0], said
    assert host.returncode == 0  # SIGTERM: stopped as asked
    assert sorted(p.name for p in frames.iterdir()) == ["frame_0001.png"]  # one panel
