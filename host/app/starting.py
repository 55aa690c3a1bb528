"""The panel's first frame, before the referee's heavy imports, and its word while a game
is restored: the panel is never blank for longer than it takes to open it.

``hexref run`` imports the rules of every game, the store, the hub's link and the command
line of every reader before it can draw: ~0.4 s here, 3-5 s on a Pi Zero 2 W, with the
panel dark meanwhile, as if the Pi were dead. So ``host/commands/main.py`` calls
``first_frame`` before anything else when the command is ``run``: it reads the config,
opens the panel (the OLED, or PNG frames with ``--emulate``) and shows "Starting…", then
hands the open panel to ``run.build`` (``take_panel``) so it is not opened twice. What
fails here is left for the normal start, which says it properly.

This module imports only what the panel needs (config, screens, the panel's devices).
"""
from __future__ import annotations

import argparse
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_early = None  # the panel first_frame opened, until run.build takes it


def _arguments(argv: list[str]) -> argparse.Namespace | None:
    """``run``'s own options, if the command is ``run``; else None."""
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--config")
    parser.add_argument("--emulate")
    parser.add_argument("--lang")
    parser.add_argument("--log-level")
    parser.add_argument("command", nargs="?")
    try:
        args, _rest = parser.parse_known_args(argv)
    except SystemExit:  # the real parser says what is wrong
        return None
    return args if args.command == "run" else None


def first_frame(argv: list[str]) -> None:
    """Show "Starting…" if ``argv`` is ``hexref run ...``; quietly nothing otherwise, or if
    the config or the panel cannot be had (the normal start reports it)."""
    global _early
    args = _arguments(argv)
    if args is None:
        return
    try:
        from host.common import i18n
        from host.common.config import load

        cfg = load(args.config)
        try:
            i18n.use(i18n.choose(args.lang, cfg.players.language))
        except ValueError:
            pass  # the command line says it
        panel = _open_panel(cfg, Path(args.emulate) if args.emulate else None)
        from host.display import screens

        panel.show(screens.starting())
    except Exception:  # noqa: BLE001 - the normal start opens it again and says why not
        return
    _early = panel


def _open_panel(cfg, emulate: Path | None):
    from host.devices.panel import Panel, emulated_panel

    if emulate is not None:
        return emulated_panel(emulate)
    from host.devices.oled import open_panel

    p = cfg.panel
    return Panel([open_panel(p.driver, p.port, p.address, p.rotate)])


def take_panel():
    """The panel ``first_frame`` opened (once), or None."""
    global _early
    panel, _early = _early, None
    return panel


def give_back(panel) -> None:
    """A start that failed after opening the panel: the next try takes it again."""
    global _early
    _early = panel


@contextmanager
def restoring(panel, game: int, every_s: float = 1.0,
              clock=time.monotonic) -> Iterator[None]:
    """"Restoring game 12: 3 s" on the panel while the body folds the game's journal,
    redrawn each second by a thread (the fold runs in this one): a long game on a slow Pi
    takes seconds, and a frozen number would look like a hang."""
    from host.display import screens

    start = clock()
    stop = threading.Event()
    panel.show(screens.restoring(game, 0))

    def tick() -> None:
        while not stop.wait(every_s):
            panel.show(screens.restoring(game, int(clock() - start)))

    ticker = threading.Thread(target=tick, name="restoring", daemon=True)
    ticker.start()
    try:
        yield
    finally:
        stop.set()
        ticker.join()
