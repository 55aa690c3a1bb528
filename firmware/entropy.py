"""Random bytes from the hardware: ``os.urandom`` on the Pico (the RP2040's ring-oscillator
RNG) and on CPython. The WebAssembly MicroPython used by the tests has no ``os.urandom``;
there ``random.getrandbits`` stands in, which is fine for tests and never used on a board.
"""
try:
    from os import urandom
except ImportError:
    import random

    def urandom(n):
        out = bytearray(n)
        for i in range(n):
            out[i] = random.getrandbits(8)
        return bytes(out)
