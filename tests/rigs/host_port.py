"""The Pi's end of the hub's cable in memory, the one serial fake of the host's side (the
hub's end is tests/portable/fakeport.py): pyserial's ``Serial`` as host/hub/link.py's
HubLink uses it. What the hub sent waits in ``pending`` (``in_waiting``); what the host
writes is counted in ``sent`` (bytes) and kept in ``written``."""
from __future__ import annotations


class HostPort:
    def __init__(self, pending: bytes = b"") -> None:
        self.pending = bytes(pending)
        self.written: list[bytes] = []
        self.sent = 0

    @property
    def in_waiting(self) -> int:
        return len(self.pending)

    def read(self, n: int) -> bytes:
        out, self.pending = self.pending[:n], self.pending[n:]
        return out

    def write(self, data: bytes) -> None:
        self.sent += len(data)
        self.written.append(bytes(data))

    def flush(self) -> None:
        pass
