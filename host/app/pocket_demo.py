"""``hexref demo --board pocket``: the pocket referee (the whole referee on the Pico with its
own OLED, docs/DESIGN.md "The pocket build") plays a game's demo table on the emulated board.

The pocket's image is built (``make pocket-image``) and booted on the emulated Pico (the
official MicroPython v1.22 rp2 port on rp2040js, the rig with the pocket's OLED twin and
four buttons, from a checkout after ``make setup``). The players do what a table does: the
game (and the table's language, when it is not the board's English) chosen in the board's
own menu with its buttons, then the demo's tiles tapped, each tag signed with the pocket's
collection key (``build/pocket/tiles``), the die thrown and the players' buttons pressed
as the game's demo script says. The pocket's panel is what is shown: each frame it settles
on is saved as PNG under ``--out``, drawn live in the terminal, and read back into its
texts (host/display/reading.py: the pocket draws the Pi's layout in the Pi's fonts) for the
transcript, which says each screen as ``make demo``'s does, in the table's language. What
the board says on its USB line (``POCKET ENTRY``, ``POCKET WIN``...) goes to the board's
log with the emulator's (``board.log``). No Pi referees: the board does.
"""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import tempfile
import time
import tty
from pathlib import Path

from PIL import Image

from host.app.demo import EMULATED_PICO, PICO_TIMEOUT_S, emulated_pico_missing, rigs
from host.common import i18n
from host.common.i18n import _, n_
from host.devices.panel import emulated_panel
from host.games.descriptor import default_demo
from host.games.scripting import HOST_DOES
from host.session.adapter import Referee, TileBook
from host.storage import tags
from shared_rules.display.menu import PocketMenu

ROOT = Path(__file__).resolve().parents[2]
POCKET = ROOT / "build" / "pocket"  # make pocket
IMAGE = ROOT / "build" / "pico" / "pocket.img"  # make pocket-image
PLAYER_BUTTON = {"A": "UP", "B": "DOWN"}  # the pocket's UP and DOWN are the hub's A and B
MENU_MS = 500  # between two presses in a menu: each draws a screen (~100 ms on the board)
FIRST_MS = 2500  # the game's first screen is up before the first tile comes
# After the win (or the script's last step), the board has drawn its last frame when its
# glass and its USB line have been this quiet (the emulated board is slower than a real one).
QUIET_S = 3.0


# --- what the players do --------------------------------------------------------------


def listed(pocket: Path = POCKET) -> dict:
    """What the pocket build lists in its menu (host/app/pocket_screens.py writes it):
    ``{"games": [[family, [[label, variant, players, counts], ...]], ...], "languages":
    [[code, name], ...]}``."""
    return json.loads((pocket / "screens" / "games.json").read_text())


def pocket_variants(games: dict) -> list[str]:
    """The variants the pocket referees and has a demo table for, in its menu's order."""
    demos = rigs()
    return [variant for _family, kinds in games["games"] for _label, variant, _n, _c in kinds
            if variant in demos]


def board_menu(games: dict, lang: str = "en") -> PocketMenu:
    """The board's game menu as it boots (firmware/pocket/main.load_menu)."""
    return PocketMenu(tuple((family, tuple((label, variant, n, tuple(counts))
                                           for label, variant, n, counts in kinds))
                            for family, kinds in games["games"]),
                      tuple((code, name) for code, name in games["languages"]), lang)


def menu_presses(menu: PocketMenu, variant: str, lang: str, players: int = 2) -> list[str]:
    """The buttons a player presses in the board's menu to speak ``lang`` and start
    ``variant`` for ``players``, worked out on the board's own menu."""
    presses: list[str] = []

    def press(button: str):
        presses.append(button)
        return menu.press(button)

    def down_to(index: int) -> None:
        while menu.cursor != index:
            press("DOWN")

    if menu.lang != lang:
        down_to(len(menu.games))  # "Language: ..."
        press("OK")
        down_to([code for code, _name in menu.languages].index(lang))
        assert press("OK") == ("speak", lang)
    family = next(i for i, (_f, kinds) in enumerate(menu.games)
                  if any(kind[1] == variant for kind in kinds))
    down_to(family)
    press("OK")
    down_to([kind[1:3] for kind in menu.games[family][1]].index((variant, players)))
    chosen = press("OK")
    assert chosen == ("play", variant, players), chosen
    return presses


def table_steps(variant: str, key: bytes, tap_ms: int | None = None) -> list[dict]:
    """The game's demo script as the pocket's table plays it: each tag signed with the
    pocket's collection ``key``, the players' buttons on UP and DOWN, a tile resting as the
    script says (the demo's 300 ms: the pocket tends its reader while it draws,
    firmware/pocket/main.Table) or ``tap_ms``, and the referee's own menu (a script's host steps) opened with OK,
    moved in and chosen on the board, the way the Pi's demo does it (its lines found by the
    Pi's referee following the same table)."""
    from host.app.demo import ScriptedHub
    from host.hub.link import Received
    from shared_rules.protocol.codec import message

    rig = rigs()[variant]
    referee = Referee(rig.new_game, TileBook(rig.entries()), rig.hooks(), players=rig.players)
    hub = ScriptedHub()
    seq = 0
    out: list[dict] = []
    for step in rig.script():
        step = dict(step)
        do = step["do"]
        for event in hub.events(step):
            seq += 1
            referee.on_event(Received("DE30B007", seq, message(event[0], seq, *event[1:])).event)
        if do == "place":
            entry = tags.entry_id_of(step["record"])
            if entry is None:
                raise ValueError("%s: a demo tile with no record" % step["uid"])
            step["record"] = tags.record_for(entry, step["uid"], key)
        elif do in ("press", "long"):
            step["button"] = PLAYER_BUTTON[step["button"]]
        elif do == "lift" and tap_ms is not None:
            step["after"] = tap_ms
        elif do == "choose":
            out += [{"do": "press", "button": b, "after": MENU_MS}
                    for b in presses_to_choose(referee, step["label"])]
            continue
        elif do == "pi":
            referee.on_press(step["button"], step.get("action", "press"))
            out.append({"do": step.get("action", "press"), "button": step["button"],
                        "after": MENU_MS})
            continue
        assert do not in HOST_DOES
        out.append(step)
    return out


def presses_to_choose(referee: Referee, label: str) -> list[str]:
    """The buttons that choose ``label`` in the referee's menu (host/app/demo.choose), pressed
    on ``referee``."""
    from host.app.demo import choose

    pressed: list[str] = []

    def press(button: str, action: str = "press"):
        pressed.append(button)
        return referee.on_press(button, action)

    choose(referee, label, press=press)
    return pressed


def pocket_steps(variant: str, key: bytes, games: dict, lang: str = "en",
                 tap_ms: int | None = None) -> list[dict]:
    """Everything the players do on the pocket, from its menu at boot to the winner (each
    tile resting ``tap_ms``, when given, instead of the script's time)."""
    players = len(rigs()[variant].players)  # the demo table's (Invocations': three)
    steps = [{"do": "press", "button": b, "after": MENU_MS}
             for b in menu_presses(board_menu(games), variant, lang, players)]
    game = table_steps(variant, key, tap_ms)
    game[0]["after"] = max(game[0]["after"], FIRST_MS)
    return steps + game


# --- the board ------------------------------------------------------------------------


def glass_image(frame: bytes) -> Image.Image:
    """The panel's 1024 bytes (MONO_VLSB: a byte is eight rows of a column, page by page)
    as the 128x64 picture on the glass."""
    pixels = bytearray(128 * 64)
    for page in range(8):
        for x in range(128):
            byte = frame[page * 128 + x]
            for bit in range(8):
                if byte >> bit & 1:
                    pixels[(page * 8 + bit) * 128 + x] = 255
    return Image.frombytes("L", (128, 64), bytes(pixels)).convert("1")


def frame_said(number: int, image: Image.Image) -> list[str]:
    """Frame ``number`` in the transcript, as ``make demo``'s says a frame: its texts read
    off the glass, line by line."""
    from host.display.reading import read

    lines = read(image)
    if lines is None:  # not a screen the layout draws: said, never guessed
        lines = [_("(not read: see %s)") % ("frame_%04d.png" % number)]
    elif not lines:
        lines = [_("(the panel is dark)")]
    return ["--- frame %04d ---" % number, *lines]


def rig_command(master: int, script: str, glass: int) -> list[str]:
    return [*EMULATED_PICO, "--fd", str(master), "--script", script, "--pocket", "--image",
            str(IMAGE), "--glass", str(glass)]


def run_pocket_demo(out_dir: Path = Path("out/demo"), live: bool | None = None,
                    variant: str | None = None, timeout_s: float = PICO_TIMEOUT_S) -> int:
    """Build the pocket's image, boot it on the emulated Pico and play ``variant``'s demo
    table on it (the default demo's when None) to the winner; returns the exit code (0: the
    pocket declared a winner)."""
    variant = variant or default_demo()
    missing = emulated_pico_missing("pocket")
    if missing is not None:
        print("hexref demo: %s" % missing, file=sys.stderr)
        return 1
    build = subprocess.run(["make", "-s", "-C", str(ROOT), "pocket-image"],
                           stdout=subprocess.DEVNULL)
    if build.returncode != 0:
        print("hexref demo: %s" % (_("make pocket-image failed (exit %d)") % build.returncode),
              file=sys.stderr)
        return 1
    games = listed()
    variants = pocket_variants(games)
    if variant not in variants:
        print("the pocket referees %s in its demo, not %s" % (", ".join(variants), variant),
              file=sys.stderr)
        return 2
    key = bytes.fromhex(json.loads((POCKET / "tiles" / "index.json").read_text())["key"])
    steps = pocket_steps(variant, key, games, i18n.language())
    panel = emulated_panel(out_dir, live=live)
    is_live = len(panel.devices) > 1
    out_dir.mkdir(parents=True, exist_ok=True)
    master, slave = os.openpty()
    tty.setraw(slave)
    glass_r, glass_w = os.pipe()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(steps, f)
        script = f.name
    # The emulator's log and the board's USB lines, in the order they came.
    log = (out_dir / "board.log").open("w")
    board = subprocess.Popen(rig_command(master, script, glass_w),
                             pass_fds=(master, glass_w), stderr=log)
    os.close(master)
    os.close(glass_w)
    said: list[str] = []  # the transcript: each frame's texts
    printed = 0
    won = done = False
    stopped = False  # the board's rig ended before the demo did
    heard = time.monotonic()
    deadline = heard + timeout_s
    usb = glass = b""
    try:
        while time.monotonic() < deadline and not ((won or done)
                                                   and time.monotonic() - heard > QUIET_S):
            ready, _w, _x = select.select([slave, glass_r], [], [], 0.2)
            if slave in ready:
                usb += os.read(slave, 4096)
                *lines, usb = usb.split(b"\n")
                for line in (x.decode("latin1").rstrip("\r") for x in lines):
                    log.write(line + "\n")
                    log.flush()
                    heard = time.monotonic()
                    won = won or line.startswith("POCKET WIN ")
            if glass_r in ready:
                chunk = os.read(glass_r, 65536)
                if not chunk:
                    stopped = True
                    break
                glass += chunk
                *frames, glass = glass.split(b"\n")
                for frame in frames:
                    heard = time.monotonic()
                    if frame.endswith(b" done"):  # the players did all the script says
                        done = True
                        continue
                    image = glass_image(bytes.fromhex(frame.split()[1].decode()))
                    for device in panel.devices:
                        device.display(image)
                    panel.frames += 1
                    said += frame_said(panel.frames, image)
                    if not is_live:
                        print("\n".join(said[printed:]), flush=True)
                        printed = len(said)
            if board.poll() is not None:
                stopped = True
                break
    finally:
        board.terminate()
        board.wait(timeout=10)
        log.close()
        os.close(slave)
        os.close(glass_r)
        os.unlink(script)
    (out_dir / "transcript.txt").write_text("\n".join(said) + "\n")
    if is_live:
        print("\n".join(said))
    print(_("%(frames)s saved under %(folder)s; transcript in %(file)s") % {
        "frames": n_("%d frame", "%d frames", panel.frames) % panel.frames,
        "folder": out_dir, "file": out_dir / "transcript.txt"})
    if not won:
        if stopped:  # why, in the emulator's own words (a missing rp2040js, a traceback)
            print("\n".join((out_dir / "board.log").read_text().splitlines()[-5:]),
                  file=sys.stderr)
            print(_("reader hub stopped unexpectedly"), file=sys.stderr)
        print(_("demo ended without a winner"), file=sys.stderr)
        return 1
    return 0
