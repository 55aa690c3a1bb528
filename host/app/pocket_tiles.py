"""The pocket board's tiles: its collection key, its registry and its tiles' entries, for its
flash.

The pocket board trusts a tag by the Pi's rule (firmware/pocket/book.py): a UID its
registry holds, or a record signed with its collection key whose UID is not revoked. This
writes what it reads, a folder: ``index.json`` (``{"key": hex, "tiles": {uid: file},
"revoked": [uid, ...]}``), one file per catalogue entry of the games the pocket plays
(``jl/064.json``, as printed), read when a tile is tapped, so the board's heap holds the
tiles in play and not the collection, and one file per tag the table corrected
(``uid/<UID>.json``, the entry with the values read off that tile).

    python -m host.app.pocket_tiles OUT_DIR --demo [--key HEX]

``--demo`` (``make pocket``): the demo tables' tiles (host/games/hexors/demo.py, and the
cards of the other games' demos: host/games/invocations/demo.py, host/games/hexo/demo.py,
host/games/heroscape/demo.py; their corrections applied to their entries' files), under
the given collection key, else the one OUT_DIR already has, else a new one; their tags are
signed with it
(``tags.record_for(entry, uid, key)``), as ``hexref enroll`` signs a collection's.
``from_registry`` writes a real collection: the Pi's key and registry (``hexref tiles
pocket`` puts it on the board, host/hub/pocket_flash.py).
"""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from host.games import descriptor
from host.storage.registry import Registry
from shared_rules import catalogue

INDEX = "index.json"
CORRECTED = "uid/"  # a corrected tag's own file, under its UID


# What the board never reads of an entry: the rulebook's wording of a tile and where its
# values came from (the catalogue keeps both). Without them a tile's file fits in its
# directory's metadata (littlefs inlines a file of up to 256 bytes here) instead of taking
# a 4 KB block of its own: 138 tiles of ~550 bytes had filled the board's 1408 KB.
BOARD_LEAVES = ("_file", "text")


def pocket_games() -> list[str]:
    """The catalogue prefixes of the games the pocket plays (jl, ygo...)."""
    return [key for key, game in descriptor.DESCRIPTORS.items()
            if any(v.options.get("pocket", True) for v in game.variants)]


def write(folder: Path, key: bytes, tiles: dict[str, str], entries: list[dict],
          revoked: list[str] | None = None) -> None:
    """``entries`` each in the file ``tiles`` names for it (its id unless given), the index
    last."""
    folder.mkdir(parents=True, exist_ok=True)
    for entry in entries:
        name = entry.get("_file", entry["id"])
        path = folder / (name + ".json")
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {k: v for k, v in entry.items() if k not in BOARD_LEAVES}
        if "source" in data:
            data["source"] = "catalogue"
        path.write_text(json.dumps(data, separators=(",", ":"), sort_keys=True))
    (folder / INDEX).write_text(json.dumps({"key": key.hex(), "tiles": tiles,
                                            "revoked": sorted(revoked or [])},
                                           sort_keys=True))


def from_registry(registry: Registry, folder: Path) -> dict[str, int]:
    """The Pi's collection for the pocket: every entry of the games it plays as printed,
    each enrolled tag (named by its file: its entry's, or its own when corrected), the
    revoked UIDs, the collection key. ValueError when there is no key (the pocket would
    trust no signed tag). Returns counts: ``tiles`` enrolled, ``corrected``, ``revoked``,
    ``entries`` written."""
    if registry.key is None:
        raise ValueError("no collection key")
    entries: dict[str, dict] = {}
    for game in pocket_games():
        for entry in catalogue.load(game):
            entries[entry["id"]] = entry
    tiles: dict[str, str] = {}
    corrected = 0
    for row in registry.tiles():
        found = registry.resolve(row.uid, "")
        entry = getattr(found, "entry", None)
        if entry is None:
            continue  # no longer in this catalogue: the Pi does not trust it either
        if row.strike or row.fields:
            name = CORRECTED + row.uid
            entries[name] = dict(entry, _file=name)
            corrected += 1
        else:
            name = row.entry
            entries.setdefault(name, entry)
        tiles[row.uid] = name
    revoked = [uid for uid, _entry, _when in registry.store.revoked()]
    write(folder, registry.key, tiles, list(entries.values()), revoked)
    return {"tiles": len(tiles), "corrected": corrected, "revoked": len(revoked),
            "entries": len(entries)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m host.app.pocket_tiles",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--demo", action="store_true", required=True,
                        help="the demo tables' tiles")
    parser.add_argument("--key", help="the collection key, hex (default: a new one)")
    args = parser.parse_args(argv)
    key = bytes.fromhex(args.key) if args.key else None
    index = args.out / INDEX
    if key is None and index.exists():  # the collection's key stays
        key = bytes.fromhex(json.loads(index.read_text())["key"])
    if key is None:
        key = os.urandom(32)
    corrected = {e["id"]: e for demo in descriptor.demos().values() for e in demo.entries()}
    printed = [e for g in pocket_games() for e in catalogue.load(g) if e["id"] not in corrected]
    write(args.out, key, {}, printed + list(corrected.values()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
