"""hardware/pinout.json is sound, and the hub's firmware/board*.py say exactly what it says.

Runs under pytest and under MicroPython (the runner copies hardware/*.json to
/lib/hardware/), so the check holds on the interpreter that will read the pins.
"""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)

import json

from check import raises

import firmware.hub.board as board
import firmware.hub.board_esp32 as board_esp32
import firmware.pocket.board as pocket_board

BUS_LINES = {"i2c": ("sda", "scl", "freq"), "spi": ("sck", "mosi", "miso", "baudrate")}
PIN_LINES = ("sda", "scl", "sck", "mosi", "miso")


def load_pinout():
    candidates = ["/lib/hardware/pinout.json"]
    try:
        candidates.append(__file__.rsplit("/", 3)[0] + "/hardware/pinout.json")
    except NameError:
        pass
    for path in candidates:
        try:
            with open(path) as f:
                return json.loads(f.read())
        except OSError:
            continue
    raise AssertionError("hardware/pinout.json not found in %s" % candidates)


PINOUT = load_pinout()
BOARDS = PINOUT["boards"]


def uses(b):
    """(gpio, who) for every signal wired on board b: bus lines and device pins."""
    out = []
    for key, bus in b["buses"].items():
        for line in BUS_LINES[bus["kind"]]:
            if line in PIN_LINES:
                out.append((bus[line], "%s.%s" % (key, line)))
    for key, dev in b["devices"].items():
        for pin_key, gpio in dev.get("pins", {}).items():
            out.append((gpio, "%s.%s" % (key, pin_key)))
    return out


def expected_constants(b):
    """The names and values the generated module must hold (the rule in gen_pins.py)."""
    want = {"BOARD": b["module"]}
    for key, bus in b["buses"].items():
        want[key.upper() + "_ID"] = bus["id"]
        for line in BUS_LINES[bus["kind"]]:
            want["%s_%s" % (key.upper(), line.upper())] = bus[line]
    groups = {}
    buttons = []
    for key, dev in b["devices"].items():
        name = key.upper()
        if "bus" in dev:
            want[name + "_BUS"] = dev["bus"]
        if "address" in dev:
            want[name + "_ADDR"] = int(dev["address"], 16)
        for pin_key, gpio in dev.get("pins", {}).items():
            want["%s_%s" % (name, pin_key.upper())] = gpio
        if "active_low" in dev:
            want[name + "_ACTIVE_LOW"] = dev["active_low"]
        for prop, value in dev.get("props", {}).items():
            want["%s_%s" % (name, prop.upper())] = value
        if "choice" in dev:
            group = dev["choice"].upper()
            groups.setdefault(group, []).append(key)
            if dev.get("default"):
                want["DEFAULT_" + group] = key
            elif "DEFAULT_" + group not in want:
                want["DEFAULT_" + group] = None
        if "label" in dev:
            buttons.append((dev["label"], dev["pins"]["pin"]))
    for group, members in groups.items():
        want[group + "_CHOICES"] = tuple(members)
    if buttons:
        want["BUTTONS"] = tuple(buttons)
    return want


def public_names(module):
    # The hub's modules keep their constants private (no interned names on the board) and
    # answer their public names through names() and __getattr__.
    return list(module.names())


def check_module_matches(module, b):
    want = expected_constants(b)
    for name, value in want.items():
        assert hasattr(module, name), "%s missing; run python hardware/gen_pins.py" % name
        got = getattr(module, name)
        if name.endswith("_CHOICES") or name == "BUTTONS":
            # MicroPython's dicts keep no order: compare these as sets.
            got, value = sorted(got), sorted(value)
        assert got == value, "%s is %r, pinout.json says %r" % (name, got, value)
    extra = [n for n in public_names(module) if n not in want]
    assert not extra, "constants not in pinout.json (regenerate): %s" % extra


def test_no_pin_used_twice_on_any_board():
    for name, b in BOARDS.items():
        seen = {}
        for gpio, who in uses(b):
            assert gpio not in seen, "%s: GPIO %d is both %s and %s" % (name, gpio, seen[gpio], who)
            seen[gpio] = who


def test_every_pin_exists_and_input_only_pins_only_listen():
    for name, b in BOARDS.items():
        for gpio, who in uses(b):
            assert gpio in b["gpios"], "%s: %s on GPIO %d, not a usable pin" % (name, who, gpio)
            if gpio in b["input_only"]:
                assert who.endswith(".irq"), "%s: %s needs an output pin" % (name, who)


def test_bus_lines_sit_on_pins_that_carry_that_bus():
    for name, b in BOARDS.items():
        for key, bus in b["buses"].items():
            hw = b["functions"].get("%s%d" % (bus["kind"], bus["id"]))
            assert hw is not None, "%s: no %s%d on this board" % (name, bus["kind"], bus["id"])
            for line in BUS_LINES[bus["kind"]]:
                if line not in PIN_LINES or hw[line] == "any":
                    continue
                assert bus[line] in hw[line], "%s: %s %s on GPIO %d, allowed %s" % (
                    name,
                    key,
                    line,
                    bus[line],
                    hw[line],
                )


def test_no_i2c_address_collision_on_a_bus():
    for name, b in BOARDS.items():
        on_bus = {}
        for key, dev in b["devices"].items():
            if "address" not in dev:
                continue
            assert b["buses"][dev["bus"]]["kind"] == "i2c", "%s: %s has an address" % (name, key)
            addr = int(dev["address"], 16)
            # 0x00-0x07 and 0x78-0x7F are reserved by the I2C specification.
            assert 0x08 <= addr <= 0x77, "%s: %s at reserved address 0x%02X" % (name, key, addr)
            for other, other_addr, group in on_bus.get(dev["bus"], []):
                if group is not None and group == dev.get("choice"):
                    continue  # alternatives: never fitted together
                assert other_addr != addr, "%s: %s and %s both at 0x%02X on %s" % (
                    name,
                    key,
                    other,
                    addr,
                    dev["bus"],
                )
            on_bus.setdefault(dev["bus"], []).append((key, addr, dev.get("choice")))


def test_every_device_names_a_bus_the_board_has():
    for name, b in BOARDS.items():
        for key, dev in b["devices"].items():
            if "bus" in dev:
                assert dev["bus"] in b["buses"], "%s: %s on unknown bus %s" % (
                    name,
                    key,
                    dev["bus"],
                )


def test_each_choice_has_at_most_one_default():
    for name, b in BOARDS.items():
        defaults = {}
        for key, dev in b["devices"].items():
            if dev.get("default"):
                group = dev.get("choice")
                assert group not in defaults, "%s: %s and %s both default" % (
                    name,
                    defaults.get(group),
                    key,
                )
                defaults[group] = key


def test_firmware_board_matches_the_pinout():
    check_module_matches(board, BOARDS["hub"])


def test_esp32_board_matches_the_pinout_and_has_the_same_names():
    check_module_matches(board_esp32, BOARDS["hub_esp32"])
    # The hub code imports one or the other: they must answer the same questions.
    assert sorted(public_names(board)) == sorted(public_names(board_esp32))


class _Machine:
    """Records the buses the boot asks board.bus() for."""

    def Pin(self, number):  # noqa: N802
        return ("pin", number)

    def I2C(self, bus_id, sda, scl, freq):  # noqa: N802
        return ("i2c", bus_id, sda[1], scl[1], freq)

    def SPI(self, bus_id, baudrate, sck, mosi, miso):  # noqa: N802
        return ("spi", bus_id, sck[1], mosi[1], miso[1], baudrate)


def check_accessors_match(module, b):
    """What the boot reads (bus, pin, address, active_low, choice, buttons) is the pinout."""
    machine = _Machine()
    for key, bus in b["buses"].items():
        want = (bus["kind"], bus["id"]) + tuple(bus[line] for line in BUS_LINES[bus["kind"]])
        assert module.bus(machine, key) == want, key
    raises(ValueError, module.bus, machine, "no_such_bus")
    groups = {}
    for key, dev in b["devices"].items():
        for line, gpio in dev.get("pins", {}).items():
            assert module.pin(key, line) == gpio, (key, line)
        if "address" in dev:
            assert module.address(key) == int(dev["address"], 16), key
        if "active_low" in dev:
            assert module.active_low(key) == dev["active_low"], key
        if "choice" in dev:
            groups.setdefault(dev["choice"], [None, []])[1].append(key)
            if dev.get("default"):
                groups[dev["choice"]][0] = key
    for group, (default, members) in groups.items():
        got_default, got_members = module.choice(group)
        assert got_default == default and sorted(got_members) == sorted(members), group
    assert sorted(module.buttons()) == sorted(expected_constants(b).get("BUTTONS", ()))
    raises(ValueError, module.pin, "no_such_device")


def test_the_boot_reads_the_pinout_through_the_board_functions():
    check_accessors_match(board, BOARDS["hub"])
    check_accessors_match(board_esp32, BOARDS["hub_esp32"])
    check_accessors_match(pocket_board, BOARDS["pocket"])


def test_pocket_board_matches_the_pinout_and_keeps_the_hubs_reader_and_die():
    check_module_matches(pocket_board, BOARDS["pocket"])
    # The pocket shares the hub's drivers and boot: the reader and the die on the same pins.
    for name in ("NFC_I2C_ID", "NFC_I2C_SDA", "NFC_I2C_SCL", "DIE_I2C_ID", "DIE_I2C_SDA",
                 "DIE_I2C_SCL", "PN532_ADDR", "PN532_RST", "PN532_IRQ", "LIS3DH_ADDR"):
        assert getattr(pocket_board, name) == getattr(board, name), name
    # The panel shares the reader's bus (the RP2040 has two I2C blocks; the die has the other).
    assert pocket_board.SSD1306_BUS == "nfc_i2c" and pocket_board.SSD1306_ADDR == 0x3C
    labels = [label for label, _ in sorted(pocket_board.BUTTONS, key=lambda b: b[1])]
    assert sorted(labels) == ["BACK", "DOWN", "OK", "UP"]
    # UP and DOWN are the hub's player buttons A and B.
    hub_pins = dict(board.BUTTONS)
    assert dict(pocket_board.BUTTONS)["UP"] == hub_pins["A"]
    assert dict(pocket_board.BUTTONS)["DOWN"] == hub_pins["B"]


def test_hub_default_build_has_a_reader_a_die_two_buttons_and_a_light():
    assert board.DEFAULT_NFC == "pn532" and board.PN532_ADDR == 0x24
    assert board.DEFAULT_DIE in board.DIE_CHOICES
    assert [label for label, _ in board.BUTTONS] == ["A", "B"]
    assert board.DEFAULT_LIGHT in board.LIGHT_CHOICES
    # The long die cable runs slower than the short reader bus.
    assert board.DIE_I2C_FREQ <= 100000 < board.NFC_I2C_FREQ
