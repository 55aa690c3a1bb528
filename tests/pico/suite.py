"""``make test-pico``: the hub on a real MicroPython port. The official v1.22.0 rp2 firmware
runs on an emulated RP2040 (rp2040js, firmware/sim/emulated_pico/board.mjs), booted from a littlefs
image of exactly what ``make deploy`` copies, with our chip twins on its buses
(firmware/sim/emulated_pico/rig.py).
The host is the real ``hexref run`` on the board's serial port (tests/rigs/process_table.py).

Run by name (``pytest tests/pico/suite.py``): the emulated board is slow, so the default
test run does not collect it; ``make test`` runs it through ``make test-pico``. Each test
writes what it found to build/pico/summary.txt, which ``make test-pico`` prints last.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
import serial

ROOT = Path(__file__).resolve().parents[2]

from rigs.process_table import (  # noqa: E402
    accepted,
    by_boot,
    finished,
    journal,
    new_table,
    start_host,
    stop,
    wait_for,
)
from rigs.transcripts import back_before_the_roll, frames  # noqa: E402

from host.app.demo import run_demo  # noqa: E402
from host.games.hexors.demo import collector_script  # noqa: E402
from host.storage.store import Store  # noqa: E402
from shared_rules.protocol import codec as protocol  # noqa: E402

# make test-pico runs the hub's tests and the pocket's in two workers, one group each:
# a group's tests build their board's image (make pico-image, make pocket-image) in
# their own worker, never while the other boots from it.
pytestmark = [pytest.mark.system, pytest.mark.xdist_group("hub")]  # the emulated board and a real hexref run

VARIANT = "jl-collector"
RIG = [sys.executable, "-m", "firmware.sim.emulated_pico.rig"]  # the emulated Pico's table
SUMMARY = ROOT / "build" / "pico" / "summary.txt"
GAME_S = 600  # wall time for a whole game on the emulated board (about 4x slower than real)


def note(line: str) -> None:
    SUMMARY.parent.mkdir(parents=True, exist_ok=True)
    with SUMMARY.open("a") as f:
        f.write(line + "\n")


def last(key: str, line: str) -> None:
    """A line ``make test-pico`` prints at the very end (in ``key`` order)."""
    (SUMMARY.parent / ("summary-%s.txt" % key)).write_text(line + "\n")


@pytest.fixture(scope="session", autouse=True)
def image() -> Path:
    """The deploy's files in the board's flash image (make pico-image), built once. (What
    the tests found is added to build/pico/summary*.txt, which make test-pico empties
    first.)"""
    from firmware.sim.emulated_pico.rig import AssetsMissing, find_assets

    try:
        find_assets()  # the UF2 and the boot ROM, checked: else say where to put them
    except AssetsMissing as exc:
        pytest.fail(str(exc), pytrace=False)
    subprocess.run(["make", "-s", "-C", str(ROOT), "pico-image"], check=True,
                   stdout=subprocess.DEVNULL)
    return ROOT / "build" / "pico" / "fs.img"


def start_rig(tmp: Path, link: Path, steps: list[dict], image: Path,
              without: str = "") -> subprocess.Popen:
    script = tmp / ("script-%d.json" % time.monotonic_ns())
    script.write_text(json.dumps(steps))
    cmd = [*RIG, "--link", str(link), "--script", str(script),
           "--image", str(image)]
    if without:
        cmd += ["--without", without]
    log = (tmp / "rig.log").open("ab")
    return subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)


def rig_log(tmp: Path) -> str:
    return (tmp / "rig.log").read_text(errors="replace")


def read_lines(port: serial.Serial, until, seconds: float) -> list[str]:
    """Lines from the board until ``until(lines)`` or ``seconds`` of wall time."""
    lines: list[str] = []
    buf = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not until(lines):
        buf += port.read(port.in_waiting or 1)
        *done, buf = buf.split(b"\n")
        lines += [d.decode("latin1").rstrip("\r") for d in done]
    return lines


def open_board(link: Path) -> serial.Serial:
    assert wait_for(link.exists, 30), "the board's serial port never appeared"
    return serial.Serial(str(link), timeout=0.2)


def demo_game(tmp: Path, board: str = "sim"):
    """The same script under ``hexref demo`` (by default the CPython hub, as ``make demo``
    plays it): its journal and winner."""
    out = tmp / ("demo-" + board)
    assert run_demo(out, live=False, variant=VARIANT, board=board) == 0
    store = Store(out / "data")
    try:
        row = store.games()[-1]
        return store.journal(row.id).entries, row.winner
    finally:
        store.close()


def play(tmp: Path, steps: list[dict], image: Path):
    """``hexref run`` referees the script played on the emulated board; returns the
    finished game's row, its journal and the rig's log."""
    link = tmp / "hexref-hub"
    data, config, game_id = new_table(tmp, VARIANT, link)
    rig = start_rig(tmp, link, steps, image)
    host = start_host(config, tmp / "frames")
    try:
        row = wait_for(lambda: finished(data, game_id) or rig.poll() is not None
                       or host.poll() is not None, GAME_S, every=0.5)
    finally:
        stop(host, rig)
    stderr = host.stderr.read().decode() if host.stderr else ""
    log = rig_log(tmp)
    assert row and row is not True, "no winner on the emulated Pico\n%s\n%s" % (log, stderr)
    assert "Traceback" not in stderr, stderr
    assert "Traceback" not in log, log
    return row, journal(data, game_id), log


def test_collectors_game_on_the_pico_is_the_demos_game(tmp_path: Path, image: Path):
    """JL-C13 on the real port: taps on the PN532 twin, throws on the LIS3DH twin decided
    by the hub's own roll detector, buttons on GPIO14/15; the same accepted inputs and
    winner as ``hexref demo`` plays from the same script, and as ``hexref demo --board
    pico`` plays on the emulated board."""
    started = time.monotonic()
    row, entries, log = play(tmp_path, collector_script(), image)
    seconds = time.monotonic() - started
    demo_entries, demo_winner = demo_game(tmp_path)
    assert row.winner == demo_winner == "P1"
    assert accepted(entries) == accepted(demo_entries)
    assert len(by_boot(entries)) == 1  # one boot: nothing reset it
    # What a maker watches: `hexref demo --board pico` plays the same game there, and its
    # panel says what a referee's would: the reader starting while it boots (never "not
    # answering"), and never the prompt for a roll under way.
    pico_entries, pico_winner = demo_game(tmp_path, board="pico")
    assert pico_winner == demo_winner
    assert accepted(pico_entries) == accepted(demo_entries)
    said = frames(tmp_path / "demo-pico" / "transcript.txt")
    headers = [lines[0] for lines in said]
    assert "Reader not answering" not in headers, headers
    assert "Reader starting" in headers[:3], headers
    assert not back_before_the_roll(said, "Rolling..."), said
    note("pico: the Collector's game refereed by hexref run on the emulated Pico in %.0f s "
         "of wall time: %d accepted inputs, as under make demo" % (seconds, len(accepted(entries))))
    last("1-winner", "%s wins" % row.winner)


def test_reset_cable_and_watchdog_mid_game(tmp_path: Path, image: Path):
    """The board reset (RUN pin), the USB cable pulled (the board loses power with it) and
    plugged back, and the CPU hung until the watchdog resets it, each between two actions
    of the same game: every fault a new boot id, the host resynchronises, and the game ends
    as the demo's does. Where a fault loses power, what the hub had not yet sent is gone
    (tests/host/app/test_hub_reset.py says why), so each comes once the host has taken everything."""
    steps = collector_script()
    faults = [(6, {"do": "reset"}), (13, {"do": "unplug", "ms": 3000}),
              (19, {"do": "hang"})]
    for at, fault in reversed(faults):
        fault["after"] = 1500  # board ms: the host has taken and acknowledged all
        steps[at]["after"] = max(steps[at]["after"], 2500)  # the hub is back first
        steps.insert(at, fault)
    row, entries, log = play(tmp_path, steps, image)
    boots = re.findall(r"board boot \((\w+)\)", log)
    assert boots == ["power", "reset", "power", "watchdog"], log
    seen = by_boot(entries)
    assert len(seen) == 4, seen  # four boot ids, each numbered from 1
    assert all(seqs[0] == 1 for seqs in seen.values()), seen
    demo_entries, demo_winner = demo_game(tmp_path)
    assert row.winner == demo_winner
    assert accepted(entries) == accepted(demo_entries)
    note("pico: reset, cable pulled for 3 s and a hung CPU reset by the watchdog mid-game: "
         "4 boot ids %s, the same game" % " ".join(seen))


def test_a_hub_with_nothing_attached_reaches_its_loop(tmp_path: Path, image: Path):
    """A Pico with no die sensor and no reader answering (the README's fallback): it says
    what is missing and runs its loop. On the rp2 port this boot once fell to the REPL
    with ``KeyError: faces_setup`` (firmware.forget)."""
    link = tmp_path / "hexref-hub"
    rig = start_rig(tmp_path, link, [], image, without="pn532,lis3dh")
    try:
        port = open_board(link)
        lines = read_lines(port, lambda ls: any(" BEAT " in x for x in ls), 90)
    finally:
        stop(rig)
    text = "\n".join(lines)
    assert "Traceback" not in text and ">>>" not in text, text
    assert any(" ERR DIE_MISSING " in x for x in lines), text
    assert any(" ERR NFC_MISSING " in x for x in lines), text
    assert any(" BEAT " in x for x in lines), text


def test_heap_after_boot_on_the_real_port(tmp_path: Path):
    """The hub booted with both chips found, measured by the probe main.py
    (tests/pico/heap_main.py) between boot and loop; a new boot id from the board's RNG;
    the status LED on its GPIO lit and put out by the host's LED commands."""
    link = tmp_path / "hexref-hub"
    rig = start_rig(tmp_path, link, [], ROOT / "build" / "pico" / "heap.img")
    try:
        port = open_board(link)
        lines = read_lines(port, lambda ls: any(" BEAT " in x for x in ls), 90)
        # The host lights the status LED: PWM on its GPIO, seen by the rig on the pin.
        port.write(protocol.encode_line(protocol.message("LED", 0, "on", "FFFFFF")))
        lit = wait_for(lambda: "led 100%" in rig_log(tmp_path), 60)
        port.write(protocol.encode_line(protocol.message("LED", 0, "off", "FFFFFF")))
        dark = wait_for(lambda: rig_log(tmp_path).rstrip().split("\n")[-1].startswith(
            "pico rig: led 0%"), 60)
    finally:
        stop(rig)
    text = "\n".join(lines)
    assert lit and dark, rig_log(tmp_path)
    heap = [x for x in lines if x.startswith("HEAP ")]
    hello = [x for x in lines if " HELLO " in x]
    assert heap and hello, text
    assert not any(" ERR " in x for x in lines), text  # both chips found on their buses
    boot_id = hello[0].split()[5]
    assert boot_id != "2A2A2A2A"  # rp2040js's constant ring oscillator, given randomness
    alloc, free = (int(v) for v in heap[0].split()[1:3])
    version, platform = heap[0].split()[3:5]
    note("pico: heap after boot %d bytes in use, %d free" % (alloc, free))
    last("2-heap", "pico: heap after boot %.1f KB on MicroPython %s (%s)"
         % (alloc / 1024, version, platform))


def test_the_makers_tools_on_the_boards_port(tmp_path: Path, image: Path):
    """mpremote over the board's USB serial for what does not write flash (rp2040js cannot
    write it: its issue #157): the version, the files the image holds, a reset; and the
    check ``make deploy`` runs first (host/hub/deploy_check.py) says our files load. Ctrl-C
    from mpremote leaves the hub's watchdog disarmed (CTRL.ENABLE clear), so a REPL session
    is not reset under the maker; a reset by mpremote is a new boot, not a hang."""
    link = tmp_path / "hexref-hub"
    rig = start_rig(tmp_path, link, [], image)
    mpremote = [sys.executable, "-m", "mpremote", "connect", str(link)]

    def run(*args: str) -> str:
        out = subprocess.run(mpremote + list(args), capture_output=True, text=True,
                             timeout=120)
        assert out.returncode == 0, out.stderr
        return out.stdout

    try:
        port = open_board(link)
        first = read_lines(port, lambda ls: any(" HELLO " in x for x in ls), 90)
        port.close()
        impl = run("exec", "import sys; print(sys.implementation)")
        files = run("ls", ":")
        enable = run("exec", "import machine; print(machine.mem32[0x40058000] >> 30 & 1)")
        base = run("exec", "import gc; gc.collect(); print(gc.mem_alloc())")
        check = subprocess.run([sys.executable, "-m", "host.hub.deploy_check", str(link),
                                str(ROOT / "build" / "firmware")], capture_output=True,
                               text=True, timeout=120, cwd=ROOT)
        run("reset")
        port = serial.Serial(str(link), timeout=0.2)
        again = read_lines(port, lambda ls: any(" BEAT " in x for x in ls), 90)
        port.close()
    finally:
        stop(rig)
    assert "version=(1, 22, 0, '')" in impl and "_mpy=4614" in impl, impl
    assert {"main.py", "firmware/", "shared_rules/"} <= set(files.split()), files
    assert enable.strip() == "0", enable
    assert check.returncode == 0, check.stderr
    assert "MicroPython 1.22.0 on rp2" in check.stdout and "will load" in check.stdout
    boots = re.findall(r"board boot \((\w+)\)", rig_log(tmp_path))
    assert boots == ["power", "watchdog"], boots  # machine.reset() is the watchdog's FORCE
    ids = [x.split()[5] for x in first + again if " HELLO " in x]
    assert len(set(ids)) >= 2, first + again
    assert not any(" ERR WDT_RESET " in x for x in again), again
    note("pico: the rp2 port alone holds %s bytes of heap at its REPL (after a soft reset)"
         % base.strip())
    note("pico: mpremote over the board's port: %s; ls : lists main.py, firmware/, "
         "shared_rules/; %s" % (impl.strip(), check.stdout.strip()))


def test_bench_quick() -> None:
    """``make bench``'s emulated-Pico bench (tests/pico/bench.py) in its quick mode
    (tests/benches.py): a short table, figures printed and not judged; it must run to the
    end and measure each thing it reports, so a bench that rots fails ``make test``."""
    from benches import PATH, PICO, QUICK

    done = subprocess.run([sys.executable, PICO], cwd=ROOT, env=dict(os.environ, **PATH, **QUICK),
                          capture_output=True, text=True, timeout=900)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-3000:]
    for what in ("heap in use after boot", "loop pass, idle: median",
                 "die rest -> DIE FACE on the USB line: median",
                 "tap -> TAP on the USB line: median",
                 "the whole chain, tag in the field -> pixels on the OLED: median"):
        assert what in done.stdout, "%s: not measured\n%s" % (what, out[-3000:])
    note("pico: make bench's quick run: " + " / ".join(
        x.split("] ", 1)[-1] for x in done.stdout.splitlines() if "->" in x))
