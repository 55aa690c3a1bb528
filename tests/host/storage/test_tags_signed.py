"""Signed tag records and the collection key (DESIGN.md, Tags)."""
from __future__ import annotations

import os
import stat
import subprocess
import sys

import ndef
import pytest

from host.storage import keys, tags
from shared_rules import catalogue
from shared_rules.protocol import codec as protocol

KEY = bytes(range(32))
UID = "04A1B2C3D4E501"


def test_a_signed_record_names_its_entry_and_carries_16_hex_digits():
    record = tags.record_for("jl/superman", UID, KEY)
    read = tags.read(record)
    assert read is not None and read.entry_id == "jl/superman"
    assert read.signature == keys.signature(KEY, UID, "jl/superman")
    assert len(read.signature) == 16 and int(read.signature, 16) >= 0
    iri = next(ndef.message_decoder(bytes.fromhex(record))).iri
    assert iri == "hexref:jl/superman?v=2&s=" + read.signature
    assert read.version == keys.RECORD_VERSION == 2
    assert tags.entry_id_of(record) == "jl/superman"  # the skeleton's reader still works


def test_signature_is_hmac_sha256_of_the_length_prefixed_fields_truncated_to_8_bytes():
    import hashlib
    import hmac

    signed = b"hexref tag v2\x00" + b"\x07" + bytes.fromhex(UID) + b"\x00\x06" + b"jl/016"
    want = hmac.new(KEY, signed, hashlib.sha256).digest()[:8].hex()
    assert keys.signature(KEY, UID, "jl/016") == want


def test_no_two_uid_and_entry_pairs_share_a_signature():
    """Issue 13: version 1 signed uid || entry, so sig(uid4, "jl/superman") was
    sig(uid4 + "6A6C2F", "superman"). Each field now has its length in front."""
    assert keys.signature(KEY, "04A1B2C3", "jl/superman") != \
        keys.signature(KEY, "04A1B2C36A6C2F", "superman")
    assert keys.message("04A1B2C3", "jl/superman") != keys.message("04A1B2C36A6C2F",
                                                                    "superman")


def test_a_record_without_a_version_reads_as_version_1():
    old = b"".join(ndef.message_encoder([ndef.UriRecord(
        "hexref:jl/016?s=06e6469b28c58dd9")])).hex()
    assert tags.read(old) == tags.TagRecord("jl/016", "06e6469b28c58dd9", 1)
    odd = b"".join(ndef.message_encoder([ndef.UriRecord(
        "hexref:jl/016?v=\u0663&s=06e6469b28c58dd9")])).hex()
    assert tags.read(odd).version == 0  # not ASCII digits: a version nobody wrote


def test_signature_binds_the_uid_the_entry_and_the_key():
    sig = keys.signature(KEY, UID, "jl/016")
    assert keys.verify(KEY, UID, "jl/016", sig)
    assert keys.verify(KEY, UID, "jl/016", sig.upper())
    assert not keys.verify(KEY, "04A1B2C3D4E502", "jl/016", sig)  # copied to another tag
    assert not keys.verify(KEY, UID, "jl/017", sig)  # entry id edited by hand
    assert not keys.verify(bytes(32), UID, "jl/016", sig)  # another collection's key
    for bad in (None, "", sig[:-1], sig + "0", "z" * 16, " " * 16):
        assert not keys.verify(KEY, UID, "jl/016", bad)


def test_records_that_are_not_ours_read_as_none():
    text = b"".join(ndef.message_encoder([ndef.TextRecord("hexref:jl/016")])).hex()
    other = b"".join(ndef.message_encoder([ndef.UriRecord("https://example.org")])).hex()
    empty_uri = b"".join(ndef.message_encoder([ndef.UriRecord("hexref:")])).hex()
    for record in ("", "-", "ZZ", "D1", text, other, empty_uri, tags.record_for("jl/016")[:-4]):
        assert tags.read(record) is None, record


def test_every_signed_record_fits_a_tag_and_a_write_frame():
    """An NTAG213 holds 144 bytes (TLV header and terminator included); the WRITE line
    must stay under the protocol's limit."""
    longest = max((e["id"] for g in catalogue.prefixes() for e in catalogue.load(g)), key=len)
    record = tags.record_for(longest, "04A1B2C3D4E5F60708AB", KEY)
    assert len(record) // 2 + 3 <= 144
    line = protocol.encode(protocol.message("WRITE", 0, "04A1B2C3D4E5F60708AB", record))
    assert len(line) < protocol.MAX_LINE


def test_a_uid_that_is_not_4_7_or_10_bytes_of_hex_is_refused():
    for bad in ("", "04A1B2", "04A1B2C3D4E5", "GGA1B2C3", 1234, None):
        with pytest.raises(ValueError, match="4, 7 or 10 bytes"):
            keys.uid_bytes(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="give its UID"):
        tags.record_for("jl/016", None, KEY)


def test_the_key_is_made_once_32_random_bytes_readable_by_its_owner_only(tmp_path):
    folder = tmp_path / "data"
    assert keys.load_key(folder) is None
    key = keys.collection_key(folder)
    assert len(key) == 32 and key != bytes(32)
    mode = stat.S_IMODE(os.stat(folder / keys.KEY_FILE).st_mode)
    assert mode == 0o600
    assert keys.collection_key(folder) == key  # the same key from then on
    assert keys.collection_key(tmp_path / "other") != key
    assert [p.name for p in folder.iterdir()] == [keys.KEY_FILE]  # no temporary left


@pytest.mark.system
def test_two_processes_making_the_key_at_once_agree(tmp_path):
    code = "import sys; from host.storage import keys; print(keys.collection_key(sys.argv[1]).hex())"
    procs = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path)],
                              stdout=subprocess.PIPE, text=True) for _ in range(4)]
    made = {p.communicate()[0].strip() for p in procs}
    assert made == {keys.load_key(tmp_path).hex()}


def test_a_key_others_can_read_or_a_damaged_key_is_refused(tmp_path):
    keys.collection_key(tmp_path)
    path = tmp_path / keys.KEY_FILE
    os.chmod(path, 0o644)
    with pytest.raises(keys.KeyFileError, match="chmod 600"):
        keys.collection_key(tmp_path)
    os.chmod(path, 0o600)
    path.write_bytes(b"short")
    with pytest.raises(keys.KeyFileError, match="5 bytes, not 32"):
        keys.collection_key(tmp_path)
    assert path.read_bytes() == b"short"  # never silently replaced
