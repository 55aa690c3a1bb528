"""The collection key: what makes a tag written by ``hexref enroll`` ours.

32 random bytes, made on first use in the data directory (``collection.key``, mode 0600,
never in the database, never on a tag). A tag carries, after its entry id, the first 8
bytes of an HMAC-SHA256 with the key as 16 hex digits. Copying a record to another tag
changes the UID and breaks the signature; writing one by hand needs the key.

What is signed (record version 2, ``message``): a label naming the version, then each
field after its length, so no two (UID, entry) pairs give the same bytes. Version 1 (no
``v=`` on the tag, hexref before issue 13) signed ``uid || entry`` with no separator, so
``(04A1B2C3, "jl/superman")`` and ``(04A1B2C36A6C2F, "superman")`` shared a signature; a
version 1 signature is no longer trusted on its own (``host/storage/registry.py``).

>>> key = bytes(range(32))
>>> signature(key, "04A1B2C3D4E501", "jl/016")
'a93dee5042f63178'
>>> verify(key, "04A1B2C3D4E501", "jl/016", "a93dee5042f63178")
True
>>> verify(key, "04A1B2C3D4E502", "jl/016", "a93dee5042f63178")
False
>>> message("04A1B2C3", "jl/superman") != message("04A1B2C36A6C2F", "superman")
True
"""
from __future__ import annotations

import hashlib
import os
import secrets
import stat
from pathlib import Path

from host.common.i18n import _
from shared_rules.games import example_entry
from shared_rules.protocol import tags

KEY_FILE = "collection.key"
KEY_BYTES = 32
SIGNATURE_BYTES = tags.SIGNATURE_BYTES  # 16 hex digits: short enough for the smallest tags
_HEX = "0123456789abcdefABCDEF"


class KeyFileError(Exception):
    """The key file is there but cannot be trusted or read; the message says what to do."""


def uid_bytes(uid: str) -> bytes:
    """A tag UID as the reader reports it (hex, 4, 7 or 10 bytes) as bytes."""
    if not isinstance(uid, str) or len(uid) not in (8, 14, 20) or \
            any(c not in _HEX for c in uid):
        raise ValueError(_("a tag UID is 4, 7 or 10 bytes in hex, not %r") % (uid,))
    return bytes.fromhex(uid)


RECORD_VERSION = 2  # what ``message`` signs; tags carry it as ``v=2``


def message(uid: str, entry_id: str) -> bytes:
    """The bytes a version 2 signature covers (shared_rules/protocol/tags.py, the board's
    check too), for a UID checked first."""
    uid_bytes(uid)
    try:
        return tags.message(uid, entry_id)
    except ValueError:
        raise ValueError(_("an entry id is short text like %s") % example_entry()) from None


def _mac(key: bytes, uid: str, entry_id: str) -> bytes:
    return tags.hmac_sha256(key, message(uid, entry_id))[:SIGNATURE_BYTES]


def signature(key: bytes, uid: str, entry_id: str) -> str:
    """The 16 hex digits a tag with this UID naming this entry carries."""
    return _mac(key, uid, entry_id).hex()


def verify(key: bytes, uid: str, entry_id: str, sig: str | None) -> bool:
    """True when ``sig`` is this key's signature of (uid, entry id). Constant time."""
    if not sig or len(sig) != 2 * SIGNATURE_BYTES or any(c not in _HEX for c in sig):
        return False
    try:
        expected = _mac(key, uid, entry_id)
    except ValueError:
        return False
    return tags.same(bytes.fromhex(sig), expected)


def fingerprint(key: bytes) -> str:
    """Names a key without revealing it (the database keeps this, not the key)."""
    return hashlib.sha256(b"hexref collection key\x00" + key).hexdigest()[:16]


def key_path(folder: str | os.PathLike) -> Path:
    return Path(folder) / KEY_FILE


def load_key(folder: str | os.PathLike) -> bytes | None:
    """The collection key in ``folder``, or None when there is none yet."""
    path = key_path(folder)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return None
    except OSError as e:
        raise KeyFileError("cannot read the collection key %s: %s" % (path, e)) from e
    try:
        info = os.fstat(fd)
        if info.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise KeyFileError("the collection key %s can be read by other users: "
                               "run chmod 600 %s" % (path, path))
        data = os.read(fd, KEY_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) != KEY_BYTES:
        raise KeyFileError("the collection key %s is %d bytes, not %d: restore it from your "
                           "backup (tags signed with the old key stay trusted only while "
                           "their UIDs are in the registry)" % (path, len(data), KEY_BYTES))
    return data


def collection_key(folder: str | os.PathLike) -> bytes:
    """The collection key, made on first use (0600, written whole or not at all).

    Two processes starting at once end up with the same key: the file appears by a
    hard link of a finished temporary file, which fails if another got there first.
    """
    key = load_key(folder)
    if key is not None:
        return key
    folder = Path(folder)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = folder / (".%s.%d.tmp" % (KEY_FILE, os.getpid()))
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)  # whatever the umask said
        os.write(fd, secrets.token_bytes(KEY_BYTES))
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.link(tmp, key_path(folder))
    except FileExistsError:
        pass
    finally:
        tmp.unlink()
    key = load_key(folder)
    assert key is not None
    return key
