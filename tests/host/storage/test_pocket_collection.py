"""The Pi's collection on the pocket board (issue 25, item 4): ``hexref tiles pocket`` writes
the collection key and the registry as the board reads them (host/app/pocket_tiles.py,
firmware/pocket/book.py), and the board then decides every tag as the Pi's registry does;
without a key, or for a board that is no pocket build, nothing is copied. The copy itself
over USB is tried on the emulated board (tests/pico/pocket_suite.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware.pocket.book import Book
from host.app import pocket_tiles
from host.commands.main import main
from host.hub import pocket_flash
from host.storage import keys, tags
from host.storage.registry import Registry, Tile
from host.storage.store import Store

KEY = bytes(range(32))
PLAIN, CORRECTED, SIGNED, REVOKED, STRANGER = ("04A00000000001", "04A00000000002",
                                               "04A00000000003", "04A00000000004",
                                               "04A00000000005")


@pytest.fixture
def collection(tmp_path: Path) -> tuple[Registry, Book]:
    registry = Registry(Store(tmp_path / "pi"), KEY)
    registry.enroll(PLAIN, "jl/superman")
    registry.enroll(CORRECTED, "jl/atlantis", strike={"green": 5, "red": 3})
    registry.enroll(REVOKED, "jl/mars")
    registry.forget(REVOKED)
    counts = pocket_tiles.from_registry(registry, tmp_path / "tiles")
    assert counts["tiles"] == 2 and counts["corrected"] == 1 and counts["revoked"] == 1
    return registry, Book(str(tmp_path / "tiles"))


TAGS = [  # (uid, record's entry, record's key): what a table may tap
    (PLAIN, "jl/superman", KEY),  # enrolled as printed
    (PLAIN, None, None),  # enrolled, its record wiped: the registry still knows it
    (CORRECTED, "jl/atlantis", KEY),  # enrolled with the values read off the tile
    (SIGNED, "ygo/kaiba", KEY),  # signed by this collection, never in this registry
    (REVOKED, "jl/mars", KEY),  # signed, then forgotten: lost or sold
    (STRANGER, None, None),  # a blank tag
    (STRANGER, "jl/superman", KEY),  # no: its record is PLAIN's, copied
    (STRANGER, "jl/doomsday", bytes(32)),  # another collection's key
]


@pytest.mark.parametrize("uid,entry,key", TAGS)
def test_the_pocket_decides_each_tag_as_the_pi_does(collection, uid, entry, key):
    registry, book = collection
    record = ""
    if entry is not None:
        signed_for = PLAIN if uid == STRANGER and key == KEY else uid
        record = tags.record_for(entry, signed_for, key)
    pi = registry.resolve(uid, record)
    board = book.entry_for(record, uid)
    assert (board is not None) == isinstance(pi, Tile), (pi, board)
    if isinstance(pi, Tile):
        # Corrections and all; the board's file leaves out what it never reads (its wording
        # and provenance: host/app/pocket_tiles.py, BOARD_LEAVES), and only that.
        kept = json.loads(json.dumps(pi.entry))
        kept.pop("text", None)
        kept["source"] = "catalogue"
        assert board == kept


def test_a_board_with_no_collection_yet_trusts_no_tile(tmp_path: Path):
    book = Book(str(tmp_path / "tiles"))
    assert book.entry_for(tags.record_for("jl/superman", PLAIN, KEY), PLAIN) is None


def test_no_collection_key_copies_nothing(tmp_path: Path, capsys, monkeypatch):
    asked = []
    monkeypatch.setattr(pocket_flash, "_mpremote", lambda *a: asked.append(a) or "")
    assert main(["tiles", "pocket", "--port", "/dev/ttyACM7", "--data",
                 str(tmp_path)]) == 1
    assert "no collection key" in capsys.readouterr().err
    assert asked == [] and not (tmp_path / keys.KEY_FILE).exists()


@pytest.mark.parametrize("answer,said", [("(0, 0, 1)", "is a reader hub, not a pocket build"),
                                         ("(0, 0, 0)", "has no hexref pocket build")])
def test_a_board_that_is_no_pocket_gets_nothing(tmp_path: Path, capsys, monkeypatch, answer,
                                                said):
    """The board's own answer (which of firmware/pocket/main.mpy, screens/games.json and
    firmware/hub.mpy it holds) decides; nothing is copied to it."""
    keys.collection_key(tmp_path)
    asked = []

    def board(port, *args):
        asked.append(args[0])
        return answer + "\n"

    monkeypatch.setattr(pocket_flash, "_mpremote", board)
    assert main(["tiles", "pocket", "--port", "/dev/ttyACM7", "--data",
                 str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert said in err and "nothing copied" in err, err
    assert asked == ["exec"]  # asked what it is, never sent a file
