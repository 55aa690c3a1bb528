"""The pocket board's tiles: its collection key, its registry and its tiles' entries, for its
flash.

The pocket board trusts a tag by the Pi's rule (firmware/pocket/book.py): a UID its
registry holds, or a record signed with its collection key. This writes what it reads, a
folder: ``index.json`` (``{"key": hex, "tiles": {uid: entry id}}``) and one file per entry
of the collection's tiles as the table corrected them (``jl/064.json``), read when a tile
is tapped, so the board's heap holds the tiles in play and not the collection.

    python -m host.app.pocket_tiles OUT_DIR --demo [--key HEX]

``--demo``: the demo tables' tiles (host/games/hexors/demo.py, their corrections applied),
under the given collection key, else the one OUT_DIR already has, else a new one; their
tags are signed with it (``tags.record_for(entry, uid, key)``), as ``hexref enroll`` signs
a collection's.
"""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from host.games.hexors.demo import YGO_CORRECTIONS, YGO_UIDS, demo_entries


def write(folder: Path, key: bytes, tiles: dict[str, str], entries: list[dict]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.json").write_text(json.dumps({"key": key.hex(), "tiles": tiles}))
    for entry in entries:
        path = folder / (entry["id"] + ".json")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(entry, separators=(",", ":")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m host.app.pocket_tiles",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--demo", action="store_true", required=True,
                        help="the demo tables' tiles")
    parser.add_argument("--key", help="the collection key, hex (default: a new one)")
    args = parser.parse_args(argv)
    key = bytes.fromhex(args.key) if args.key else None
    index = args.out / "index.json"
    if key is None and index.exists():  # the collection's key stays
        key = bytes.fromhex(json.loads(index.read_text())["key"])
    if key is None:
        key = os.urandom(32)
    write(args.out, key, {}, demo_entries() + demo_entries(YGO_UIDS, YGO_CORRECTIONS))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
