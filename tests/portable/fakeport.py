"""An in-memory serial port for link tests: what the hub writes is kept line by line,
what the test feeds is read back in chunks."""
from shared_rules import protocol


class FakePort:
    def __init__(self):
        self.inbox = bytearray()
        self.sent = []

    def read(self, n):
        if not self.inbox:
            return None
        data = bytes(self.inbox[:n])
        self.inbox = self.inbox[n:]
        return data

    def write(self, data):
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
