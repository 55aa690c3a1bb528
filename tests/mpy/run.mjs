// Runs the portable test suites under real MicroPython (the WebAssembly port, in Node).
//
// What it loads: every .py and .json file under shared_rules/ and firmware/, the .json
// files under hardware/, copied into the interpreter's /lib so they import exactly as on
// the Pico; and every tests/portable/test_*.py module, with its helpers, on sys.path.
// A portable test is a plain `def test_...():` with plain asserts: the same file runs
// under pytest (CPython) and here. Adding a MicroPython test is writing one.
//
// usage: node tests/mpy/run.mjs [substring...]   (only the test modules whose name matches)
// Prints one line per test and, last, "micropython: N passed, M failed".
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { join, relative, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const filters = process.argv.slice(2);

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

let output = [];
const mp = await loadMicroPython({
  heapsize: 1024 * 1024,
  stdout: (line) => output.push(line),
  stderr: (line) => output.push(line),
});

function copyInto(files, target) {
  for (const file of files) {
    const dest = join(target, relative(root, file));
    mp.FS.mkdirTree(dirname(dest));
    mp.FS.writeFile(dest, readFileSync(file));
  }
}

const isSource = (n) => n.endsWith(".py") || n.endsWith(".json");
copyInto(walk(join(root, "shared_rules"), isSource), "/lib");
copyInto(walk(join(root, "firmware"), isSource), "/lib");
copyInto(walk(join(root, "hardware"), (n) => n.endsWith(".json")), "/lib");
const portable = join(root, "tests", "portable");
const portableFiles = walk(portable, (n) => n.endsWith(".py") || n.endsWith(".json"));
for (const file of portableFiles) {
  const dest = join("/portable", relative(portable, file));
  mp.FS.mkdirTree(dirname(dest));
  mp.FS.writeFile(dest, readFileSync(file));
}
mp.runPython("import sys\nsys.path.append('/portable')\nsys.path.append('/lib')");

const modules = portableFiles
  .filter((f) => dirname(f) === portable && /^test_.*\.py$/.test(f.split("/").pop()))
  .map((f) => [f.split("/").pop().slice(0, -3), readFileSync(f, "utf8")])
  .filter(([name]) => filters.length === 0 || filters.some((s) => name.includes(s)));

let passed = 0;
let failed = 0;
const started = Date.now();
for (const [name, source] of modules) {
  // Definition order, as pytest runs them; only argument-free functions are portable tests.
  const tests = [...source.matchAll(/^def (test_\w+)\(\s*\)\s*:/gm)].map((m) => m[1]);
  output = [];
  try {
    mp.runPython(`import ${name}`);
  } catch (err) {
    failed += 1;
    console.log(`FAIL ${name} (import)\n${err.message || err}\n${output.join("\n")}`);
    continue;
  }
  for (const test of tests) {
    output = [];
    try {
      mp.runPython(`${name}.${test}()`);
      passed += 1;
      console.log(`ok   ${name}::${test}`);
    } catch (err) {
      failed += 1;
      const detail = err.message || String(err);
      console.log(`FAIL ${name}::${test}\n${output.join("\n")}\n${detail}`);
    }
  }
  mp.runPython(`del sys.modules['${name}']`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`MicroPython ${modules.length} modules in ${seconds}s`);
console.log(`micropython: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
