"""The pocket board's tag check agrees with the Pi's on any tag and entry (issue 25, item 4):
every record ``hexref enroll`` would write (host/storage/tags.py) is trusted by
shared_rules/protocol/tags.py for its own tag and key, and by no other tag or key."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from host.storage import keys, tags
from shared_rules.protocol.tags import entry_of

uids = st.sampled_from((4, 7, 10)).flatmap(
    lambda n: st.binary(min_size=n, max_size=n)).map(lambda b: b.hex().upper())
entries = st.from_regex(r"[a-z]{2,3}/[a-z0-9-]{1,24}", fullmatch=True)
key_bytes = st.binary(min_size=32, max_size=32)


@settings(max_examples=200, deadline=None)
@given(uid=uids, other=uids, entry=entries, key=key_bytes, other_key=key_bytes)
def test_the_board_trusts_what_the_pi_signs_and_nothing_else(uid, other, entry, key,
                                                             other_key):
    record = bytes.fromhex(tags.record_for(entry, uid, key))
    assert entry_of(record, uid, key) == entry
    assert keys.verify(key, uid, entry, tags.read(record.hex()).signature)
    if other != uid:
        assert entry_of(record, other, key) is None
    if other_key != key:
        assert entry_of(record, uid, other_key) is None
