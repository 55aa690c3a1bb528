"""`make bench` on the emulated Pico: the hub under the official MicroPython v1.22 rp2 port
(rp2040js), measured on the board's own clock, printed beside the WebAssembly port's
figures (tests/mpy/bench_firmware.mjs, tests/mpy/bench_heap_by_module.mjs). Prints, never
asserts.

The board boots tests/pico/bench_main.py (the real boot, Hub.step timed with ticks_us and
its allocation counted with gc.mem_alloc()); the rig (firmware/sim/emulated_pico/rig.py) plays a table on
its twins: 3 s idle, a tile held 3 s, five short taps, six throws. This process acknowledges the hub's
events as a host does. Latencies: the board's clock when the rig placed the tile (or when
the thrown die came to rest) to the board's clock when the TAP (or DIE FACE) line reached
the computer's end of the USB cable. A second boot (tests/pico/heap_by_module_main.py)
says where the heap after boot goes on this port, module by module, names and name pools
apart, beside tests/mpy/bench_heap_by_module.mjs's rows for the WebAssembly port. Last,
the whole chain of each tap, from the tag entering the field to the OLED's pixels
(tests/pico/chain.py: the board's TAP lines through the host's real code).

    python tests/pico/bench.py
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import serial

ROOT = Path(__file__).resolve().parents[2]

from chain import report as report_chain  # noqa: E402

from firmware.sim.emulated_pico.rig import TIMES, AssetsMissing, find_assets  # noqa: E402
from firmware.sim.hub import DieThrows  # noqa: E402
from host.games.hexors.demo import UIDS  # noqa: E402
from host.storage import tags  # noqa: E402
from shared_rules.protocol import codec as protocol  # noqa: E402

QUICK = os.environ.get("HEXREF_BENCH") == "quick"  # make test: a short table, same steps
IDLE_MS = 1500 if QUICK else 3000
HELD_MS = 1000 if QUICK else 3000
THROWS = (3, 6) if QUICK else (3, 6, 1, 4, 2, 5)
TAPS = 2 if QUICK else 12  # more taps after the long hold, for the latency
THROW_EVERY_MS = 1500
TUMBLE_MS = DieThrows.TUMBLE * 10  # the scripted throw's tumbling, at 100 Hz
LOOP_PERIOD_MS = 2  # the hub main's sleep between passes


def script() -> list[dict]:
    uid = UIDS["jl/superman"]
    record = tags.record_for("jl/superman")
    steps = [{"do": "place", "uid": uid, "record": record, "after": IDLE_MS},
             {"do": "lift", "after": HELD_MS}]
    tiles = sorted(UIDS)  # one tile after another, so each tap changes the panel
    for i in range(TAPS):
        entry = tiles[i % len(tiles)]
        steps += [{"do": "place", "uid": UIDS[entry], "record": tags.record_for(entry),
                   "after": 700},
                  {"do": "lift", "after": 500}]
    steps += [{"do": "roll", "face": f, "after": THROW_EVERY_MS} for f in THROWS]
    steps.append({"do": "lift", "after": THROW_EVERY_MS})  # a last quiet while
    return steps


def stats(values: list[float]) -> str:
    if not values:
        return "no samples"
    v = sorted(values)
    p99 = v[min(len(v) - 1, int(round(0.99 * (len(v) - 1))))]
    return "median %s, p99 %s (n=%d)" % (_fmt(v[len(v) // 2]), _fmt(p99), len(v))


def _fmt(x: float) -> str:
    return "%.0f" % x if x >= 100 else "%.1f" % x


def run_board(tmp: Path) -> tuple[str, list[str], list[tuple[int, str]]]:
    """Boot the bench image with the table's script; returns (rig log, board lines, timed
    board lines from --cdc-log)."""
    subprocess.run(["make", "-s", "-C", str(ROOT), "pico-image"], check=True,
                   stdout=subprocess.DEVNULL)
    link = tmp / "hexref-hub"
    (tmp / "script.json").write_text(json.dumps(script()))
    log = (tmp / "rig.log").open("wb")
    rig = subprocess.Popen([sys.executable, "-m", "firmware.sim.emulated_pico.rig", "--link",
                            str(link), "--script", str(tmp / "script.json"), "--image",
                            str(ROOT / "build" / "pico" / "bench.img"), "--cdc-log",
                            str(tmp / "cdc.log")], stdout=log, stderr=subprocess.STDOUT)
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 30
        while not link.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        port = serial.Serial(str(link), timeout=0.2)
        buf = b""
        total_ms = IDLE_MS + HELD_MS + 1200 * TAPS + THROW_EVERY_MS * (len(THROWS) + 1) + 2000
        deadline = time.monotonic() + 600
        done_at = None
        while time.monotonic() < deadline:
            buf += port.read(port.in_waiting or 1)
            *whole, buf = buf.split(b"\n")
            for raw in whole:
                line = raw.decode("latin1").rstrip("\r")
                lines.append(line)
                msg = protocol.decode(line)
                if isinstance(msg, protocol.Message) and msg.seq > 0:
                    port.write(protocol.encode_line(protocol.message("ACK", 0, msg.seq)))
            text = (tmp / "rig.log").read_text(errors="replace")
            ready = re.search(r"the hub runs at ([\d.]+) s", text)
            if ready and done_at is None:
                done_at = float(ready.group(1)) * 1000 + total_ms
            passes = [x for x in lines if x.startswith("PASSES ")]
            if done_at is not None and passes and int(passes[-1].split()[1]) > done_at:
                break
        port.close()
        # The interpreter alone: Ctrl-C, a soft reset in the raw REPL, then the heap.
        base = subprocess.run([sys.executable, "-m", "mpremote", "connect", str(link), "exec",
                               "import gc; gc.collect(); print('BASE', gc.mem_alloc())"],
                              capture_output=True, text=True, timeout=120).stdout
        lines += [x for x in base.splitlines() if x.startswith("BASE ")]
    finally:
        rig.terminate()
        rig.wait(timeout=10)
    timed = []
    for row in (tmp / "cdc.log").read_text(errors="replace").splitlines():
        us, _, line = row.partition(" ")
        timed.append((int(us), line))
    return (tmp / "rig.log").read_text(errors="replace"), lines, timed


def run_heap_by_module(tmp: Path) -> list[str]:
    """Boot the heap-by-module probe (tests/pico/heap_by_module_main.py, in
    build/pico/heapmod.img, made by ``make pico-image``) with nothing to play; its lines."""
    link = tmp / "hexref-heap"
    (tmp / "none.json").write_text("[]")
    log = (tmp / "heap-rig.log").open("wb")
    rig = subprocess.Popen([sys.executable, "-m", "firmware.sim.emulated_pico.rig", "--link",
                            str(link), "--script", str(tmp / "none.json"), "--image",
                            str(ROOT / "build" / "pico" / "heapmod.img")],
                           stdout=log, stderr=subprocess.STDOUT)
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 30
        while not link.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        port = serial.Serial(str(link), timeout=0.2)
        port.write(b"\n")  # the probe's go
        buf = b""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and "MODDONE" not in lines:
            buf += port.read(port.in_waiting or 1)
            *whole, buf = buf.split(b"\n")
            lines += [raw.decode("latin1").rstrip("\r") for raw in whole]
        port.close()
    finally:
        rig.terminate()
        rig.wait(timeout=10)
    return lines


_QSTR = re.compile(r"n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)")


def print_heap_by_module(where: str, lines: list[str]) -> None:
    """Each module's heap on the board as it loads (its code, globals and the names it
    interns: text, and any name pool it starts), then the boot's own objects with the
    boot-only modules dropped; the total is what the hub holds once it runs."""
    rows: list[tuple[str, int, int, int]] = []  # (name, bytes in use, names, their bytes)
    after: tuple[int, int, int] | None = None
    resident: set[str] = set()
    for i, line in enumerate(lines):
        m = _QSTR.search(lines[i + 1]) if i + 1 < len(lines) else None
        names, text = (int(m.group(1)), int(m.group(3))) if m else (0, 0)
        if line.startswith("MOD "):
            _, name, used = line.split()
            rows.append((name, int(used), names, text))
        elif line.startswith("MODHEAP "):
            fields = line.split()
            after = (int(fields[1]), names, text)
            resident = set(fields[2:])
    if not rows or after is None:
        print("%s heap by module: the probe never finished:\n%s" % (where, "\n".join(lines[-20:])))
        return
    print("%s heap by module, as each loads (bytes in use after gc.collect(); of it the "
          "interned names, their text and pools):" % where)
    for before, row in zip(rows, rows[1:], strict=False):
        gone = "" if row[0] in resident else "  (dropped after boot)"
        print("%s %7d  %-24s  names +%d, %d B%s" % (where, row[1] - before[1], row[0],
                                                  row[2] - before[2], row[3] - before[3], gone))
    last = rows[-1]
    print("%s %7d  (boot: the hub's objects, boot-only modules dropped)  names +%d, %d B"
          % (where, after[0] - last[1], after[1] - last[2], after[2] - last[3]))
    print("%s after boot: %d B in use, %d B of it %d interned names (the port's and the hub's, "
          "text and pools); the probe's own main.py included" % (where, after[0], after[2],
                                                                 after[1]))


def wasm_figures() -> dict[str, str]:
    """The same figures from the WebAssembly port, as its own benches print them."""
    out = {}
    firmware = subprocess.run(["node", "tests/mpy/bench_firmware.mjs"], cwd=ROOT,
                              capture_output=True, text=True).stdout
    heap = subprocess.run(["node", "tests/mpy/bench_heap_by_module.mjs"], cwd=ROOT,
                          capture_output=True, text=True).stdout
    for key, pattern, text in (
            ("heap", r"heap in use after boot, hub loaded first: .*?= ([\d.]+ KB)", heap),
            ("idle_alloc", r"bytes allocated per idle pass of the hub loop: ([\d.]+)", firmware),
            ("beat_alloc", r"with the 1 s BEAT on: ([\d.]+) bytes per pass", firmware),
            ("die", r"die rest -> DIE FACE: (median [^(]*\(n=\d+\))", firmware),
            ("tap", r"tap -> TAP \(PN532 twin timings\): (median [^(]*\(n=\d+\))", firmware)):
        m = re.search(pattern, text)
        out[key] = m.group(1) if m else "not measured (the WebAssembly bench did not say)"
    return out


def main() -> int:
    try:
        find_assets()
    except AssetsMissing as exc:
        print("[pico] %s" % exc)
        return 1
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        rig_text, lines, timed = run_board(tmp)
        by_module = run_heap_by_module(tmp)
    wasm = (dict.fromkeys(("heap", "idle_alloc", "beat_alloc", "die", "tap"), "not run (quick)")
            if QUICK else wasm_figures())
    heap = [x for x in lines if x.startswith("HEAP ")]
    if not heap:
        print("[pico] the board never reported its heap:\n" + rig_text + "\n".join(lines[-20:]))
        return 1
    alloc, free, version, platform = heap[0].split()[1:5]
    where = "[pico %s %s]" % (platform, version)

    def at(what: str) -> list[int]:
        return [int(us) for us in re.findall(r"%s at (\d+) us" % what, rig_text)]

    boot_us = 0
    ready_ms = float(re.search(r"the hub runs at ([\d.]+) s", rig_text).group(1)) * 1000
    place_us, lifts = at("place \\w+")[0], at("lift")
    throws = at("throw \\d")
    # every pass with its board time (ms since boot) and phase
    passes = []  # (ms since boot, us, us since the last pass, us slept)
    chunks = []  # (first ms, last ms, bytes allocated or -1, passes)
    for line in lines:
        if line.startswith("PASSES "):
            fields = line.split()
            start, nbytes = int(fields[1]), int(fields[2])
            rows = [tuple(int(v) for v in item.split(",")) for item in fields[3:]]
            for us, dms, gap, slept in rows:
                passes.append((start + dms, us, gap, slept))
            chunks.append((start, start + rows[-1][1], nbytes, len(rows)))

    def window(lo_ms: float, hi_ms: float) -> list[tuple[int, int, int, int]]:
        return [p for p in passes if lo_ms <= p[0] < hi_ms]

    idle = window(ready_ms + 500, (place_us - boot_us) / 1000)  # no tile, the die at rest
    held = window((place_us - boot_us) / 1000 + 300, (lifts[0] - boot_us) / 1000)
    tumbling = [p for t in throws for p in window(t / 1000, t / 1000 + TUMBLE_MS)]
    idle_lo, idle_hi = ready_ms + 500, (place_us - boot_us) / 1000
    idle_chunks = [c for c in chunks if c[0] >= idle_lo and c[1] < idle_hi and c[2] >= 0]
    idle_bytes = sum(c[2] for c in idle_chunks)
    idle_passes = sum(c[3] for c in idle_chunks)

    def allocated(lo_ms: float, hi_ms: float) -> str:
        """Bytes allocated per pass over the whole 100-pass blocks inside a window."""
        inside = [c for c in chunks if c[0] >= lo_ms and c[1] < hi_ms and c[2] >= 0]
        n = sum(c[3] for c in inside)
        return "%.1f (n=%d)" % (sum(c[2] for c in inside) / n, n) if n else "no whole block"
    # latencies on the board's clock
    tap_lines = [us for us, line in timed if " TAP " in line]
    face_lines = [us for us, line in timed if " DIE " in line and " FACE " in line]
    tap_ms = []
    for placed in at("place \\w+"):
        later = [u for u in tap_lines if u >= placed]
        if later:
            tap_ms.append((later[0] - placed) / 1000)
    die_ms = []
    for t in throws:
        rest = t + TUMBLE_MS * 1000
        later = [u for u in face_lines if u >= rest]
        if later:
            die_ms.append((later[0] - rest) / 1000)

    print("%s heap in use after boot: %.1f KB (gc.mem_alloc(), the probe's main.py included); "
          "free %.1f KB   | WebAssembly: %s" % (where, int(alloc) / 1024, int(free) / 1024,
                                                  wasm["heap"]))
    print_heap_by_module(where, by_module)
    base = [int(x.split()[1]) for x in lines if x.startswith("BASE ")]
    if base:
        print("%s of which the port's own, at its REPL after a soft reset: %.1f KB; the hub "
              "%.1f KB   | WebAssembly: interpreter 0.7 KB" % (where, base[0] / 1024,
                                                             (int(alloc) - base[0]) / 1024))
    print("%s loop pass, idle: %s us   (each pass then sleeps %d ms)"
          % (where, stats([p[1] for p in idle]), LOOP_PERIOD_MS))
    print("%s between two passes, idle: %s us, of which time.sleep_ms(%d): %s us"
          % (where, stats([p[2] for p in idle[1:]]), LOOP_PERIOD_MS,
             stats([p[3] for p in idle[1:]])))
    print("%s loop pass, a tile held on the reader: %s us" % (where, stats([p[1] for p in held])))
    print("%s loop pass, the die tumbling: %s us" % (where, stats([p[1] for p in tumbling])))
    print("%s bytes allocated per idle pass (BEAT on): %s   | WebAssembly: %s BEAT off, %s "
          "with the BEAT" % (where, "%.2f (%d bytes over %d passes)" % (
              idle_bytes / idle_passes, idle_bytes, idle_passes) if idle_passes else
              "no whole 100-pass block in the idle window", wasm["idle_alloc"],
              wasm["beat_alloc"]))
    print("%s bytes allocated per pass, a tile held: %s; the die thrown and resting: %s"
          % (where, allocated((place_us - boot_us) / 1000, (lifts[0] - boot_us) / 1000),
             allocated(throws[0] / 1000, throws[-1] / 1000 + THROW_EVERY_MS)))
    print("%s die rest -> DIE FACE on the USB line: %s ms   | WebAssembly: %s"
          % (where, stats(die_ms), wasm["die"]))
    print("%s tap -> TAP on the USB line: %s ms   | WebAssembly: %s"
          % (where, stats(tap_ms), wasm["tap"]))
    print("%s all on the board's clock, which keeps a real board's time; modelled:" % where)
    for line in TIMES:
        print("%s   %s" % (where, line))
    report_chain(where, tap_ms, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
