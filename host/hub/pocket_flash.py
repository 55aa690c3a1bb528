"""Put a collection's tiles on the pocket board's flash (``hexref tiles pocket``), with
mpremote over its USB as ``make deploy`` copies the build.

The board is asked first what it is: a pocket build has ``firmware/pocket/`` and
``screens/games.json``; a reader hub's build, or a board with neither, gets nothing, and
the maker is told why. Then the folder host/app/pocket_tiles.py wrote is copied to
``:tiles`` (mpremote leaves a file the board already has the same bytes of, so a second
run after more tiles were enrolled copies the index and the new tiles' files); its index
goes last and whole: copied as ``tiles/index.new`` and renamed over ``tiles/index.json``
on the board (a rename on littlefs is atomic: a cable pulled mid-copy leaves the old
collection, never half an index). The files of corrected tags no longer in the index are
removed, and the board is reset: it boots into its games with the collection.
"""
from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

WHAT = ("import os\n"
        "def has(p):\n"
        "  try:\n"
        "    os.stat(p)\n"
        "    return 1\n"
        "  except OSError:\n"
        "    return 0\n"
        "print(repr((has('firmware/pocket/main.mpy'), has('screens/games.json'),"
        " has('firmware/hub.mpy'))))")
# On the board, once the files are there: the index in place at once, then stale files out.
SETTLE = ("import os, json\n"
          "os.rename('tiles/index.new', 'tiles/index.json')\n"
          "named = set(json.load(open('tiles/index.json'))['tiles'].values())\n"
          "try:\n"
          "  old = os.listdir('tiles/uid')\n"
          "except OSError:\n"
          "  old = []\n"
          "for f in old:\n"
          "  if 'uid/' + f[:-5] not in named:\n"
          "    os.remove('tiles/uid/' + f)\n"
          "print('SETTLED')")
TIMEOUT_S = 600  # a whole collection over a slow USB line (the emulated board's: ~3 files a s)


class NotAPocket(Exception):
    """The board on the port is not a pocket build (or did not answer): nothing copied."""


def _mpremote(port: str, *args: str) -> str:
    out = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, *args],
                         capture_output=True, text=True, timeout=TIMEOUT_S)
    if out.returncode != 0:
        raise OSError("mpremote on %s: %s" % (
            port, (out.stderr.strip().splitlines() or ["no answer"])[-1]))
    return out.stdout


def check_pocket(port: str) -> None:
    """NotAPocket, saying what the board is, unless it runs the pocket build."""
    try:
        line = _mpremote(port, "exec", WHAT).strip().splitlines()[-1]
        pocket, menu, hub = ast.literal_eval(line)
    except (OSError, subprocess.TimeoutExpired, ValueError, SyntaxError, IndexError) as exc:
        raise NotAPocket("could not ask the board on %s: %s" % (port, exc)) from None
    if pocket and menu:
        return
    if hub:
        raise NotAPocket("the board on %s is a reader hub, not a pocket build: make deploy "
                         "BUILD=pocket first" % port)
    raise NotAPocket("the board on %s has no hexref pocket build: make deploy BUILD=pocket "
                     "first" % port)


def push(port: str, folder: Path) -> str:
    """Copy ``folder`` (host/app/pocket_tiles.py's) to the pocket's ``/tiles`` and reset the
    board; mpremote's own report of what it copied. Call ``check_pocket`` first."""
    with tempfile.TemporaryDirectory(prefix="hexref-pocket-") as stage:
        tiles = Path(stage) / "tiles"
        shutil.copytree(folder, tiles)
        (tiles / "index.json").rename(tiles / "index.new")
        out = _mpremote(port, "cp", "-r", str(tiles), ":", "+", "exec", SETTLE, "+", "reset")
    if "SETTLED" not in out:
        raise OSError("the board on %s did not take the new index: %s" % (port, out[-200:]))
    return out
