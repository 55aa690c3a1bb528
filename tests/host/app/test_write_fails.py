"""A write that fails pauses the game and loses nothing (issue 13, item 2).

Two ways: a store that fails on demand, inside ``hexref run``'s loop with the firmware's
link on a pty (every kind of failure SQLite reports, at many moments of a whole game); and
a real filesystem that fills: a 16 MB tmpfs (``mount -t tmpfs -o size=...``, as root) under
a real ``hexref run`` process and the hub's process on a pty. Either way the panel says
"Game paused" and why, the log says so, the hub keeps what was not journalled, and when
writes work again the game ends exactly as the clean run does, each hub event once.
"""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
import serial
from luma.core.device import dummy
from rigs.app_table import PINS, Table, hub_events
from rigs.process_table import (
    Cable,
    accepted,
    by_boot,
    clean_run,
    finished,
    journal,
    new_table,
    start_hub,
    stop,
    wait_for,
)
from rigs.tree import ROOT

from host.app.demo import demo_script
from host.app.run import App
from host.devices.inputs import Controls
from host.devices.panel import Panel
from host.games.hexors.demo import collector_script, demo_entries
from host.hub.connection import Connection
from host.session.adapter import TileBook
from host.storage.store import Store


class FailingStore(Store):
    """The real store, whose writes fail while ``failing`` names an SQLite error."""

    failing: str | None = None
    refused = 0

    @contextmanager
    def transaction(self):
        if self.failing is not None:
            self.refused += 1
            raise sqlite3.OperationalError(self.failing)
        with super().transaction() as db:
            yield db


def _app(t: Table, store: Store) -> App:
    conn = Connection(lambda: t.cable.path, clock=t.clock, idle_wait=lambda s: None,
                      open_port=lambda p: serial.Serial(p, timeout=0.005))
    t.device = dummy(width=128, height=64, mode="1")
    return App(conn, Panel([t.device]), store, TileBook(demo_entries()),
               Controls(PINS, clock=t.clock), clock=t.clock)


def failing_table(tmp_path) -> tuple[Table, FailingStore]:
    """The run loop on a store that fails on demand, a Beginner game chosen on the menu.
    The caller closes the table."""
    t = Table(tmp_path)
    store = FailingStore(tmp_path)
    t.app.close()
    try:
        t.app = _app(t, store)
        t.step(10)
        t.press(22)
        t.press(22)  # Justice League Hexors, Beginner
    except BaseException:
        t.close()
        raise
    return t, store


FAULTS = ("database or disk is full", "attempt to write a readonly database",
          "disk I/O error")


@pytest.mark.system
def test_a_store_that_fails_on_demand_pauses_and_resumes_a_whole_game(tmp_path, caplog):
    t, store = failing_table(tmp_path)
    try:
        events = hub_events(demo_script("jl-beginner"))
        pauses = 0
        for i, event in enumerate(events):
            fault = FAULTS[(i // 5) % 3] if i % 5 == 2 else None
            store.failing = fault
            t.hub.send_event(t.ms, *event)
            t.step(3)
            if fault is not None:
                before = len(t.app.referee.journal.entries)
                t.clock.t += 1.5
                t.step(60)  # 0.6 s: the hub resends, the loop tries again, still failing
                view = t.view
                assert view.kind == "paused" and view.header == "Game paused"
                assert view.lines[0] == {"database or disk is full": "Disk full",
                                         "attempt to write a readonly database":
                                             "Storage read-only",
                                         "disk I/O error": "Storage I/O error"}[fault]
                assert t.hub.unacked >= 1  # the hub keeps what was not journalled
                assert len(t.app.referee.journal.entries) == before
                t.press(22)  # a Pi button does nothing while paused
                assert len(t.app.referee.journal.entries) == before
                store.failing = None
                t.step(80)  # the next resend is journalled: play resumes
                assert t.view.kind != "paused" and t.app.paused is None
                assert t.hub.unacked == 0
                pauses += 1
        t.step(20)
        assert t.view.kind == "winner" and t.view.big == ("P1 wins",)
    finally:
        t.close()
    assert pauses >= 5 and store.refused > pauses
    assert {r.getMessage().split(": ")[1].split(")")[0] for r in caplog.records
            if "cannot save" in r.getMessage()} == set(FAULTS)
    logged = [r for r in caplog.records if "cannot save" in r.getMessage()]
    assert len(logged) >= pauses and all(r.levelname == "ERROR" for r in logged)
    assert sum("saving works again" in r.getMessage() for r in caplog.records) == pauses
    entries = Store(tmp_path).journal(Store(tmp_path).games()[-1].id).entries
    numbers = [e.seq for e in entries if e.seq is not None]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))  # each once
    assert accepted(entries) == accepted(clean_run("jl-beginner", demo_script("jl-beginner")))


def test_an_undo_that_cannot_be_saved_changes_nothing(tmp_path):
    t, store = failing_table(tmp_path)
    try:
        for event in hub_events(demo_script("jl-beginner"))[:6]:
            t.hub.send_event(t.ms, *event)
            t.step(3)
        referee = t.app.referee
        applied, view = list(referee.applied), t.app.presenter.screen(referee.seen())
        store.failing = "database or disk is full"
        back = PINS["BACK"]
        from gpiozero import Device

        pin = Device.pin_factory.pin(back)
        pin.drive_low()
        t.clock.t += 1.5  # held: undo
        t.step(10)
        pin.drive_high()
        t.step(5)
        assert store.refused >= 1 and t.view.kind == "paused"
        assert referee.applied == applied and t.app.presenter.screen(referee.seen()) == view
        store.failing = None
        t.clock.t += 1.1
        t.step(5)  # the probe write works: the pause is over, the undo was not taken
        assert t.app.paused is None and referee.applied == applied
    finally:
        t.close()


# --- a real filesystem that fills up -----------------------------------------------------

def _mount_tmpfs(where: Path, size: str) -> None:
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%s,mode=0700" % size,
                           "tmpfs", str(where)], capture_output=True, text=True)
    assert done.returncode == 0, "this test mounts a small tmpfs and needs root: %s" % (
        done.stderr.strip())


def _fill(folder: Path) -> Path:
    """Take every free byte of the filesystem ``folder`` is on."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:
        for size in (1 << 20, 4096, 1):
            try:
                while f.write(b"\0" * size):
                    pass
            except OSError:
                pass  # ENOSPC: on to smaller pieces
    return filler


@pytest.mark.system
def test_a_disk_that_fills_mid_game_pauses_hexref_run_and_play_resumes(tmp_path):
    """``hexref run`` with its data on a 16 MB tmpfs; the filesystem is filled to the last
    byte in the middle of the Collector's game and freed a few seconds later."""
    disk = tmp_path / "disk"
    _mount_tmpfs(disk, "16m")
    try:
        cable = Cable(tmp_path / "hexref-hub")
        _, config, game_id = new_table(disk, "jl-collector", cable.path)
        data = disk / "data"
        hub = start_hub(cable, collector_script(), tmp_path / "script.json")
        host = subprocess.Popen([sys.executable, "-m", "host.commands.main", "run", "--config",
                                 str(config), "--emulate", str(tmp_path / "frames"),
                                 "--no-gpio"], cwd=ROOT, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        try:
            assert wait_for(lambda: len(journal(data, game_id)) >= 12, 30), "took nothing"
            filler = _fill(disk)
            os.sync()
            taken = len(journal(data, game_id))
            # The hub plays on: its taps wait, unacknowledged, while nothing can be saved.
            wait_for(lambda: False, 4)
            assert host.poll() is None, "hexref run stopped: %s" % host.stderr.read()
            stuck = len(journal(data, game_id))
            assert stuck - taken <= 1
            filler.unlink()
            row = wait_for(lambda: finished(data, game_id), 60)
            if not row:
                stop(host)
            assert row, "the game never ended after the disk had room again: %s" % (
                host.stderr.read().decode()[-3000:])
        finally:
            stop(host, hub)
            cable.close()
        err = host.stderr.read().decode()
        entries = journal(data, game_id)
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)
    assert "Traceback" not in err
    assert "cannot save (OperationalError: database or disk is full): game paused" in err
    assert "saving works again: play resumes" in err
    assert row.winner == "P1"
    seqs = by_boot(entries)
    assert len(seqs) == 1
    numbers = list(seqs.values())[0]
    assert numbers == list(range(1, len(numbers) + 1))  # every event once, in order
    assert accepted(entries) == accepted(clean_run("jl-collector", collector_script()))


@pytest.mark.system
def test_hexref_run_started_on_a_full_disk_says_so_and_starts_when_it_has_room(tmp_path):
    """After a restart on a full card the database cannot even be opened (SQLite needs
    room for its -shm file): the panel says Game paused, Disk full, and ``hexref run``
    tries again every few seconds instead of exiting (a crash loop under systemd, with a
    blank panel); with room again it restores the game and plays it to the end."""
    from PIL import Image

    from host.devices.panel import render
    from host.display import screens

    disk = tmp_path / "disk"
    _mount_tmpfs(disk, "16m")
    try:
        cable = Cable(tmp_path / "hexref-hub")
        _, config, game_id = new_table(disk, "jl-collector", cable.path)
        data = disk / "data"
        filler = _fill(disk)
        frames = tmp_path / "frames"
        hub = start_hub(cable, collector_script(), tmp_path / "script.json")
        host = subprocess.Popen([sys.executable, "-m", "host.commands.main", "run", "--config",
                                 str(config), "--emulate", str(frames), "--no-gpio"],
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        want = render(screens.paused("Disk full", "Free space on the Pi")).convert(
            "1").tobytes()

        def showing() -> bool:
            names = sorted(frames.glob("frame_*.png"))
            if not names:
                return False
            with Image.open(names[-1]) as image:
                return image.convert("1").tobytes() == want

        try:
            assert wait_for(showing, 20), "the panel never said the disk is full"
            wait_for(lambda: False, 3)
            assert host.poll() is None, "hexref run gave up: %s" % host.stderr.read()
            filler.unlink()
            row = wait_for(lambda: finished(data, game_id), 60)
            assert row, "the game never ended after the disk had room again"
        finally:
            stop(host, hub)
            cable.close()
        err = host.stderr.read().decode()
        entries = journal(data, game_id)
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)
    assert "cannot open the database" in err and "the panel says Disk full" in err
    assert "the database opens again: starting" in err and "Traceback" not in err
    assert row.winner == "P1"
    assert accepted(entries) == accepted(clean_run("jl-collector", collector_script()))
