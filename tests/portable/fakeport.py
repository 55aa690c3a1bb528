"""The hub's end of the cable in memory, the one serial fake of the hub's side (the Pi's end
is tests/rigs/host_port.py): what the hub writes is kept line by line, what the test feeds
is read back in chunks, as MicroPython's USB port reads (None when nothing waits).

``keep=False`` keeps nothing and only counts the lines, as the board's USB CDC driver copies
what is written into its own ring: the heap figures of the bench see the hub's allocation,
not the fake's."""
from shared_rules.protocol import codec as protocol


class FakePort:
    def __init__(self, keep=True):
        self.inbox = bytearray()
        self.sent = []
        self.keep = keep
        self.lines = 0

    def read(self, n):
        if not self.inbox:
            return None
        data = bytes(self.inbox[:n])
        self.inbox = self.inbox[n:]
        return data

    def write(self, data):
        self.lines += 1
        if self.keep:
            self.sent.append(bytes(data))

    def feed(self, msg):
        self.inbox.extend(protocol.encode_line(msg))

    def take(self):
        """Decoded messages written since the last take."""
        out = [protocol.decode(line) for line in self.sent]
        self.sent = []
        return out

    def kinds(self):
        return [m.kind for m in self.take()]
