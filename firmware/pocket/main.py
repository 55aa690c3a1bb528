"""The pocket referee's boot: the panel on the reader's bus, the game menu on it.

The first step of the pocket build (docs/DESIGN.md, The pocket build): it brings the OLED
up with firmware/pocket/panel.py on the bus and address hardware/pinout.json gives the
pocket board, and shows the game menu's first screen, laid out on the computer by the
Pi's own layout (host/app/pocket_screens.py, ``/screens/menu.json`` on the board) and
drawn with framebuf from the Pi's packed fonts (``/fonts``). The session and the games
come next. It says on the USB serial line what it did, for the rig and a maker's
terminal: ``POCKET MENU <ms since boot> <pages sent>``.
"""
import json
import time

import machine

from firmware.pocket import board
from firmware.pocket.glyphs import Fonts, draw
from firmware.pocket.panel import Panel


def load_screen(path):
    with open(path) as f:
        screen = json.load(f)
    return [tuple(p) for p in screen["placed"]], screen["mark"]


def main(root=""):
    display = board.choice("display")[0]
    bus = getattr(board, display.upper() + "_BUS")
    panel = Panel(board.bus(machine, bus), board.address(display),
                  sh1106=display == "sh1106")
    fonts = Fonts(root + "/fonts")
    frame = bytearray(1024)
    placed, mark = load_screen(root + "/screens/menu.json")
    draw(frame, placed, mark, fonts)
    pages = panel.show(frame)
    print("POCKET MENU %d %d" % (time.ticks_ms(), pages))
    while True:
        time.sleep_ms(50)  # the buttons and the reader come here with the session
