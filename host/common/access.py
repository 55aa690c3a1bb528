"""A permission problem said as one sentence with the fix that fits it, never a traceback.

On the Pi the data folder belongs to the service (``hexref.service``: user and group
``hexref``, ``StateDirectoryMode=2770``); its operator works there as a member of the group
(README, "Install the referee on the Pi"). So when something is refused, the right fix is
almost never ``chown`` (which would lock the service out): it is joining the group, logging
in again, putting back the folder's mode, or asking the service, which holds the key.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> os.chmod(folder, 0o700)
    >>> blocked(os.path.join(folder, "hexref.db"), uid=os.getuid()) is None
    True
"""
from __future__ import annotations

import grp
import os
import pwd
import stat
from pathlib import Path

from host.common.i18n import _

SERVICE = "hexref"  # host/deploy/hexref.service: User=, Group=, StateDirectory=
SERVICE_MODE = 0o2770  # its StateDirectoryMode=
KEY_FILE = "collection.key"  # host/storage/keys.py


def _may(path: Path, mode: int) -> bool:
    # As the effective user: what the kernel checks when the command opens the file.
    return os.access(path, mode, effective_ids=os.access in os.supports_effective_ids)


def _name(table, ident: int) -> str:
    try:
        return table(ident)[0]
    except KeyError:
        return str(ident)


def blocked(path: str | os.PathLike, uid: int | None = None) -> Path | None:
    """The first folder on the way to ``path`` (or ``path`` itself) this user may not
    use; None when nothing on the way refuses (then the refusal came from elsewhere)."""
    uid = os.geteuid() if uid is None else uid
    if uid == 0:
        return None
    target = Path(os.path.abspath(path))
    for place in (*reversed(target.parents), target):
        try:
            place.lstat()
        except FileNotFoundError:
            return None
        except PermissionError:
            return place.parent
        if place.is_dir() and not _may(place, os.X_OK):
            return place
    if target.exists() and not _may(target, os.R_OK):
        return target
    return None


def sentence(exc: PermissionError | OSError, path: str | os.PathLike | None = None) -> str:
    """What was refused and what to do, in one sentence."""
    where = Path(path or exc.filename or ".")
    place = blocked(where) or where
    try:
        info = place.stat()
    except OSError:
        return _("%s: permission denied; ask whoever set up this machine") % where
    owner, group = _name(pwd.getpwuid, info.st_uid), _name(grp.getgrgid, info.st_gid)
    me = _name(pwd.getpwuid, os.geteuid())
    shown = "%s (%s, %s:%s)" % (place, stat.filemode(info.st_mode), owner, group)
    if place.name == KEY_FILE:
        return (_("%(file)s is the collection key, the service's alone: start the referee "
                  "(sudo systemctl start hexref) and this command asks it, or run it as the "
                  "service: sudo -u %(owner)s hexref ...") % {"file": shown, "owner": owner})
    if owner == me:
        return _("%(file)s is yours but closed to you: chmod u+rwX %(place)s") % {
            "file": shown, "place": place}
    in_group = info.st_gid in os.getgroups() or info.st_gid == os.getegid()
    if info.st_gid == 0 and not in_group:
        # Joining root's group would open far more than this folder: hand the folder to
        # the referee's own group instead, or run the command as its owner.
        return (_("%(file)s belongs to %(owner)s:%(group)s and is not open to %(user)s: run "
                  "the command as its owner (sudo -u %(owner)s hexref ...), or share the "
                  "folder through the referee's group (sudo chgrp -R %(service)s %(place)s; "
                  "sudo chmod -R g+rwX %(place)s; sudo usermod -aG %(service)s %(user)s)")
                % {"file": shown, "owner": owner, "group": group, "user": me,
                   "service": SERVICE, "place": place})
    listed = me in _members(group)
    if not in_group and listed:
        return (_("%(file)s: you were added to the group %(group)s after this session "
                  "began: log out and in again (or run: newgrp %(group)s)")
                % {"file": shown, "group": group})
    if not in_group:
        return (_("%(file)s is not open to %(user)s: join its group (sudo usermod -aG "
                  "%(group)s %(user)s), then log in again")
                % {"file": shown, "user": me, "group": group})
    if place.is_dir() and group == SERVICE and owner == SERVICE:
        return (_("%(file)s: the service's folder is closed to its group: sudo chmod "
                  "%(mode)o %(place)s (what hexref.service's StateDirectoryMode= sets; another "
                  "unit that declares StateDirectory=%(service)s with another mode undoes it "
                  "at each start)")
                % {"file": shown, "mode": SERVICE_MODE, "place": place, "service": SERVICE})
    return _("%(file)s is closed to its group %(group)s: sudo chmod g+rwX %(place)s") % {
        "file": shown, "group": group, "place": place}


def _members(group: str) -> list[str]:
    try:
        return list(grp.getgrnam(group).gr_mem)
    except KeyError:
        return []
