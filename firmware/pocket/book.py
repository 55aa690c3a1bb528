"""The tiles the pocket board knows: its collection key, its registry and its tiles' entries,
on its flash.

``/tiles/index.json`` (written on a Pi by host/app/pocket_tiles.py, put on the flash by
``hexref tiles pocket``): ``{"key": hex, "tiles": {uid: file}, "revoked": [uid, ...]}``,
and one file per catalogue entry of the games the pocket plays, ``/tiles/jl/064.json`` for
``jl/064``, read when a tile is tapped (the heap holds the tiles in play, not the
collection); a tag the table corrected has its own file, ``/tiles/uid/<UID>.json``, the
entry with its values as corrected on the Pi. A tapped tag is trusted by the Pi's rule
(docs/DESIGN.md, Tags; host/storage/registry.py ``resolve``): a UID the registry holds
names its file, whatever the tag says; otherwise the UID must not be revoked (``hexref
tiles forget``/``revoke``) and the tag's record must be signed with the collection key for
this UID (shared_rules/protocol/tags.py). Anything else, or an entry the collection has no file
for, is an unknown tile, and the session says to enroll it. A board with no
``index.json`` yet (``make deploy BUILD=pocket`` before ``hexref tiles pocket``) trusts no
tile.
"""
import json

from shared_rules.protocol import tags


class Book:
    def __init__(self, folder):
        self.folder = folder
        try:
            with open(folder + "/index.json") as f:
                data = json.load(f)
        except OSError:
            data = {}  # no collection on this board yet
        key = data.get("key")
        self.key = bytes.fromhex(key) if key else None
        self.tiles = data.get("tiles") or {}
        self.revoked = data.get("revoked") or ()
        self.known = {}  # uid -> (record, entry): the tiles trusted lately (entry_for)

    KEPT = 6  # tiles remembered: a table taps its rosters' tiles again and again

    def entry_for(self, record_hex, uid):
        """The catalogue entry a tapped tag stands for, or None when it is not trusted.

        A tile trusted in this boot is remembered with the record it carried (the entry
        is the one the session holds for it already): tapped again with the same record,
        its entry without the signature's check (~3 ms) and its file's (~9 ms on the board:
        littlefs looks the name up in a directory of many small files). Another record on
        that tag (enrolled again) is checked afresh."""
        known = self.known.get(uid)
        if known is not None and known[0] == record_hex:
            return known[1]
        entry = self._entry_for(record_hex, uid)
        if entry is not None:
            known = self.known
            if uid not in known and len(known) >= self.KEPT:
                for old in known:
                    del known[old]
                    break
            known[uid] = (record_hex, entry)
        return entry

    def _entry_for(self, record_hex, uid):
        entry_id = self.tiles.get(uid)
        if entry_id is None and self.key is not None and record_hex and \
                uid not in self.revoked:
            try:
                record = bytes.fromhex(record_hex)
            except ValueError:
                return None
            entry_id = tags.entry_of(record, uid, self.key)
        if entry_id is None or ".." in entry_id or entry_id.startswith("/"):
            return None
        try:
            with open("%s/%s.json" % (self.folder, entry_id)) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None  # not one of the collection's tiles
