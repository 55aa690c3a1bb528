// The pocket board's side of the screen comparison (tests/host/app/test_pocket_screens.py). SCREENS.json
// holds {"lang", "views", "calls"}: each view's fields (header, lines, big...) made a View
// (shared_rules/display/screens.py); each call [function, args] a shared screen made on
// the board, in the language of the packed catalogue WORDS_DIR/<lang>.hxw
// (firmware/pocket/words.py), an argument {"_": text} said in it and {"name": entry} a
// tile's name as its game's rulebook prints it, {"share": [n, d]} a share written the
// language's way. Every screen is laid out by the shared
// layout and drawn by firmware/pocket/glyphs.py with MicroPython's framebuf from the
// packed fonts in FONT_DIR, and printed as one line of hex (the 1024-byte MONO_VLSB frame);
// then every one again, in order, painted over the one before it (glyphs.draw's ``before``:
// only what changed painted again), a line each.
//
// usage: node tests/mpy/pocket_screens.mjs FONT_DIR WORDS_DIR SCREENS.json
import { readFileSync } from "node:fs";
import { load, copySources, copy, walk } from "./interp.mjs";

const [fontDir, wordsDir, screensPath] = process.argv.slice(2);
const out = [];
const mp = await load({ stdout: (line) => out.push(line) });
copySources(mp);
copy(mp, walk(fontDir, (n) => n.endsWith(".hxf")), fontDir, "/fonts");
copy(mp, walk(wordsDir, (n) => n.endsWith(".hxw")), wordsDir, "/words");
mp.FS.writeFile("/screens.json", readFileSync(screensPath));
mp.runPython(`
import sys, json, binascii
sys.path.append('/lib')
from firmware.pocket.glyphs import Fonts, draw
from firmware.pocket.words import speak
from shared_rules.core import words
from shared_rules.core.fraction import Fraction
from shared_rules.display import screens

def said(arg):
    if isinstance(arg, list):
        return tuple(said(a) for a in arg)
    if isinstance(arg, dict) and '_' in arg:
        return words._(arg['_'])
    if isinstance(arg, dict) and 'name' in arg:
        return words.name(arg['name'])
    if isinstance(arg, dict) and 'share' in arg:
        return words.share(Fraction(*arg['share']))
    return arg

fonts = Fonts('/fonts')
frame = bytearray(1024)
f = open('/screens.json')
todo = json.load(f)
f.close()
speak('/words', todo['lang'])
for fields in todo['views']:
    fields['big'] = tuple(fields['big'])
    fields['lines'] = tuple(fields['lines'])
    draw(frame, screens.View(**fields), fonts)
    print(binascii.hexlify(frame).decode())
for name, args in todo['calls']:
    draw(frame, getattr(screens, name)(*[said(a) for a in args]), fonts)
    print(binascii.hexlify(frame).decode())
# Then all again in the same order into one frame, each painted over the one before (only
# what changed painted again, as the board's show does).
frame = bytearray(1024)
before = None
for fields in todo['views']:
    before = draw(frame, screens.View(**fields), fonts, None, before)
    print(binascii.hexlify(frame).decode())
for name, args in todo['calls']:
    before = draw(frame, getattr(screens, name)(*[said(a) for a in args]), fonts, None, before)
    print(binascii.hexlify(frame).decode())
`);
process.stdout.write(out.join("\n") + "\n");
