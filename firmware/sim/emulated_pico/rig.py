"""A table around an emulated Pico: the official MicroPython v1.22 firmware on rp2040js
(firmware/sim/emulated_pico/board.mjs), booted with the littlefs image of what ``make deploy`` copies, its
USB CDC on a pseudo-terminal, and our chip twins on its buses at the pins and addresses of
hardware/pinout.json (through firmware/hub/board.py):

- the PN532 twin (firmware/sim/twins/pn532.py) on the NFC I2C bus, its RSTPDN on its GPIO,
  its IRQ line on its GPIO (falling on the board's clock when the chip's frame is ready);
- the LIS3DH twin (firmware/sim/twins/accel.py) on the die's I2C bus, thrown by the same
  scripted throws as the CPython demo (firmware/sim.DieThrows);
- the player buttons on their GPIOs (pressed = pulled low), pull-ups on every bus line;
- the status LED's GPIO watched: its PWM duty is logged when it changes;
- with ``pocket`` (the pocket build, firmware/pocket/board.py: the same reader and die on
  the same pins), the OLED twin (firmware/sim/twins/ssd1306.py) on the reader's bus at the
  panel's address, its wire time charged like the others', and the pocket's four buttons.

One twin per chip: the board's I2C peripherals report each bus phase (address, bytes
written, bytes read, stop) and the rig answers it from the same twin objects the
WebAssembly tests and the CPython demo use. Time for the twins is the board's own clock,
which keeps a real board's time (``TIMES``, printed by ``make bench``): the CPU's cycles
(rp2040js), the I2C wire at the rate the firmware set and the PN532's clock stretching
(board.mjs), the USB frame, each chip's own times (its twin: the PN532's
command and RF times, the accelerometer's output data rate).

Run as ``python -m firmware.sim.emulated_pico.rig --fd N --script FILE`` (the master side of a
pty, as ``python -m firmware.sim.hub`` takes it), or ``--link PATH`` to keep a symlink at PATH to the
board's serial port (it goes away while the cable is out, as /dev/serial/by-id does). The
script's steps are firmware/sim/hub.py's (place, lift, roll, crooked, press, long), plus
``reset`` (the RUN pin), ``unplug`` (the USB cable out for ``ms`` of wall time: the board
is powered by it, so it comes back with a power-on boot) and ``hang`` (the CPU stops; its
clocks and the watchdog run on). A ``watcher`` (tests/pico/pocket_rig.py's power cuts) is
told each step the table plays, each line the board says on its USB (on the board's
clock) and each program or erase the board's flash chip begins,
and may cut the power at a chosen board time (``cut_at``): mid-program, mid-erase or
anywhere; the flash chip then tears what it was doing (firmware/sim/emulated_pico/board.mjs), the panel
loses its RAM, and the watcher hears what the cut tore and, once the board runs again,
may give the table steps to play again (what the players see was lost). The script starts when the hub's reader first looks for
a tag (the hub is running), or ``start_ms`` after boot without a reader; after each boot
(reset, cable, watchdog) it waits for the hub again. With ``--pocket --glass FD`` it writes
each settled frame of the pocket's panel on FD (``hexref demo --board pocket``).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path  # cpython-only: the emulated board runs on the computer

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from firmware.hub import board  # noqa: E402
from firmware.sim.hub import DieThrows, Script  # noqa: E402
from firmware.sim.twins import Ntag  # noqa: E402
from firmware.sim.twins.accel import AccelTwin  # noqa: E402
from firmware.sim.twins.pn532 import FakeI2C, PN532Twin  # noqa: E402
from firmware.sim.twins.ssd1306 import SSD1306Twin  # noqa: E402

ASSET_FILES = ("RPI_PICO-20231227-v1.22.0.uf2", "rp2040-bootrom-b1.bin")
ASSETS = Path(__file__).with_name("assets")  # shipped with the project, with their licences
IMAGE = ROOT / "build" / "pico" / "fs.img"
BOARD_JS = Path(__file__).with_name("board.mjs")
NODE_MODULES = ROOT / "tests" / "node_modules"  # rp2040js, as make setup installs it (npm ci)
# A finger on a button: let go before the player's next action (a script's steps are 120 ms
# apart, host/games/scripting.py). The hub reports a press on release, once the pin has
# held for its 20 ms debounce; a finger held the whole 120 ms let go as the next tile landed,
# and a tap read at once (FAST_READ) was sent before the press, so the game went another way.
PRESS_MS = 80
LONG_MS = 1000  # a held button: well over the hub's 700 ms
INLIST = 0x4A  # InListPassiveTarget: the reader is looking for tags
# How long the PN532 holds SCL low after acknowledging its address while its firmware
# loads or takes the byte: about 100 us on a logic analyser (esp8266/Arduino issue 1541:
# "a gap between start and first byte ... approx. 100 uSec"); the PN532 datasheet's I2C
# timing table allows up to 1 ms (as arendst/Tasmota PR 4832 reads it).
PN532_STRETCH_US = 100
# What the board's clock is charged for, and from which document (make bench prints it).
TIMES = (
    "CPU: rp2040js counts each instruction's cycles at 125 MHz (Cortex-M0+ timings)",
    "I2C: each START, repeated START and STOP one SCL period, each address or byte 9 "
    "(8 bits and the acknowledge), at the HCNT/LCNT/SPKLEN the firmware set (RP2040 "
    "datasheet 4.3.14): 2.62 us a period at 400 kHz, 10.4 us at 100 kHz",
    "PN532 clock stretching: %d us after its address (logic-analyser figure, esp8266/Arduino "
    "#1541; datasheet bound 1 ms)" % PN532_STRETCH_US,
    "PN532 commands (firmware/sim/twins/pn532.py): ISO 14443-A at 106 kbit/s, 85 us a byte, "
    "frame delay 86 us (NTAG21x datasheet 9.2); NTAG READ 1.9 ms, FAST_READ 0.45 ms and "
    "86 us a byte of its pages and CRC (10.3: 13 pages 5.2 ms), WRITE +4.1 ms; the "
    "PN532's own work (UM0701-02 gives none): ACK 0.7 ms, 1 ms a command, 2 ms a passive "
    "activation attempt no tag answers (estimates)",
    "LIS3DH: a new sample each 1/ODR (100 Hz as configured; datasheet DocID17530 table 31)",
    "USB: a packet the board sends reaches the computer at the end of its 1 ms full-speed "
    "frame; the computer's bytes reach the board one 64-byte packet a frame",
)


class AssetsMissing(RuntimeError):
    pass


def find_assets() -> Path:
    """The folder with the UF2 and the boot ROM (assets/, beside this file), each file checked
    against its SHA256SUMS: a checkout that lost or mangled one is told so, not run."""
    sums = {}
    for line in (ASSETS / "SHA256SUMS").read_text().splitlines():
        if line.strip():
            digest, name = line.split()
            sums[name.lstrip("*")] = digest
    if not (NODE_MODULES / "rp2040js").is_dir():
        raise AssetsMissing("%s has no rp2040js: the emulated Pico runs on it; make setup "
                            "installs it (Node.js and npm are required)" % NODE_MODULES)
    for name in ASSET_FILES:
        path = ASSETS / name
        if not path.is_file():
            raise AssetsMissing("%s is missing: the emulated Pico boots MicroPython v1.22.0 "
                                "and the RP2040 boot ROM from %s (see its "
                                "README.md); restore it with git checkout" % (path, ASSETS))
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest != sums[name]:
            raise AssetsMissing("%s: checksum %s, expected %s (%s)"
                                % (path, digest, sums[name], ASSETS / "SHA256SUMS"))
    return ASSETS


def build_image() -> Path:
    """``make pico-image``: the firmware built and the deploy's files in a littlefs image."""
    subprocess.run(["make", "-s", "-C", str(ROOT), "pico-image"], check=True,
                   stdout=subprocess.DEVNULL)
    return IMAGE


class BoardClock:
    """The board's clock, as the twins read it (``now`` in ms, ``us()``). The bus time is
    the emulated wire's (board.mjs), already on the board's clock, so the
    twins' own estimate of it is not added again."""

    def __init__(self) -> None:
        self._us = 0

    @property
    def now(self) -> int:
        return self._us // 1000

    def us(self) -> int:
        return self._us

    def set_us(self, us: int) -> None:
        if us > self._us:
            self._us = us

    def ticks_ms(self) -> int:
        return self.now

    def spend_us(self, us: int) -> None:
        pass


class PN532Target:
    """The PN532 twin as an I2C target, phase by phase: the address (FakeI2C decides who
    answers), the bytes written (a frame), and a read served from its first byte (status,
    then the frame) and consumed by how many bytes the board really read."""

    def __init__(self, chip: PN532Twin, address: int) -> None:
        self.chip = chip
        self.bus = FakeI2C(chip, address)

    stretch_us = PN532_STRETCH_US

    def connect(self, address: int, read: bool) -> bool:
        try:
            self.bus._begin(address, 0)
        except OSError:
            return False
        return True

    def write(self, data: bytes) -> None:
        if data:
            self.chip.receive(data)

    def read(self) -> bytes:
        chip = self.chip
        ready = chip.ready()
        frame = chip._out[0][1] if ready else b""
        return bytes([0x01 if ready else 0x00]) + frame

    def end_read(self, count: int) -> None:
        if count > 1:
            self.chip.send(count - 1)  # the frame is consumed once read whole


class RegisterTarget:
    """An accelerometer twin as an I2C target: a write sets the register pointer (and
    writes what follows it); a read reads on from the pointer, as the chip does."""

    stretch_us = 0  # the LIS3DH never stretches the clock

    def __init__(self, twin: AccelTwin) -> None:
        self.twin = twin
        self.pointer = 0

    def connect(self, address: int, read: bool) -> bool:
        try:
            self.twin._check(address)
        except OSError:
            return False
        return True

    def write(self, data: bytes) -> None:
        if data:
            self.pointer = data[0]
            if len(data) > 1:
                self.twin.writeto_mem(self.twin.address, data[0], data[1:])

    def read(self) -> bytes:
        buf = bytearray(32)
        self.twin.readfrom_mem_into(self.twin.address, self.pointer, buf)
        return bytes(buf)

    def end_read(self, count: int) -> None:
        pass


class PanelTarget:
    """The OLED twin as an I2C target: each write phase is one I2C write to the controller
    (its control byte first); the SSD1306 on I2C is write-only, so a read is not
    acknowledged."""

    stretch_us = 0

    def __init__(self, twin: SSD1306Twin, clock: BoardClock) -> None:
        self.twin = twin
        self.clock = clock
        self.last_us = 0  # when the last write reached the panel, on the board's clock

    def connect(self, address: int, read: bool) -> bool:
        return address == self.twin.address and not read

    def write(self, data: bytes) -> None:
        if data:
            self.twin.writeto(self.twin.address, data)
            self.last_us = self.clock.us()

    def read(self) -> bytes:
        return b""

    def end_read(self, count: int) -> None:
        pass


# The script's last step is given this long on the board's clock to be answered (a die's
# tumble, then the input's screen) before the glass says ``done``: hexref demo --board
# pocket waits a few seconds of wall time after ``done`` for the winner, and on a busy
# machine the board took longer than that to play its last throw (load run 5: "demo ended
# without a winner" with the throw ROLLING).
ANSWER_MS = 2000

# The panel's glass as it settles: a screen is drawn in a burst of I2C writes (the changed
# pages, ~1 ms apart); no write for this long on the board's clock and it is whole.
GLASS_SETTLE_US = 20_000


class Glass:
    """What the pocket's panel shows, written to ``out`` (a file descriptor: ``hexref demo
    --board pocket`` reads it) each time it has changed and settled: one line, the board's
    clock in microseconds and the glass's 1024 bytes (MONO_VLSB, page by page, as
    ``framebuf`` draws them; dark while the panel is off), in hex; and once, when the
    script has no step left and its last has had ``ANSWER_MS`` to be answered,
    ``<us> done``."""

    def __init__(self, target: PanelTarget, out: int) -> None:
        self.target = target
        self.out = out
        self.sent_us = 0  # the write last reported
        self.done = False

    def frame(self) -> bytes:
        twin = self.target.twin
        if not twin.on:
            return bytes(1024)
        frame = twin.frame()
        return bytes(b ^ 0xFF for b in frame) if twin.inverse else frame

    def tick(self, now_us: int) -> None:
        last = self.target.last_us
        if last == self.sent_us or now_us - last < GLASS_SETTLE_US:
            return
        self.sent_us = last
        os.write(self.out, b"%d %s\n" % (last, self.frame().hex().encode()))

    def script_done(self, now_us: int) -> None:
        if not self.done:
            self.done = True
            os.write(self.out, b"%d done\n" % now_us)


class Table:
    """What the players touch: tiles on the PN532 twin, throws on the accelerometer
    twin, fingers on the buttons' pins (as firmware/sim.Script drives them)."""

    def __init__(self, rig: Rig) -> None:
        self.rig = rig
        self.kind = 215

    def _say(self, what: str) -> None:
        self.rig.log("%s at %d us" % (what, self.rig.clock.us()))

    # the reader
    def place(self, uid: str, record: str = "") -> None:
        self._say("place %s" % uid)
        self.rig.played("place", uid, record)
        chip = self.rig.pn532
        chip.lift()
        chip.place(Ntag(uid, kind=self.kind, record=bytes.fromhex(record) if record else None))

    def lift(self) -> None:
        self._say("lift")
        self.rig.played("lift")
        self.rig.pn532.lift()

    # the die
    def land(self, face: int) -> None:
        self._say("throw %d" % face)
        self.rig.played("roll", face)
        self.rig.throws.land(face)

    def crooked(self) -> None:
        self._say("throw crooked")
        self.rig.throws.crooked()

    # the buttons
    def push(self, event: tuple[str, str]) -> None:
        name, how = event
        self._say("%s %s" % (how, name))
        self.rig.played(how, name)
        pin = dict(self.rig.buttons)[name]
        now = self.rig.clock.now
        self.rig.pressed_us = self.rig.clock.us()  # the finger down (make bench: press -> glass)
        self.rig.later(now, "pin:%d:0" % pin)
        self.rig.later(now + (LONG_MS if how == "long" else PRESS_MS), "pin:%d:1" % pin)


class RigScript(Script):
    """firmware/sim's script, with what only a board can do: reset, unplug, hang; and
    ``boot``: wait for a restart the board (or the computer, mpremote) makes itself."""

    def __init__(self, steps: list[dict], rig: Rig) -> None:
        table = Table(rig)
        Script.__init__(self, steps, table, table, table, rig.clock.now)
        self.rig = rig

    def other(self, step: dict) -> None:
        do = step["do"]
        rig = self.rig
        rig.waiting = True  # until the hub runs again after the boot this step causes
        rig.expect_boot = True
        if do == "reset":
            self.rig.later(self.rig.clock.now, "reset")
        elif do == "hang":
            self.rig.later(self.rig.clock.now, "hang")
        elif do == "unplug":
            self.rig.unplug_for = step.get("ms", 2000) / 1000
        elif do == "boot":
            pass  # the board restarts of itself (or from the computer): wait for it
        else:
            raise ValueError("unknown script step %r" % (do,))


class Rig:
    def __init__(self, steps: list[dict], fd: int | None = None, link: Path | None = None,
                 image: Path | None = None, start_ms: int = 8000, log=None,
                 without: tuple[str, ...] = (), cdc_log: Path | None = None,
                 pocket: bool = False, glass: int | None = None, watcher=None,
                 seed: int | None = None) -> None:
        self.watcher = watcher
        self.seed = seed  # the board's random bits (ring oscillator, torn cells), if given
        self.cuts: list[tuple[int, str]] = []  # (board ms, what the flash was doing)
        self.cut_pending = False  # a power cut was asked and has not landed yet
        self.cdc_log = cdc_log
        self.assets = find_assets()
        self.image = image or build_image()
        self.fd = fd
        self.link = link
        self.clock = BoardClock()
        self.pn532 = PN532Twin(self.clock)
        self.lis3dh = AccelTwin("lis3dh", (), clock=self.clock,
                                address=board.address("lis3dh"))
        self.throws = DieThrows(self.lis3dh)
        self.buses = {
            board.names()["NFC_I2C_ID"]: {board.address("pn532"):
                                          PN532Target(self.pn532, board.address("pn532"))},
            board.names()["DIE_I2C_ID"]: {self.lis3dh.address: RegisterTarget(self.lis3dh)},
        }
        self.nfc_bus = board.names()["NFC_I2C_ID"]
        self.buttons = board.buttons()
        self.led_pin: int | None = board.pin("led")
        self.panel: SSD1306Twin | None = None
        self.panel_target: PanelTarget | None = None
        self.pressed_us = 0  # the last button pressed, on the board's clock
        if pocket:
            from firmware.pocket import board as pocket_board

            display = pocket_board.choice("display")[0]
            self.panel = SSD1306Twin(pocket_board.address(display), display == "sh1106")
            bus_id = pocket_board.names()[getattr(pocket_board, display.upper() + "_BUS")
                                          .upper() + "_ID"]
            self.panel_target = PanelTarget(self.panel, self.clock)
            self.buses[bus_id][self.panel.address] = self.panel_target
            self.buttons = pocket_board.buttons()
            self.led_pin = None  # the pocket's status is its panel
        self.glass = Glass(self.panel_target, glass) if glass is not None and \
            self.panel_target is not None else None
        for name in without:  # a chip left off its bus (a hub with no die sensor...)
            for targets in self.buses.values():
                targets.pop(board.address(name), None)
        self.phase: dict[int, PN532Target | RegisterTarget | PanelTarget | None] = {}
        self.steps = steps
        self.script: RigScript | None = None
        self.done_at: int | None = None  # board ms when the script's last step was played
        self.start_ms = start_ms
        self.booted_at = 0
        self.commands_at_boot = 0
        self.waiting = True  # for the hub to run after a boot
        self.expect_boot = False  # a reset, unplug or hang was asked: a boot comes next
        self.boots: list[tuple[str, int]] = []
        self.actions: list[tuple[int, str]] = []
        self.unplug_for = 0.0
        self.led = 0  # the status LED's duty, %
        self.node: subprocess.Popen | None = None
        self.master: int | None = None
        self.log = log or (lambda text: print("pico rig: " + text, file=sys.stderr, flush=True))
        self.parent = os.getppid()  # the demo or test that started it

    def later(self, at_ms: int, action: str) -> None:
        self.actions.append((at_ms, action))

    def cut_at(self, us: int) -> str:
        """The power cut at board time ``us`` (an action to send the board now)."""
        self.cut_pending = True
        return "cut@%d" % us

    def played(self, *step) -> None:
        if self.watcher is not None:
            self.watcher.played(self, step)

    # --- the board's power and its USB cable ---------------------------------------------

    def plug(self) -> None:
        """The USB cable in: a serial port appears and the board powers up."""
        if self.fd is not None:
            master = self.fd
        else:
            master, slave = os.openpty()
            path = os.ttyname(slave)
            os.close(slave)
            tmp = self.link.with_suffix(".new")
            if tmp.exists() or tmp.is_symlink():
                tmp.unlink()
            tmp.symlink_to(path)
            tmp.replace(self.link)
        self.master = master
        req_r, req_w = os.pipe()
        rep_r, rep_w = os.pipe()
        names = board.names()
        buses = [[names["NFC_I2C_ID"], names["NFC_I2C_SDA"], names["NFC_I2C_SCL"]],
                 [names["DIE_I2C_ID"], names["DIE_I2C_SDA"], names["DIE_I2C_SCL"]]]
        cmd = ["node", str(BOARD_JS), "--modules", str(NODE_MODULES),
               "--assets", str(self.assets), "--image", str(Path(self.image).resolve()),
               "--cdc", str(master), "--req", str(req_w), "--rep", str(rep_r),
               "--buses", json.dumps(buses),
               "--pullups", ",".join([str(pin) for _, pin in self.buttons]
                                     + [str(board.pin("pn532", "irq"))]),
               "--watch", str(board.pin("pn532", "rst")),
               "--clock-base", str(self.clock.us())]
        if self.led_pin is not None:
            cmd += ["--led", str(self.led_pin)]
        if self.cdc_log is not None:
            cmd += ["--cdc-log", str(Path(self.cdc_log).resolve())]
        if self.watcher is not None:
            cmd += ["--flash-ops", "1"]
        if self.seed is not None:
            cmd += ["--seed", str(self.seed)]
        self.node = subprocess.Popen(cmd, pass_fds=(master, req_w, rep_r))
        os.close(req_w)
        os.close(rep_r)
        self.requests = os.fdopen(req_r, "rb", buffering=65536)
        self.replies = rep_w

    def unplug(self) -> None:
        """The cable out: the board loses power, its serial port disappears."""
        if self.node is not None:
            self.node.kill()
            self.node.wait()
            self.node = None
        self.requests.close()
        os.close(self.replies)
        if self.fd is None and self.master is not None:
            os.close(self.master)
            self.link.unlink()
        self.master = None

    def close(self) -> None:
        if self.node is not None:
            self.unplug()
        if self.link is not None and (self.link.exists() or self.link.is_symlink()):
            self.link.unlink()

    # --- serving the board -------------------------------------------------------------

    def run(self) -> None:
        self.plug()
        while True:
            line = self.requests.readline()
            if not line:
                if self.node is not None and self.node.poll() is None:
                    continue
                self.log("the board stopped (exit %s)" % (self.node and self.node.returncode))
                return
            reply = self.answer(line.decode("latin1").split())
            os.write(self.replies, reply.encode("latin1") + b"\n")
            if self.unplug_for:
                self.unplug()
                self.log("USB cable out for %.1f s" % self.unplug_for)
                time.sleep(self.unplug_for)
                self.clock.set_us(self.clock.us() + int(self.unplug_for * 1e6))
                self.unplug_for = 0.0
                self.plug()

    def answer(self, words: list[str]) -> str:
        self.clock.set_us(int(words[0]))
        kind = words[1]
        if kind == "T":
            return self.tick()
        if kind == "C" or kind == "P":
            bus, address = int(words[2]), int(words[3])
            target = self.buses.get(bus, {}).get(address)
            ok = target is not None and target.connect(address, kind == "C" and words[4] == "R")
            self.phase[bus] = target if ok and kind == "C" else None
            if ok and kind == "C" and target.stretch_us:
                return "1 %d" % target.stretch_us
            return "1" if ok else "0"
        if kind == "W":
            target = self.phase.get(int(words[2]))
            if target is not None:
                target.write(b"" if words[3] == "-" else bytes.fromhex(words[3]))
            return self.irq() if isinstance(target, PN532Target) else "."
        if kind == "R":
            target = self.phase.get(int(words[2]))
            return target.read().hex() if target is not None else ""
        if kind == "E":
            target = self.phase.get(int(words[2]))
            if target is not None:
                target.end_read(int(words[3]))
            return self.irq() if isinstance(target, PN532Target) else "."
        if kind == "G":
            if int(words[2]) == board.pin("pn532", "rst"):
                self.pn532.rst.value(int(words[3]))
                return self.irq()
            return "."
        if kind == "L":
            self.led = int(words[2])
            self.log("led %d%% at %.3f s" % (self.led, self.clock.now / 1000))
            return "."
        if kind == "F":
            if self.watcher is None or self.cut_pending:
                return "."
            return self.watcher.flash_op(self, int(words[2]), int(words[3])) or "."
        if kind == "U":
            if self.watcher is not None:
                self.watcher.line(self, " ".join(words[2:]))
            return "."
        if kind == "K":
            what = " ".join(words[2:])
            self.cuts.append((self.clock.now, what))
            self.cut_pending = False
            self.log("power cut at %.3f s: the flash %s" % (self.clock.now / 1000, what))
            self.waiting = True
            self.expect_boot = True
            if self.panel is not None and self.panel_target is not None:
                # The panel loses its power too: it comes back dark, its RAM forgotten.
                self.panel = SSD1306Twin(self.panel.address, self.panel.sh1106)
                self.panel_target.twin = self.panel
            if self.watcher is not None:
                self.watcher.cut(self, what)
            return "."
        if kind == "B":
            self.boots.append((words[2], self.clock.now))
            self.booted_at = self.clock.now
            self.commands_at_boot = len(self.pn532.commands)
            self.waiting = True
            self.expect_boot = False
            self.log("board boot (%s) at %.3f s" % (words[2], self.clock.now / 1000))
            return "."
        raise ValueError("unknown board request %r" % (words,))

    def irq(self) -> str:
        """The PN532's P70_IRQ as the board's pin sees it after a transfer: low from the
        moment the chip holds a frame for the host (its ACK, then its answer) until the
        host has read it, high otherwise (PN532 datasheet, P70_IRQ; UM0701-02, the host
        may wait on IRQ instead of reading the status byte). The rig tells the board when
        it will fall, so it falls on the board's clock."""
        pin = board.pin("pn532", "irq")
        out = self.pn532._out if board.address("pn532") in self.buses[self.nfc_bus] else []
        if not out:
            return "pin:%d:1" % pin
        at = out[0][0]
        if at <= self.clock.us():
            return "pin:%d:0" % pin
        return "pin:%d:1 pin:%d:0@%d" % (pin, pin, at)

    def hub_ready(self) -> bool:
        """The hub runs its loop since the last boot: its reader looks for tags (or, with no
        reader, ``start_ms`` have passed)."""
        if self.expect_boot:
            return False
        if INLIST in self.pn532.commands[self.commands_at_boot:]:
            return True
        return self.clock.now - self.booted_at >= self.start_ms

    def tick(self) -> str:
        if os.getppid() != self.parent:
            # Whoever started the board is gone (a demo killed, its terminal closed): the
            # board goes with it rather than spin on alone.
            self.log("the process that started the board is gone")
            raise SystemExit(0)
        now = self.clock.now
        if self.glass is not None:
            self.glass.tick(self.clock.us())
        if self.waiting:
            # After a boot the players wait for the hub, as at a table: the script goes on
            # (its next step's time counted from now) once the hub runs again.
            # After a power cut the watcher may first need the board's word on what it
            # kept (its USB line, on its way while the board runs on): None until then.
            again = [] if not self.hub_ready() or self.script is None or self.watcher is None \
                or self.boots[-1][0] != "power" else self.watcher.back(self)
            if self.hub_ready() and again is not None:
                self.waiting = False
                self.log("the hub runs at %.3f s" % (now / 1000))
                if self.script is None:
                    self.script = RigScript(self.steps, self)
                else:
                    self.script.due = now
                    self.script.steps[:0] = again
        elif self.script is not None:
            self.script.run(now)
            if self.glass is not None and self.script.done:
                if self.done_at is None:
                    self.done_at = now
                if now - self.done_at >= ANSWER_MS:
                    self.glass.script_done(self.clock.us())
        due = [a for a in self.actions if a[0] <= now]
        if not due:
            return "."
        self.actions = [a for a in self.actions if a[0] > now]
        return " ".join(action for _, action in due)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m firmware.sim.emulated_pico.rig",
                                     description=__doc__)
    port = parser.add_mutually_exclusive_group(required=True)
    port.add_argument("--fd", type=int, help="the master side of a pty: the board's USB")
    port.add_argument("--link", type=Path, help="keep a symlink here to the board's port")
    parser.add_argument("--script", help="JSON list of steps (default: none)")
    parser.add_argument("--image", type=Path, help="littlefs image (default: make pico-image)")
    parser.add_argument("--without", default="", help="chips left off the buses: pn532,lis3dh")
    parser.add_argument("--cdc-log", type=Path, help="log each line the board sends, timed")
    parser.add_argument("--pocket", action="store_true",
                        help="the pocket build: its OLED twin and its four buttons")
    parser.add_argument("--glass", type=int, metavar="FD",
                        help="with --pocket: each settled frame of its panel, a line on FD")
    args = parser.parse_args(argv)
    steps = json.loads(Path(args.script).read_text()) if args.script else []
    try:
        rig = Rig(steps, fd=args.fd, link=args.link, image=args.image,
                  without=tuple(n for n in args.without.split(",") if n),
                  cdc_log=args.cdc_log, pocket=args.pocket, glass=args.glass)
    except AssetsMissing as exc:
        print("pico rig: %s" % exc, file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        rig.run()
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        rig.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
