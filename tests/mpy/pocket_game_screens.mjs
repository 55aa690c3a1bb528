// The pocket board's side of a game's screen comparison (tests/host/app/test_pocket_screens.py), the
// screens made on the board: GAME.json holds {"lang", "variant", "players", "prefixes"},
// the prefixes being the game's journal cut after each input ([[target, input, accepted],
// ...], the Pi's session's). For each prefix the board's own session (shared_rules/
// session.py) is restored by folding it, its screen made by firmware/pocket/screen.py
// (the game's shared presenter, the timers as a session that has not wound them shows
// them: full), then with the referee's menu open on each of its choices; each is laid out
// and drawn by firmware/pocket/glyphs.py with framebuf from the packed fonts, in the
// language of the packed catalogue, and printed as one line of hex.
//
// usage: node tests/mpy/pocket_game_screens.mjs FONT_DIR WORDS_DIR GAME.json
import { readFileSync } from "node:fs";
import { load, copySources, copy, walk } from "./interp.mjs";

const [fontDir, wordsDir, gamePath] = process.argv.slice(2);
const out = [];
const mp = await load({ stdout: (line) => out.push(line), heapsize: 4 * 1024 * 1024 });
copySources(mp);
copy(mp, walk(fontDir, (n) => n.endsWith(".hxf")), fontDir, "/fonts");
copy(mp, walk(wordsDir, (n) => n.endsWith(".hxw")), wordsDir, "/words");
mp.FS.writeFile("/game.json", readFileSync(gamePath));
mp.runPython(`
import sys, json, binascii, gc
sys.path.append('/lib')
from firmware.pocket import game, screen
from firmware.pocket.glyphs import Fonts, draw
from firmware.pocket.words import speak
from shared_rules.core.session import Entry, Session

class Journal:
    def __init__(self, entries):
        self.entries = entries

    def append(self, entry):
        self.entries.append(entry)

def tupled(value):
    if isinstance(value, list):
        return tuple([tupled(v) for v in value])
    return value

fonts = Fonts('/fonts')
frame = bytearray(1024)
f = open('/game.json')
todo = json.load(f)
f.close()
speak('/words', todo['lang'])
variant = todo['variant']
from shared_rules import games
described, kind = games.find(variant)
seats = described.seats(todo['players'])
made = lambda: described.engine(kind, seats)
screens = described.screens(kind)
timers = described.timers(kind)
for prefix in todo['prefixes']:
    entries = [Entry(t, tupled(i), a) for t, i, a in prefix]
    session = Session(made, None, Journal(entries), tuple(todo['names']))
    left = {}
    if timers is not None:
        from shared_rules.core.clocks import Clocks
        left = timers.left_ms(Clocks(), timers.running(session.game.view()))
    shown = [screen.game(screens, session, None, left)]
    for cursor in range(len(session.menu())):
        session.menu_open, session.cursor = True, cursor
        shown.append(screen.game(screens, session, None, left))
    for view in shown:
        draw(frame, view, fonts)
        print(binascii.hexlify(frame).decode())
    gc.collect()
`);
process.stdout.write(out.join("\n") + "\n");
