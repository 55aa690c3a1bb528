"""Write the pin modules from hardware/pinout.json, the one source of truth.

    python hardware/gen_pins.py          # rewrite firmware/board.py, firmware/board_esp32.py,
                                         # host/pins.py and hardware/PINS.md
    python hardware/gen_pins.py --check  # exit 1 if any of them is out of date

The names follow one rule, so code can be written against them without reading this file:

- a bus ``nfc_i2c`` gives ``NFC_I2C_ID`` and one constant per line (``NFC_I2C_SDA``,
  ``NFC_I2C_SCL``, ``NFC_I2C_FREQ``; an SPI bus ``..._SCK``, ``_MOSI``, ``_MISO``,
  ``_BAUDRATE``);
- a device ``pn532`` gives ``PN532_BUS`` (the bus name), ``PN532_ADDR``, one constant per
  pin (``PN532_RST``; a device with a single pin has ``..._PIN``), ``..._ACTIVE_LOW`` and
  its properties (``SSD1306_WIDTH``);
- a choice group ``nfc`` gives ``NFC_CHOICES`` (every device that can fill it) and
  ``DEFAULT_NFC`` (the one the reference build fits, or None if it is optional);
- labelled devices (buttons) give ``BUTTONS``, a tuple of ``(label, pin)``.

>>> [line for line in render(load()["boards"]["hub"], True) if "PN532_ADDR" in line]
['PN532_ADDR = const(0x24)  # 7-bit I2C address']
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PINOUT = os.path.join(HERE, "pinout.json")

# board key -> (output path, use MicroPython const())
TARGETS = {
    "hub": ("firmware/board.py", True),
    "hub_esp32": ("firmware/board_esp32.py", True),
    "host": ("host/pins.py", False),
}

BUS_LINES = {
    "i2c": ("sda", "scl", "freq"),
    "spi": ("sck", "mosi", "miso", "baudrate"),
}
PIN_LINES = ("sda", "scl", "sck", "mosi", "miso")


def load(path=PINOUT):
    with open(path) as f:
        return json.load(f)


def pin_note(board, gpio):
    """'GP4, pin 6' on the Pico, 'GPIO2, pin 3' on the Pi, 'GPIO21' on an ESP32."""
    prefix = "GP" if board["module"] == "pico" else "GPIO"
    header = board["header"].get(str(gpio))
    if header is None:
        return "%s%d" % (prefix, gpio)
    return "%s%d, pin %d" % (prefix, gpio, header)


def constants(board):
    """Every (NAME, value, note) the board's module holds, in file order."""
    out = []
    out.append(("BOARD", board["module"], board["title"]))
    for key, bus in board["buses"].items():
        name = key.upper()
        out.append((name + "_ID", bus["id"], "%s bus %d" % (bus["kind"].upper(), bus["id"])))
        for line in BUS_LINES[bus["kind"]]:
            value = bus[line]
            note = pin_note(board, value) if line in PIN_LINES else ""
            out.append(("%s_%s" % (name, line.upper()), value, note))
    groups = {}
    labelled = []
    for key, dev in board["devices"].items():
        name = key.upper()
        if "bus" in dev:
            out.append((name + "_BUS", dev["bus"], ""))
        if "address" in dev:
            out.append((name + "_ADDR", int(dev["address"], 16), "7-bit I2C address"))
        for pin_key, gpio in dev.get("pins", {}).items():
            out.append(("%s_%s" % (name, pin_key.upper()), gpio, pin_note(board, gpio)))
        if "active_low" in dev:
            out.append((name + "_ACTIVE_LOW", dev["active_low"], ""))
        for prop, value in dev.get("props", {}).items():
            out.append(("%s_%s" % (name, prop.upper()), value, ""))
        if "choice" in dev:
            groups.setdefault(dev["choice"], []).append((key, dev.get("default", False)))
        if "label" in dev:
            labelled.append((dev["label"], dev["pins"]["pin"]))
    for group, members in groups.items():
        defaults = [key for key, is_default in members if is_default]
        if len(defaults) > 1:
            raise ValueError("choice %r has more than one default: %s" % (group, defaults))
        out.append((group.upper() + "_CHOICES", tuple(key for key, _ in members), ""))
        out.append(("DEFAULT_" + group.upper(), defaults[0] if defaults else None, ""))
    if labelled:
        out.append(("BUTTONS", tuple(labelled), "(label, pin); the label names it in events"))
    names = [name for name, _, _ in out]
    if len(set(names)) != len(names):
        raise ValueError("two constants share a name: %s" % sorted(names))
    return out


def literal(name, value, use_const):
    if isinstance(value, str):
        return '"%s"' % value
    if isinstance(value, tuple):
        items = [literal(name, item, False) for item in value]
        return "(%s)" % (", ".join(items) + ("," if len(items) == 1 else ""))
    if isinstance(value, bool) or value is None:
        return repr(value)
    if name.endswith("_ADDR"):
        text = "0x%02X" % value
    else:
        text = str(value)
    return "const(%s)" % text if use_const else text


def render(board, use_const):
    """The module's lines (without the trailing newline)."""
    lines = [
        '"""Pins of the %s.' % board["title"],
        "",
        "GENERATED from hardware/pinout.json by `python hardware/gen_pins.py`: do not edit by hand.",
        "Change the pinout, then regenerate; the tests fail while the two disagree.",
        "Numbering: %s." % board["numbering"],
        '"""',
        "",
    ]
    if use_const:
        lines += [
            "try:",
            "    from micropython import const",
            "except ImportError:  # CPython: the demo and the tests",
            "",
            "    def const(value):",
            "        return value",
            "",
            "",
        ]
    for name, value, note in constants(board):
        text = "%s = %s" % (name, literal(name, value, use_const))
        if note:
            text += "  # " + note
        lines.append(text)
    return lines


def signals(board):
    """(gpio, signal, fitted, note) for every wired GPIO of a board, by GPIO number; a
    device's or bus's note is on its first row only."""
    rows = []
    for key, bus in board["buses"].items():
        note = bus.get("note", "")
        for line in PIN_LINES:
            if line in bus:
                what = "%s: %s%d %s" % (key, bus["kind"].upper(), bus["id"], line.upper())
                rows.append((bus[line], what, bus.get("fitted", "reference"), note))
                note = ""
    for key, dev in board["devices"].items():
        note = dev.get("note", "")
        fitted = "reference" if dev.get("default", "choice" not in dev) else "option"
        for pin_key, gpio in dev.get("pins", {}).items():
            what = key if pin_key == "pin" else "%s: %s" % (key, pin_key.upper())
            rows.append((gpio, what, fitted, note))
            note = ""
    return sorted(rows)


def pins_markdown(pinout):
    """hardware/PINS.md: one table per board, for the maker with a soldering iron."""
    out = [
        "<!-- GENERATED by `python hardware/gen_pins.py` from hardware/pinout.json. -->",
        "",
        "# Pins",
        "",
        "Every wired pin of every board, from `hardware/pinout.json`. 'option' rows are only "
        "wired if you fit that option; they never share a pin with the reference build.",
        "",
    ]
    for board in pinout["boards"].values():
        out += ["## %s" % board["title"], "", board["numbering"] + ".", ""]
        out += ["| GPIO | Header pin | Signal | Fitted | Note |", "|---:|---:|---|---|---|"]
        for gpio, what, fitted, note in signals(board):
            header = board["header"].get(str(gpio), "")
            out.append("| %d | %s | %s | %s | %s |" % (gpio, header, what, fitted, note))
        power = ", ".join(
            "%s: %s" % (name, " ".join(str(p) for p in pins))
            for name, pins in board["power"].items()
            if pins
        )
        out.append("")
        if power:
            out += ["Power pins (header): %s." % power, ""]
        addresses = [
            "%s %s on %s" % (key, dev["address"], dev["bus"])
            for key, dev in board["devices"].items()
            if "address" in dev
        ]
        if addresses:
            out += ["I2C addresses: %s." % ", ".join(addresses), ""]
    return "\n".join(out)


def outputs(pinout=None):
    """{relative path: file text} for every generated pin module, and PINS.md."""
    pinout = pinout or load()
    files = {}
    for key, (path, use_const) in TARGETS.items():
        files[path] = "\n".join(render(pinout["boards"][key], use_const)) + "\n"
    files["hardware/PINS.md"] = pins_markdown(pinout) + "\n"
    return files


def write_or_check(files, check):
    """Write each file (or only compare it); return the paths that were out of date."""
    stale = []
    for rel, text in files.items():
        path = os.path.join(ROOT, rel)
        old = None
        if os.path.exists(path):
            with open(path) as f:
                old = f.read()
        if old == text:
            continue
        stale.append(rel)
        if not check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
    return stale


def main(argv):
    check = "--check" in argv
    stale = write_or_check(outputs(), check)
    for rel in stale:
        print(("out of date: %s" if check else "wrote %s") % rel)
    if check and stale:
        print("run: python hardware/gen_pins.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
