// Runs bench scripts under real MicroPython (the WebAssembly port, in Node), so `make bench`
// can print MicroPython timings next to CPython's. Loads shared_rules/ and firmware/ into
// /lib as tests/mpy/run.mjs does, then runs each script as __main__.
//
// usage: node tests/mpy/bench.mjs tests/bench_odds.py [more scripts...]
// Timings come from time.ticks_us() in the WebAssembly port: indicative of MicroPython's
// interpreter cost on this machine, not of an RP2040 (roughly 20-50x slower again).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { join, relative, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.log("usage: node tests/mpy/bench.mjs SCRIPT.py [...]");
  process.exit(2);
}

function walk(dir, keep) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path, keep));
    else if (keep(name)) out.push(path);
  }
  return out;
}

const mp = await loadMicroPython({
  heapsize: 1024 * 1024,
  stdout: (line) => console.log(line),
  stderr: (line) => console.log(line),
});
const isSource = (n) => n.endsWith(".py") || n.endsWith(".json");
for (const dir of ["shared_rules", "firmware"]) {
  for (const file of walk(join(root, dir), isSource)) {
    const dest = join("/lib", relative(root, file));
    mp.FS.mkdirTree(dirname(dest));
    mp.FS.writeFile(dest, readFileSync(file));
  }
}
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
