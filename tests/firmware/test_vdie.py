"""The virtual die: fair faces by rejection sampling, n dice at once."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from check import raises

from firmware.vdie import VirtualDie


class _Bytes:
    """A byte source that hands out a fixed sequence, cycling."""

    def __init__(self, seq):
        self.seq = seq
        self.i = 0

    def __call__(self, n):
        out = bytearray(n)
        for k in range(n):
            out[k] = self.seq[self.i % len(self.seq)]
            self.i += 1
        return bytes(out)


def test_every_byte_value_once_gives_each_face_exactly_42_times():
    source = _Bytes(list(range(256)))
    die = VirtualDie(urandom=source)
    faces = die.roll(20) + die.roll(20)
    while len(faces) < 252:
        faces += die.roll(min(20, 252 - len(faces)))
    counts = [faces.count(f) for f in range(1, 7)]
    assert counts == [42] * 6  # with byte % 6 alone, faces 1-4 would get 43
    assert die.rejected == 0
    assert die.roll(1) == (1,)  # 252..255 thrown away, then 0 comes round again
    assert die.rejected == 4


def test_rejected_bytes_are_skipped_not_folded():
    die = VirtualDie(urandom=_Bytes([255, 254, 253, 252, 5]))
    assert die.roll(1) == (6,)
    assert die.rejected == 4


def test_n_dice_at_once_for_heroscape():
    die = VirtualDie()
    faces = die.roll(15)
    assert len(faces) == 15
    for f in faces:
        assert 1 <= f <= 6


def test_hardware_rng_covers_all_faces():
    die = VirtualDie()
    seen = set()
    for _ in range(60):
        seen.update(die.roll(10))
    assert seen == set([1, 2, 3, 4, 5, 6])


def test_bad_counts_are_refused():
    die = VirtualDie()
    assert "1..20" in str(raises(ValueError, die.roll, 0))
    raises(ValueError, die.roll, 21)
    raises(ValueError, VirtualDie, 1)


def test_other_dice_sizes_use_their_own_limit():
    d20 = VirtualDie(sides=20, urandom=_Bytes([240, 241, 255, 239]))
    assert d20.roll(1) == (20,)  # 240..255 rejected for a d20, 239 % 20 = 19
