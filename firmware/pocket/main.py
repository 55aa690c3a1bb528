"""The pocket referee's boot: the panel on the reader's bus, the game menu on it.

A step of the pocket build (docs/DESIGN.md, The pocket build): it brings the OLED up with
firmware/pocket/panel.py on the bus and address hardware/pinout.json gives the pocket
board, speaks the table's language (``/language``, English when there is none) from the
catalogues packed for the board (firmware/pocket/words.py, ``/words``), and shows the
game menu (shared_rules/display/menu.Menu: the games the build listed in
``/screens/games.json``, then the language), laid out on the board by the layout the Pi
uses and drawn with framebuf from the Pi's packed fonts (``/fonts``). UP, DOWN, OK and
BACK move in it; a language chosen is spoken at once and kept for the next boot. The
session comes next: a game chosen is only said. It says on the USB serial line what it
did, for the rig and a maker's terminal: ``POCKET MENU <ms since boot> <pages sent>``
for the first screen, ``POCKET SCREEN <ms> <pages>`` for each one after, ``POCKET PLAY
<variant> <players>`` for a game chosen (after its screen), ``POCKET NOTE ...`` for what
went wrong but let it go on.
"""
import json
import time

import machine

from firmware.buttons import PRESS, Buttons
from firmware.pocket import board
from firmware.pocket.glyphs import Fonts, draw
from firmware.pocket.panel import Panel
from firmware.pocket.words import speak
from shared_rules.display.menu import Menu


def load_menu(root, lang):
    """The menu the build listed (host/app/pocket_screens.py), in ``lang``."""
    with open(root + "/screens/games.json") as f:
        listed = json.load(f)
    games = tuple((family, tuple((label, variant, n, tuple(counts))
                                 for label, variant, n, counts in kinds))
                  for family, kinds in listed["games"])
    return Menu(games, tuple((code, name) for code, name in listed["languages"]), lang)


def saved_language(root):
    try:
        with open(root + "/language") as f:
            return f.read().strip() or "en"
    except OSError:
        return "en"


def save_language(root, lang):
    """Keep ``lang`` for the next boot; a flash that takes no write (full, failing) leaves
    the language spoken until then."""
    try:
        with open(root + "/language", "w") as f:
            f.write(lang)
    except OSError as exc:
        print("POCKET NOTE language not kept: %s" % exc)


def main(root=""):
    display = board.choice("display")[0]
    bus = getattr(board, display.upper() + "_BUS")
    panel = Panel(board.bus(machine, bus), board.address(display),
                  sh1106=display == "sh1106")
    fonts = Fonts(root + "/fonts")
    lang = saved_language(root)
    speak(root + "/words", lang)
    menu = load_menu(root, lang)
    frame = bytearray(1024)
    draw(frame, menu.view(), fonts)
    pages = panel.show(frame)
    print("POCKET MENU %d %d" % (time.ticks_ms(), pages))
    pin = machine.Pin
    buttons = Buttons([(name, pin(gp, pin.IN, pin.PULL_UP)) for name, gp in board.buttons()],
                      active_low=board.active_low("button_ok"))
    while True:
        event = buttons.poll(time.ticks_ms())
        if event is None or event[1] != PRESS:
            time.sleep_ms(5)
            continue
        chosen = menu.press(event[0])
        if chosen is not None and chosen[0] == "speak":
            speak(root + "/words", chosen[1])
            save_language(root, chosen[1])
        draw(frame, menu.view(), fonts)
        pages = panel.show(frame)
        print("POCKET SCREEN %d %d" % (time.ticks_ms(), pages))
        if chosen is not None and chosen[0] == "play":
            print("POCKET PLAY %s %d" % (chosen[1], chosen[2]))
