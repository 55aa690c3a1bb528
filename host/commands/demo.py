"""``hexref demo``: a scripted game with no hardware (the real hub firmware against simulated
sensors, the real referee, every frame saved). The demo runner is imported when it runs."""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from host.commands import options
from host.commands.options import Failed
from host.common.i18n import _


def add_parser(commands) -> None:
    from host.games.descriptor import default_demo, demo_variants, families

    games = ", ".join(families())
    demo = commands.add_parser(
        "demo", help="play a scripted game (%s) with no hardware" % games,
        description="Runs the real hub firmware against simulated sensors over a "
                    "pseudo-terminal, referees a whole game, saves every frame as PNG.")
    demo.add_argument("--out", default="out/demo", help="where frames go (default out/demo)")
    demo.add_argument("--variant", choices=sorted(demo_variants()), default=default_demo(),
                      help="which scripted game (default %s)" % default_demo())
    demo.add_argument("--live", choices=("auto", "yes", "no"), default="auto",
                      help="draw the panel in the terminal (default: when on a terminal)")
    demo.add_argument("--board", choices=("sim", "pico", "pocket"), default="sim",
                      help="the reader hub: the firmware under CPython (sim, default) or on "
                           "an emulated Raspberry Pi Pico running the official MicroPython "
                           "(pico: slower; from a checkout, after make setup); pocket: the "
                           "whole referee on the emulated Pico with its own OLED, no Pi "
                           "(every game the pocket's menu lists; from a checkout, after make "
                           "setup)")
    demo.add_argument("--voice", choices=("on", "off"), default="off",
                      help="say each result aloud (the config's [voice]) where there is a "
                           "sound card, and keep every utterance as a numbered WAV under "
                           "OUT/voice/ with a said: line in the transcript (default off)")
    demo.set_defaults(func=_demo)


def _demo(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise Failed(_("--out %s is a file: give a folder for the frames (it is made if "
                       "missing)") % out, 2)
    # Asked before anything is made: a demo that cannot run leaves no folder behind.
    existing = next(p for p in (out, *out.absolute().parents) if p.exists())
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise Failed(_("cannot write the frames in %(folder)s: %(why)s (give another --out)")
                     % {"folder": out, "why": _("%s is not a folder this user may write in")
                        % existing})
    live = None if args.live == "auto" else args.live == "yes"
    if args.board == "pocket":
        from host.app.pocket_demo import run_pocket_demo

        options.on_interrupt(_("the frames so far are kept in %s") % out)
        return run_pocket_demo(out, live=live, variant=args.variant)
    from host.app.demo import run_demo

    options.on_interrupt(_("the game so far is kept in %(data)s (hexref replay last --data "
                           "%(data)s), its frames in %(out)s")
                         % {"data": out / "data", "out": out})
    return run_demo(out, live=live, variant=args.variant, board=args.board,
                    voice=args.cfg if args.voice == "on" else None)
