// The firmware bench under real MicroPython (the WebAssembly port, in Node): the hub's
// allocation per idle pass and heap after boot, measured with gc.mem_alloc() between
// separate runPython calls (gc.collect() only takes effect once a call returns), then the
// die and tap figures of tests/bench_firmware.py. Prints, never asserts.
//
// usage: node tests/mpy/bench_firmware.mjs
import { join } from "node:path";
import { ROOT, walk, isSource, load, copy, copyFirmwareAsDeployed } from "./interp.mjs";

const root = ROOT;
let hush = false;  // the booting hub's own frames on the USB port (stdout) are not the bench's
const mp = await load({
  stdout: (line) => hush || console.log(line),
  stderr: (line) => console.log(line),
});
// As deployed (`make firmware`): firmware and shared_rules compiled to .mpy by mpy-cross,
// the twins and the demo's simulated hub left as source.
const { form } = copyFirmwareAsDeployed(mp);
console.log(`[micropython] firmware loaded as ${form}`);
copy(mp, walk(join(root, "tests", "portable"), isSource), join(root, "tests", "portable"), "/portable");
copy(mp, [join(root, "tests", "bench_firmware.py")], join(root, "tests"), "/bench");

function run(code) {
  try {
    mp.runPython(code);
  } catch (err) {
    console.log(`bench_firmware: ${err.type || "error"}\n${err.message || err}`);
    process.exit(1);
  }
}
const get = (name) => mp.globals.get(name);
function allocated() {
  run("gc.collect()");
  run("_alloc = gc.mem_alloc()");
  return get("_alloc");
}

run("import gc, sys\nsys.path.append('/lib')\nsys.path.append('/portable')\nsys.path.append('/bench')");
const fresh = allocated();
// The bench's own code and the simulated chips: not part of the hub, measured apart.
run("import bench_firmware as B\ntwins = B.make_twins()");
const withTwins = allocated();
// On the board's own USB port (firmware/hub/usbport.py), as the hub boots on a Pico.
hush = true;
run("hub = B.boot(twins, beat_ms=10 ** 8, usb=True)");
hush = false;
const booted = allocated();
const hubBytes = booted - withTwins;
// This reading flatters the hub: the twins, loaded first, have already paid for the first
// pools of interned names the hub then shares. The board's figure is the one printed by
// tests/mpy/bench_heap_by_module.mjs (hub loaded first, as on a board): judge the target
// by that one.
console.log(
  `[micropython] heap after boot, twins loaded first: ${((fresh + hubBytes) / 1024).toFixed(1)} KB ` +
    `(interpreter ${(fresh / 1024).toFixed(1)} KB + hub ${(hubBytes / 1024).toFixed(1)} KB; ` +
    `the twins paid for the first name pools: a lower bound, not the board's figure)`,
);
console.log(
  "[micropython]   the board's figure, against the target of 48 KB: the 'heap in use after boot' line of " +
    "node tests/mpy/bench_heap_by_module.mjs (hub loaded first)",
);

// From here on a FakePort stands in for USB, so the bench can read the frames and answer.
run("B.on_fake_port(hub)");
// Idle: die resting on the accelerometer twin, no tag on the reader, no button, LED
// pulsing. Warm up first (first passes settle the roll detector and the reader).
run("B.quiet(hub)\nB.idle(hub, twins['clock'], 500)");
// mem_alloc() counts live blocks, so garbage made during the passes is only seen with the
// collector off: collect, read, disable, run, read again.
function allocatedBy(code) {
  const start = allocated();
  run(`gc.disable()\n${code}\n_alloc = gc.mem_alloc()\ngc.enable()`);
  return get("_alloc") - start;
}
const passes = process.env.HEXREF_BENCH === "quick" ? 200 : 2000; // quick: make test
const overhead = allocatedBy("B.idle(hub, twins['clock'], 0)"); // the helper's own call
const idleBytes = allocatedBy(`B.idle(hub, twins['clock'], ${passes})`) - overhead;
console.log(
  `[micropython] bytes allocated per idle pass of the hub loop: ${(idleBytes / passes).toFixed(2)} ` +
    `(${idleBytes} bytes over ${passes} passes, BEAT off)   (target 0)`,
);
run("B.tag_resting(twins, hub)\nB.idle(hub, twins['clock'], 200)");
const tagBytes = allocatedBy(`B.idle(hub, twins['clock'], ${passes})`) - overhead;
console.log(
  `[micropython] the same with a tag resting on the reader: ${(tagBytes / passes).toFixed(2)} ` +
    `bytes per pass (${tagBytes} bytes over ${passes} passes)`,
);
// The BEAT goes to a port that keeps nothing, as USB CDC does (a FakePort keeps a copy of
// each line, which is the bench's allocation, not the hub's).
run("B.on_sink_port(hub)\nhub.link.beat_ms = 1000\nhub.link._next_beat = twins['clock'].now\nB.idle(hub, twins['clock'], 10)");
const beatBytes = allocatedBy("B.idle(hub, twins['clock'], 1000)") - overhead;
run("_beats = B.off_sink_port(hub)");
console.log(
  `[micropython] with the 1 s BEAT on: ${(beatBytes / 1000).toFixed(2)} bytes per pass ` +
    `(${beatBytes} bytes over 2 s of passes, ${get("_beats")} BEAT lines sent; target 0)`,
);
run("B.report_die_and_taps('micropython')");
