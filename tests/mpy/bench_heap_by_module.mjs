// Where the hub's heap after boot goes, module by module, under real MicroPython, the
// firmware loaded as .mpy exactly as bench_firmware.mjs loads it. Each module is imported
// on its own runPython call with gc.collect() and gc.mem_alloc() in separate calls
// (RECIPES.md), leaves first, so each figure is that module's code, globals and interned
// names; then the boot itself (the objects the hub is made of, the boot-only modules
// dropped). Prints, never asserts.
//
// Unlike bench_firmware.mjs, the hub's modules load here BEFORE the bench code and the
// twins, as on a board where nothing else is loaded: interned names (qstrs) are never freed
// and live in pools that double in size (20, 40 ... 640 entries), and in
// bench_firmware.mjs the twins' names fill the first pools before the hub loads, so there
// the hub is charged for fewer pools than a board gives it. The total here is the closer
// estimate of a board, and the figure DESIGN.md's target (under 48 KB) is judged by. The
// hub boots on the board's own serial port (firmware.hub.usbport), its .mpy files compiled from
// relative paths as `make firmware` does (each keeps and interns its source name).
//
// It also counts the names the hub interned: on this interpreter the pools hold 20, 40,
// 80, 160 and 320 entries (620 names); the 621st allocates a 640-entry pool, 5.1 KB at once.
// A hub near that edge crosses it as soon as it interns a few more names at run time.
//
// usage: node tests/mpy/bench_heap_by_module.mjs   (also run by `make bench`)
import { join } from "node:path";
import { ROOT, walk, isSource, load, copy, copyFirmwareAsDeployed } from "./interp.mjs";

const root = ROOT;
let hush = false;  // the booting hub's own frames on the USB port (stdout) are not the bench's
let captured = null;  // lines kept instead of printed (interned names)
const mp = await load({
  stdout: (l) => (captured ? captured.push(l) : hush || console.log(l)),
  stderr: (l) => console.log(l),
});
const { sizes: mpySize } = copyFirmwareAsDeployed(mp);
copy(mp, walk(join(root, "tests", "portable"), isSource), join(root, "tests", "portable"), "/portable");
copy(mp, [join(root, "tests", "bench_firmware.py")], join(root, "tests"), "/bench");

function run(code) {
  try {
    mp.runPython(code);
  } catch (err) {
    console.log(`bench_heap_by_module: ${err.type || "error"}\n${err.message || err}`);
    process.exit(1);
  }
}
function allocated() {
  run("gc.collect()");
  run("_alloc = gc.mem_alloc()");
  return mp.globals.get("_alloc");
}
// Every interned name, from micropython.qstr_info(1).
function internedNames() {
  captured = [];
  run("import micropython\nmicropython.qstr_info(1)");
  const names = captured.filter((l) => l.startsWith("Q(")).map((l) => l.slice(2, -1));
  captured = null;
  return new Set(names);
}
// Bytes of the name pools themselves (not the names' text): a module that crosses a pool's
// end is charged the whole next pool, which its row says.
function poolBytes() {
  captured = [];
  run("import micropython\nmicropython.qstr_info()");
  const m = captured.join(" ").match(/n_str_data_bytes=(\d+), n_total_bytes=(\d+)/);
  captured = null;
  return Number(m[2]) - Number(m[1]);
}
run("import gc, sys\nsys.path.append('/lib')\nsys.path.append('/portable')\nsys.path.append('/bench')");
const fresh = allocated();
// What the boot loads, one module at a time, leaves first; the serial port is the board's
// own (firmware.hub.usbport on the interpreter's stdin/stdout), not a test stand-in. The
// virtual die (firmware.vdie) is not among them: its first roll loads it.
const order = (process.argv[2] || [
  "firmware", "firmware.clock", "shared_rules", "shared_rules.protocol", "shared_rules.protocol.codec", "firmware.hub.usbport",
  "firmware.entropy", "firmware.hub.link", "firmware.hub.loop", "firmware.hub.board", "firmware.faces",
  "firmware.rolls", "firmware.die", "firmware.lis3dh", "firmware.ndef",
  "firmware.taps", "firmware.nfc", "firmware.pn532", "firmware.buttons", "firmware.led",
  "firmware.buzzer", "firmware.resets", "firmware.wiring", "firmware.hub.main",
].join(",")).split(",");
let last = fresh;
let lastPools = poolBytes();
const rows = [];
for (const name of order) {
  run(`import ${name}`);
  const now = allocated();
  const pools = poolBytes();
  rows.push([name, now - last, pools - lastPools]);
  last = now;
  lastPools = pools;
}
const imported = last;
const namesImported = internedNames();
// The bench code and the twins, left out as in bench_firmware.mjs.
run("import bench_firmware as B\ntwins = B.make_twins()");
const withTwins = allocated();
const namesWithTwins = internedNames();
hush = true;
run("hub = B.boot(twins, beat_ms=10 ** 8, usb=True)");
hush = false;
const booted = allocated();
const bootNames = [...internedNames()].filter((n) => !namesWithTwins.has(n)).length;
rows.push(["(boot: the hub's objects, boot-only modules dropped)", booted - withTwins]);
run("_mods = ','.join(sorted(sys.modules))");
const resident = new Set(mp.globals.get("_mods").split(","));
for (const [name, bytes, pools] of rows) {
  const gone = name.startsWith("(") || resident.has(name) ? "" : "  (dropped after boot)";
  const size = mpySize[name] ? `  .mpy ${mpySize[name]} B` : "";
  const pool = pools ? `  (${pools} B of it a new name pool)` : "";
  console.log(`${String(bytes).padStart(7)}  ${name}${size}${gone}${pool}`);
}
const hub = imported - fresh + booted - withTwins;
const kb = (fresh + hub) / 1024;
console.log(`heap in use after boot, hub loaded first: interpreter ${fresh} + hub ${hub} = ` +
  `${kb.toFixed(1)} KB   (twins and bench code left out)   ` +
  `(target < 48 KB: ${kb < 48 ? "met" : "MISSED"})`);
const hubNames = namesImported.size + bootNames;
console.log(`names interned after boot (interpreter and hub): ${hubNames}   (the first pools ` +
  `hold 620; one more name costs a 640-entry pool, 5.1 KB: ${620 - hubNames} to spare)`);
console.log(`resident: ${[...resident].join(" ")}`);
run("import micropython\nmicropython.qstr_info()");  // hub, bench code and twins together
