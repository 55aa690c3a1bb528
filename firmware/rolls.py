"""The roll detector: from accelerometer samples to ROLLING, FACE n and CROOKED.

A roll counts only if the die *tumbled* and then *rested* (docs/DESIGN.md, "The die's
roll detector", has the figures from dice thrown in MuJoCo):

- **agitation**: every sample adds its jerk (how much the reading changed since the last
  sample, summed over the axes, in mg) to a leaky ``energy`` that loses 1/8 of itself per
  sample; free fall (under 0.35 g) adds a bonus. A throw, impacts or a shake push it over
  ``roll_energy`` within a few samples; turning the die over slowly in the hand stays
  well under it.
- **turned over**: agitation alone is no roll: a die set down from a few mm, dropped flat
  or slid across the table is knocked as hard as a thrown one. While the die is handled
  gently or lies still, the detector keeps where gravity points (the *reference*); the
  movement is a roll only once the die turned over against it: a gravity-like reading
  (0.6..1.6 g) more than 50 degrees away, twice in a row (gravity seen from another
  face), or three knocks over 2.5 g pointing that far away (a die bouncing on its edges
  and corners, spinning too fast to show gravity in between). A die set down or dropped
  flat is knocked from below, along its old up axis, and a slide pushes it sideways by
  less than 1 g: neither turns it. ROLLING is sent when both hold.
- **rest**: a result needs a *steady* rest: every sample within ``steady_band`` (12 mg,
  three times the sensor's noise) of the window's own mean for ``steady_ms``; the window
  starts again at any sample outside it, so a die that rocks to a stop is taken 40 ms
  after it stops. A die lying in a hand reads less steadily than on a table (the hand's
  tremor, the die settling into the palm), hence the tight band. A rest that is calm but
  never steady (within ``band``: a die wobbling, a noisy sensor, a trembling hand) is
  taken only after ``settle_ms`` (300 ms), longer than a pause in a shake. A still hand
  held level still fools it (docs/DESIGN.md).
- **the face**: the mean of that window is matched against the die's face table; within
  its tolerance (3 degrees) it is FACE n, otherwise CROOKED (the die leans on something:
  the players re-roll, nothing is guessed). A die can pause balanced on an edge before it
  falls flat, so a tilted rest must last ``crooked_ms`` before it is called CROOKED; a
  flat one is final at once. One result per roll: a new roll needs a new tumble.
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
# Turned over: a reading of 0.6..1.6 g (in 32 mg steps; coarser over 1.6 g) more than
# 50 degrees from the reference, cos^2(50) = 0.41, kept times 100: every product stays
# under MicroPython's small-int limit (2^30) for readings up to the 16 g clamp.
_TURN_LO2 = const(600 * 600)
_TURN_HI2 = const(1600 * 1600)
_COS2_TURN = const(41)
_KNOCK2 = const(2500 * 2500)
_QUIET = const(1200)  # energy under this: handled gently or lying still
_WINDOW_CAP = const(64)  # keep the resting mean over at most this many samples
# (``crooked_ms`` must stay under the cap's duration: 640 ms at 100 Hz)


class RollDetector:
    """Feed it one sample at a time (milli-g); it says when a roll starts and ends.

    ``face`` is the face up while resting (0 when crooked or not known yet) and ``rolls``
    counts the rolls seen. Thresholds are per sample at ``rate_hz`` (100 by default).
    """

    def __init__(self, faces, rate_hz=100, settle_ms=300, roll_energy=5000, still_jerk=200,
                 band=110, crooked_ms=300, steady_ms=40, steady_band=12):
        self.faces = faces
        self.rate_hz = rate_hz
        self.quick = max(2, steady_ms * rate_hz // 1000)
        self.settle = max(self.quick, settle_ms * rate_hz // 1000)
        self.steady_band = steady_band
        self.crooked_settle = max(self.quick, crooked_ms * rate_hz // 1000)
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
        # The steady window (count, sums) and where gravity pointed before the movement
        # (32 mg steps): lists, so the hub's heap interns fewer names.
        self._qs = [0, 0, 0, 0]
        self._ref = [0, 0, 0]
        # Samples in a row pointing well away from it, knocks that far off in this
        # movement, and whether the last sample was a knock.
        self._turn = [0, 0, 0]
        self.turned = False

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
            # (The reference is set by calm samples only: none yet, nothing has turned.)
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

        # Did it turn over? A reading pointing more than 50 degrees away from where gravity
        # pointed before the movement: gravity seen from another face (0.6..1.6 g, twice
        # in a row), or a knock (over 2.5 g) on an edge or a corner, three in one movement
        # (a die bouncing across the table, spinning too fast to show gravity in between).
        # A die set down, dropped flat or hopping on its face is knocked from below, along
        # its old up axis; a slide pushes it sideways under 1 g.
        turn = self._turn
        if m2 >= _TURN_LO2:
            if m2 <= _TURN_HI2:
                ax = x >> 5
                ay = y >> 5
                az = z >> 5
            else:  # coarser steps: every product stays a small int whatever the range
                ax = x >> 8
                ay = y >> 8
                az = z >> 8
            ref = self._ref
            rx = ref[0]
            ry = ref[1]
            rz = ref[2]
            dot = ax * rx + ay * ry + az * rz
            off = dot < 0 or dot * dot < _COS2_TURN * (ax * ax + ay * ay + az * az) * (
                rx * rx + ry * ry + rz * rz) // 100
            if m2 <= _TURN_HI2:
                if off:
                    turn[0] += 1
                    if turn[0] >= 2:
                        self.turned = True
                else:
                    turn[0] = 0
            elif m2 > _KNOCK2:
                if off and not turn[2]:
                    turn[1] += 1
                    if turn[1] >= 3:
                        self.turned = True
                turn[2] = 1
        if m2 <= _KNOCK2:
            turn[2] = 0

        # Two resting windows of consecutive calm samples: the calm one, every sample near
        # the running mean (within ``band``), and the steady one, within ``steady_band`` of
        # its own mean (a few times the sensor's noise), restarted at any sample outside it.
        n = self._n
        qs = self._qs
        q = qs[0]
        if jerk < self.still_jerk and _REST_LO2 <= m2 <= _REST_HI2:
            if n:
                band = self.band * n
                if abs(x * n - self._sx) > band or abs(y * n - self._sy) > band or \
                        abs(z * n - self._sz) > band:
                    n = 0
                    self._sx = self._sy = self._sz = 0
            if q:
                band = self.steady_band * q
                if abs(x * q - qs[1]) > band or abs(y * q - qs[2]) > band or \
                        abs(z * q - qs[3]) > band:
                    q = 0
                    qs[1] = qs[2] = qs[3] = 0
            if n >= _WINDOW_CAP:  # a long rest: keep the mean, bound the sums
                n >>= 1
                self._sx >>= 1
                self._sy >>= 1
                self._sz >>= 1
            if q >= _WINDOW_CAP:
                q >>= 1
                qs[1] >>= 1
                qs[2] >>= 1
                qs[3] >>= 1
            self._sx += x
            self._sy += y
            self._sz += z
            n += 1
            qs[1] += x
            qs[2] += y
            qs[3] += z
            q += 1
            calm = True
            if e < _QUIET:  # handled gently, or lying there: the new reference
                ref = self._ref
                ref[0] = x >> 5
                ref[1] = y >> 5
                ref[2] = z >> 5
                turn[0] = 0
                if self.state != TUMBLING:
                    self.turned = False
                    turn[1] = 0
        else:
            n = 0
            self._sx = self._sy = self._sz = 0
            q = 0
            qs[1] = qs[2] = qs[3] = 0
            calm = False
        self._n = n
        qs[0] = q

        state = self.state
        if state != TUMBLING and e > self.roll_energy and self.turned:
            self.state = TUMBLING
            self.rolls += 1
            return ROLLING
        if state == RESTING:
            if not calm:
                self.state = HANDLING
                self.peak = e
            return NOTHING
        # A rest: steady (within a few times the sensor's noise) for ``quick`` samples, or
        # calm for ``settle``.
        if q >= self.quick:
            n = q
            sx = qs[1]
            sy = qs[2]
            sz = qs[3]
        elif n >= self.settle:
            sx = self._sx
            sy = self._sy
            sz = self._sz
        else:
            n = 0
        if not n:
            return NOTHING
        # At rest: the mean of the window decides the face.
        face = self.faces.match(sx // n, sy // n, sz // n)
        if face == 0 and n < self.crooked_settle:
            return NOTHING  # tilted: crooked, or about to fall flat? Wait and see.
        self.face = face
        self.state = RESTING
        self.energy = 0  # a new roll needs a new tumble
        self.turned = False
        if state == TUMBLING:
            return FACE if self.face else CROOKED
        return NOTHING
