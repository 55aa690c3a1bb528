"""The reader hub: MicroPython firmware for the Raspberry Pi Pico (also runs on CPython
for the demo and the tests, against simulated chips)."""


def forget(names):
    """Let the garbage collector have modules nobody needs any more (the boot's once the
    hub runs, the enrollment's once a write is over): out of ``sys.modules`` and off this
    package (or its own package: ``firmware.pocket.board``), so the next import loads them
    again. A module never loaded is no matter."""
    import sys

    for name in names:
        sys.modules.pop(name, None)
        parent, _, last = name.rpartition(".")
        if parent == "firmware":
            globals().pop(last, None)
        elif parent in sys.modules:
            sys.modules[parent].__dict__.pop(last, None)
