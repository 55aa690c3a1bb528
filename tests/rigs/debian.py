"""Debian's programs a test needs. ``make test`` installs their packages with apt-get when
missing (the Makefile's DEBIAN_PACKAGES); a program still missing FAILS the test that
needs it, naming the package: no test is skipped for want of it."""
from __future__ import annotations

import os
import shutil
from pathlib import Path


def tool(program: str, package: str) -> str:
    """The path of ``program`` (also looked for in /usr/sbin, where mosquitto lives)."""
    found = shutil.which(program) or next(
        (str(Path(d) / program) for d in ("/usr/sbin", "/sbin")
         if os.access(Path(d) / program, os.X_OK)), None)
    assert found, "%s is missing: `make test` installs Debian's %s package" % (program,
                                                                                 package)
    return found
