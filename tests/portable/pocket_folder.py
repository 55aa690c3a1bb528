"""A pocket board's flash for the portable game tests, under CPython and MicroPython: a
fresh folder with no game in it, the collection's key and registry in ``tiles/``, and
the NDEF record ``hexref enroll`` writes on a tag, signed for its UID."""
import json
import os

from check import scratch

from firmware.pocket import game
from shared_rules.protocol.tags import signature


def record(key, entry_id, uid):
    """The tag's NDEF URI record, as hex, signed with ``key`` for ``uid``."""
    iri = ("hexref:%s?v=2&s=%s" % (entry_id, "".join(
        ["%02x" % b for b in signature(key, uid, entry_id)]))).encode()
    payload = b"\x00" + iri
    return "".join(["%02X" % b for b in bytes((0xD1, 1, len(payload))) + b"U" + payload])


def _mkdir(path):
    try:
        os.mkdir(path)
    except OSError:  # there already
        pass


def folder(name, key, families=(), registry=None, entries=()):
    """The board's root for a test: no game or journal left from a run before; the
    collection's ``key`` and ``registry`` ({uid: entry id}) in ``tiles/index.json`` and a
    file for each of ``entries`` under ``tiles/<family>/``."""
    path = scratch(name)
    _mkdir(path)
    _mkdir(path + "/tiles")
    for family in families:
        _mkdir(path + "/tiles/" + family)
    for leftover in (game.GAME, game.JOURNAL):
        try:
            os.remove(path + "/" + leftover)
        except OSError:
            pass
    with open(path + "/tiles/index.json", "w") as f:
        json.dump({"key": "".join(["%02x" % b for b in key]), "tiles": registry or {}}, f)
    for entry in entries:
        with open("%s/tiles/%s.json" % (path, entry["id"]), "w") as f:
            json.dump(entry, f)
    return path


def screens_of(variant):
    """A game's screens as the board makes them: its descriptor's, found through the
    registry (shared_rules/games/__init__.py)."""
    from shared_rules import games

    described, kind = games.find(variant)
    return described.screens(kind)
