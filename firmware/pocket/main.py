"""The pocket referee: the game menu, then a whole game refereed on the Pico alone.

It brings the OLED up with firmware/pocket/panel.py on the bus and address
hardware/pinout.json gives the pocket board, speaks the table's language (``/language``,
English when there is none) from the catalogues packed for the board
(firmware/pocket/words.py, ``/words``), and builds the hub's own drivers on the hub's pins
(firmware/wiring.py: the PN532, the die's accelerometer) with the pocket's four buttons.
If the flash holds a game (firmware/pocket/game.py), it is restored by folding its journal
and play goes on where it stopped; else it shows the game menu
(shared_rules/display/menu.PocketMenu: the games the build listed in
``/screens/games.json``, then the language, then "Enroll tiles (USB)": the board restarts
as a reader hub for ``hexref enroll`` on a computer until its next reset,
firmware/pocket/reader.py). Every screen is laid out on the board by the layout the Pi uses and
drawn with framebuf from the Pi's packed fonts (``/fonts``).

In the menu, UP, DOWN, OK and BACK move; a language chosen is spoken at once and kept for
the next boot; a game chosen starts. In a game the session is the Pi's
(shared_rules/core/session.py): a tapped tile (trusted by firmware/pocket/book.py), the die and
the buttons go in, and each input is journalled on flash before its screen is drawn (the
Pi's own screens: firmware/pocket/screen.py). OK opens the referee's menu of what may be
done now (UP/DOWN move in it, OK does it, BACK closes it); with it closed, UP and DOWN are
the players' buttons (the hub's A and B: "yes, mine", "my roster is done"), and BACK held
is undo. Once the game is won, OK goes back to the game menu. A game with timers
(Invocations' Master's, IN-4) has them run on the board's clock by the rule the Pi runs
(shared_rules/games/invocations/timers.py): one that runs out is an input journalled like any
other, and the countdown is drawn again as its second changes (not over a message the
Pi would still hold: 1.5 s a note, 2.5 s a refusal, host/app/messages.py).

It says on the USB serial line what it did, for the rig and a maker's terminal::

    POCKET MENU <ms since boot> <pages sent>      the menu's first screen
    POCKET SCREEN <ms> <pages>                    each menu screen after it
    POCKET PLAY <variant> <players>               a game chosen (after its screen)
    POCKET RESTORED <variant> <entries> <ms since boot>
    POCKET ENTRY <n> <target> <accepted 0/1> <ms the event was seen> <ms on the glass>
                 <heap in use, when the table was last quiet> <input>
    POCKET WIN <players>
    POCKET HEAP <in use now> <most in use after an input> <most allocated before a collection>
    POCKET NOTE ...                               what went wrong but let it go on
    POCKET READER                                 a reader hub from now until the next reset
"""
import gc
import json
import time

import machine

from firmware import forget
from firmware.pocket import screen as screens
from firmware.pocket.glyphs import Fonts, draw
from firmware.pocket.panel import Panel
from firmware.pocket.presses import PRESS
from firmware.pocket.words import rest as rest_words
from firmware.pocket.words import speak
from shared_rules.protocol.events import TableEvent

PLAYER_BUTTON = {"UP": "A", "DOWN": "B"}  # with the referee's menu closed
TICK_MS = 100  # a game's timers are wound this often, as the Pi's loop does
NOTE_HOLD_MS = 1500  # a message stays this long before a countdown draws over it
REFUSED_HOLD_MS = 2500
QUIET_MS = 50  # the table quiet this long after a press's input: the heap is collected
WATCHDOG_MS = 5000  # the RP2040 allows up to 8.3 s; an input takes under 0.3 s
BUTTON = 0  # where a queued event came from (Table)
READER = 1
DIE = 2
# Nothing refers to these once the pocket is built: the pins (the pocket's and the hub's),
# the wiring and what it starts with. Forgotten, their code leaves the heap (make bench).
MENU = "shared_rules.display.menu"  # the menu's code, forgotten while a game is played
# The registry of games, once the game played is found and its engine and screens made
# (1.3 KB: node tests/mpy/bench_heap_by_module.mjs shared_rules.games); an undo's new
# engine loads it again until the next input.
REGISTRY = "shared_rules.games"
BOOT_ONLY = ("firmware.pocket.board", "firmware.pocket.parts", "firmware.wiring",
             "firmware.hub.board", "firmware.resets", "firmware.pn532_start",
             "firmware.faces_setup", "firmware.entropy", "firmware.pocket.reader")


def load_menu(root, lang):
    """The menu the build listed (host/app/pocket_screens.py), in ``lang``."""
    from shared_rules.display.menu import PocketMenu

    with open(root + "/screens/games.json") as f:
        listed = json.load(f)
    games = tuple((family, tuple((label, variant, n, tuple(counts))
                                 for label, variant, n, counts in kinds))
                  for family, kinds in listed["games"])
    menu = PocketMenu(games, tuple((code, name) for code, name in listed["languages"]), lang)
    menu.packages = listed.get("packages", {})  # each game's package: imported alone
    return menu


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


class Table:
    """What the players do, in the order they did it: the buttons' edges latched by their
    pins' interrupts (firmware/pocket/presses.py), the reader tended by the loop and, while
    the loop is busy with an input, between the stages of its screen (``tend``), the die by
    the loop (``roll``) and, less often, by ``tend`` too; each event queued with the time it
    was seen, in the order of those times.

    An input took 150-280 ms from its event to its screen on the glass before the journal
    was a page program (its littlefs write 50-150 ms of it; now ~58 ms median, ~130 ms at
    most: the session, the layout, the glyphs read from flash, the panel's I2C), and a
    reader polled only between inputs left a tile placed
    just after one unread for 274-304 ms: lifted at the demo's 300 ms, read or missed by a
    few ms; lifted at 250 ms, missed (tests/pico/pocket_suite.py). The reader is a state
    machine of short bus transactions (firmware/nfc.py), so the stages call ``tend``
    between them (each page sent to the panel, each text drawn: ``between``), and a tile
    placed while a screen is made is read before that screen is done (make bench: a tile
    placed -> its TAP seen, at most ~50 ms). Not from a timer: a timer's callback waits for the VM,
    silent through a collection (22 ms) and a flash erase (47 ms) all the same, and a 2 ms
    timer polling the reader took the CPU from the screens (event to glass 136 -> 202 ms).
    The die is tended there too, every ``DIE_TEND_MS`` at most: a die thrown just after a
    press tumbles (0.3 s on the rig) while that press's screen is made, and a die read by
    the loop alone found it at rest, its roll never seen (HeroScape's first attack roll,
    thrown 120 ms after the height press, after a restore: the input took 294 ms unsampled).
    Sampled at 100 Hz through every screen it made each input ~20 ms slower; a tumble
    shows within two or three samples, so one in 30 ms is enough.

    A press is known at its release's edge (firmware/pocket/presses.py), whose interrupt
    comes before the loop runs on: the edges are drained before the reader is read, and
    each event is queued by its time, so a press let go before a tile came is taken
    before it, whatever the board was doing meanwhile."""

    DIE_TEND_MS = 30  # the die between an input's stages, at most this often
    READ_TEND_MS = 20  # the reader between an input's stages, at most this often
    # ``between`` looks at nothing more often than this: it is called after each text and
    # each page (~30 times an input), and a call that drains, feeds and reads the clock
    # cost ~80 us, ~2.5 ms an input, for turns that are due every 20-30 ms.
    BETWEEN_MS = 5
    RESTING_TEND_MS = 60  # a look for a tag between an input's stages, a tile resting
    KEPT = 16  # events waiting for the loop, at most

    def __init__(self, presses):
        self.presses = presses
        self.reader = self.die = None  # tended once built (main)
        self.watchdog = None  # fed at each tend once the game or the menu is up (run)
        self.waiting = []  # (ms when seen, BUTTON | READER | DIE, event), in time order
        self.fault = None  # what the reader or the die raised, for the loop to say
        self.sampled = 0  # when tend last sampled the die (board's ms)
        self.read = 0  # when tend last stepped the reader
        self.looked = 0  # when ``between`` last tended
        # A game is played: with none (the menu), a tile or a throw does nothing, so the
        # menu's screens are drawn with no reader or die turns between their stages.
        self.playing = False

    def _keep(self, now, source, event):
        waiting = self.waiting
        if len(waiting) >= self.KEPT:
            return
        at = len(waiting)
        while at and time.ticks_diff(waiting[at - 1][0], now) > 0:
            at -= 1  # a press let go before a tile read since
        waiting.insert(at, (now, source, event))

    def _press(self, now, event):
        self._keep(now, BUTTON, event)

    def writing(self, on):
        """The journal begins a flash write (True) or is done with it (False): a button's
        interrupt may come late meanwhile (firmware/pocket/presses.py). The write is a page
        program or two (firmware/pocket/space.py): the reader waits for the next turn."""
        if self.presses is not None:
            self.presses.quiet[0] = on

    def between(self):
        """``tend`` between an input's stages (each text drawn, each page sent), at most
        every ``BETWEEN_MS``. There the reader starts a look for a tag at most every
        ``READ_TEND_MS`` (each look a few bus transactions; twenty a screen made an input
        ~40 ms slower), or every ``RESTING_TEND_MS`` while a tile rests on it (only its
        lifting can come, which changes no screen: a tap's own screen is made with the
        tapped tile resting), and a look begun is taken on at every call (the chip's IRQ
        pin says when it has an answer: no transaction until then): a look took 60-80 ms
        of a screen when each of its steps waited 20 ms, and a tile placed while a press's
        screen was made was seen only after it. In the menu, the buttons alone (a menu's
        screen came ~10 ms sooner)."""
        now = time.ticks_ms()
        reader = self.reader
        busy = reader is not None and reader.busy
        if not busy and time.ticks_diff(now, self.looked) < self.BETWEEN_MS:
            return
        self.looked = now
        if not self.playing:
            self.tend(-1)
        elif busy:
            self.tend(0)
        else:
            self.tend(self.RESTING_TEND_MS if reader is not None and reader.resting
                      else self.READ_TEND_MS)

    def tend(self, every=0):
        """The buttons' edges drained, one step of the reader (a bus transaction or two)
        unless it had one within ``every`` ms and, when it is due, a sample of the die,
        their events queued (neither with ``every`` < 0); the watchdog fed. Never raises: a
        fault waits for ``next``."""
        if self.watchdog is not None:
            self.watchdog.feed()
        presses = self.presses
        if presses is not None:
            presses.drain(self._press)
        now = time.ticks_ms()
        try:
            if every < 0:
                return
            if self.reader is not None and (not every or
                                            time.ticks_diff(now, self.read) >= every):
                self.read = now
                event = self.reader.poll(now)
                if event is not None:
                    self._keep(now, READER, event)
            if self.die is not None and \
                    time.ticks_diff(now, self.sampled) >= self.DIE_TEND_MS:
                self.sampled = now
                self.roll()
        except Exception as exc:  # said by the loop, on the line and the panel
            self.fault = exc

    def reading(self):
        """Is the reader reading a new tag's record (its TAP coming)?"""
        return self.reader is not None and self.reader.reading

    def roll(self):
        """The die's next sample when it is due, its event queued."""
        if self.die is None:
            return
        now = time.ticks_ms()
        event = self.die.poll(now)
        if event is not None:
            self._keep(now, DIE, event)

    def next(self):
        """The next thing done at the table, (ms, source, event), or None."""
        fault = self.fault
        if fault is not None:
            self.fault = None
            raise fault
        presses = self.presses
        if presses is not None:
            presses.drain(self._press)
        return self.waiting.pop(0) if self.waiting else None


class Pocket:
    def __init__(self, root, panel, fonts, lang, table):
        self.root = root
        self.table = table
        self.tend = table.between  # the reader, between the stages of an input (Table)
        self.panel = panel
        self.fonts = fonts
        self.lang = lang  # the table's, spoken
        # The game menu, while no game is played: its code forgotten and made again from
        # /screens when a game is over (heap a game has for itself).
        self.menu = None
        self.frame = bytearray(1024)
        self.shown = None  # the view on the glass
        self.painted = None  # what draw painted into the frame (glyphs.draw: only what
        # changed is painted again)
        from firmware.pocket.book import Book

        self.book = Book(root + "/tiles")
        self.game = None
        self.screens = None  # the game's, while one is played
        self.die = None  # the pocket's own die (firmware/die.py), told what a game asks
        self.boot = ""
        self.seq = 0
        self.live = 0  # the heap in use, measured when the table was last quiet (collect)
        self.owed = False  # a collection owed since the last input
        self.acted = 0  # when the last input's screen was on the glass (board's ms)
        self.live_peak = 0
        self.alloc_peak = 0
        self.counted = None  # the seconds the countdown on the glass shows
        self.held = None  # when the message on the glass may be drawn over (board's ms)

    def show(self, view, counting=False):
        """Lay ``view`` out, draw it and send what changed; nothing at all when it is the
        view already on the glass (a tile lifted: journalled, not shown), so the loop is
        back at the reader and the die sooner. ``counting``: a countdown on the glass, drawn
        again each second."""
        if view == self.shown:
            return 0
        self.shown = None
        before, self.painted = self.painted, None  # a frame half painted is painted whole
        self.tend()
        self.painted = draw(self.frame, view, self.fonts, self.tend, before)
        if self.game is not None and not counting:
            # The screen made: the fonts' and the catalogue's files closed, each holding
            # littlefs' 1 KB cache, which a game's heap needs more (5.5 KB; opened again at
            # the next screen, ~1 ms each). The menu keeps them: a button's screen sooner;
            # so does a countdown, drawn again each second (a game with timers, Invocations,
            # has the heap to spare).
            self.fonts.close()
            rest_words()
        pages = self.panel.show(self.frame)
        self.shown = view
        return pages

    def show_game(self, reaction=None):
        left = self.game.timers_ms()
        self.counted = self._seconds(left)
        return self.show(screens.game(self.screens, self.game.session, reaction, left),
                         bool(left))

    def _seconds(self, left):
        seconds = 0
        for ms in left.values():
            seconds = seconds * 1000 + (ms + 999) // 1000
        return seconds

    # --- the game menu -----------------------------------------------------------------

    def menu_press(self, name):
        chosen = self.menu.press(name)
        if chosen is not None and chosen[0] == "reader":
            from firmware.pocket import reader

            reader.ask(self.root)  # the board resets
        if chosen is not None and chosen[0] == "speak":
            speak(self.root + "/words", chosen[1])
            self.lang = chosen[1]
            save_language(self.root, chosen[1])
        if chosen is not None and chosen[0] == "play":
            self.start(chosen[1], chosen[2])
            return
        pages = self.show(self.menu.view())
        print("POCKET SCREEN %d %d" % (time.ticks_ms(), pages))

    def start(self, variant, players):
        from firmware.pocket import game

        package = self.menu.packages.get(variant) if self.menu is not None else None
        self.game = self.screens = self.menu = None
        forget((MENU,))
        gc.collect()
        self.game = game.start(self.root, variant, players, self.book, self.table.writing,
                               package)
        self.table.playing = True
        self.screens = self.game.screens()
        forget((REGISTRY,))
        self.open_die()
        self.show_game()
        print("POCKET PLAY %s %d" % (variant, players))

    def restore(self):
        from firmware.pocket import game

        self.game = game.saved(self.root, self.book, self.table.writing)
        if self.game is None:
            return False
        self.book.hold(self.game.session.applied)  # a tile tapped again: its signature only
        self.table.playing = True
        self.screens = self.game.screens()
        forget((REGISTRY,))
        self.open_die()
        self.show_game()
        print("POCKET RESTORED %s %d %d" % (self.game.variant, self.game.session.journal.count,
                                            time.ticks_ms()))
        return True

    def open_die(self):
        """The die as the game wants it: rolled as it lands, unless the game asks for
        virtual dice (HeroScape's: what the Pi's hub is told, done here)."""
        die = self.die
        if die is not None and die.sensor is not None:
            die.set_mode("physical")
        self.obey(self.game.opening())

    def obey(self, commands):
        """What the game asks of the die, as the hub does the Pi's DIEMODE and ROLL: a
        virtual roll is the die's next event, read by the loop as a thrown one is."""
        die = self.die
        for command in commands:
            if die is None:
                print("POCKET NOTE no die for %s" % (command,))
            elif command[0] == "DIEMODE":
                die.set_mode(command[1])
            elif command[0] == "ROLL":
                die.roll(command[1])

    # --- play --------------------------------------------------------------------------

    def take(self, now, source, event):
        """One thing done at the table (Table.next): a button in the menu or the game;
        a tile or the die in a game (with none, they wait for one: nothing to do)."""
        if source == BUTTON:
            if self.game is not None:
                self.press(now, event[0], event[1])
            elif event[1] == PRESS:
                self.menu_press(event[0])
        elif self.game is None:
            return
        elif source == READER:
            if event[0] == "TAP":
                self.event(now, "TAP", uid=event[1], record=event[2])
            else:
                self.event(now, "GONE", uid=event[1])
        elif event[0] == "FACE":
            self.event(now, "DIE", die="FACE", faces=tuple(event[1]))
        else:
            self.event(now, "DIE", die=event[0])

    def event(self, now, kind, **fields):
        self.seq += 1
        # A tile lifted off the reader is journalled, but it is not an input: what the glass
        # shows stays, a message with it (as on the Pi: "Rolling..." until the die rests).
        self.react(now, self.game.session.on_event(TableEvent(kind, self.boot, self.seq,
                                                         **fields)), kind != "GONE")

    def press(self, now, name, action):
        session = self.game.session
        if session.legal().expect == "over" and name == "OK" and action == PRESS:
            self.game = self.screens = None  # its journal stays until another game starts
            self.table.playing = False
            gc.collect()
            self.menu = load_menu(self.root, self.lang)
            pages = self.show(self.menu.view())
            print("POCKET SCREEN %d %d" % (time.ticks_ms(), pages))
            return
        if not session.menu_open and name in PLAYER_BUTTON:
            self.event(now, "BTN", button=PLAYER_BUTTON[name], action=action)
            return
        self.react(now, session.on_press(name, action))

    def tick(self, now):
        """The game's timers wound to ``now``: one that ran out makes its input; else the
        countdown is drawn again when the second it shows has changed."""
        reaction = self.game.tick(now)
        if reaction is not None:
            self.react(now, reaction)
            return
        if self.held is not None:
            if time.ticks_diff(now, self.held) < 0:
                return
            self.held = None  # compared once, not after the clock wrapped past it
        if self.game.timers is not None and self._seconds(self.game.timers_ms()) != self.counted:
            self.show_game()

    def collect(self):
        """The heap tidied and its use measured, and the journal's next block made when
        less than one is left (a littlefs write, 50-150 ms): owed by each input (``play``).
        A collection is ~23 ms the board hears nothing in. After a tile's or the die's
        input it is done at once, unless something waits or a new tag is being read (a
        tile rests, or was lifted, and the next comes as a hand reaches it); after a press
        once the table has been quiet for ``QUIET_MS``: a press hands the turn on or asks
        for a throw, and the tile that follows at once waited for the collection (make
        bench's slowest tile, 150 ms)."""
        self.owed = False
        if self.game is not None:
            self.game.reserve()
        gc.collect()
        self.live = gc.mem_alloc()
        self.live_peak = max(self.live_peak, self.live)

    def react(self, now, reaction, drawn=True):
        """``drawn``: False for an event that is no input (a tile lifted): unless it
        changed something, the glass is left as it is."""
        self.game.changed()
        self.obey(self.game.asked(reaction))
        if drawn or reaction.note or reaction.result is not None:
            self.show_game(reaction)
            self.held = None  # a new screen: no message holds the glass, but this one's
        shown = time.ticks_ms()
        if reaction.note or (reaction.result is not None and not reaction.accepted):
            hold = NOTE_HOLD_MS if reaction.note else REFUSED_HOLD_MS
            self.held = time.ticks_add(shown, hold)
        entry = reaction.entry
        allocated = gc.mem_alloc()
        self.alloc_peak = max(self.alloc_peak, allocated)
        self.owed = True
        self.acted = shown
        if reaction.won:
            self.collect()
        live = self.live  # the last measured
        if entry is not None:
            print("POCKET ENTRY %d %s %d %d %d %d %s" % (
                self.game.session.journal.count, entry.target, 1 if entry.accepted else 0,
                now, shown, live, json.dumps(list(entry.input))[:60]))
        if reaction.won:  # every game's engine names its winners in its outcome
            session = self.game.session
            print("POCKET WIN %s" % " ".join([session.players[p] for p in
                                              reaction.result.find("winner")["players"]]))
            print("POCKET HEAP %d %d %d" % (live, self.live_peak, self.alloc_peak))


def main(root=""):
    from firmware.pocket import board

    display = board.choice("display")[0]
    bus = getattr(board, display.upper() + "_BUS")
    panel = Panel(board.bus(machine, bus), board.address(display),
                  sh1106=display == "sh1106")
    fonts = Fonts(root + "/fonts")
    lang = saved_language(root)
    speak(root + "/words", lang)
    from firmware.pocket import reader

    if reader.asked(root):  # "Enroll tiles (USB)" chosen before this boot
        from shared_rules.display.menu import reader_view

        frame = bytearray(1024)
        draw(frame, reader_view(), fonts)
        panel.show(frame)
        print("POCKET READER")
        del frame, panel, fonts
        gc.collect()
        reader.run()
        return
    from firmware.pocket import parts

    table = parts.table(board, Table)
    panel.between = table.between
    pocket = Pocket(root, panel, fonts, lang, table)
    # The reader and the die before a game is restored, while the heap is young; the menu
    # (or the game) once the board is ready for it.
    table.reader, table.die, pocket.boot = parts.built(board)
    pocket.die = table.die  # the game's virtual dice are rolled on it
    del board, reader, parts
    forget(BOOT_ONLY)
    gc.collect()
    if not pocket.restore():
        pocket.menu = load_menu(root, lang)
        pages = pocket.show(pocket.menu.view())
        print("POCKET MENU %d %d" % (time.ticks_ms(), pages))
    run(pocket, table)


def run(pocket, table):
    """The loop: the table tended, the game's timers wound, then what was done at the
    table taken, one thing a pass.

    A watchdog (``machine.WDT``) is fed at each tend, by the loop and between the stages of
    an input: a board that hangs (a chip holding the bus, a fault in the firmware) is reset
    and restores its game from the journal, as after a power cut. It starts once the game
    is restored and on the glass, so a restore that itself hangs stays hung rather than
    resetting for ever. Ctrl-C from the computer (mpremote, `make deploy BUILD=pocket`)
    disarms it for the REPL."""
    table.watchdog = machine.WDT(timeout=WATCHDOG_MS)
    try:
        play(pocket, table)
    except KeyboardInterrupt:
        from firmware import resets

        resets.stop_watchdog()
        raise


def play(pocket, table):
    wound = time.ticks_ms()
    while True:
        table.tend()
        seen = None
        try:
            now = time.ticks_ms()
            if pocket.game is not None and time.ticks_diff(now, wound) >= TICK_MS:
                wound = now
                pocket.tick(now)
            if not table.waiting:  # what waits first: a sample is ~1 ms of its screen
                table.roll()
            seen = table.next()
            if seen is not None:
                pocket.take(seen[0], seen[1], seen[2])
                if seen[1] != BUTTON and pocket.owed and not table.waiting and \
                        not table.reading():
                    pocket.collect()  # a tile's or the die's input: at once
            elif pocket.owed and not table.reading() and \
                    time.ticks_diff(time.ticks_ms(), pocket.acted) >= QUIET_MS:
                pocket.collect()
                seen = ()  # a pass that did something: no nap after it
        except Exception as exc:  # a fault is said, on the line and the panel; play goes on
            text = "%s: %s" % (type(exc).__name__, exc)
            print("POCKET NOTE %s" % text)
            pocket.show(screens.fault(text))
        if seen is None and not (table.reader is not None and table.reader.busy):
            # Nothing in flight: a nap. While the reader waits for its chip's answer the
            # loop goes round at once (the IRQ pin says when it is there, no bus transaction
            # until then): a nap of 1-2 ms at each of a look's steps made a tile seen later.
            time.sleep_ms(1)
