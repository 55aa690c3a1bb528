"""``hexref demo``: a scripted game with no hardware (the real hub firmware against simulated
sensors, the real referee, every frame saved). The demo runner is imported when it runs."""
from __future__ import annotations

import argparse
from pathlib import Path


def add_parser(commands) -> None:
    from host.games.descriptor import demo_variants

    demo = commands.add_parser(
        "demo", help="play a scripted game (Hexors, HeroScape, Hexo, Invocations) with no "
                     "hardware",
        description="Runs the real hub firmware against simulated sensors over a "
                    "pseudo-terminal, referees a whole game, saves every frame as PNG.")
    demo.add_argument("--out", default="out/demo", help="where frames go (default out/demo)")
    demo.add_argument("--variant", choices=sorted(demo_variants()), default="jl-beginner",
                      help="which scripted game (default jl-beginner)")
    demo.add_argument("--live", choices=("auto", "yes", "no"), default="auto",
                      help="draw the panel in the terminal (default: when on a terminal)")
    demo.add_argument("--board", choices=("sim", "pico", "pocket"), default="sim",
                      help="the reader hub: the firmware under CPython (sim, default) or on "
                           "an emulated Raspberry Pi Pico running the official MicroPython "
                           "(pico: slower; from a checkout, after make setup); pocket: the "
                           "whole referee on the emulated Pico with its own OLED, no Pi "
                           "(the Hexors games; from a checkout, after make setup)")
    demo.set_defaults(func=_demo)


def _demo(args: argparse.Namespace) -> int:
    live = None if args.live == "auto" else args.live == "yes"
    if args.board == "pocket":
        from host.app.pocket_demo import run_pocket_demo

        return run_pocket_demo(Path(args.out), live=live, variant=args.variant)
    from host.app.demo import run_demo

    return run_demo(Path(args.out), live=live, variant=args.variant, board=args.board)
