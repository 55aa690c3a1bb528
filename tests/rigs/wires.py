"""A duplex in-memory cable between the hub's Link and the host's HubLink, with faults.

``drop_to_hub`` / ``drop_to_host`` are predicates on each line: return True to lose it;
``mangle_to_hub`` / ``mangle_to_host`` may change the bytes on their way.
"""
from __future__ import annotations


class _HubEnd:
    def __init__(self, wire: Wire) -> None:
        self.wire = wire

    def read(self, n: int):
        buf = self.wire.to_hub
        if not buf:
            return None
        data = bytes(buf[:n])
        del buf[:n]
        return data

    def write(self, data: bytes) -> None:
        if not self.wire.connected or self.wire.drop_to_host(bytes(data)):
            return
        self.wire.to_host.extend(self.wire.mangle_to_host(bytes(data)))


class _HostEnd:
    def __init__(self, wire: Wire) -> None:
        self.wire = wire

    @property
    def in_waiting(self) -> int:
        return len(self.wire.to_host)

    def read(self, n: int) -> bytes:
        buf = self.wire.to_host
        data = bytes(buf[:n])
        del buf[:n]
        return data

    def write(self, data: bytes) -> None:
        wire = self.wire
        if not wire.connected:
            wire.lost_away += 1
            return
        if wire.drop_to_hub(bytes(data)):
            return
        wire.to_hub.extend(wire.mangle_to_hub(bytes(data)))

    def flush(self) -> None:
        pass


class Wire:
    def __init__(self) -> None:
        self.to_hub = bytearray()
        self.to_host = bytearray()
        self.connected = True
        self.drop_to_hub = lambda line: False
        self.drop_to_host = lambda line: False
        self.mangle_to_host = lambda data: data
        self.mangle_to_hub = lambda data: data
        self.lost_away = 0  # lines the host wrote while the cable was out
        self.hub = _HubEnd(self)
        self.host = _HostEnd(self)
