"""The virtual die: fair faces from the hardware random number generator.

A byte from ``os.urandom`` is 0..255; 256 is not a multiple of 6, so ``byte % 6`` would
make faces 1-4 come up slightly more often than 5 and 6. Bytes 252..255 are thrown away
instead (rejection sampling) and the rest, 42 of each residue, map evenly onto 1..6.

>>> die = VirtualDie(urandom=lambda n: bytes([255, 252, 9] * n))
>>> die.roll(1)        # 255 and 252 rejected, 9 % 6 = 3, face 4
(4,)
"""
from firmware.entropy import urandom as _hardware_urandom

MAX_DICE = 20


class VirtualDie:
    def __init__(self, sides=6, urandom=None):
        if not 2 <= sides <= 255:
            raise ValueError("a die needs 2..255 sides, not %r" % (sides,))
        self.sides = sides
        self._limit = 256 - 256 % sides  # the largest multiple of ``sides`` up to 256
        self._urandom = urandom or _hardware_urandom
        self.rejected = 0  # bytes thrown away (a test can check the sampling happened)

    def roll(self, count=1):
        """``count`` independent fair faces, 1..sides, as a tuple."""
        if not 1 <= count <= MAX_DICE:
            raise ValueError("roll 1..%d dice, not %r" % (MAX_DICE, count))
        faces = []
        while len(faces) < count:
            # One draw usually suffices (252/256 of the bytes are kept); a rejected byte
            # costs another draw for just what is missing.
            for byte in self._urandom(count - len(faces)):
                if byte < self._limit:
                    faces.append(byte % self.sides + 1)
                else:
                    self.rejected += 1
        return tuple(faces)
