// Runs bench scripts under real MicroPython (the WebAssembly port, in Node), so `make bench`
// can print MicroPython timings next to CPython's. Loads shared_rules/ and firmware/ into
// /lib as tests/mpy/run.mjs does, then runs each script as __main__.
//
// usage: node tests/mpy/bench.mjs tests/bench_odds.py [more scripts...]
// Timings come from time.ticks_us() in the WebAssembly port: indicative of MicroPython's
// interpreter cost on this machine, not of an RP2040 (roughly 20-50x slower again).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { load, copySources } from "./interp.mjs";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.log("usage: node tests/mpy/bench.mjs SCRIPT.py [...]");
  process.exit(2);
}
const mp = await load({ stdout: (line) => console.log(line) });
copySources(mp);
mp.runPython("import sys\nsys.path.append('/lib')");

let failed = 0;
for (const script of scripts) {
  try {
    mp.runPython(readFileSync(resolve(script), "utf8"));
  } catch (err) {
    failed += 1;
    console.log(`FAIL ${script}\n${err.message || err}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
