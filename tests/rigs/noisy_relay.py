"""DESIGN.md's noisy-link goal with real processes: ``hexref run`` and the hub's process
(``python -m firmware.sim.hub``) on two pseudo-terminals, with a relay between them that
corrupts bytes, drops lines and cuts the cable (issue 13, item 9).

- The hub owns the master of pty A; the relay holds its slave (raw). The host opens the
  slave of pty B through a symlink (``/dev/hexref-hub``'s stand-in); the relay holds its
  master. Each direction is cut into lines; a line is dropped whole with probability
  ``drop`` (and the ``1/drop``-th line in a row with none dropped is, so a short run
  cannot pass without the fault it is there for), else each byte is replaced with probability ``corrupt`` (a newline may appear
  or vanish: a line cut in two, two lines run together).
- A cut closes pty B: the host's port fails (EIO) as when the USB cable is pulled; what
  the hub sends meanwhile is lost. After ``cut_s`` a new pty B is made and the symlink
  pointed at it: the host finds it again (its back-off) and PINGs; the hub resends.
- The table: Justice League Beginner and Collector's demo games one after another, chosen
  from the game menu with the hub's buttons (A next, B choose; B takes the winner away),
  with harmless table noise between steps (an unknown tile tapped and lifted, a crooked
  die, a long press). Every step at a human pace (``HUMAN_MS`` at least after the one
  before), in real time: the hub's own script. The demo scripts' own pace (a tile lifted
  120 ms after its tap, the next one 120 ms later) is a show's, two or three events a
  second: at that rate the hub's 32-event ring (firmware/hub/link.py) fills in the dozen
  seconds a host starting on a busy machine, a cut and a few corrupted HELLOs can take
  together, and the hub rightly gives events up (RING_FULL; the journal is then behind).
"""
from __future__ import annotations

import json
import os
import random
import select
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

from host.app.run import HUB_MENU, GameMenu
from host.games.hexors.demo import beginner_script, collector_script
from host.storage.store import Store
from rigs.process_table import ROOT, enroll_demo_tiles, wait_for

UNKNOWN_UID = "04FFEEDDCCBB01"  # a tag nobody enrolled
SERIES = (("jl-beginner", beginner_script), ("jl-collector", collector_script))
HUMAN_MS = 600  # a tile tapped and lifted, a die thrown, a button pressed: not faster


def _events_of(step: dict) -> int:
    return 2 if step["do"] in ("roll", "crooked") else 1  # ROLLING, then the result


def menu_presses(variant: str) -> list[str]:
    """The hub buttons ("A" next, "B" choose) that open ``variant`` from the game menu."""
    buttons = {v[0]: k for k, v in HUB_MENU.items()}  # DOWN -> "A", OK -> "B"
    menu = GameMenu()
    # A kind of the menu: (label, variant, players, counts) (host/games/descriptor.menu).
    family = next(i for i, (_name, kinds) in enumerate(menu.games)
                  if any(kind[1] == variant for kind in kinds))
    out = [buttons[HUB_MENU["A"][0]]] * family + ["B"]
    choice = next(i for i, kind in enumerate(menu.games[family][1]) if kind[1] == variant)
    return out + ["A"] * choice + ["B"]


def series_steps(rng: random.Random, at_least_events: int,
                 noise: float = 0.1) -> tuple[list[dict], list[str]]:
    """Whole demo games, each chosen from the menu and its winner taken away, until the
    hub will have sent ``at_least_events``; returns the script and the games' variants."""
    steps: list[dict] = []
    variants: list[str] = []
    events = 0
    while events < at_least_events or not variants:
        variant, script = SERIES[len(variants) % len(SERIES)]
        if variants:
            steps.append({"after": 2500, "do": "press", "button": "B"})  # winner away
        for button in menu_presses(variant):
            steps.append({"after": 900, "do": "press", "button": button})
        for step in script():
            if rng.random() < noise:
                extra = rng.choice((
                    [{"do": "place", "uid": UNKNOWN_UID, "record": ""}, {"do": "lift"}],
                    [{"do": "crooked"}],
                    [{"do": "long", "button": rng.choice("AB")}]))
                for e in extra:
                    steps.append(dict(e, after=rng.randint(500, 1500)))
                # Let the noise's last event (a crooked die is confirmed after 300 ms of
                # rest) leave the hub before the table acts again: the order the hub
                # sends them in must not depend on how busy the machine is.
                step = dict(step, after=max(step.get("after", 0), 1500))
            steps.append(dict(step, after=max(step.get("after", 0), HUMAN_MS)))
        variants.append(variant)
        events = sum(_events_of(s) for s in steps)
    steps.append({"after": 3000, "do": "press", "button": "B"})  # the last winner away
    return steps, variants


class Relay(threading.Thread):
    """The faulty cable between the hub's pty and the host's (see the module docstring)."""

    def __init__(self, link: Path, seed: int, corrupt: float = 0.0, drop: float = 0.0) -> None:
        super().__init__(daemon=True)
        self.rng = random.Random(seed)
        self.corrupt, self.drop = corrupt, drop
        self.link = link
        self.hub_master, self.hub_side = os.openpty()
        tty.setraw(self.hub_side)
        self.host_side: int | None = None
        self.host_slave: int | None = None
        self.plug()
        self.buffers = {"to_host": bytearray(), "to_hub": bytearray()}
        self.corrupted = 0
        self.dropped = {"to_host": 0, "to_hub": 0}
        self.kept = {"to_host": 0, "to_hub": 0}  # lines in a row since the last drop
        self.cuts = 0
        self.lost_in_cuts = 0
        self.lock = threading.Lock()
        self.stopping = False

    def plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(master)
        new = self.link.with_name(self.link.name + ".new")
        if new.is_symlink():
            new.unlink()
        new.symlink_to(os.ttyname(slave))
        self.host_side, self.host_slave = master, slave  # the slave kept: no EIO between
        os.replace(new, self.link)

    def cut(self, seconds: float) -> None:
        """Pull the cable for ``seconds`` (from the caller's thread)."""
        with self.lock:
            fds = (self.host_side, self.host_slave)
            self.host_side = self.host_slave = None
            self.link.unlink()
            for fd in fds:
                if fd is not None:
                    os.close(fd)
            self.buffers["to_hub"].clear()
            self.cuts += 1
        time.sleep(seconds)
        with self.lock:
            self.plug()

    def _pass(self, way: str, data: bytes) -> bytes:
        buffer = self.buffers[way]
        buffer.extend(data)
        out = bytearray()
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                break
            line = bytes(buffer[: end + 1])
            del buffer[: end + 1]
            if self.drop and (self.rng.random() < self.drop
                              or self.kept[way] + 1 >= 1 / self.drop):
                self.dropped[way] += 1
                self.kept[way] = 0
                continue
            self.kept[way] += 1
            if self.corrupt:
                mangled = bytearray(line)
                for i in range(len(mangled)):
                    if self.rng.random() < self.corrupt:
                        mangled[i] = self.rng.randrange(256)
                        self.corrupted += 1
                line = bytes(mangled)
            out += line
        return bytes(out)

    def run(self) -> None:
        while not self.stopping:
            with self.lock:
                host = self.host_side
            fds = [self.hub_side] + ([host] if host is not None else [])
            ready, _w, _x = select.select(fds, [], [], 0.05)
            with self.lock:
                for fd in ready:
                    if fd == self.hub_side:
                        data = os.read(fd, 4096)
                        if self.host_side is None:
                            self.lost_in_cuts += data.count(b"\n")
                            continue
                        out = self._pass("to_host", data)
                        if out:
                            os.write(self.host_side, out)
                    elif fd == self.host_side:
                        try:
                            data = os.read(fd, 4096)
                        except OSError:
                            continue
                        out = self._pass("to_hub", data)
                        if out:
                            os.write(self.hub_side, out)

    def close(self) -> None:
        self.stopping = True
        self.join(timeout=5)
        for fd in (self.host_side, self.host_slave, self.hub_side, self.hub_master):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass


def play(folder: Path, steps: list[dict], games: int, seed: int, corrupt: float = 0.0,
         drop: float = 0.0, cuts: int = 0, minutes: float = 60) -> dict:
    """The script played by the hub's process to ``hexref run`` through a relay; returns
    what happened: the store's games and journals, the relay's counts, the host's log."""
    folder.mkdir(parents=True)
    data = folder / "data"
    enroll_demo_tiles(data)
    link = folder / "hexref-hub"
    relay = Relay(link, seed, corrupt, drop)
    config = folder / "hexref.toml"
    config.write_text('[hub]\nport = "%s"\n[data]\ndir = "%s"\n' % (link, data))
    (folder / "script.json").write_text(json.dumps(steps))
    hub = subprocess.Popen([sys.executable, "-m", "firmware.sim.hub", "--fd",
                            str(relay.hub_master), "--script", str(folder / "script.json")],
                           pass_fds=(relay.hub_master,), cwd=ROOT)
    os.close(relay.hub_master)
    relay.hub_master = None  # type: ignore[assignment]
    relay.start()
    log = open(folder / "host.log", "wb")
    host = subprocess.Popen([sys.executable, "-m", "host.commands.main", "run", "--config", str(config),
                             "--emulate", str(folder / "frames"), "--no-gpio"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=log)
    want_games = games
    rng = random.Random(seed + 1)
    # The cuts are timed from when the host has the hub, not from when it was started: on a
    # busy machine its start took longer than the first cut came, and that cut went unseen
    # (one "hub lost" of two, in a load run).
    heard = wait_for(lambda: b"hub says HELLO" in (folder / "host.log").read_bytes(), 120,
                     every=0.1)
    started = time.monotonic()
    script_s = sum(s.get("after", 0) for s in steps) / 1000.0
    plan = sorted(rng.uniform(0.05, 0.9) * script_s for _ in range(cuts))
    try:
        assert heard, "hexref run never heard the hub (see %s)" % (folder / "host.log")
        for at in plan:
            wait = started + at - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            relay.cut(rng.uniform(1.0, 3.0))
        done = wait_for(lambda: _finished(data) >= want_games, minutes * 60, every=1.0)
        assert done, "only %d of %d games finished (see %s)" % (_finished(data), want_games,
                                                               folder / "host.log")
        time.sleep(4)  # the last press: the winner taken away
    finally:
        for proc in (host, hub):
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log.close()
        relay.close()
    with Store(data) as store:
        games = [(g.variant, g.winner, g.finished is not None,
                  [(e.target, e.input, e.accepted, e.seq) for e in store.journal(g.id).entries])
                 for g in store.games()]
        boots = {e.boot for g in store.games() for e in store.journal(g.id).entries
                 if e.boot is not None}
    return {"games": games, "boots": boots, "corrupted": relay.corrupted,
            "dropped": dict(relay.dropped), "cuts": relay.cuts,
            "lost_in_cuts": relay.lost_in_cuts,
            "log": (folder / "host.log").read_text(errors="replace")}


def _finished(data: Path) -> int:
    try:
        with Store(data) as store:
            return sum(1 for g in store.games() if g.finished)
    except Exception:  # noqa: BLE001 - the host may be mid-migration at its first start
        return 0


def accepted_inputs(result: dict) -> int:
    return sum(1 for g in result["games"] for e in g[3] if e[2])


def end_state(result: dict) -> list[tuple]:
    """What must be equal to the clean run: each game's variant, winner, its accepted
    inputs in order, and every entry it journalled (in any order: the hub itself may send
    two events of one moment, a tile lifted and a button pressed, in either order when the
    machine is busy; that is timing at the table, not the cable)."""
    return [(variant, winner, finished, [e[:2] for e in entries if e[2]],
             sorted(repr(e[:3]) for e in entries))
            for variant, winner, finished, entries in result["games"]]


def numbering_problems(result: dict) -> list[str]:
    """Each hub event journalled once: sequence numbers strictly rising over the games."""
    seqs = [e[3] for g in result["games"] for e in g[3] if e[3] is not None]
    doubled = len(seqs) - len(set(seqs))
    backwards = sum(1 for a, b in zip(seqs, seqs[1:], strict=False) if b <= a)
    out = []
    if doubled:
        out.append("%d hub events journalled twice" % doubled)
    if backwards:
        out.append("%d hub events out of order" % backwards)
    return out
