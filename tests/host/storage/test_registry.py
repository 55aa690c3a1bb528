"""The tile registry: the trust rule, corrections from the physical tile, owners, and
``tiles import/export`` round trips (DESIGN.md, Tags; issue 5, The tile registry)."""
from __future__ import annotations

import json

import ndef
import pytest
from rigs.table_rig import BOOT
from rigs.wires import Wire

from firmware.hub.link import Link
from host.display.screens import text
from host.games.descriptor import game as kind_of
from host.hub.link import HubLink
from host.session.adapter import Referee
from host.storage import keys, tags
from host.storage.registry import UNKNOWN, Registry, RegistryBook, Tile, Unknown
from host.storage.store import Store
from shared_rules.games.hexors.decisions import COLOURS
from shared_rules.games.hexors.engine import HexorsGame

KEY = bytes(range(32))
OTHER_KEY = bytes(range(1, 33))
UID = "04A1B2C3D4E501"
UID2 = "04A1B2C3D4E502"


@pytest.fixture
def registry(tmp_path) -> Registry:
    return Registry(Store(tmp_path), KEY)


def _refused(found, reason_part: str) -> None:
    assert isinstance(found, Unknown)
    assert found.message == "Unknown tile: enroll it with hexref enroll"
    assert reason_part in found.reason


def test_a_tag_signed_with_our_key_for_its_uid_is_trusted(registry):
    found = registry.resolve(UID, tags.record_for("jl/superman", UID, KEY))
    assert isinstance(found, Tile) and found.how == "signature"
    assert found.entry["name"] == "Superman" and found.entry["strike"]["yellow"] == 6


def test_forged_tags_are_unknown_tiles(registry):
    """Wrong signature, unknown UID with a hand-written record, a record copied from
    another tag, another collection's key, and tags with nothing of ours on them."""
    _refused(registry.resolve(UID, tags.record_for("jl/superman")), "unsigned")
    _refused(registry.resolve(UID2, tags.record_for("jl/superman", UID, KEY)),
             "wrong signature")  # copied from UID's tag
    _refused(registry.resolve(UID, tags.record_for("jl/superman", UID, OTHER_KEY)),
             "wrong signature")
    forged = tags.record_for("jl/superman", UID, KEY).replace(
        "superman".encode().hex().upper(), "doomsday".encode().hex().upper())
    assert tags.read(forged).entry_id == "jl/doomsday"
    _refused(registry.resolve(UID, forged), "wrong signature")  # entry edited on the tag
    hand = b"".join(ndef.message_encoder([ndef.UriRecord(
        "hexref:jl/superman?v=2&s=0000000000000000")])).hex().upper()
    _refused(registry.resolve(UID, hand), "wrong signature")
    _refused(registry.resolve(UID, ""), "no hexref record")
    text_record = b"".join(ndef.message_encoder([ndef.TextRecord("jl/superman")])).hex()
    _refused(registry.resolve(UID, text_record), "not a hexref record")
    _refused(registry.resolve("nonsense", ""), "not a tag UID")
    assert Registry(registry.store, None).resolve(
        UID, tags.record_for("jl/superman", UID, KEY)).accepted is False  # no key: no trust


def test_a_registered_uid_is_trusted_whatever_its_tag_says(registry):
    registry.enroll(UID, "jl/doomsday", owner="Sam")
    for record in ("", tags.record_for("jl/superman"), "ZZ"):
        found = registry.resolve(UID, record)
        assert isinstance(found, Tile) and found.how == "registry"
        assert found.entry["id"] == "jl/doomsday" and found.owner == "Sam"
    assert registry.resolve(UID.lower(), "").accepted  # the UID as any reader spells it
    assert registry.forget(UID)
    _refused(registry.resolve(UID, ""), "no hexref record")


def test_a_forgotten_tile_is_no_longer_trusted_even_with_a_valid_signature(registry):
    """Issue 13, item 1: a lost, stolen or sold tile can be revoked."""
    signed = tags.record_for("jl/superman", UID, KEY)
    registry.enroll(UID, "jl/superman")
    assert registry.forget(UID)
    _refused(registry.resolve(UID, signed), "revoked")
    assert registry.store.revoked()[0][:2] == (UID, "jl/superman")
    registry.enroll(UID, "jl/superman")  # enrolled again: trusted again
    assert registry.resolve(UID, signed).accepted
    assert registry.store.revoked() == []


def test_a_signed_tag_never_enrolled_here_can_be_revoked_by_its_uid(registry):
    signed = tags.record_for("jl/superman", UID2, KEY)
    assert registry.resolve(UID2, signed).accepted
    assert registry.revoke(UID2.lower()) is False  # it was not enrolled, now revoked
    _refused(registry.resolve(UID2, signed), "revoked")
    assert registry.resolve(UID, tags.record_for("jl/superman", UID, KEY)).accepted


def test_a_version_1_signature_is_trusted_only_through_the_registry(registry):
    """Tags signed before issue 13 (no v=) had no separator between UID and entry: their
    signature alone no longer counts; their enrolled UIDs still do."""
    import hashlib
    import hmac

    sig = hmac.new(KEY, bytes.fromhex(UID) + b"jl/superman", hashlib.sha256).digest()[:8]
    old = b"".join(ndef.message_encoder([ndef.UriRecord(
        "hexref:jl/superman?s=" + sig.hex())])).hex().upper()
    _refused(registry.resolve(UID, old), "record version 1")
    registry.enroll(UID, "jl/superman")
    assert registry.resolve(UID, old).how == "registry"


def test_enrolling_bad_values_is_refused_and_changes_nothing(registry):
    for args, message in (((UID, "jl/nobody"), "no tile 'jl/nobody'"),
                          (("04A1", "jl/mars"), "4, 7 or 10 bytes"),
                          ((UID, "jl/mars", "x" * 41), "short name"),
                          ((UID, "jl/mars", None, {"red": 99}), "a strike value is from 0 to 20"),
                          ((UID, "jl/mars", None, {"pink": 3}), "unknown colour")):
        with pytest.raises(ValueError, match=message):
            registry.enroll(*args)
    assert registry.tiles() == []


def test_corrections_from_the_physical_tile_complete_an_unverified_entry(registry):
    """jl/016 is only a number in the rulebook: its table reads the rest off the tile."""
    registry.enroll(UID, "jl/016")
    assert registry.resolve(UID, "").entry["verified"] is False
    registry.correct(UID, strike={"green": 4, "blue": 5, "yellow": 6})
    fixed = registry.correct(UID, strike={"red": 3, "purple": 2, "white": 7},
                             kind="character", name="Aquaman", colour="blue")
    assert fixed["verified"] is True and fixed["strike"]["yellow"] == 6
    found = registry.resolve(UID, "")
    assert found.entry == fixed and found.entry["name"] == "Aquaman"
    assert "corrected from the physical tile" in found.entry["source"]
    with pytest.raises(ValueError, match="a strike value is from 0 to 20"):
        registry.correct(UID, strike={"red": 21})
    assert registry.resolve(UID, "").entry == fixed  # a refused correction changes nothing
    with pytest.raises(ValueError, match="not enrolled"):
        registry.correct(UID2, strike={"red": 1})
    # Re-enrolling as the same tile keeps the corrections; as another tile drops them.
    registry.enroll(UID, "jl/016", owner="Kim")
    assert registry.resolve(UID, "").entry == fixed
    registry.enroll(UID, "jl/mars")
    row = registry.store.tile(UID)
    assert row.strike is None and row.fields is None and row.owner is None


def _collection(registry: Registry) -> None:
    registry.enroll("04A1B2C3D4E501", "jl/superman", owner="Sam")
    registry.enroll("04A1B2C3D4E502", "jl/016", owner="Kim, \"the\" collector",
                    strike={"green": 4, "red": 3}, kind="character", name="Aquaman")
    registry.enroll("04A1B2C3", "ygo/kaiba")
    registry.enroll("04A1B2C3D4E5F60708AB", "jl/mars", strike={"green": 0})


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_export_then_import_gives_back_the_same_registry(tmp_path, fmt):
    first = Registry(Store(tmp_path / "a"), KEY)
    _collection(first)
    exported = first.export(fmt)
    second = Registry(Store(tmp_path / "b"), OTHER_KEY)
    assert second.import_(exported, fmt) == {"added": 4, "changed": 0, "same": 0}
    assert second.tiles() == first.tiles()
    assert second.export(fmt) == exported
    assert second.import_(exported, fmt) == {"added": 0, "changed": 0, "same": 4}
    found = second.resolve("04A1B2C3D4E502", "")
    assert found.entry["name"] == "Aquaman" and found.entry["strike"]["red"] == 3


def test_csv_export_is_a_plain_spreadsheet(registry):
    _collection(registry)
    lines = registry.export("csv").splitlines()
    assert lines[0] == ("uid,entry,owner,green,blue,yellow,red,purple,white,"
                        "name,kind,colour,element,ally,bonus,enrolled")
    assert lines[1].startswith("04A1B2C3D4E502,jl/016,\"Kim, \"\"the\"\" collector\",4,,,3,,,"
                               "Aquaman,character,")


def test_a_bad_import_names_the_row_and_imports_nothing(registry):
    registry.enroll(UID, "jl/mars", owner="Sam")
    before = registry.tiles()
    good = {"uid": UID2, "entry": "jl/superman"}
    cases = [
        (json.dumps([good, {"uid": UID, "entry": "jl/nobody"}]), "json", "tile 2: no tile"),
        (json.dumps([good, {"uid": "xyz", "entry": "jl/mars"}]), "json", "tile 2: a tag UID"),
        (json.dumps([good, {"uid": UID2, "entry": "jl/mars"}]), "json", "listed twice"),
        (json.dumps({"tiles": [good]}), "json", "not a hexref tile list"),
        ("[1, 2", "json", "not JSON"),
        ("uid,entry,red\n%s,jl/superman,\n%s,jl/mars,abc\n" % (UID2, UID), "csv",
         "line 3: red must be a whole number"),
        ("tag;tile\n", "csv", "header line"),
    ]
    for text_in, fmt, message in cases:
        with pytest.raises(ValueError, match=message):
            registry.import_(text_in, fmt)
        assert registry.tiles() == before
    with pytest.raises(ValueError, match="unknown format"):
        registry.export("xml")


def test_import_checks_every_field_and_its_depth(registry):
    """Issue 13, item 6: deep JSON was a RecursionError, ``enrolled`` was never checked,
    CSV took Unicode digits ("\u0663" became 3)."""
    good = {"uid": UID2, "entry": "jl/superman"}
    deep = "[" * 100000 + "]" * 100000
    cases = [
        (deep, "json", "nested more than 4 levels"),
        ('{"kind": "hexref-tiles", "tiles": [{"uid": "%s", "entry": "jl/mars", "strike": '
         '{"red": [[[1]]]}}]}' % UID, "json", "nested more than 4 levels"),
        (json.dumps([good, dict(good, uid=UID, enrolled="yesterday")]), "json",
         "tile 2: enrolled must be a UTC time"),
        (json.dumps([dict(good, enrolled=12)]), "json", "tile 1: enrolled must be"),
        (json.dumps([dict(good, enrolled="2026-13-45T99:00:00.000Z")]), "json",
         "not a real date"),
        (json.dumps([dict(good, enrolled="2026-11-22T18:10:00.\u0661\u0662\u0663Z")]), "json",
         "enrolled must be"),
        (json.dumps([dict(good, colour="red")]), "json", "tile 1: unknown key 'colour'"),
        (json.dumps({"kind": "hexref-tiles", "version": 2, "tiles": [good]}), "json",
         "version 2"),
        (json.dumps([dict(good, strike={"red": True})]), "json", "tile 1"),
        (json.dumps([dict(good, owner=["Sam"])]), "json", "tile 1: an owner"),
        ("uid,entry,red\n%s,jl/superman,\u0663\n" % UID2, "csv",
         "line 2: red must be a whole number"),
        ("uid,entry,red\n%s,jl/superman,\u00b2\n" % UID2, "csv",
         "line 2: red must be a whole number"),
        ("uid,entry,bonus\n%s,jl/superman,\u0663\n" % UID2, "csv",
         "line 2: bonus must be a whole number"),
        ("uid,entry,enrolled\n%s,jl/superman,soon\n" % UID2, "csv",
         "line 2: enrolled must be"),
    ]
    for text_in, fmt, message in cases:
        with pytest.raises(ValueError, match=message):
            registry.import_(text_in, fmt)
        assert registry.tiles() == []
    stamp = "2026-11-22T18:10:00.123Z"
    registry.import_(json.dumps([dict(good, enrolled=stamp)]), "json")
    assert registry.store.tile(UID2).enrolled == stamp


def test_import_counts_added_changed_and_unchanged(registry):
    registry.enroll(UID, "jl/mars", owner="Sam")
    same = registry.export("json")
    registry.enroll(UID2, "jl/doomsday")
    data = json.loads(registry.export("json"))
    fresh = Registry(Store(registry.store.path.parent / "fresh"), KEY)
    fresh.import_(same, "json")
    data["tiles"][1]["owner"] = "Kim"  # UID (jl/mars) sorts after jl/doomsday
    assert fresh.import_(json.dumps(data), "json") == {"added": 1, "changed": 1, "same": 0}
    assert fresh.store.tile(UID).owner == "Kim"


def test_the_referee_refuses_a_forged_tag_and_changes_nothing(tmp_path):
    """An Unknown tile at the table: the panel says so, the game does not change."""
    registry = Registry(Store(tmp_path), KEY)
    registry.enroll(UID, "jl/superman", strike=dict(zip(COLOURS, (7, 5, 6, 5, 4, 8), strict=True)))
    wire = Wire()
    hub = Link(wire.hub, BOOT, board="test")
    hub.start(0)
    link = HubLink(wire.host)
    link.open()
    hub.poll(1)
    referee = Referee(lambda: HexorsGame(variant="jl-beginner", players=2),
                      RegistryBook(registry))  # type: ignore[arg-type]
    reactions = []
    for now, (uid, record) in enumerate([
            (UID2, tags.record_for("jl/doomsday", UID, KEY)),  # a copied record
            (UID2, tags.record_for("jl/doomsday")),  # a hand-written one
            (UID, "")], start=2):
        hub.send_event(now, "TAP", 0, uid, record)
        for rcv in link.read():
            reactions.append(referee.on_event(rcv.event))
            link.ack(rcv.seq)
        if len(reactions) < 3:
            assert referee.game.inputs == []
            shown = kind_of("jl-beginner").presenter().message(referee.seen(), reactions[-1])  # the note the panel puts up
            assert shown is not None and any(UNKNOWN in line for line in text(shown[1]))
    assert [r.entry.accepted for r in reactions] == [False, False, True]
    assert referee.game.inputs[0][:3] == ("add", 0, UID)
    assert referee.game.inputs[0][3]["name"] == "Superman"


def test_a_replaced_collection_key_is_reported(tmp_path):
    """The database keeps the fingerprints of the keys that signed tags (never a key)."""
    store = Store(tmp_path)
    old = Registry(store, KEY)
    assert old.key_problems() == []
    old.signed_a_tag()
    assert old.key_problems() == [] and Registry(store, None).key_problems()
    new = Registry(store, OTHER_KEY)
    problems = new.key_problems()
    assert len(problems) == 1 and "1 other collection key" in problems[0]
    assert keys.fingerprint(KEY) in problems[0]
    assert KEY.hex() not in " ".join(str(v) for r in store.db.execute(
        "SELECT * FROM keys") for v in r)
