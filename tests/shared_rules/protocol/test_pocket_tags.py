"""The pocket board trusts the tags a Pi enrolled and nothing else (shared_rules/protocol/tags.py,
issue 25 item 4): records written by ``hexref enroll`` (host/storage/tags.py, the vectors
below made by it) check out under CPython and MicroPython; a copied, forged, unsigned or
version 1 record does not."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from shared_rules.protocol.tags import entry_of, hmac_sha256

KEY = bytes(range(32))
OTHER_KEY = bytes(32)
# tags.record_for("jl/016", "04A1B2C3D4E501", KEY), as the Pi writes it.
JL_016 = bytes.fromhex("D1012555006865787265663A6A6C2F3031363F763D3226733D"
                       "61393364656535303432663633313738")
HS_GUARDS = bytes.fromhex("D1013055006865787265663A68732F7A65747469616E2D6775617264733F763D"
                          "3226733D61363138663336303433653562643631")
UNSIGNED = bytes.fromhex("D1010E55006865787265663A6A6C2F303136")


def test_a_record_the_pi_signed_names_its_entry():
    assert entry_of(JL_016, "04A1B2C3D4E501", KEY) == "jl/016"
    assert entry_of(HS_GUARDS, "04B5C00000A001", KEY) == "hs/zettian-guards"


def test_a_record_copied_to_another_tag_is_not_trusted():
    assert entry_of(JL_016, "04A1B2C3D4E502", KEY) is None
    assert entry_of(JL_016, "04A1B2C3", KEY) is None


def test_another_collection_or_no_signature_is_not_trusted():
    assert entry_of(JL_016, "04A1B2C3D4E501", OTHER_KEY) is None
    assert entry_of(UNSIGNED, "04A1B2C3D4E501", KEY) is None


def test_a_forged_or_damaged_record_is_not_trusted():
    forged = bytearray(JL_016)
    forged[-1] ^= 0x01  # the signature's last digit
    assert entry_of(bytes(forged), "04A1B2C3D4E501", KEY) is None
    renamed = JL_016.replace(b"jl/016", b"jl/017")  # another entry, same signature
    assert entry_of(renamed, "04A1B2C3D4E501", KEY) is None
    v1 = JL_016.replace(b"v=2", b"v=1")  # version 1 alone is not trusted (issue 13)
    assert entry_of(v1, "04A1B2C3D4E501", KEY) is None
    for cut in range(len(JL_016)):
        assert entry_of(JL_016[:cut], "04A1B2C3D4E501", KEY) is None


def test_hmac_sha256_is_rfc_4231s():
    # RFC 4231, test case 2: key "Jefe", data "what do ya want for nothing?".
    mac = hmac_sha256(b"Jefe", b"what do ya want for nothing?")
    assert mac == bytes.fromhex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    # Test case 6: a key longer than the block.
    mac = hmac_sha256(bytes([0xAA] * 131), b"Test Using Larger Than Block-Size Key - Hash Key First")
    assert mac == bytes.fromhex("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
