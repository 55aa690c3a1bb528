"""The pocket board as a reader hub for ``hexref enroll`` on a computer, until its next reset.

The pocket has the hub's PN532 and die on the hub's pins and the hub's modules in its build,
so the Pi's ``hexref enroll --port ...`` (host/app/enroll.py: the link protocol,
docs/PROTOCOL.md, a signed record written with ``WRITE``) drives it unchanged. Chosen in
the pocket's menu ("Enroll tiles (USB)", shared_rules/display/menu.PocketMenu), ``ask``
leaves a mark on the flash (``/reader``) and resets the board; at the next boot ``asked``
finds the mark and takes it away at once, so the board is a reader hub for this boot only:
any reset (its button, ``mpremote reset``, the end of ``hexref tiles pocket``, the cable
pulled) brings the games back. The panel keeps the screen drawn before the hub starts
(``reader_view``): the SSD1306 holds its RAM, and the hub never writes the panel.
"""
import os

MARK = "/reader"


def ask(root):
    """Restart as a reader hub: the mark written, then the board reset."""
    import machine

    with open(root + MARK, "w") as f:
        f.write("enroll")
    print("POCKET READER asked")
    machine.reset()


def asked(root):
    """True once when the last boot asked for a reader hub (the mark is gone after)."""
    try:
        os.remove(root + MARK)
    except OSError:
        return False
    return True


def run():
    """The hub itself: the reader hub's boot and loop (firmware/hub/main.py), watchdog
    included."""
    from firmware.hub import main

    main.main()
