"""The emulated Pico: the official MicroPython v1.22 rp2 firmware on the rp2040js emulator
(``board.mjs``, run by Node from the package ``make setup`` installs under tests/), its
flash a littlefs image of what ``make deploy`` copies (``image.py``), our chip twins
(firmware/sim/twins/) on its buses at the pinout's pins (``rig.py``). ``hexref demo --board
pico`` and ``--board pocket`` play on it, and tests/pico/ tests and measures on it. It runs
on the computer, never on a board: the hub's build and the pocket's leave it out.
"""
