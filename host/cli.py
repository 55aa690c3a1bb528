"""The ``hexref`` command line."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _demo(args: argparse.Namespace) -> int:
    from host.demo import run_demo

    live = None if args.live == "auto" else args.live == "yes"
    return run_demo(Path(args.out), live=live)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexref", description="Companion referee for hexagonal tile battle games.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    demo = commands.add_parser(
        "demo", help="play a scripted Justice League Hexors game with no hardware",
        description="Runs the real hub firmware against simulated sensors over a "
                    "pseudo-terminal, referees a Beginner game, saves every frame as PNG.")
    demo.add_argument("--out", default="out/demo", help="where frames go (default out/demo)")
    demo.add_argument("--live", choices=("auto", "yes", "no"), default="auto",
                      help="draw the panel in the terminal (default: when on a terminal)")
    demo.set_defaults(func=_demo)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
