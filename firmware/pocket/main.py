"""The pocket referee's boot: the panel on the reader's bus, the game menu on it.

The first step of the pocket build (docs/DESIGN.md, The pocket build): it brings the OLED
up with firmware/pocket/panel.py on the bus and address hardware/pinout.json gives the
pocket board, and shows the game menu's first screen (its view made by the build,
host/app/pocket_screens.py: ``/screens/menu.json``), laid out on the board by the layout
the Pi uses (shared_rules/display/layout.py) and drawn with framebuf from the Pi's packed
fonts (``/fonts``). The session and the games
come next. It says on the USB serial line what it did, for the rig and a maker's
terminal: ``POCKET MENU <ms since boot> <pages sent>``.
"""
import json
import time

import machine

from firmware.pocket import board
from firmware.pocket.glyphs import Fonts, draw
from firmware.pocket.panel import Panel
from shared_rules.display.screens import View


def load_view(path):
    """A view the build wrote (host/app/pocket_screens.py): its fields."""
    with open(path) as f:
        fields = json.load(f)
    fields["big"] = tuple(fields["big"])
    fields["lines"] = tuple(fields["lines"])
    return View(**fields)


def main(root=""):
    display = board.choice("display")[0]
    bus = getattr(board, display.upper() + "_BUS")
    panel = Panel(board.bus(machine, bus), board.address(display),
                  sh1106=display == "sh1106")
    fonts = Fonts(root + "/fonts")
    frame = bytearray(1024)
    draw(frame, load_view(root + "/screens/menu.json"), fonts)
    pages = panel.show(frame)
    print("POCKET MENU %d %d" % (time.ticks_ms(), pages))
    while True:
        time.sleep_ms(50)  # the buttons and the reader come here with the session
