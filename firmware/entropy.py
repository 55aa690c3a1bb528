"""Random bytes from the hardware: ``os.urandom`` on the Pico (the RP2040's ring-oscillator
RNG) and on CPython. The WebAssembly MicroPython used by the tests has no hardware RNG and
no ``os.urandom``; there ``random.getrandbits`` stands in, which is fine for tests and never
used on a board. Its ``os`` is a Python package (about 1.4 KB of heap, where a board's is
built in), so it is not even loaded there just to find ``urandom`` missing.
"""
import sys

if sys.platform == "webassembly":
    import random

    def urandom(n):
        out = bytearray(n)
        for i in range(n):
            out[i] = random.getrandbits(8)
        return bytes(out)
else:
    from os import urandom  # noqa: F401
