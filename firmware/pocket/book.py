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
        that tag (enrolled again) is checked afresh. A tile the journal holds (``hold``,
        after a restore) is checked by its signature, its entry the journal's when the
        signature names it."""
        known = self.known.get(uid)
        if known is not None and known[0] == record_hex:
            return known[1]
        entry_id = self._entry_id(record_hex, uid)
        if entry_id is None:
            return None
        if known is not None and known[0] is None and known[1].get("id") == entry_id:
            entry = known[1]
        else:
            entry = self._read(entry_id)
            if entry is None:
                return None
        self._keep(uid, record_hex, entry)
        return entry

    def hold(self, inputs):
        """The tiles a restored game's inputs carry (``(target, input)``: a tag's UID
        followed by its catalogue entry, as ``("add", seat, uid, entry)``), the last
        ``KEPT`` of them remembered with no record yet: tapped again, only the signature
        is checked."""
        for _target, inp in inputs:
            for i in range(1, len(inp) - 1):
                entry = inp[i + 1]
                if isinstance(inp[i], str) and isinstance(entry, dict) and "id" in entry:
                    self._keep(inp[i], None, entry)

    def _keep(self, uid, record_hex, entry):
        known = self.known
        if uid not in known and len(known) >= self.KEPT:
            for old in known:
                del known[old]
                break
        known[uid] = (record_hex, entry)

    def _entry_id(self, record_hex, uid):
        """The entry a tag names: the registry's for its UID, else its signed record's."""
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
        return entry_id

    def _read(self, entry_id):
        try:
            with open("%s/%s.json" % (self.folder, entry_id)) as f:
                return json.loads(f.read())  # json.load reads through littlefs in bits
        except (OSError, ValueError):
            return None  # not one of the collection's tiles
