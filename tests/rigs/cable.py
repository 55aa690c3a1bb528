"""The hub's USB cable, as a pseudo-terminal pair: the hub's end is ``master``, the host
opens ``path``; ``unplug`` closes both ends (the host's open port then reads EIO) and
``plug`` makes a new pair, at a new path, as a re-plugged hub is."""
from __future__ import annotations

import os


class Cable:
    def __init__(self) -> None:
        self.master: int | None = None
        self.slave: int | None = None
        self.path: str | None = None
        self.plug()

    def plug(self) -> None:
        self.master, self.slave = os.openpty()
        self.path = os.ttyname(self.slave)

    def unplug(self) -> None:
        assert self.master is not None and self.slave is not None
        os.close(self.master)
        os.close(self.slave)  # the host keeps its own open file: it now reads EIO
        self.master = self.slave = None
        self.path = None

    def close(self) -> None:
        if self.master is not None:
            self.unplug()
