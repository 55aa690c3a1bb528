// The pocket board's side of the screen comparison (tests/test_pocket_screens.py): every
// laid-out screen in SCREENS.json drawn by firmware/pocket/glyphs.py with MicroPython's
// framebuf, from the packed fonts in FONT_DIR, printed as one line of hex (the 1024-byte
// MONO_VLSB frame) per screen.
//
// usage: node tests/mpy/pocket_screens.mjs FONT_DIR SCREENS.json
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { load, copySources, copy, walk } from "./interp.mjs";

const [fontDir, screensPath] = process.argv.slice(2);
const out = [];
const mp = await load({ stdout: (line) => out.push(line) });
copySources(mp);
copy(mp, walk(fontDir, (n) => n.endsWith(".hxf")), fontDir, "/fonts");
mp.FS.writeFile("/screens.json", readFileSync(screensPath));
mp.runPython(`
import sys, json, binascii
sys.path.append('/lib')
from firmware.pocket.glyphs import Fonts, draw
fonts = Fonts('/fonts')
frame = bytearray(1024)
f = open('/screens.json')
screens = json.load(f)
f.close()
for screen in screens:
    draw(frame, [tuple(p) for p in screen['placed']], screen['mark'], fonts)
    print(binascii.hexlify(frame).decode())
`);
process.stdout.write(out.join("\n") + "\n");
