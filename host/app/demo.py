"""``hexref demo``: a whole game with no hardware (each game's demo tables: host/games/*/demo.py).

The reader hub is the real firmware (hub loop, link, protocol) running under CPython in its
own process with scripted sensors (firmware/sim/hub.py); it is joined to the host by a
pseudo-terminal pair, the same seam the USB cable will be. The host is the real referee:
link, journal, rules, screens. Every frame is saved as PNG under ``out/demo/`` and said as
text in the transcript; on a terminal the panel is also drawn live.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host.common.i18n import _, n_
from host.devices.panel import emulated_panel
from host.games.descriptor import default_demo
from host.games.presenter import Presenter
from host.games.scripting import HOST_DOES, HUB_EVENTS
from host.session.adapter import Hooks, TileBook


class ScriptedHub:
    """The hub events a script's steps make, exactly as firmware/sim/hub.py's hub sends them:
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


@dataclass(frozen=True)
class Rig:
    """Everything one scripted game needs: the rules, the screens, the tiles, the table."""

    new_game: Callable[[], Any]
    hooks: Callable[[], Hooks]
    presenter: Callable[[], Presenter]
    entries: Callable[[], list[dict]]
    script: Callable[[], list[dict]]
    players: tuple[str, ...] = ("P1", "P2")


def _rig(variant: str, demo) -> Rig:
    from host.games.descriptor import open_game

    opened = open_game(variant, demo.players)
    return Rig(opened.new_game, lambda: open_game(variant, demo.players).hooks,
               lambda: open_game(variant, demo.players).presenter, demo.entries, demo.script,
               demo.players)


def rigs() -> dict[str, Rig]:
    """Every game's demo tables (their descriptors' ``demos``, host/games/descriptor.py), by variant."""
    from host.games.descriptor import demos

    return {variant: _rig(variant, demo) for variant, demo in demos().items()}




def demo_script(variant: str | None = None) -> list[dict]:
    """The hub's script of ``variant``'s demo (the default demo's when None)."""
    return rigs()[variant or default_demo()].script()


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

        def on_hub_event(rcv) -> bool:
            # The run loop stops a batch at an event not journalled (the hub sends it
            # again, and those after it): say so, and count only what was taken.
            taken = take(rcv)
            if taken:
                self.events += 1
                self._host_steps()
            return taken

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


# The emulated Pico (firmware/sim/emulated_pico/: the official MicroPython UF2 on rp2040js) runs
# about four times slower than the wall clock here, and boots in a few seconds of its own.
PICO_TIMEOUT_S = 900.0
# From the port appearing to the hub's HELLO on the emulated Pico: its image made (make
# pico-image: the firmware compiled on a fresh checkout), Node started, MicroPython booted
# at a quarter of a real Pico's pace, on a computer that may be busy.
PICO_BOOT_S = 180.0
# The emulated Pico's table (its rig), for --board pico and --board pocket alike: from a
# checkout after make setup (its image is made by make, rp2040js installed by npm).
EMULATED_PICO = [sys.executable, "-m", "firmware.sim.emulated_pico.rig"]
CHECKOUT = Path(__file__).resolve().parents[2]  # an installed hexref's is site-packages


def emulated_pico_missing(board: str) -> str | None:
    """What keeps the emulated Pico from running here, in one sentence, or None. It runs from
    a checkout after ``make setup``: make builds its image, Node runs rp2040js (installed
    by npm under tests/), the MicroPython firmware and boot ROM come with the checkout
    (firmware/sim/emulated_pico/assets/); none of these is in an installed package."""
    assets = CHECKOUT / "firmware" / "sim" / "emulated_pico" / "assets" / "SHA256SUMS"
    if not (CHECKOUT / "Makefile").is_file() or not assets.is_file():
        return _("--board %s plays on an emulated Pico, which runs only from a checkout of "
                 "hexref after make setup, not from an installed hexref: play the demo "
                 "without --board here") % board
    if shutil.which("node") is None:
        return _("--board %(board)s plays on an emulated Pico run by Node.js, which is not "
                 "installed: install Node.js and npm, then run make setup in %(folder)s") % {
                     "board": board, "folder": CHECKOUT}
    if not (CHECKOUT / "tests" / "node_modules" / "rp2040js").is_dir():
        return _("--board %(board)s plays on an emulated Pico run by rp2040js, which is not "
                 "installed yet: run make setup in %(folder)s") % {
                     "board": board, "folder": CHECKOUT}
    return None


def hub_command(board: str, fd: int, script_path: str) -> list[str]:
    """The reader hub the demo plays against: the firmware under CPython with simulated
    sensors (``sim``), or on an emulated Pico with the chip twins on its buses (``pico``)."""
    if board == "pico":
        return [*EMULATED_PICO, "--fd", str(fd), "--script", script_path]
    return [sys.executable, "-m", "firmware.sim.hub", "--fd", str(fd), "--script", script_path]


def run_demo(out_dir: Path = Path("out/demo"), live: bool | None = None,
             timeout_s: float | None = None, variant: str | None = None,
             board: str = "sim", voice=None) -> int:
    """Play the demo game; returns the process exit code (0: a winner was declared).

    The game is stored in ``out_dir/data`` like any game of ``hexref run``:
    ``hexref replay last --data out/demo/data`` prints it again, input by input.
    ``board="pico"`` plays it on the emulated Pico instead of the CPython hub; ``variant``
    None plays the default demo (the registry's first). ``voice``: the config whose
    ``[voice]`` says each result aloud (None: silent); every utterance is kept as a
    numbered WAV under ``out_dir/voice/``, and said: in the transcript."""
    variant = variant or default_demo()
    if board == "pico":
        missing = emulated_pico_missing(board)
        if missing is not None:
            print("hexref demo: %s" % missing, file=sys.stderr)
            return 1
    if timeout_s is None:
        timeout_s = PICO_TIMEOUT_S if board == "pico" else 60.0
    from host.app.run import App
    from host.games.descriptor import Choice
    from host.hub.connection import BOOT_S, Connection
    from host.storage.store import Store

    rig = rigs()[variant]  # a game registered since start-up has its demo too
    steps, host_steps = HostSteps.split(rig.script())  # the Pi's own buttons stay here
    panel = emulated_panel(out_dir, live=live)  # the frames of an earlier run go
    # Each run is a new game in the demo's own database, as hexref run starts one: the
    # games before it stay (hexref replay --data out/demo/data lists them), and a game an
    # earlier run left unfinished (Ctrl-C) is set aside as abandoned, not restored under
    # this run's script.
    store = Store(out_dir / "data")
    if store.mark_behind() is not None:
        # A mark no database here had (an earlier hexref's demo cleared hexref.db and kept
        # it): this run's hub is new, so nothing it acknowledged can be missing.
        store.forget_mark()
    left = store.unfinished()
    if left is not None:
        store.finish(left.id, None)
        print(_("game %d, left unfinished by an earlier demo, is set aside as abandoned")
              % left.id)
    master, slave = os.openpty()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(steps, f)
        script_path = f.name
    # The emulated Pico's own log (each step it plays, the LED, its boots) goes beside the
    # frames, as the pocket's does: the terminal shows the panel and its transcript.
    log = (out_dir / "board.log").open("w") if board == "pico" else None
    hub = subprocess.Popen(hub_command(board, master, script_path), pass_fds=(master,),
                           stderr=log)
    os.close(master)  # the hub process owns the master side now
    path = os.ttyname(slave)
    conn = Connection(lambda: path, boot_s=PICO_BOOT_S if board == "pico" else BOOT_S)
    app = App(conn, panel, store, TileBook(rig.entries()))
    if voice is not None:
        from host.app.run import speaker

        for old in (out_dir / "voice").glob("*.wav"):  # this run's utterances alone
            old.unlink()
        app.use_voice(speaker(voice, archive=out_dir / "voice",
                              cache=out_dir / "data" / "voice"), voice.voice.volume)
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
                if log is not None:  # why, in the emulator's words (a traceback...)
                    print("\n".join((out_dir / "board.log").read_text().splitlines()[-5:]),
                          file=sys.stderr)
                print(_("reader hub stopped unexpectedly"), file=sys.stderr)
                break
    finally:
        if app.speaker is not None:
            app.speaker.drain()
        app.close()
        os.close(slave)
        hub.terminate()
        hub.wait(timeout=5)
        if log is not None:
            log.close()
        os.unlink(script_path)
        store.close()
    (out_dir / "transcript.txt").write_text("\n".join(app.transcript) + "\n")
    if is_live:
        print("\n".join(app.transcript))
    print(_("%(frames)s saved under %(folder)s; transcript in %(file)s") % {
        "frames": n_("%d frame", "%d frames", panel.frames) % panel.frames,
        "folder": out_dir, "file": out_dir / "transcript.txt"})
    if not winner:
        print(_("demo ended without a winner"), file=sys.stderr)
        return 1
    return 0


# --- host steps: the referee's own buttons in a script ----------------------------------


class HostSteps:
    """The host steps of a script, each due after a count of hub events."""

    def __init__(self, due: dict[int, list[dict]]) -> None:
        self.due = due

    @classmethod
    def split(cls, steps: list[dict]) -> tuple[list[dict], HostSteps]:
        """(what the hub plays, what the host does and after how many hub events). Each
        hub step says how many events it makes: the hub's table waits for them before its
        next step (firmware/sim/hub.py), so the count here holds on a busy computer too."""
        hub: list[dict] = []
        due: dict[int, list[dict]] = {}
        events = 0
        for step in steps:
            if step["do"] in HOST_DOES:
                due.setdefault(events, []).append(step)
            else:
                hub.append(dict(step, events=HUB_EVENTS[step["do"]]))
                events += HUB_EVENTS[step["do"]]
        return hub, cls(due)

    def run(self, events: int, referee, press: Callable[..., None],
            show: Callable[..., None]) -> None:
        """Do what is due after ``events`` hub events: ``press(button, action)`` presses a
        referee button (the run loop's own handling, messages included), ``show()``
        draws what the panel shows after each press."""
        for step in self.due.pop(events, []):
            if step["do"] == "pi":
                press(step["button"], step.get("action", "press"))
            else:
                choose(referee, step["label"], show, press)


def choose(referee, label: str, show: Callable[..., None] | None = None,
           press: Callable[..., Any] | None = None) -> list:
    """Open the referee's menu, move to ``label`` and press OK, as a player would.
    ``press(button)`` presses a button (default: straight to the referee); returns what
    each press gave back."""
    from host.common.i18n import speaking

    if press is None:
        press = referee.on_press
    with speaking("en"):  # scripts name menu lines in English; the order is the same
        labels = [item[0] for item in referee.menu()]
    if label not in labels:
        raise ValueError("the menu has no %r: it offers %s" % (label, ", ".join(labels)))
    out = []
    if not referee.menu_open:
        out.append(press("OK", "press"))
    for _step in range(labels.index(label)):
        if show is not None:
            show()
        out.append(press("DOWN", "press"))
    if show is not None:
        show()
    out.append(press("OK", "press"))
    return out


# --- a script without the firmware -------------------------------------------------------


def rehearse(variant: str, script: list[dict] | None = None, journal=None,
             on_view: Callable[[Any], Any] | None = None, book=None, records: bool = True,
             every_menu: bool = False, on_reaction: Callable[[Any, Any], Any] | None = None):
    """Play a rig's script straight into a referee (no firmware, no pty); returns the
    referee and the text of every screen shown, in order. ``journal``: where the inputs
    are kept (a stored game's, host/storage/store.py), else in memory; ``on_view`` is handed each
    screen (a panel to draw it on); ``book``: the tile book (default: the rig's cards);
    ``records``: False for tags that carry no record (a registry trusts them by UID);
    ``every_menu``: after each screen, hand ``on_view`` the screen with the referee's menu
    open on each of its choices in turn (the menu is left as it was); ``on_reaction`` is
    handed the referee and each reaction, as the run loop is (what it says aloud)."""
    from host.display.screens import text
    from host.hub.link import Received
    from host.session.adapter import Referee, TileBook
    from shared_rules.protocol.codec import message

    rig = rigs()[variant]
    referee = Referee(rig.new_game, book if book is not None else TileBook(rig.entries()),
                      rig.hooks(), journal=journal, players=rig.players)
    presenter = rig.presenter()
    said: list[str] = []

    def show(view=None) -> None:
        view = view or presenter.screen(referee.seen())
        said.append(" | ".join(text(view)))
        if on_view is not None:
            on_view(view)
            if every_menu:
                was = referee.menu_open, referee.cursor
                for cursor in range(len(referee.menu())):
                    referee.menu_open, referee.cursor = True, cursor
                    on_view(presenter.screen(referee.seen()))
                referee.menu_open, referee.cursor = was

    def said_by(reaction) -> None:
        if on_reaction is not None:
            on_reaction(referee, reaction)
        shown = presenter.message(referee.seen(), reaction)  # a refusal or a note, as the panel shows it
        if shown is not None:
            show(shown[1])
        show()

    hub = ScriptedHub(records)
    seq = 0
    for step in script if script is not None else rig.script():
        for event in hub.events(step):
            seq += 1
            said_by(referee.on_event(Received("DE30B007", seq, message(event[0], seq,
                                                                        *event[1:])).event))
        if step["do"] == "choose":
            said_by(choose(referee, step["label"], show)[-1])
        elif step["do"] == "pi":
            said_by(referee.on_press(step["button"], step.get("action", "press")))
    return referee, said
