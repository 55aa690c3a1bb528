// The pocket board's side of the screen comparison (tests/test_pocket_screens.py): every
// view in VIEWS.json (a screen's fields: header, lines, big...) made a View
// (shared_rules/display/screens.py), laid out by the shared layout and drawn by
// firmware/pocket/glyphs.py with MicroPython's framebuf, from the packed fonts in
// FONT_DIR; printed as one line of hex (the 1024-byte MONO_VLSB frame) per view.
//
// usage: node tests/mpy/pocket_screens.mjs FONT_DIR VIEWS.json
import { readFileSync } from "node:fs";
import { load, copySources, copy, walk } from "./interp.mjs";

const [fontDir, viewsPath] = process.argv.slice(2);
const out = [];
const mp = await load({ stdout: (line) => out.push(line) });
copySources(mp);
copy(mp, walk(fontDir, (n) => n.endsWith(".hxf")), fontDir, "/fonts");
mp.FS.writeFile("/views.json", readFileSync(viewsPath));
mp.runPython(`
import sys, json, binascii
sys.path.append('/lib')
from firmware.pocket.glyphs import Fonts, draw
from shared_rules.display.screens import View
fonts = Fonts('/fonts')
frame = bytearray(1024)
f = open('/views.json')
views = json.load(f)
f.close()
for fields in views:
    fields['big'] = tuple(fields['big'])
    fields['lines'] = tuple(fields['lines'])
    draw(frame, View(**fields), fonts)
    print(binascii.hexlify(frame).decode())
`);
process.stdout.write(out.join("\n") + "\n");
