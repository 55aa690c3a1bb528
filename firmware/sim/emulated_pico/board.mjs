// An emulated Raspberry Pi Pico (rp2040js) running the official MicroPython UF2, wired to a
// table: its USB CDC is a serial port (a file descriptor: the master side of a
// pseudo-terminal), and its I2C buses, GPIO pins and reset are answered by the rig
// (firmware/sim/emulated_pico/rig.py), which hosts our chip twins (firmware/sim/twins/) in Python.
//
//   node firmware/sim/emulated_pico/board.mjs --modules tests/node_modules --assets DIR \
//     --image FS.IMG --cdc FD --req FD --rep FD
//
// The rig protocol: one text line per request on --req, one reply line on --rep, each
// request starting with the board's clock in microseconds:
//   US C bus addr R|W     an address phase on I2C bus 0/1: reply 1 (ACK) or 0 (NACK)
//   US W bus HEX          the bytes written in that phase (at STOP or repeated START)
//   US R bus              the first byte read in that phase: reply HEX (what the chip
//                         would send, from its first byte on)
//   US E bus N            the read phase ended after N bytes
//   US P bus addr         a bit-banged address phase (MicroPython's zero-length write,
//                         as I2C.scan() sends it): reply 1 or 0
//   US G pin level        a pin the rig watches changed (the PN532's RSTPDN)
//   US T                  a tick (every TICK_US of board time): reply the rig's actions
//   US B cause            the board (re)booted: power | reset | watchdog
//   US L duty             the LED pin's duty (%) over the last tick, when it changed
//   US F op addr          with --flash-ops: the flash chip began a page program (2), a
//                         sector or block erase (32, 82, 216) at addr: reply actions
//   US U text             with --flash-ops: a line the board sent on its USB, as it
//                         reaches the computer (on the board's clock): reply actions
//   US K what             the power was cut: what the flash was doing then ("idle", or
//                         "op addr elapsed_us total_us" for a program or erase it tore)
// Actions (space separated, "." for none): pin:N:L (drive input pin N to L), reset (RUN
// pin), hang (the CPU stops executing; its clocks run on), cut@US (the power cut at board
// time US: the chip, its flash chip, and a program or erase under way torn), quit.
// --seed N: the ring oscillator's bits and the bits a torn program or erase leaves come
// from a generator seeded with N (each boot its own stream), so a run can be replayed.
import { readFileSync, readSync, writeSync, openSync, read as readAsync } from "node:fs";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].slice(2)] = process.argv[i + 1];
// rp2040js from the Node package make setup installs (--modules: its node_modules folder,
// tests/node_modules), not from beside this file.
const rp2040js = createRequire(join(args.modules, "package.json")).resolve("rp2040js");
const { Simulator, USBCDC, BasePeripheral, GPIOPinState, I2CMode, ConsoleLogger, LogLevel } =
  await import(pathToFileURL(rp2040js).href);
const UF2 = "RPI_PICO-20231227-v1.22.0.uf2";
const BOOTROM = "rp2040-bootrom-b1.bin";
const FLASH_FS = 0xa0000;
const TICK_US = 5000;
const CDC_PACKET = 64; // a USB full-speed bulk packet
const WATCHED_OUTPUTS = (args.watch || "").split(",").filter(Boolean).map(Number);
const PULLED_UP = (args.pullups || "").split(",").filter(Boolean).map(Number);
const BUSES = JSON.parse(args.buses || "[]"); // [[id, sda, scl], ...]
const LED_PIN = args.led === undefined ? -1 : Number(args.led);

// --- the flash: the UF2's blocks, then the filesystem image at 0xA0000 -----------------
const flash = new Uint8Array(2 * 1024 * 1024).fill(0xff);
{
  const uf2 = readFileSync(join(args.assets, UF2));
  for (let off = 0; off + 512 <= uf2.length; off += 512) {
    const view = new DataView(uf2.buffer, uf2.byteOffset + off, 512);
    const target = view.getUint32(12, true) - 0x10000000;
    const size = view.getUint32(16, true);
    flash.set(uf2.subarray(off + 32, off + 32 + size), target);
  }
  if (args.image) flash.set(readFileSync(args.image), FLASH_FS);
}
const bootromBytes = readFileSync(join(args.assets, BOOTROM));
const bootrom = new Uint32Array(bootromBytes.buffer, bootromBytes.byteOffset, bootromBytes.length / 4);

// A small seeded generator (mulberry32) for --seed: the same run twice.
const SEED = args.seed === undefined ? null : Number(args.seed) >>> 0;
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
let boots = 0;

// --- the rig, over two pipes (blocking: the board waits for its chips) -----------------
const reqFd = Number(args.req), repFd = Number(args.rep), cdcFd = Number(args.cdc);
let pending = "";
const chunk = Buffer.alloc(4096);
let clockBase = Number(args["clock-base"] || 0); // board time of the current boot's start (the rig's clock never goes back)
let sim = null;
const nowUs = () => Math.floor(clockBase + sim.clock.nanos / 1000);

function ask(line) {
  writeSync(reqFd, `${nowUs()} ${line}\n`);
  for (;;) {
    const nl = pending.indexOf("\n");
    if (nl >= 0) {
      const reply = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      return reply;
    }
    const n = readSync(repFd, chunk, 0, chunk.length, null);
    if (n === 0) process.exit(0); // the rig is gone
    pending += chunk.toString("latin1", 0, n);
  }
}

const hex = (bytes) => Buffer.from(bytes).toString("hex");

// --- chips on the I2C peripherals --------------------------------------------------------
// rp2040js's I2C finishes each phase the moment it starts: a transfer took no board time.
// Here each phase takes what the wire takes at the rate the firmware set, so the CPU (which
// polls the peripheral, as pico-sdk does) waits on the board's clock as on a real Pico:
// - one SCL period = (HCNT + SPKLEN + 7) + (LCNT + 1) clk_sys cycles (RP2040 datasheet
//   4.3.14, "SCL high/low time"; clk_sys 125 MHz): 2.62 us at 400 kHz as pico-sdk sets it;
// - a START or repeated START, a STOP (with the bus free time after it): one period each;
// - the address, each byte written or read: 8 bits and the acknowledge bit, 9 periods;
// - clock stretching: a chip may hold SCL low after acknowledging its address; the rig
//   says for how long (rig.py: the PN532's).
const CLK_SYS_NS = 8;
function attachI2C(mcu, bus) {
  const i2c = mcu.i2c[bus];
  let phase = null; // {mode, written: [], read: bytes | null, count}
  let then = null;
  const wire = sim.clock.createAlarm(() => { const f = then; then = null; f(); });
  const periodNs = () => (i2c.sclHighPeriod + i2c.spikelen + 7 + i2c.sclLowPeriod + 1) * CLK_SYS_NS;
  const after = (periods, f, extraNs = 0) => { then = f; wire.schedule(periods * periodNs() + extraNs); };
  const finish = () => {
    if (phase === null) return;
    if (phase.mode === I2CMode.Write) act(ask(`W ${bus} ${hex(phase.written) || "-"}`));
    else act(ask(`E ${bus} ${phase.count}`));
    phase = null;
  };
  i2c.onStart = () => { finish(); after(1, () => i2c.completeStart()); };
  i2c.onConnect = (address, mode) => {
    const [answer, stretchUs] = ask(`C ${bus} ${address} ${mode === I2CMode.Read ? "R" : "W"}`).split(" ");
    const ack = answer === "1";
    phase = ack ? { mode, written: [], read: null, count: 0 } : null;
    after(9, () => i2c.completeConnect(ack), ack ? Number(stretchUs || 0) * 1000 : 0);
  };
  i2c.onWriteByte = (value) => {
    phase.written.push(value);
    after(9, () => i2c.completeWrite(true));
  };
  i2c.onReadByte = () => {
    if (phase.read === null) phase.read = Buffer.from(ask(`R ${bus}`), "hex");
    const value = phase.count < phase.read.length ? phase.read[phase.count] : 0xff;
    phase.count++;
    after(9, () => i2c.completeRead(value));
  };
  i2c.onStop = () => { finish(); after(1, () => i2c.completeStop()); };
}

// The bus wires as wires: open drain with pull-ups. rp2040js reads an undriven pin as low,
// so without this MicroPython's bit-banged zero-length write (I2C.scan()) finds SCL held
// low and times out: the rig gives each line its pull-up and lets a chip pull SDA low to
// acknowledge its address, as on a real bus.
function attachWires(mcu, bus, sdaPin, sclPin) {
  const sda = mcu.gpio[sdaPin], scl = mcu.gpio[sclPin];
  let sdaHeld = false, lastSda = true, lastScl = true;
  let bits = -1, byte = 0, acking = false;
  const driven = (pin) => pin.value === GPIOPinState.Low;
  const update = () => {
    const sclLevel = !driven(scl);
    const sdaLevel = !(driven(sda) || sdaHeld);
    if (sclLevel && lastScl && sdaLevel !== lastSda) {
      if (!sdaLevel) { bits = 0; byte = 0; } // START (or repeated START)
      else { bits = -1; sdaHeld = false; } // STOP
    } else if (sclLevel && !lastScl && bits >= 0 && bits < 8) {
      byte = (byte << 1) | (sdaLevel ? 1 : 0); // data sampled on the rising edge
      bits++;
    } else if (!sclLevel && lastScl && bits === 8) {
      if (!acking) {
        acking = true;
        sdaHeld = ask(`P ${bus} ${byte >> 1}`) === "1"; // only address phases come this way
      } else {
        acking = false; sdaHeld = false; bits = -1; // after the ACK clock: release
      }
    }
    lastScl = sclLevel;
    const level = !(driven(sda) || sdaHeld);
    lastSda = level;
    if (sda.inputValue !== level) sda.setInputValue(level);
    if (scl.inputValue !== sclLevel) scl.setInputValue(sclLevel);
  };
  sda.addListener(update);
  scl.addListener(update);
  sda.setInputValue(true);
  scl.setInputValue(true);
}

// --- what rp2040js leaves out --------------------------------------------------------------
// The ring oscillator's random bit: constant in rp2040js, so os.urandom() gave the same
// bytes on every boot. Here it is the jitter of a real one (a fresh seed each boot).
// With --seed, the jitter is the seeded generator's, so a run replays bit for bit.
const seededBytes = (random, n) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
class RingOscillator extends BasePeripheral {
  constructor(mcu, random) {
    super(mcu, "ROSC_BASE");
    this.fresh = random ? () => seededBytes(random, 4096) : () => randomBytes(4096);
    this.bits = this.fresh();
    this.i = 0;
  }
  readUint32(offset) {
    if (offset === 0x1c) { // RANDOMBIT
      const k = this.i++ % (this.bits.length * 8);
      if (k === 0 && this.i > 1) this.bits = this.fresh();
      return (this.bits[k >> 3] >> (k & 7)) & 1;
    }
    return 0;
  }
  writeUint32() {}
}
// CHIP_RESET (VREG_AND_CHIP_RESET + 8): which reset started this boot.
class ChipReset extends BasePeripheral {
  constructor(mcu, value) { super(mcu, "VREG_AND_CHIP_RESET_BASE"); this.value = value; }
  readUint32(offset) { return offset === 0x08 ? this.value : 0; }
  writeUint32() {}
}
const HAD_POR = 1 << 8, HAD_RUN = 1 << 16;

// The flash chip behind the SSI, so the board can write its filesystem (rp2040js answers
// the SSI's data register with nothing, its issue #157: a write hung the board). A W25Q16JV
// (the Pico's, Winbond datasheet rev. H): the boot ROM's flash_range_erase/program and the
// SDK's flash_do_cmd select it by forcing QSPI SS low (IO_QSPI GPIO_QSPI_SS_CTRL OUTOVER,
// RP2040 datasheet 2.19.6.3) and clock bytes through SSI DR0 one for one (full duplex).
// A command takes effect when SS goes high, as on the chip: Write Enable (06h), Page
// Program (02h: bits only go from 1 to 0, the address wraps inside its 256-byte page),
// Sector Erase (20h, 4 KB), Block Erase (52h 32 KB, D8h 64 KB), Read Status (05h: BUSY
// for the chip's typical times, table 9.7: page program 0.4 ms, sector erase 45 ms, block
// erase 120/150 ms), Read Data (03h), JEDEC ID (9Fh). What is written goes into the flash
// every later boot starts from, so a reset (the RUN pin: the flash chip keeps its power and
// finishes what it was doing) keeps it. A power cut while the chip is BUSY tears the program
// or erase under way, as a real cut does (the datasheet promises nothing of the cells then;
// 8.2.7/8.2.9: the operation is simply not finished): each bit the program was taking from 1
// to 0 has gone down or not, each 0 bit the erase was raising has come up or not, with the
// odds of the time it had run (tear()).
const FLASH_TIMES_US = { 0x02: 400, 0x20: 45000, 0x52: 120000, 0xd8: 150000 };
class FlashChip {
  constructor() {
    this.selected = false; this.cmd = []; this.wel = false; this.busyUntil = 0; this.writes = 0;
    this.working = null; // {op, addr, start, end, at, before, after}: the last program or erase
  }
  select(on) {
    if (on && !this.selected) this.cmd = [];
    if (!on && this.selected) this.execute();
    this.selected = on;
  }
  exchange(byte) {
    if (!this.selected) return 0;
    const cmd = this.cmd;
    cmd.push(byte);
    const op = cmd[0];
    if (op === 0x05 && cmd.length > 1) return (nowUs() < this.busyUntil ? 1 : 0) | (this.wel ? 2 : 0);
    if (op === 0x03 && cmd.length > 4) {
      const addr = ((cmd[1] << 16) | (cmd[2] << 8) | cmd[3]) + cmd.length - 5;
      return addr < flash.length ? flash[addr] : 0xff;
    }
    if (op === 0x9f && cmd.length > 1) return [0xef, 0x40, 0x15][cmd.length - 2] ?? 0;
    return 0;
  }
  execute() {
    const cmd = this.cmd, op = cmd[0];
    if (op === 0x06) { this.wel = true; return; }
    if (op === 0x04) { this.wel = false; return; }
    if (!(op in FLASH_TIMES_US) || !this.wel || cmd.length < 4 || nowUs() < this.busyUntil) return;
    const addr = (cmd[1] << 16) | (cmd[2] << 8) | cmd[3];
    const live = sim.rp2040.flash;
    let at, before;
    if (op === 0x02) {
      const page = addr & ~0xff;
      at = [];
      for (let i = 4; i < cmd.length; i++) at.push(page | ((addr + i - 4) & 0xff));
      before = Uint8Array.from(at, (a) => flash[a]);
      at.forEach((a, i) => { flash[a] &= cmd[i + 4]; live[a] = flash[a]; });
    } else {
      const size = op === 0x20 ? 4096 : op === 0x52 ? 32768 : 65536;
      const start = addr & ~(size - 1);
      at = [start, start + size];
      before = flash.slice(start, start + size);
      flash.fill(0xff, start, start + size);
      live.fill(0xff, start, start + size);
    }
    this.writes += 1;
    this.wel = false;
    const now = nowUs();
    this.busyUntil = now + FLASH_TIMES_US[op];
    this.working = { op, addr, start: now, end: this.busyUntil, at, before };
    if (args["flash-ops"]) act(ask(`F ${op} ${addr}`));
  }
  // The power goes: what the cells hold of an operation still under way (see above).
  tear(random) {
    const w = this.working, now = nowUs();
    this.selected = false; this.cmd = []; this.wel = false;
    if (w === null || now >= w.end) return "idle";
    const done = (now - w.start) / (w.end - w.start);
    const live = sim.rp2040.flash;
    const cell = (a, old, want) => { // each bit that was to change has changed with odds `done`
      let value = old;
      for (let bit = 1; bit < 256; bit <<= 1) {
        if ((old ^ want) & bit && random() < done) value ^= bit;
      }
      flash[a] = value;
      live[a] = value;
    };
    if (w.op === 0x02) w.at.forEach((a, i) => cell(a, w.before[i], flash[a]));
    else for (let a = w.at[0]; a < w.at[1]; a++) cell(a, w.before[a - w.at[0]], 0xff);
    this.busyUntil = 0;
    this.working = null;
    return `${w.op} ${w.addr} ${now - w.start} ${w.end - w.start}`;
  }
}
const flashChip = new FlashChip();
const SSI_DR0 = 0x60, SSI_SR = 0x28, SSI_TXFLR = 0x20, SSI_RXFLR = 0x24, SSI_SSIENR = 0x08;
class FlashSSI extends BasePeripheral {
  constructor(mcu) { super(mcu, "SSI"); this.regs = new Map(); this.rx = []; }
  readUint32(offset) {
    if (offset === SSI_DR0) return this.rx.length ? this.rx.shift() : 0;
    if (offset === SSI_SR) return 0x06 | (this.rx.length ? 0x08 : 0); // TFE, TFNF, RFNE; never BUSY
    if (offset === SSI_TXFLR) return 0;
    if (offset === SSI_RXFLR) return this.rx.length;
    if (offset === 0x58) return 0x51535049; // IDR
    if (offset === 0x5c) return 0x3430312a; // SSI_COMP_VERSION
    return this.regs.get(offset) ?? 0;
  }
  writeUint32(offset, value) {
    if (offset === SSI_DR0) { this.rx.push(flashChip.exchange(value & 0xff)); return; }
    if (offset === SSI_SSIENR && !(value & 1)) this.rx = []; // disabling clears the FIFOs
    this.regs.set(offset, value);
  }
}
class QspiIO extends BasePeripheral {
  constructor(mcu) { super(mcu, "IO_QSPI_BASE"); this.regs = new Map(); }
  readUint32(offset) { return this.regs.get(offset) ?? 0; }
  writeUint32(offset, value) {
    this.regs.set(offset, value);
    if (offset === 0x0c) flashChip.select(((value >> 8) & 3) === 2); // SS_CTRL OUTOVER: 2 low
  }
}

// --- booting -------------------------------------------------------------------------------
// --cdc-log FILE: each line the board sends, with the board's clock (us) when its last
// byte reached the computer (the bench's latencies).
const cdcLog = args["cdc-log"] ? openSync(args["cdc-log"], "a") : null;
let cdcLine = "";
function logLines(data) {
  cdcLine += Buffer.from(data).toString("latin1");
  let nl;
  while ((nl = cdcLine.indexOf("\n")) >= 0) {
    writeSync(cdcLog, `${nowUs()} ${cdcLine.slice(0, nl)}\n`);
    cdcLine = cdcLine.slice(nl + 1);
  }
}

// With --flash-ops the rig hears each line too, at the board time it arrives.
let toldLine = "";
function tellLines(data) {
  toldLine += Buffer.from(data).toString("latin1");
  let nl;
  while ((nl = toldLine.indexOf("\n")) >= 0) {
    const line = toldLine.slice(0, nl).replace(/[\r\n]/g, "");
    toldLine = toldLine.slice(nl + 1);
    act(ask(`U ${line}`));
  }
}

let hanging = false;
let cdcQueue = [];
let cdcReady = false;
let watchdogState = null;

function boot(cause) {
  if (sim) {
    clockBase = nowUs();
    sim.stop();
  }
  hanging = false;
  cdcReady = false;
  sim = new Simulator();
  const mcu = sim.rp2040;
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.loadBootrom(bootrom);
  mcu.flash.set(flash);
  boots += 1;
  mcu.peripherals[0x40060] = new RingOscillator(mcu, SEED === null ? null : generator(SEED * 7919 + boots));
  mcu.peripherals[0x18000] = new FlashSSI(mcu);
  mcu.peripherals[0x40018] = new QspiIO(mcu);
  // A power cut drops a command the chip had not been told to carry out (SS never rose).
  Object.assign(flashChip, { selected: false, cmd: [], wel: false });
  mcu.peripherals[0x40064] = new ChipReset(mcu, cause === "watchdog" ? 0 : cause === "reset" ? HAD_RUN : HAD_POR);
  const watchdog = mcu.peripherals[0x40058];
  if (cause === "watchdog" && watchdogState) { // the watchdog's reason and scratch survive it
    watchdog.reason = watchdogState.reason;
    watchdog.scratchData.set(watchdogState.scratch);
  }
  watchdog.onWatchdogTrigger = () => {
    // The chip resets here. rp2040js would re-arm the expired alarm at the same instant
    // (and loop for ever inside one clock tick): stop it, then boot a fresh chip.
    watchdog.alarm.enable = false;
    watchdog.timer.enable = false;
    watchdogState = { reason: watchdog.reason, scratch: Uint32Array.from(watchdog.scratchData) };
    setTimeout(() => boot("watchdog"), 0);
    sim.stop();
  };
  for (const [id, sda, scl] of BUSES) {
    attachI2C(mcu, id);
    attachWires(mcu, id, sda, scl);
  }
  for (const pin of PULLED_UP) mcu.gpio[pin].setInputValue(true);
  for (const pin of WATCHED_OUTPUTS) {
    let last = null;
    mcu.gpio[pin].addListener((state) => {
      const level = state === GPIOPinState.Low ? 0 : 1;
      if (level !== last) { last = level; act(ask(`G ${pin} ${level}`)); }
    });
  }
  const cdc = new USBCDC(mcu.usbCtrl);
  cdc.onDeviceConnected = () => { cdcReady = true; };
  cdc.onSerialData = (data) => {
    if (cdcLog !== null) logLines(data);
    if (args["flash-ops"]) tellLines(data);
    writeSync(cdcFd, data);
  };
  // Host -> board: each write of the host is its own USB transfer, at most one packet a
  // millisecond (as a full-speed bulk endpoint polled once a frame), so "\r\x03" and the
  // "\r\x01" mpremote writes after it do not arrive as one packet.
  // A USB host answers the board's OUT endpoint only when it has data (the endpoint NAKs
  // until then). rp2040js's CDC answers at once with an empty transfer, and the board then
  // re-arms it at once: an interrupt storm that took two thirds of the CPU (1000 turns of
  // an empty Python loop: 14.2 ms, 4.9 ms without it). Here an OUT transfer waits for the
  // host's next bytes.
  const usb = mcu.usbCtrl;
  // Board -> host: the host takes what an IN endpoint holds once a USB full-speed frame
  // (1 ms, USB 2.0 specification 5.12.1 / 8.4.3), so a packet the board queues reaches the
  // computer at the end of the frame it was queued in (rp2040js: after 10 us).
  Object.defineProperty(usb, "writeDelayMicroseconds", {
    get: () => 1000 - (Math.floor(sim.clock.nanos / 1000) % 1000),
    set: () => {},
  });
  const answerRead = usb.onEndpointRead;
  let waitingRead = null;
  usb.onEndpointRead = (endpoint, size) => {
    if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty) waitingRead = [endpoint, size];
    else answerRead(endpoint, size);
  };
  const feed = sim.clock.createAlarm(() => {
    if (cdcReady && cdcQueue.length) {
      const packet = cdcQueue[0].subarray(0, CDC_PACKET);
      for (const byte of packet) cdc.sendSerialByte(byte);
      if (cdcQueue[0].length > CDC_PACKET) cdcQueue[0] = cdcQueue[0].subarray(CDC_PACKET);
      else cdcQueue.shift();
    }
    if (waitingRead !== null && !cdc.txFIFO.empty) {
      const [endpoint, size] = waitingRead;
      waitingRead = null;
      answerRead(endpoint, size);
    }
    feed.schedule(1e6);
  });
  feed.schedule(1e6);
  // The status LED (PWM on its pin): its duty over each tick, told when it changes.
  const led = LED_PIN >= 0 ? { high: false, since: 0, highNs: 0, told: -1 } : null;
  if (led !== null) {
    mcu.gpio[LED_PIN].addListener((state) => {
      const now = sim.clock.nanos;
      if (led.high) led.highNs += now - led.since;
      led.high = state === GPIOPinState.High;
      led.since = now;
    });
  }
  const tick = sim.clock.createAlarm(() => {
    if (led !== null) {
      const now = sim.clock.nanos;
      if (led.high) led.highNs += now - led.since;
      led.since = now;
      const duty = Math.round((100 * led.highNs) / (TICK_US * 1000));
      led.highNs = 0;
      if (Math.abs(duty - led.told) >= 10 || ((duty === 0 || duty === 100) && duty !== led.told)) {
        led.told = duty;
        ask(`L ${duty}`);
      }
    }
    act(ask("T"));
    tick.schedule(TICK_US * 1000);
  });
  tick.schedule(TICK_US * 1000);
  mcu.core.PC = 0x10000000;
  ask(`B ${cause}`);
  sim.execute();
}

// A pin the rig drives at a later board time (pin:N:L@US: the PN532's IRQ going low when
// its answer is ready): one alarm per pin, so a newer plan replaces an older one.
const pinAlarms = new Map();
function drive(pin, level, atUs) {
  let alarm = pinAlarms.get(pin);
  if (alarm === undefined || alarm.sim !== sim) {
    const owner = sim;
    alarm = { sim, level: true, timer: sim.clock.createAlarm(() => owner.rp2040.gpio[pin].setInputValue(alarm.level)) };
    pinAlarms.set(pin, alarm);
  }
  alarm.timer.cancel();
  const inNs = (atUs - nowUs()) * 1000;
  if (atUs === undefined || inNs <= 0) sim.rp2040.gpio[pin].setInputValue(level);
  else { alarm.level = level; alarm.timer.schedule(inNs); }
}

function act(reply) {
  for (const action of reply.split(" ")) {
    if (action === "." || action === "") continue;
    const [what, a, b] = action.split(":");
    if (what === "pin") {
      const [level, at] = b.split("@");
      drive(Number(a), level === "1", at === undefined ? undefined : Number(at));
    }
    else if (what === "reset") setTimeout(() => boot("reset"), 0), sim.stop();
    else if (what.startsWith("cut@")) cutAt(Number(what.slice(4)));
    else if (what === "hang") hang();
    else if (what === "quit") process.exit(0);
  }
}

// The power cut at board time `atUs` (now if it has passed): the flash chip's work torn,
// the rig told what it tore, then a power-on boot.
const tearing = generator(SEED === null ? (Date.now() >>> 0) : SEED ^ 0x5eed);
function cutAt(atUs) {
  const owner = sim;
  const cut = () => {
    if (sim !== owner) return; // the board rebooted meanwhile: that power is gone already
    toldLine = ""; // what the USB had not carried of a line is gone with the power
    ask(`K ${flashChip.tear(tearing)}`);
    setTimeout(() => boot("power"), 0);
    sim.stop();
  };
  const inNs = (atUs - nowUs()) * 1000;
  if (inNs <= 0) cut();
  else sim.clock.createAlarm(cut).schedule(inNs);
}

// A hung CPU: no instruction runs, but the clocks (and so the watchdog) go on.
function hang() {
  if (hanging) return;
  hanging = true;
  sim.stop();
  const current = sim;
  const spin = () => {
    const until = Date.now() + 20;
    while (sim === current && Date.now() < until) {
      current.clock.tick(Math.max(1000, current.clock.nanosToNextAlarm));
    }
    if (sim === current) setTimeout(spin, 0); // else the watchdog has rebooted the board
  };
  setTimeout(spin, 0); // not from inside the alarm that asked for it
}

// Host -> board bytes, from the serial port.
function readCdc() {
  readAsync(cdcFd, Buffer.alloc(256), 0, 256, null, (err, n, buf) => {
    if (err || n === 0) { // nobody has the port open (EIO): look again soon, as a host may
      setTimeout(readCdc, 20); // open it again (a restarted hexref run, mpremote after it)
      return;
    }
    cdcQueue.push(Buffer.from(buf.subarray(0, n)));
    readCdc();
  });
}

readCdc();
boot("power");
