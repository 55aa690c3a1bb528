"""HeroScape on the pocket board (firmware/pocket/game.py, screen.py; issue 25, item 1), under
CPython and MicroPython: with virtual dice (HS-6) the game asks the pocket's own die what
the Pi's referee asks its hub (shared_rules/games/heroscape/dice.py: DIEMODE virtual once open,
ROLL n on the roller's press), the die (firmware/die.py, no sensor fitted: the virtual die
only) rolls them, and its faces are the roll the game takes; restored from its file, it
asks the same. With the die rolled per die, nothing is asked."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)

from pocket_folder import folder as board_folder
from pocket_folder import record as signed
from pocket_folder import screens_of

from firmware.die import Die
from firmware.pocket import game, screen
from firmware.pocket.book import Book
from shared_rules.games.heroscape.engine import army_cards
from shared_rules.protocol.events import TableEvent

KEY = bytes(range(32))
UIDS = {"hs/zettian-guards": "04B5C00000A001", "hs/mimring": "04B5C00000B001"}
MIMRING = {"move": 6, "range": 1, "attack": 4, "defense": 3}


def record(entry_id, uid):
    return signed(KEY, entry_id, uid)


def folder(name):
    # Mimring as printed on the demo set's card (basic side).
    return board_folder(name, KEY, ("hs",), entries=[
        dict(entry, **MIMRING) if entry["id"] == "hs/mimring" else entry
        for entry in army_cards()])


class Table:
    def __init__(self, variant):
        self.root = folder(variant)
        self.book = Book(self.root + "/tiles")
        self.game = game.start(self.root, variant, 2, self.book)
        self.seq = 0

    def event(self, kind, **fields):
        self.seq += 1
        return self.game.session.on_event(TableEvent(kind, "B00T", self.seq, **fields))

    def tap(self, entry_id):
        uid = UIDS[entry_id]
        return self.event("TAP", uid=uid, record=record(entry_id, uid))

    def press(self, button):
        return self.event("BTN", button=button, action="press")

    def set_up(self):
        for entry_id, button in (("hs/zettian-guards", "A"), ("hs/mimring", "B")):
            assert self.tap(entry_id).accepted
            self.press(button)
        assert self.game.session.legal().expect == "roll"


def test_hs_6_virtual_dice_on_the_pocket_are_rolled_by_its_own_die_on_the_rollers_press():
    table = Table("heroscape-virtual")
    assert table.game.opening() == [("DIEMODE", "virtual")]
    table.set_up()
    legal = table.game.session.legal()
    roller = "AB"[legal.roll_by]
    shown = screen.game(screens_of("heroscape-virtual"), table.game.session)
    assert shown.footer == "P%d: press %s to roll 5" % (legal.roll_by + 1, roller), shown
    other = "AB"[1 - legal.roll_by]
    assert table.game.asked(table.press(other)) == []  # not theirs to roll
    asked = table.game.asked(table.press(roller))
    assert asked == [("ROLL", 5)], asked
    die = Die(None, None)  # no sensor fitted: the virtual die
    die.roll(asked[0][1])
    kind, faces = die.poll(0)
    assert kind == "FACE" and len(faces) == 5 and all(1 <= f <= 6 for f in faces)
    took = table.event("DIE", die="FACE", faces=faces)
    assert took.accepted, took
    assert table.game.session.game.initiative[legal.roll_by] is not None
    # Restored from its file (a power cut), the game asks the die the same.
    table.game.journal.close()
    again = game.saved(table.root, table.book)
    assert again.opening() == [("DIEMODE", "virtual")]
    assert again.session.game.view() == table.game.session.game.view()


def test_hs_6_dice_rolled_one_by_one_ask_nothing_of_the_die():
    table = Table("heroscape")
    assert table.game.opening() == []
    table.set_up()
    roller = "AB"[table.game.session.legal().roll_by]
    assert table.game.asked(table.press(roller)) == []
    took = table.event("DIE", die="FACE", faces=(1,))
    assert took.accepted, took
    shown = screen.game(screens_of("heroscape"), table.game.session)
    assert shown.kind == "battle" and "4 to go" in shown.footer, shown
