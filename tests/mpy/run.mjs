// Runs the portable test suites under real MicroPython (the WebAssembly port, in Node).
//
// What it loads: every .py and .json file under shared_rules/ and firmware/, the .json
// files under hardware/, copied into the interpreter's /lib so they import exactly as on
// the Pico; every portable test module, wherever it lives in the mirrored tree
// (tests/shared_rules/games/hexo/test_hx_rules.py, tests/firmware/...: a test_*.py file with
// the line "# portable: MicroPython runs this file too"), and the helpers of tests/portable/,
// all on sys.path. A portable test is a plain `def test_...():` with plain asserts: the same
// file runs under pytest (CPython) and here. Adding a MicroPython test is writing one.
//
// usage: node tests/mpy/run.mjs [substring...]   (only the test modules whose name matches)
// Prints one line per test and, last, "micropython: N passed, M failed".
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { ROOT, walk, isSource, load, copy, copySources } from "./interp.mjs";

const filters = process.argv.slice(2);
let output = [];
const mp = await load({ stdout: (line) => output.push(line) });
copySources(mp);
const helpers = join(ROOT, "tests", "portable");
copy(mp, walk(helpers, isSource), helpers, "/portable");
const MARK = /^# portable: MicroPython runs this file too/m;
const tests = walk(join(ROOT, "tests"), (n) => /^test_.*\.py$/.test(n))
  .filter((f) => !f.includes("/node_modules/") && MARK.test(readFileSync(f, "utf8")));
for (const f of tests) copy(mp, [f], dirname(f), "/portable");
mp.runPython("import sys\nsys.path.append('/portable')\nsys.path.append('/lib')");

const modules = tests
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
