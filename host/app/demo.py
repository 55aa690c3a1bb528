"""``hexref demo``: a whole Justice League Hexors game with no hardware.

The reader hub is the real firmware (hub loop, link, protocol) running under CPython in its
own process with scripted sensors (firmware/sim.py); it is joined to the host by a
pseudo-terminal pair, the same seam the USB cable will be. The host is the real referee:
link, journal, rules, screens. Every frame is saved as PNG under ``out/demo/`` and said as
text in the transcript; on a terminal the panel is also drawn live.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host.common.i18n import _
from host.devices.panel import emulated_panel
from host.games.presenter import Presenter
from host.session.referee import TileBook
from host.storage import tags

STEP_MS = 120  # between two scripted actions: a brisk but human pace
REST_MS = 300  # a tile rests on the reader this long: the reader needs ~50 ms to read it
THROW_MS = 600  # a throw tumbles ~0.3 s and the roll detector settles in ~0.1 s

# The demo table's tiles. The catalogue prints only what the rulebook prints (Superman's
# yellow 6, Doomsday's red 8, Atlantis' blue 6, Mars' red 3); the rest of each tile was
# read off the demo set and entered as corrections, exactly as a table corrects an
# unverified entry from its own physical tiles (catalogue.apply_correction).
UIDS = {
    "jl/atlantis": "04A1B2C3D4E501", "jl/superman": "04A1B2C3D4E502",
    "jl/064": "04A1B2C3D4E503",  # Last Stand
    "jl/mars": "04A1B2C3D4E511", "jl/doomsday": "04A1B2C3D4E512",
    "jl/072": "04A1B2C3D4E513",  # Teamwork
}
#                      green blue yellow red purple white
DEMO_CORRECTIONS: dict[str, dict[str, Any]] = {
    "jl/atlantis": {"strike": (5, 6, 4, 3, 5, 4), "bonus": 1},
    "jl/superman": {"strike": (7, 5, 6, 5, 4, 8)},
    "jl/mars": {"strike": (4, 5, 2, 3, 6, 5), "bonus": 2},
    "jl/doomsday": {"strike": (6, 4, 5, 8, 7, 3)},
}


# The Yu-Gi-Oh! demo table: the rulebook prints Yugi's green 5, Kaiba's yellow 2, Gaia's
# green 5 and the Thousand Dragon's yellow 7; the rest was read off the demo set.
YGO_UIDS = {
    "ygo/yugi": "04A1B2C3D4E521", "ygo/gaia-the-fierce-knight": "04A1B2C3D4E522",
    "ygo/kaiba": "04A1B2C3D4E531", "ygo/thousand-dragon": "04A1B2C3D4E532",
}
YGO_CORRECTIONS: dict[str, dict[str, Any]] = {
    "ygo/yugi": {"strike": (5, 3, 4, 2, 3, 4)},
    "ygo/gaia-the-fierce-knight": {"strike": (5, 6, 4, 5, 3, 6)},
    "ygo/kaiba": {"strike": (3, 4, 2, 4, 3, 2)},
    "ygo/thousand-dragon": {"strike": (4, 5, 7, 3, 6, 5)},
}


def demo_entries(uids: dict[str, str] | None = None,
                 corrections: dict[str, dict[str, Any]] | None = None) -> list[dict]:
    from shared_rules import catalogue
    from shared_rules.decisions import COLOURS

    out = []
    for entry_id in (uids if uids is not None else UIDS):
        entry = catalogue.get(entry_id)
        fix = (corrections if corrections is not None else DEMO_CORRECTIONS).get(entry_id)
        if fix is not None:
            printed = {c: v for c, v in entry["strike"].items() if v is not None}
            corrected = dict(zip(COLOURS, fix["strike"], strict=True))
            # The rulebook's own numbers must survive the correction: the demo set agrees.
            assert all(corrected[c] == v for c, v in printed.items()), entry_id
            extra = {"bonus": fix["bonus"]} if "bonus" in fix else {}
            entry = catalogue.apply_correction(entry, strike=corrected, **extra)
        out.append(entry)
    return out


class Steps:
    """A scripted table: what the players do, in order, at a human pace. ``uids`` gives
    each tile's (or card's) tag UID by catalogue entry id. After a roll the table waits
    for the die to land (``THROW_MS``) before anyone does anything else, as players do."""

    def __init__(self, uids: dict[str, str] | None = None) -> None:
        self.uids = uids if uids is not None else UIDS
        self.steps: list[dict] = []
        self._wait = STEP_MS  # before the next step: longer while a die is in the air

    def _add(self, step: dict, after: int = STEP_MS) -> None:
        step["after"] = max(after, self._wait)
        self._wait = STEP_MS
        self.steps.append(step)

    def tap(self, *entry_ids: str) -> Steps:
        for entry_id in entry_ids:
            self._add({"do": "place", "uid": self.uids[entry_id],
                       "record": tags.record_for(entry_id)})
            self._add({"do": "lift"}, REST_MS)
        return self

    def roll(self, *faces: int) -> Steps:
        for face in faces:
            self._add({"do": "roll", "face": face})
            self._wait = THROW_MS
        return self

    def press(self, *buttons: str) -> Steps:
        for button in buttons:
            self._add({"do": "press", "button": button})
        return self


class ScriptedHub:
    """The hub events a script's steps make, exactly as firmware/sim.py's hub sends them:
    ``place`` a TAP (with the tag's record), ``lift`` a GONE, ``roll`` a DIE ROLLING then
    DIE FACE under one roll id, ``press``/``long`` a BTN. Steps for the Pi's own buttons
    ("choose", "pi") make none. For tests and benches that play a script without the
    firmware."""

    def __init__(self, records: bool = True) -> None:
        self.records = records  # False: tags that carry no record (trusted by UID only)
        self.placed: str | None = None
        self.roll = 0

    def events(self, step: dict) -> list[tuple]:
        do = step["do"]
        if do == "place":
            self.placed = step["uid"]
            return [("TAP", 0, step["uid"], step.get("record", "") if self.records else "")]
        if do == "lift":
            placed, self.placed = self.placed, None
            return [("GONE", 0, placed)] if placed is not None else []
        if do in ("roll", "crooked"):
            self.roll += 1
            result = ("FACE", (step["face"],)) if do == "roll" else ("CROOKED", ())
            return [("DIE", self.roll, ("ROLLING", ())), ("DIE", self.roll, result)]
        if do in ("press", "long"):
            return [("BTN", step["button"], do)]
        return []


def hub_events(steps: list[dict], records: bool = True) -> list[tuple]:
    """Every hub event a whole script makes, in order."""
    hub = ScriptedHub(records)
    return [event for step in steps for event in hub.events(step)]


def beginner_script() -> list[dict]:
    s = Steps()
    # Setup: each player taps their tiles, then presses their button.
    s.tap("jl/atlantis", "jl/superman").press("A")
    s.tap("jl/mars", "jl/doomsday").press("B")
    # P2 picked the last Character, so P2 moves first (JL-B2): Doomsday moves, no contact.
    s.tap("jl/doomsday").press("B")
    # P1: Superman moves into contact with Doomsday and Mars: a multiple attack (JL-B7).
    s.tap("jl/superman", "jl/doomsday")
    s.roll(3, 1)  # Superman yellow 6, Doomsday green 6: a tie (JL-B5)
    s.roll(6, 3)  # re-roll, attacker first: white 8 against yellow 5
    s.tap("jl/mars")
    s.roll(3, 4)  # Superman yellow 6, Mars red 3: P2 has nothing left
    return s.steps


def collector_script() -> list[dict]:
    s = Steps()
    s.tap("jl/atlantis", "jl/superman", "jl/064").press("A")
    s.tap("jl/mars", "jl/doomsday", "jl/072").press("B")
    # P2 moves first (JL-B2). Doomsday attacks Superman, next to Mars: a pod (JL-C4).
    s.tap("jl/doomsday", "jl/superman").press("B")
    s.tap("jl/072")  # Teamwork costs 2 and P2 has no Stone: refused (JL-C9)
    s.tap("jl/064")  # P1 answers with Last Stand, free: Superman is P1's last (JL-W064)
    s.roll(4, 1)  # Doomsday red 8 +3 colour +1 pod = 12; Superman 7 +6 colour +3 = 16
    # P2 has only Mars left and skips (JL-B9); P1: Superman attacks Mars.
    s.tap("jl/superman", "jl/mars")
    s.roll(3, 6)  # Superman yellow 6 +6 = 12; Mars white 5 +2 defense = 7
    return s.steps


def ygo_beginner_script() -> list[dict]:
    s = Steps(YGO_UIDS)
    # Setup (YG-2): a Character and a Monster each, then the player's button.
    s.tap("ygo/yugi", "ygo/gaia-the-fierce-knight").press("A")
    s.tap("ygo/kaiba", "ygo/thousand-dragon").press("B")
    # P2 added the last Monster, so P2 moves first: the Thousand Dragon, no contact.
    s.tap("ygo/thousand-dragon").press("B")
    # P1: Gaia attacks Kaiba (YG-5): green 5 against Kaiba's yellow 2 +2 Character (YG-6).
    s.tap("ygo/gaia-the-fierce-knight", "ygo/kaiba")
    s.roll(1, 3)  # Kaiba's Character is defeated: P1 wins at once (YG-1)
    return s.steps


@dataclass(frozen=True)
class Rig:
    """Everything one scripted game needs: the rules, the screens, the tiles, the table."""

    new_game: Callable[[], Any]
    presenter: Callable[[], Presenter]
    entries: Callable[[], list[dict]]
    script: Callable[[], list[dict]]
    players: tuple[str, ...] = ("P1", "P2")


def _rig(variant: str, demo) -> Rig:
    from host.games.descriptor import open_game

    new_game, _ = open_game(variant, demo.players)
    return Rig(new_game, lambda: open_game(variant, demo.players)[1], demo.entries,
               demo.script, demo.players)


def rigs() -> dict[str, Rig]:
    """Every game's demo tables (their descriptors' ``demos``, host/games/descriptor.py), by variant."""
    from host.games.descriptor import demos

    return {variant: _rig(variant, demo) for variant, (_game, demo) in demos().items()}


RIGS: dict[str, Rig] = rigs()
from host.app.demo_games import HostSteps  # noqa: E402 - the Pi's buttons in a script


def demo_script(variant: str = "jl-beginner") -> list[dict]:
    return RIGS[variant].script()


class DemoApp:
    """``hexref run``'s loop (host/app/run.py App) on the demo's table: the scripted hub on a
    pseudo-terminal, the panel emulated, a store of the demo's own, and the Pi's buttons
    pressed by the script right after the hub event they follow."""

    def __init__(self, app, host_steps: HostSteps, echo: bool) -> None:
        self.app = app
        self.host_steps = host_steps
        self.echo = echo
        self.events = 0
        self.printed = 0
        take = app.on_hub_event

        def on_hub_event(rcv) -> None:
            take(rcv)
            self.events += 1
            self._host_steps()

        app.on_hub_event = on_hub_event

    def _press(self, button: str, action: str = "press") -> None:
        from host.devices.inputs import Press

        self.app.on_press(Press(button, action))
        self.show()

    def _host_steps(self) -> None:
        self.host_steps.run(self.events, self.app.referee, self._press, self.show)

    def show(self, view=None) -> None:
        self.app.show(self.app.clock())
        if self.echo:
            lines = self.app.transcript[self.printed:]
            self.printed = len(self.app.transcript)
            if lines:
                print("\n".join(lines), flush=True)

    def won(self) -> bool:
        """The winner is on the panel (the run loop finished the game in the store as it
        put it there)."""
        return self.app.board.showing(self.app.clock()) == "winner"


# The emulated Pico (tests/pico/: the official MicroPython UF2 on rp2040js) runs about four
# times slower than the wall clock here, and boots in a few seconds of its own.
PICO_TIMEOUT_S = 900.0


def hub_command(board: str, fd: int, script_path: str) -> list[str]:
    """The reader hub the demo plays against: the firmware under CPython with simulated
    sensors (``sim``), or on an emulated Pico with the chip twins on its buses (``pico``,
    from a checkout: the rig lives in tests/pico/)."""
    if board == "pico":
        rig = Path(__file__).resolve().parents[2] / "tests" / "pico" / "rig.py"
        if not rig.is_file():
            raise FileNotFoundError("--board pico runs from a checkout of hexref (needs %s)"
                                    % rig)
        return [sys.executable, str(rig), "--fd", str(fd), "--script", script_path]
    return [sys.executable, "-m", "firmware.sim", "--fd", str(fd), "--script", script_path]


def run_demo(out_dir: Path = Path("out/demo"), live: bool | None = None,
             timeout_s: float | None = None, variant: str = "jl-beginner",
             board: str = "sim") -> int:
    """Play the demo game; returns the process exit code (0: a winner was declared).

    The game is stored in ``out_dir/data`` like any game of ``hexref run``:
    ``hexref replay last --data out/demo/data`` prints it again, input by input.
    ``board="pico"`` plays it on the emulated Pico instead of the CPython hub."""
    if timeout_s is None:
        timeout_s = PICO_TIMEOUT_S if board == "pico" else 60.0
    from host.app.run import App
    from host.games.descriptor import Choice
    from host.hub.connection import Connection
    from host.storage.store import Store

    rig = rigs()[variant]  # a game registered since start-up has its demo too
    steps, host_steps = HostSteps.split(rig.script())  # the Pi's own buttons stay here
    panel = emulated_panel(out_dir, live=live)
    data = out_dir / "data"
    for old in data.glob("hexref.db*"):
        old.unlink()  # each demo is a game of its own
    store = Store(data)
    master, slave = os.openpty()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(steps, f)
        script_path = f.name
    hub = subprocess.Popen(hub_command(board, master, script_path), pass_fds=(master,))
    os.close(master)  # the hub process owns the master side now
    path = os.ttyname(slave)
    app = App(Connection(lambda: path), panel, store, TileBook(rig.entries()))
    is_live = len(panel.devices) > 1
    demo = DemoApp(app, host_steps, echo=not is_live)
    winner = False
    try:
        app.start(Choice("demo", variant, len(rig.players)), rig.players)
        demo.show()
        demo._host_steps()  # anything the Pi does before the first hub event
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and not winner:
            app.step()
            demo.show()
            winner = demo.won()
            if hub.poll() is not None:
                print(_("reader hub stopped unexpectedly"), file=sys.stderr)
                break
    finally:
        app.close()
        os.close(slave)
        hub.terminate()
        hub.wait(timeout=5)
        os.unlink(script_path)
        store.close()
    (out_dir / "transcript.txt").write_text("\n".join(app.transcript) + "\n")
    if is_live:
        print("\n".join(app.transcript))
    print(_("%(n)d frames saved under %(folder)s; transcript in %(file)s") % {
        "n": panel.frames, "folder": out_dir, "file": out_dir / "transcript.txt"})
    if not winner:
        print(_("demo ended without a winner"), file=sys.stderr)
        return 1
    return 0
