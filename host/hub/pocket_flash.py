"""Put a collection's tiles on the pocket board's flash (``hexref tiles pocket``), with
mpremote over its USB as ``make deploy`` copies the build.

The board is asked first what it is: a pocket build has ``firmware/pocket/`` and
``screens/games.json``; a reader hub's build, or a board with neither, gets nothing, and
the maker is told why. Then the folder host/app/pocket_tiles.py wrote is copied to
``:tiles``, but the files the board already holds with the same bytes (their SHA-256
asked in one exchange: a second run after more tiles were enrolled copies the index and
the new tiles' files, not the catalogue again); its index goes last and whole: copied as ``tiles/index.new`` and renamed over ``tiles/index.json``
on the board (a rename on littlefs is atomic: a cable pulled mid-copy leaves the old
collection, never half an index). The files of corrected tags no longer in the index are
removed, and the board is reset: it boots into its games with the collection.
"""
from __future__ import annotations

import ast
import hashlib
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


def changed_script(files: dict[str, str]) -> str:
    """For the board: make the folders ``files`` (name -> SHA-256 hex, under tiles/) go in,
    and say which of them it lacks or holds with other bytes."""
    folders = sorted({"tiles/" + name.rsplit("/", 1)[0] for name in files if "/" in name})
    return ("import os, hashlib, binascii\n"
            "for d in %r:\n"
            "  try:\n"
            "    os.mkdir(d)\n"
            "  except OSError:\n"
            "    pass\n"
            "out = []\n"
            "for n, h in %r:\n"
            "  s = hashlib.sha256()\n"
            "  try:\n"
            "    with open('tiles/' + n, 'rb') as f:\n"
            "      while True:\n"
            "        b = f.read(512)\n"
            "        if not b:\n"
            "          break\n"
            "        s.update(b)\n"
            "    same = binascii.hexlify(s.digest()).decode() == h\n"
            "  except OSError:\n"
            "    same = False\n"
            "  if not same:\n"
            "    out.append(n)\n"
            "print('CHANGED', repr(out))" % (["tiles"] + folders, sorted(files.items())))


def push(port: str, folder: Path) -> tuple[int, int]:
    """Copy ``folder`` (host/app/pocket_tiles.py's) to the pocket's ``/tiles`` and reset the
    board: (files copied, the index among them; files the board already had). Call
    ``check_pocket`` first."""
    files = {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
             for path in sorted(folder.rglob("*.json")) if path.name != "index.json"
             or path.parent != folder}
    said = _mpremote(port, "exec", changed_script(files)).strip().splitlines()
    try:
        changed = ast.literal_eval(said[-1].split(" ", 1)[1]) if said[-1].startswith(
            "CHANGED ") else None
    except (ValueError, SyntaxError):
        changed = None
    if not isinstance(changed, list) or not set(changed) <= set(files):
        raise OSError("the board on %s did not say which tiles it holds: %s"
                      % (port, said[-1:] or "no answer"))
    with tempfile.TemporaryDirectory(prefix="hexref-pocket-") as stage:
        index = Path(stage) / "index.new"
        shutil.copyfile(folder / "index.json", index)
        copies: list[str] = []
        for name in changed:
            copies += ["cp", str(folder / name), ":tiles/" + name, "+"]
        out = _mpremote(port, *copies, "cp", str(index), ":tiles/index.new", "+",
                        "exec", SETTLE, "+", "reset")
    if "SETTLED" not in out:
        raise OSError("the board on %s did not take the new index: %s" % (port, out[-200:]))
    return len(changed) + 1, len(files) - len(changed)
