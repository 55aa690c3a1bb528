"""USB CDC serial (the REPL's stdin/stdout) as the link's port: non-blocking reads into a
preallocated buffer, so an idle link allocates nothing."""
import sys


class UsbPort:
    def __init__(self, size=64):
        import select

        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._buf = bytearray(size)
        self._view = memoryview(self._buf)
        self._one = bytearray(1)

    def read(self, n):
        """Up to ``n`` bytes the host sent, or None; never waits."""
        count = 0
        if n > len(self._buf):
            n = len(self._buf)
        while count < n:
            ready = False
            for _ in self._poll.ipoll(0):  # ipoll: no list built, no waiting
                ready = True
            if not ready or not self._in.readinto(self._one):
                break
            self._buf[count] = self._one[0]
            count += 1
        return self._view[:count] if count else None

    def write(self, data):
        self._out.write(data)
