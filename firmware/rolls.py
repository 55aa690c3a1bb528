"""The roll detector: from accelerometer samples to ROLLING, FACE n and CROOKED.

A roll counts only if the die *tumbled* and then *rested*:

- **agitation**: every sample adds its jerk (how much the reading changed since the last
  sample, summed over the axes, in mg) to a leaky ``energy`` that loses 1/8 of itself per
  sample; free fall (under 0.35 g) adds a bonus. Tumbling, impacts and a shake in the hand
  or a cup push the energy over ``roll_energy`` within a few samples: that is ROLLING.
  Picking the die up, turning it over in the hand and putting it down, pushing it, or a
  knock on the table stay well under it: that is *handling*, and it reports nothing.
- **rest**: the die is at rest once, for ``settle_ms``, every sample has read about 1 g,
  barely changed from the one before, and stayed near the mean of the others (within
  ``band``). A rest that is *steady*, every sample within ``steady_band`` of that mean (a
  few times the sensor's noise), is taken sooner, after ``steady_ms``: a die still turning
  slowly, or pausing flat for a moment before it tips onto a lean, drifts further than
  that (the physics model's crooked landings pass through such pauses of 50-60 ms).
- **the face**: after a tumble, the mean of that resting window is matched against the
  die's face table; within the face-angle tolerance it is FACE n, otherwise CROOKED (the
  die leans on something: the players re-roll, nothing is guessed). A die can also pause
  for a moment balanced on an edge before it falls flat, so a tilted rest must last
  ``crooked_ms`` before it is called CROOKED; a flat one is final at once.

Everything is integer arithmetic on small ints and attributes: ``update`` allocates
nothing, so the hub can call it at 100 Hz forever.

>>> from firmware.faces_setup import DEFAULT, face_table
>>> d = RollDetector(face_table(DEFAULT))
>>> d.update(0, 0, 1000)
0
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# What ``update`` returns.
NOTHING = const(0)
ROLLING = const(1)
FACE = const(2)
CROOKED = const(3)
NAMES = ("", "ROLLING", "FACE", "CROOKED")

# States.
RESTING = const(0)  # on a face (``face``), crooked (face 0), or unknown after boot
HANDLING = const(1)  # moving, but not (yet) a roll
TUMBLING = const(2)  # a roll is under way: the next rest is its result

_CLAMP = const(16000)  # mg; keeps every square below MicroPython's small-int limit
_JERK_CAP = const(8000)
_FREEFALL2 = const(350 * 350)  # |a| under 0.35 g: flying
_FREEFALL_BONUS = const(300)
_REST_LO2 = const(850 * 850)  # |a| within 0.85..1.15 g: lying on something
_REST_HI2 = const(1150 * 1150)
_WINDOW_CAP = const(64)  # keep the resting mean over at most this many samples
# (``crooked_ms`` must stay under the cap's duration: 640 ms at 100 Hz)


class RollDetector:
    """Feed it one sample at a time (milli-g); it says when a roll starts and ends.

    ``face`` is the face up while resting (0 when crooked or not known yet) and ``rolls``
    counts the rolls seen. Thresholds are per sample at ``rate_hz`` (100 by default).
    """

    def __init__(self, faces, rate_hz=100, settle_ms=70, roll_energy=5000, still_jerk=200,
                 band=110, crooked_ms=300, steady_ms=40, steady_band=20):
        self.faces = faces
        self.rate_hz = rate_hz
        self.settle = max(2, settle_ms * rate_hz // 1000)
        self.quick = max(2, min(self.settle, steady_ms * rate_hz // 1000))
        self.steady_band = steady_band
        self.crooked_settle = max(self.settle, crooked_ms * rate_hz // 1000)
        self.roll_energy = roll_energy
        self.still_jerk = still_jerk
        self.band = band
        self.reset()

    def reset(self):
        self.state = HANDLING  # unknown until the first rest: a boot is not a roll
        self.face = 0
        self.rolls = 0
        self.energy = 0
        self.peak = 0  # the highest energy of the current movement (for tuning, tests)
        self._px = self._py = self._pz = 0
        self._fresh = True
        self._n = 0
        self._sx = self._sy = self._sz = 0
        self._steady = True

    def update(self, x, y, z):
        """Take one sample; returns NOTHING, ROLLING, FACE or CROOKED."""
        if x > _CLAMP:
            x = _CLAMP
        elif x < -_CLAMP:
            x = -_CLAMP
        if y > _CLAMP:
            y = _CLAMP
        elif y < -_CLAMP:
            y = -_CLAMP
        if z > _CLAMP:
            z = _CLAMP
        elif z < -_CLAMP:
            z = -_CLAMP
        if self._fresh:
            self._fresh = False
            self._px = x
            self._py = y
            self._pz = z
        jerk = abs(x - self._px) + abs(y - self._py) + abs(z - self._pz)
        if jerk > _JERK_CAP:
            jerk = _JERK_CAP
        self._px = x
        self._py = y
        self._pz = z
        m2 = x * x + y * y + z * z
        e = self.energy
        e += jerk - (e >> 3)
        if m2 < _FREEFALL2:
            e += _FREEFALL_BONUS
        self.energy = e
        if e > self.peak:
            self.peak = e

        # The resting window: consecutive calm samples close to their running mean.
        n = self._n
        if jerk < self.still_jerk and _REST_LO2 <= m2 <= _REST_HI2:
            band = self.band * n
            if n:
                dx = abs(x * n - self._sx)
                dy = abs(y * n - self._sy)
                dz = abs(z * n - self._sz)
                if dx > band or dy > band or dz > band:
                    n = 0
                    self._sx = self._sy = self._sz = 0
                else:
                    band = self.steady_band * n
                    if dx > band or dy > band or dz > band:
                        self._steady = False
            if not n:
                self._steady = True
            if n >= _WINDOW_CAP:  # a long rest: keep the mean, bound the sums
                n >>= 1
                self._sx >>= 1
                self._sy >>= 1
                self._sz >>= 1
            self._sx += x
            self._sy += y
            self._sz += z
            n += 1
            calm = True
        else:
            n = 0
            self._sx = self._sy = self._sz = 0
            calm = False
        self._n = n

        state = self.state
        if state != TUMBLING and e > self.roll_energy:
            self.state = TUMBLING
            self.rolls += 1
            return ROLLING
        if state == RESTING:
            if not calm:
                self.state = HANDLING
                self.peak = e
            return NOTHING
        if n < self.settle and (n < self.quick or not self._steady):
            return NOTHING
        # At rest: the mean of the window decides the face.
        face = self.faces.match(self._sx // n, self._sy // n, self._sz // n)
        if face == 0 and n < self.crooked_settle:
            return NOTHING  # tilted: crooked, or about to fall flat? Wait and see.
        self.face = face
        self.state = RESTING
        self.energy = 0  # a new roll needs a new tumble
        if state == TUMBLING:
            return FACE if self.face else CROOKED
        return NOTHING

