"""Before ``make deploy`` copies the hub to a board: ask the board which MicroPython it runs
and which ``.mpy`` files it loads (``sys.implementation``), and refuse, saying why, when the
files ``make firmware`` built would not load there.

MicroPython's loader (py/persistentcode.c) takes a ``.mpy`` whose header byte 1 (the
format version) equals its own; bytecode-only files carry no architecture (header byte 2
is 0), and only files with native code must also match the board's architecture and
format sub-version. ``sys.implementation._mpy`` packs the board's version (bits 0-7),
sub-version (bits 8-9) and architecture (bits 10+).

    python -m host.hub.deploy_check PORT build/firmware
"""
from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

TESTED = ((1, 22, 0),)  # MicroPython versions the whole hub has run on (make test-pico)
ARCHS = ("none", "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
         "armv7emdp", "xtensa", "xtensawin", "rv32imc")
QUERY = ("import sys;i=sys.implementation;"
         "print(repr((i.name,tuple(i.version[:3]),getattr(i,'_mpy',None),"
         "getattr(i,'_machine',''),sys.platform)))")


@dataclass(frozen=True)
class Board:
    name: str
    version: tuple[int, ...]
    mpy: int | None
    machine: str
    platform: str

    @property
    def described(self) -> str:
        name = "MicroPython" if self.name == "micropython" else self.name
        return "%s %s on %s (%s)" % (name, ".".join(map(str, self.version)),
                                     self.platform, self.machine or "?")


@dataclass(frozen=True)
class MpyFile:
    path: str
    version: int
    sub: int
    arch: int


def read_header(path: Path) -> MpyFile:
    head = path.read_bytes()[:4]
    if len(head) < 4 or head[0:1] != b"M":
        raise ValueError("%s: not a .mpy file" % path)
    return MpyFile(str(path), head[1], head[2] & 3, head[2] >> 2)


def verdict(board: Board, files: list[MpyFile]) -> tuple[bool, list[str]]:
    """(will it load, what to tell the maker)."""
    if board.name != "micropython":
        return False, ["the board runs %s, not MicroPython: flash MicroPython v1.22 first"
                       % board.described]
    if board.mpy is None:
        return False, ["%s does not say which .mpy files it loads (sys.implementation has "
                       "no _mpy): flash MicroPython v1.22" % board.described]
    version, sub, arch = board.mpy & 0xFF, (board.mpy >> 8) & 3, board.mpy >> 10
    notes = []
    wrong = [f for f in files if f.version != version]
    if wrong:
        return False, ["%s loads .mpy format %d, but %d of our files are format %d (%s...): "
                       "build them with an mpy-cross for this board's MicroPython, or flash "
                       "the board with MicroPython v1.22 (tested)"
                       % (board.described, version, len(wrong), wrong[0].version,
                          wrong[0].path)]
    native = [f for f in files if f.arch and (f.arch != arch or f.sub != sub)]
    if native:
        f = native[0]
        return False, ["%s runs native code for %s, .mpy %d.%d; %s has native code for %s, "
                       ".mpy %d.%d" % (board.described, _arch(arch), version, sub, f.path,
                                       _arch(f.arch), f.version, f.sub)]
    if board.version not in TESTED:
        notes.append("note: the hub was tested on MicroPython %s; %s should load these "
                     "files (.mpy format %d) but has not been run here"
                     % (", ".join(".".join(map(str, v)) for v in TESTED), board.described,
                        version))
    return True, ["%s loads .mpy format %d: our %d files (format %d, bytecode only) will "
                  "load" % (board.described, version, len(files), version)] + notes


def _arch(n: int) -> str:
    return ARCHS[n] if n < len(ARCHS) else "arch %d" % n


def ask_board(port: str) -> Board:
    """sys.implementation, through mpremote (it interrupts the running hub)."""
    out = subprocess.run([sys.executable, "-m", "mpremote", "connect", port, "exec", QUERY],
                         capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        raise OSError("could not ask the board on %s: %s" % (
            port, (out.stderr.strip().splitlines() or ["no answer"])[-1]))
    line = out.stdout.strip().splitlines()[-1]
    name, version, mpy, machine, platform = ast.literal_eval(line)
    return Board(name, tuple(version), mpy, machine, platform)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m host.hub.deploy_check", description=__doc__)
    parser.add_argument("port", help="the board's serial port (or auto)")
    parser.add_argument("build", type=Path, help="what make firmware built (build/firmware)")
    args = parser.parse_args(argv)
    files = [read_header(p) for p in sorted(args.build.rglob("*.mpy"))]
    if not files:
        print("deploy: no .mpy files under %s (run make firmware)" % args.build,
              file=sys.stderr)
        return 2
    try:
        board = ask_board(args.port)
    except (OSError, subprocess.TimeoutExpired, ValueError, SyntaxError) as exc:
        print("deploy: %s" % exc, file=sys.stderr)
        return 2
    ok, lines = verdict(board, files)
    for line in lines:
        print("deploy: " + line, file=sys.stdout if ok else sys.stderr)
    if not ok:
        print("deploy: nothing was copied", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
