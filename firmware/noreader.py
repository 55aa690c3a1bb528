"""Stands in for the NFC reader when it did not come up at boot: the rest of the hub still
works, and a WRITE gets a clear ERR. Only loaded on such a hub."""


class NoReader:
    def poll(self, now):
        return None

    def write(self, uid, record):
        raise OSError("no NFC reader on this hub")
