"""From "which tag is on the reader now" to TAP and GONE events.

A tile resting on the reader is one TAP, however many polls see it. It is GONE only after
``gone_after`` polls in a row have missed it, so a tile wobbling at the edge of the field
(one missed poll) is not tapped twice. A different tag replaces it at once: GONE for the
old one, TAP for the new. The same tag whose record changed (it was just enrolled) is
tapped again, so the host sees the record it wrote.

>>> taps = Taps(gone_after=2)
>>> taps.update("04A1B2C3D4E5F6", "D101")
(('TAP', '04A1B2C3D4E5F6', 'D101'),)
>>> taps.update("04A1B2C3D4E5F6", "D101"), taps.update(None), taps.update(None)
((), (), (('GONE', '04A1B2C3D4E5F6'),))
"""

NO_EVENTS = ()
GONE_AFTER = 4  # polls; a poll cycle takes ~20 ms (firmware/nfc.py), so a lift shows in ~80 ms


class Taps:
    def __init__(self, gone_after=GONE_AFTER):
        if gone_after < 1:
            raise ValueError("gone_after must be at least 1 poll")
        self.gone_after = gone_after
        self.uid = None  # the tag that was tapped and is not gone yet
        self.record = None
        self.missed = 0

    def update(self, uid, record=""):
        """One completed poll: ``uid`` hex of the tag seen, or None. Returns the events."""
        if uid is None:
            if self.uid is None:
                return NO_EVENTS
            self.missed += 1
            if self.missed < self.gone_after:
                return NO_EVENTS
            return self._gone()
        self.missed = 0
        if uid == self.uid:
            if record == self.record:
                return NO_EVENTS
            self.record = record
            return (("TAP", uid, record),)
        if self.uid is None:
            self.uid = uid
            self.record = record
            return (("TAP", uid, record),)
        gone = self._gone()
        self.uid = uid
        self.record = record
        return gone + (("TAP", uid, record),)

    def _gone(self):
        uid = self.uid
        self.uid = None
        self.record = None
        self.missed = 0
        return (("GONE", uid),)
