"""A table of real processes for the reliability tests: the hub is the firmware
(``python -m firmware.sim.hub``: hub loop, link, the NFC stack on the PN532 twin) playing a
demo script on the master side of a pseudo-terminal; the host is ``hexref run`` with the
panel emulated, reading the slave side as it reads the USB port. tests/host/app/test_host_killed.py
is the model; this module holds what tests/host/app/test_hub_reset.py and tests/soak_host_kill.py
both need.

The host finds the hub through ``Cable.path``: a symlink, like the udev rule's
``/dev/hexref-hub``. Re-plugging (a hub reset re-enumerates its USB port) makes a new pty
and points the symlink at it.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from host.games.hexors.demo import DEMO_CORRECTIONS, UIDS
from host.storage.registry import Registry
from host.storage.store import Store
from shared_rules.games.hexors.decisions import COLOURS

ROOT = Path(__file__).resolve().parents[2]


def wait_for(what, seconds: float, every: float = 0.05):
    """Poll ``what()`` until it is true or ``seconds`` pass; returns its last value."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = what()
        if got:
            return got
        time.sleep(every)
    return what()


def last_frame(frames: Path) -> bytes | None:
    """The panel as ``hexref run --emulate`` last drew it (1-bit pixels), or None yet.
    The newest frame may still be being written: then the one before it."""
    from PIL import Image

    for name in reversed(sorted(frames.glob("frame_*.png"))[-2:]):
        try:
            with Image.open(name) as image:
                return image.convert("1").tobytes()
        except (OSError, SyntaxError):
            continue
    return None


def enroll_demo_tiles(data: Path) -> None:
    registry = Registry.open(data)
    for entry_id, uid in UIDS.items():
        fix = DEMO_CORRECTIONS.get(entry_id)
        if fix is None:
            registry.enroll(uid, entry_id)
        else:
            extra = {"bonus": fix["bonus"]} if "bonus" in fix else {}
            registry.enroll(uid, entry_id, strike=dict(zip(COLOURS, fix["strike"], strict=True)),
                            **extra)
    registry.store.close()


def new_table(tmp: Path, variant: str, port: Path) -> tuple[Path, Path, int]:
    """Enrolled tiles, an unfinished game (restored at start: no menu) and a config naming
    ``port``. Returns (data dir, config file, game id)."""
    data = tmp / "data"
    enroll_demo_tiles(data)
    store = Store(data)
    game_id = store.new_game(variant, ["P1", "P2"])
    store.close()
    config = tmp / "hexref.toml"
    config.write_text('[hub]\nport = "%s"\n[data]\ndir = "%s"\n' % (port, data))
    return data, config, game_id


class Cable:
    """A pseudo-terminal whose slave is reached through a symlink at ``path``. The test
    keeps a slave fd open so the hub does not take the host's restart for the end of the
    session (firmware/sim/hub.py stops when its pty hangs up)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.master: int | None = None
        self.slave: int | None = None
        self.plug()

    def plug(self) -> None:
        self.master, self.slave = os.openpty()
        link = self.path.with_name(self.path.name + ".new")
        if link.is_symlink():
            link.unlink()
        link.symlink_to(os.ttyname(self.slave))
        os.replace(link, self.path)  # atomic: the host never sees a half-made port

    def take_master(self) -> int:
        """The master fd, for the hub process; this side forgets it."""
        fd, self.master = self.master, None
        assert fd is not None
        return fd

    def close(self) -> None:
        for fd in (self.master, self.slave):
            if fd is not None:
                os.close(fd)
        self.master = self.slave = None


def start_hub(cable: Cable, steps: list[dict], script_file: Path) -> subprocess.Popen:
    script_file.write_text(json.dumps(steps))
    master = cable.take_master()
    hub = subprocess.Popen([sys.executable, "-m", "firmware.sim.hub", "--fd", str(master),
                            "--script", str(script_file)], pass_fds=(master,), cwd=ROOT)
    os.close(master)  # the hub process owns it now
    return hub


def start_host(config: Path, frames: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "host.commands.main", "run", "--config", str(config),
                             "--emulate", str(frames), "--no-gpio"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def stop(*procs: subprocess.Popen | None) -> None:
    for proc in procs:
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def journal(data: Path, game_id: int):
    store = Store(data)
    try:
        return store.journal(game_id).entries
    finally:
        store.close()


def finished(data: Path, game_id: int):
    """The game's row once it is finished, else None."""
    store = Store(data)
    try:
        row = store.game(game_id)
        return row if row.finished else None
    finally:
        store.close()


def accepted(entries) -> list[tuple]:
    """Accepted inputs, a tile's catalogue entry named by its id (the rest of the entry is
    the registry's copy, the same in every run)."""
    out = []
    for e in entries:
        if e.accepted:
            inp = tuple(e.input)
            if inp[0] == "add":
                inp = inp[:3] + (inp[3]["id"],)
            out.append((e.target,) + inp)
    return out


def clean_run(variant: str, steps: list[dict]):
    """The journal the same script makes with no fault at all, straight into a referee."""
    from host.games.hexors.demo import demo_entries
    from host.hub.link import Received
    from host.session.adapter import Referee, TileBook
    from host.storage.journal import MemoryJournal
    from rigs.table_rig import events_of
    from shared_rules.games.hexors.engine import HexorsGame
    from shared_rules.protocol.codec import message

    log = MemoryJournal()
    referee = Referee(lambda: HexorsGame(variant=variant, players=2),
                      TileBook(demo_entries()), None, log)
    for seq, event in enumerate(events_of(steps), start=1):
        referee.on_event(Received("00000000", seq, message(event[0], seq, *event[1:])).event)
    return log.entries


def by_boot(entries) -> dict[str, list[int]]:
    """Hub sequence numbers journalled, per boot, in journal order."""
    out: dict[str, list[int]] = {}
    for e in entries:
        if e.boot is not None:
            out.setdefault(e.boot, []).append(e.seq)
    return out
