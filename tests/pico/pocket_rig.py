"""The pocket board booted on the emulated Pico and read back: tests/pico/rig.py's board with
``pocket`` (the OLED twin on the reader's bus, the pocket's buttons), served in a thread of
this process so the caller reads the twins as the board left them. For
tests/pico/pocket_suite.py and tests/pico/bench_pocket.py.
"""
from __future__ import annotations

import os
import sys
import threading
import time
import tty
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from rig import Rig  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "pico"
IMAGE = OUT / "pocket.img"  # make pocket-image
HEAP_IMAGE = OUT / "pocket-heap.img"  # the same, booted by tests/pico/pocket_heap_main.py


def boot(image: Path, until: str, seconds: float, then=None, steps: list[dict] | None = None,
         start_ms: int = 8000, times: int = 1) -> tuple[Rig, list[str], list[str]]:
    """The pocket board booted from ``image`` until it says ``until`` on its USB line (or
    ``seconds`` of wall time), and ``then(port)`` called with its serial port's path while
    it still runs: the rig (its twins as the board left them), the board's lines and the
    rig's log. ``steps``: the rig's script (buttons pressed...), begun ``start_ms`` of the
    board's time after boot; ``times``: how many lines must say ``until``."""
    master, slave = os.openpty()
    tty.setraw(slave)
    logs: list[str] = []
    rig = Rig(steps or [], fd=master, image=image, pocket=True, log=logs.append,
              start_ms=start_ms)
    serving = threading.Thread(target=rig.run, daemon=True)
    serving.start()
    lines: list[str] = []
    buf = b""
    deadline = time.monotonic() + seconds
    os.set_blocking(slave, False)
    try:
        while time.monotonic() < deadline and sum(until in x for x in lines) < times:
            try:
                buf += os.read(slave, 4096)
            except BlockingIOError:
                time.sleep(0.05)
                continue
            *done, buf = buf.split(b"\n")
            lines += [d.decode("latin1").rstrip("\r") for d in done]
        if then is not None and sum(until in x for x in lines) >= times:
            then(os.ttyname(slave))
    finally:
        if rig.node is not None:
            rig.node.kill()
        serving.join(30)
        rig.close()
        os.close(slave)
        os.close(master)
    return rig, lines, logs


def save_png(rows: list[list[bool]], path: Path) -> None:
    """What the glass shows, 4x, as PNG."""
    from PIL import Image

    image = Image.new("1", (128, 64), 0)
    for y, row in enumerate(rows):
        for x, lit in enumerate(row):
            if lit:
                image.putpixel((x, y), 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    image.resize((512, 256), Image.Resampling.NEAREST).save(path)
