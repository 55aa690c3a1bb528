"""Write the pin modules from hardware/pinout.json, the one source of truth.

    python hardware/gen_pins.py          # rewrite firmware/hub/board.py, firmware/hub/board_esp32.py,
                                         # firmware/pocket/board.py, host/common/pins.py
                                         # and hardware/PINS.md
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

host/common/pins.py holds them as plain module constants. The boards' modules (firmware/hub/board.py,
board_esp32.py, pocket/board.py) keep every constant but ``BOARD`` private (``_PN532_ADDR = const(0x24)``):
MicroPython folds them into the code and keeps no name for them, so a booted hub holds
none of these ~50 names in its heap (interned names are never freed, even after the boot
drops the module). The boot reads them through a few functions (``bus(machine,
"die_i2c")``, ``pin("pn532", "rst")``, ``address("lis3dh")``, ``active_low("led")``,
``choice("die")``, ``buttons()``); everyone else by their public names, looked up only
when asked (``board.PN532_ADDR``, ``board.names()``).

>>> [line for line in render(load()["boards"]["hub"], True) if line.startswith("_PN532_ADDR")]
['_PN532_ADDR = const(0x24)  # 7-bit I2C address']
>>> [line for line in render(load()["boards"]["host"], False) if "PN532_ADDR" in line]
[]
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PINOUT = os.path.join(HERE, "pinout.json")

# board key -> (output path, use MicroPython const())
TARGETS = {
    "hub": ("firmware/hub/board.py", True),
    "hub_esp32": ("firmware/hub/board_esp32.py", True),
    "pocket": ("firmware/pocket/board.py", True),
    "host": ("host/common/pins.py", False),
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
    if use_const:
        return render_hub(board)
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


def _wrapped(prefix, words, indent, width=96):
    """``prefix`` then ``words`` as adjacent string literals, one per line within ``width``."""
    lines = []
    current = ""
    for word in words:
        if current and len(indent) + len(current) + len(word) + 4 > width:
            lines.append(current)
            current = ""
        current += word + " "
    lines.append(current)
    out = [prefix]
    for i, text in enumerate(lines):
        text = text if i < len(lines) - 1 else text.rstrip()
        out.append('%s"%s"' % (indent, text))
    return out


def render_hub(board):
    """A hub's module: private constants, the boot's accessors, the public names on demand."""
    consts = constants(board)
    lines = [
        '"""Pins of the %s.' % board["title"],
        "",
        "GENERATED from hardware/pinout.json by `python hardware/gen_pins.py`: do not edit by hand.",
        "Change the pinout, then regenerate; the tests fail while the two disagree.",
        "Numbering: %s." % board["numbering"],
        "",
        "Every constant but BOARD is private: MicroPython folds them into the code and keeps",
        "no name for them, so the booted hub holds none of these names in its heap. The boot",
        'asks the functions at the end (``bus(machine, "die_i2c")``, ``pin("pn532", "rst")``);',
        "tests and tools read the public names (``board.PN532_RST``, ``board.names()``), which",
        "are only looked up when asked.",
        '"""',
        "",
        "try:",
        "    from micropython import const",
        "except ImportError:  # CPython: the demo and the tests",
        "",
        "    def const(value):",
        "        return value",
        "",
        "",
    ]
    nones = [name for name, value, _ in consts if value is None]

    def ref(name):  # const() takes no None: a None is written where it is used
        return "None" if name in nones else "_" + name

    for name, value, note in consts:
        if name == "BOARD":
            text = '%s = "%s"' % (name, value)
        elif value is None:
            text = "# %s is None" % name
        else:
            text = "_%s = const(%s)" % (name, literal(name, value, False))
            if name.endswith("_ADDR"):
                text = "_%s = const(0x%02X)" % (name, value)
        if note:
            text += "  # " + note
        lines.append(text)
    names = [name for name, _, _ in consts if name != "BOARD"]
    lines += [""]
    lines += _wrapped("_NAMES = const(", names, "    ") + [")", ""]
    buses = board["buses"]
    devices = board["devices"]
    pins = [(key, line, "_%s_%s" % (key.upper(), line.upper()))
            for key, dev in devices.items() for line in dev.get("pins", {})]
    lines += ["_PINS = const(("]
    lines += ['    ("%s", "%s", %s),' % row for row in pins]
    lines += ["))"]
    lines += ["_ADDRESSES = const(("]
    lines += ['    ("%s", _%s_ADDR),' % (key, key.upper()) for key, dev in devices.items()
              if "address" in dev]
    lines += ["))"]
    lines += ["_ACTIVE_LOW = const(("]
    lines += ['    ("%s", _%s_ACTIVE_LOW),' % (key, key.upper()) for key, dev in devices.items()
              if "active_low" in dev]
    lines += ["))"]
    groups = []
    for dev in devices.values():
        if "choice" in dev and dev["choice"] not in groups:
            groups.append(dev["choice"])
    lines += ["_CHOICES = const(("]
    lines += ['    ("%s", %s, _%s_CHOICES),' % (g, ref("DEFAULT_" + g.upper()), g.upper())
              for g in groups]
    lines += ["))"]
    lines += [
        "",
        "",
        "def names():",
        '    """Every constant by its public name (the rule in hardware/gen_pins.py): what',
        "    pinout.json says of this board.",
        "",
        "    >>> names()[\"PN532_ADDR\"]",
        "    %d" % int(devices["pn532"]["address"], 16),
        '    """',
        "    values = (",
    ]
    lines += ["        %s," % ref(name) for name in names]
    lines += [
        "    )",
        '    table = {"BOARD": BOARD}',
        "    keys = _NAMES.split()",
        "    for i in range(len(keys)):",
        "        table[keys[i]] = values[i]",
        "    return table",
        "",
        "",
        "def __getattr__(name):",
        "    # board.PN532_RST: a public name, found when someone asks for it.",
        "    table = names()",
        "    if name in table:",
        "        return table[name]",
        "    raise AttributeError(name)",
        "",
        "",
        "def bus(machine, key):",
        '    """The ``machine`` bus called ``key`` in the pinout, on its pins and at its speed."""',
        "    pin = machine.Pin",
    ]
    for key, b in buses.items():
        n = "_" + key.upper()
        lines.append('    if key == "%s":' % key)
        if b["kind"] == "i2c":
            lines.append("        return machine.I2C(%s_ID, sda=pin(%s_SDA), scl=pin(%s_SCL), "
                         "freq=%s_FREQ)" % (n, n, n, n))
        else:
            lines.append("        return machine.SPI(%s_ID, baudrate=%s_BAUDRATE, sck=pin(%s_SCK),"
                         % (n, n, n))
            lines.append("                           mosi=pin(%s_MOSI), miso=pin(%s_MISO))" % (n, n))
    lines += [
        '    raise ValueError("no bus %s on this board" % key)',
        "",
        "",
        'def pin(device, line="pin"):',
        "    \"\"\"The GPIO of a device's line: ``pin(\"pn532\", \"rst\")``, ``pin(\"led\")``.\"\"\"",
        "    return _find(_PINS, device, line)",
        "",
        "",
        "def address(device):",
        "    \"\"\"A device's 7-bit I2C address.\"\"\"",
        "    return _find(_ADDRESSES, device)",
        "",
        "",
        "def active_low(device):",
        '    """True if the device is on when its pin is low."""',
        "    return _find(_ACTIVE_LOW, device)",
        "",
        "",
        "def choice(group):",
        '    """(the device the reference build fits or None, every device that can), for a',
        '    choice group: ``choice("die")``."""',
        "    for row in _CHOICES:",
        "        if row[0] == group:",
        "            return row[1], row[2]",
        '    raise ValueError("no choice %s on this board" % group)',
        "",
        "",
        "def buttons():",
        '    """((label, pin), ...): the label names the button in events."""',
        "    return _BUTTONS" if any("label" in d for d in devices.values()) else "    return ()",
        "",
        "",
        "def _find(rows, *key):",
        "    n = len(key)",
        "    for row in rows:",
        "        if row[:n] == key:",
        "            return row[n]",
        '    raise ValueError("%s: not on this board" % ".".join(key))',
    ]
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
