"""The Pico's filesystem as an image: what ``make deploy`` copies to a board, written into a
littlefs image laid out as MicroPython's rp2 port keeps it in flash (4 KiB blocks, 352 of
them, from flash offset 0xA0000), so the emulated board boots with the files a maker's
board would have.

    python -m firmware.sim.emulated_pico.image -o build/pico/fs.img build/firmware/firmware \
        build/firmware/shared_rules build/firmware/main.py

Each argument is copied to the image's root under its own name (a folder whole), exactly
as ``mpremote cp -r ARG :`` does.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path  # cpython-only: the emulated board runs on the computer

from littlefs import LittleFS

BLOCK_SIZE = 4096
BLOCK_COUNT = 352  # 1408 KiB: the rp2 port's filesystem on a 2 MB Pico
FLASH_OFFSET = 0xA0000
# MicroPython v1.22 mounts flash with littlefs 2.x (on-disk format 2.0) and progsize 256.
DISK_VERSION = 0x00020000


def build(sources: list[Path], main: Path | None = None) -> tuple[bytes, list[str]]:
    """The image and the board paths it holds; ``main`` replaces ``main.py`` (the
    measurements' probe, tests/pico/heap_main.py)."""
    fs = LittleFS(block_size=BLOCK_SIZE, block_count=BLOCK_COUNT, read_size=32,
                  prog_size=256, lookahead_size=32, disk_version=DISK_VERSION)
    names: list[str] = []
    for source in sources:
        if not source.exists():
            raise FileNotFoundError("%s: not built (run `make firmware`)" % source)
        files = sorted(p for p in source.rglob("*") if p.is_file()) if source.is_dir() \
            else [source]
        for path in files:
            rel = path.relative_to(source.parent).as_posix()
            parent = rel.rpartition("/")[0]
            if parent:
                fs.makedirs(parent, exist_ok=True)
            if rel == "main.py" and main is not None:
                path = main
            with fs.open(rel, "wb") as f:
                f.write(path.read_bytes())
            names.append(rel)
    return bytes(fs.context.buffer), names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--out", required=True, type=Path)
    parser.add_argument("--main", type=Path, help="a main.py to boot instead of the deployed one")
    parser.add_argument("sources", nargs="+", type=Path)
    args = parser.parse_args(argv)
    image, names = build(args.sources, args.main)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(image)
    print("pico image: %d files, %d KiB in %s" % (len(names), len(image) // 1024, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
