"""hardware/: generated files are current, diagrams build and match the pinout, every drawn
part is in the bill of materials, the I2C buses and power rails are within their limits.

Pin sanity (no pin twice, no address collision) and firmware/hub/board.py are checked by
tests/firmware/test_board.py, which also runs under MicroPython.
"""

import copy
import importlib.util
import json
import re
import shutil
import warnings

import yaml
from rigs.tree import ROOT

HW = ROOT / "hardware"


def load_module(name):
    spec = importlib.util.spec_from_file_location("hexref_hw_" + name, HW / (name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # its siblings by name: hardware/ is on pytest's path
    return module


gen_pins = load_module("gen_pins")
gen_harness = load_module("gen_harness")
bom = load_module("bom")
electrical = load_module("electrical")

PINOUT = json.loads((HW / "pinout.json").read_text())
PARTS = json.loads((HW / "parts.json").read_text())
HARNESS_FILES = sorted((HW / "harness").glob("*.yml"))


def harness_docs():
    return [(path.stem, yaml.safe_load(path.read_text())) for path in HARNESS_FILES]


def assert_current(files, command):
    for rel, text in files.items():
        path = ROOT / rel
        assert path.exists(), "%s missing: run %s" % (rel, command)
        assert path.read_text() == text, "%s is out of date: run %s" % (rel, command)


def test_regenerating_pin_modules_gives_identical_files():
    assert_current(gen_pins.outputs(), "python hardware/gen_pins.py")


def test_regenerating_harness_files_gives_identical_files():
    assert_current(gen_harness.outputs(), "python hardware/gen_harness.py")
    assert {p.stem for p in HARNESS_FILES} == set(gen_harness.BUILDERS)


def test_regenerating_bom_and_budgets_gives_identical_files():
    assert_current(bom.outputs(), "python hardware/bom.py")


def test_host_pins_match_the_pinout():
    import host.common.pins as pins

    board = PINOUT["boards"]["host"]
    for name, value, _ in gen_pins.constants(board):
        assert getattr(pins, name) == value, name
    # The facts the host relies on, stated independently of the generator.
    assert (pins.OLED_I2C_ID, pins.OLED_I2C_SDA, pins.OLED_I2C_SCL) == (1, 2, 3)
    assert pins.SSD1306_ADDR == 0x3C and pins.DEFAULT_DISPLAY == "ssd1306"
    assert [label for label, _ in pins.BUTTONS] == ["UP", "DOWN", "OK", "BACK"]
    assert pins.BUZZER_PIN in board["functions"]["pwm"]


def test_host_pins_are_unique_and_on_the_header():
    board = PINOUT["boards"]["host"]
    used = [board["buses"]["oled_i2c"]["sda"], board["buses"]["oled_i2c"]["scl"]]
    for dev in board["devices"].values():
        used += list(dev.get("pins", {}).values())
    assert len(used) == len(set(used)), used
    for gpio in used:
        assert str(gpio) in board["header"], gpio
    # GPIO0/1 carry the HAT ID EEPROM bus: never ours.
    assert not {0, 1} & set(used)


def test_every_part_in_the_diagrams_is_in_the_bill_of_materials():
    import wireviz.wireviz as wv

    bom_text = (HW / "BOM.md").read_text()
    for name, doc in harness_docs():
        harness = wv.parse(doc, return_types="harness")
        entries = harness.bom()
        assert entries, name
        for entry in entries:
            pn = entry["pn"]
            assert pn in PARTS["parts"], "%s: %r drawn but not in parts.json" % (name, entry)
            assert "`%s`" % pn in bom_text, "%s: part %s missing from BOM.md" % (name, pn)


def test_every_pinout_device_has_its_part_in_the_bill_of_materials():
    for bkey, board in PINOUT["boards"].items():
        for key, dev in board["devices"].items():
            assert dev["part"] in PARTS["parts"], "%s.%s: part %s" % (bkey, key, dev["part"])


def test_diagram_pins_are_the_pinout_pins():
    """Every 'GPn ...' or 'GPIOn ...' label sits on the header pin pinout.json gives GPn."""
    boards = {"pico": PINOUT["boards"]["hub"], "pi": PINOUT["boards"]["host"]}
    checked = 0
    for name, doc in harness_docs():
        for cname, conn in doc["connectors"].items():
            board = boards.get(conn["pn"])
            if board is None:
                continue
            for pin, label in zip(conn["pins"], conn["pinlabels"], strict=True):
                m = re.match(r"GP(?:IO)?(\d+) ", label)
                if m:
                    assert board["header"][m.group(1)] == pin, "%s %s: %s" % (name, cname, label)
                    checked += 1
                else:
                    powers = board["power"][label]
                    assert pin in powers, "%s %s: pin %d is not %s" % (name, cname, pin, label)
    assert checked >= 20


def test_wireviz_builds_every_diagram():
    import wireviz.wireviz as wv

    dot = shutil.which("dot")
    if not dot:
        warnings.warn(
            "Graphviz `dot` not installed: harnesses checked up to the Graphviz "
            "source; `make hardware` installs it and renders SVG and PNG",
            stacklevel=1,
        )
    for name, doc in harness_docs():
        harness = wv.parse(copy.deepcopy(doc), return_types="harness")
        source = harness.create_graph().source
        for designator in doc["connectors"]:
            assert designator in source, "%s: %s not drawn" % (name, designator)
        if dot:
            # WireViz edits the dict it parses: give it a fresh copy.
            svg = wv.parse(copy.deepcopy(doc), return_types="svg")
            text = svg.decode() if isinstance(svg, bytes) else svg
            assert "<svg" in text and "</svg>" in text, name


def test_every_i2c_bus_meets_the_rise_time_and_capacitance_limits():
    rows = bom.i2c_rows(PINOUT)
    assert len(rows) == 7  # hub, ESP32 hub and pocket: two each; the Pi: one
    for board, report in rows:
        assert report["ok"], (board, report)


def test_die_bus_runs_at_100_khz_because_400_khz_would_not_reach_1_m():
    die = PINOUT["boards"]["hub"]["buses"]["die_i2c"]
    assert die["freq"] == 100000 and die["length_m"] <= 1.0
    fast = dict(die, freq=400000)
    assert not electrical.bus_report("die_i2c", fast, 1)["ok"]
    assert electrical.cable_length_limit_m(die["pullup_ohms"], 400000) < 1.0


def test_pull_ups_are_strong_enough_and_not_too_strong():
    for board in PINOUT["boards"].values():
        for bus in board["buses"].values():
            if bus["kind"] == "i2c":
                assert bus["pullup_ohms"] >= electrical.min_pullup_ohms()


def test_power_rails_stay_within_their_limits_even_with_every_option():
    for everything in (False, True):
        currents = electrical.rail_currents(PARTS, everything)
        for rail, info in PARTS["rails"].items():
            assert currents[rail] <= info["limit_ma"], (rail, currents[rail], everything)
    # The PN532 is the big draw on the Pico's 3.3 V: it must be counted.
    assert electrical.rail_currents(PARTS)["hub_3v3"] >= PARTS["parts"]["pn532"]["current_ma"]


def test_every_choice_has_a_title_one_default_and_says_what_it_changes():
    parts = PARTS["parts"]
    groups = {}
    for pid, part in parts.items():
        if "choice" in part:
            groups.setdefault(part["choice"], []).append(pid)
            assert part["changes"], pid
            for alt in part["alternatives"]:
                assert parts[alt]["choice"] == part["choice"], (pid, alt)
    assert set(groups) == set(PARTS["choices"])
    for group, members in groups.items():
        defaults = [pid for pid in members if parts[pid].get("default")]
        assert len(defaults) <= 1, group
        if len(members) > 1:
            assert len(defaults) == 1, group


def test_bom_lists_the_alternatives_the_issue_asks_for():
    text = (HW / "BOM.md").read_text()
    for pid in (
        "pn532",
        "mfrc522",
        "lis3dh",
        "adxl345",
        "mpu6050",
        "ssd1306",
        "sh1106",
        "pico",
        "esp32",
    ):
        assert "(`%s`)" % pid in text, pid


def test_tags_page_describes_the_record_the_signature_and_the_capacity():
    """TAGS.md's worked example is recomputed here from the format it describes."""
    import hashlib
    import hmac

    text = (HW / "TAGS.md").read_text()
    key, uid, entry = bytes(range(32)), bytes.fromhex("04A1B2C3D4E501"), "jl/016"
    signed = b"hexref tag v2\x00" + bytes([len(uid)]) + uid + len(entry).to_bytes(2, "big") \
        + entry.encode()
    sig = hmac.new(key, signed, hashlib.sha256).digest()[:8].hex()
    uri = ("hexref:%s?v=2&s=%s" % (entry, sig)).encode()
    payload = b"\x00" + uri  # URI identifier code 0: no abbreviation
    record = bytes([0xD1, 0x01, len(payload), 0x55]) + payload
    tlv = bytes([0x03, len(record)]) + record + b"\xfe"
    assert "`%s`" % uri.decode() in text
    for i in range(0, len(tlv), 4):
        line = "page %2d: %s" % (4 + i // 4, tlv[i : i + 4].hex(" ").upper())
        assert line in text, line
    assert len(tlv) == 44 and "**44 bytes**" in text
    # NTAG213: 144 bytes of data; the longest entry id with a one-byte TLV length.
    assert "| NTAG213 | 144 | 44 | %d | %d characters |" % (144 - len(tlv), 144 - 38) in text


def test_assembly_guide_pins_are_the_pinout_pins():
    """Every 'GPn (pin N)' / 'GPIOn (pin N)' the guide quotes is what pinout.json says."""
    text = (HW / "ASSEMBLY.md").read_text()
    pico = PINOUT["boards"]["hub"]["header"]
    pi = PINOUT["boards"]["host"]["header"]
    quoted = re.findall(r"\bGP(\d+)(?:\s+\(|,\s+)pin\s+(\d+)", text)
    assert len(quoted) >= 8
    for gpio, pin in quoted:
        assert pico[gpio] == int(pin), "GP%s is header pin %d" % (gpio, pico[gpio])
    quoted = re.findall(r"\bGPIO(\d+)(?:\s+\(|,\s+)pin\s+(\d+)", text) + [
        (g, p) for p, g in re.findall(r"\bpin\s+(\d+)\s+\(GPIO(\d+)\)", text)
    ]
    assert len(quoted) >= 8
    for gpio, pin in quoted:
        assert pi[gpio] == int(pin), "GPIO%s is header pin %d" % (gpio, pi[gpio])


def test_every_diagram_is_in_the_guide_and_every_link_resolves():
    guide = (HW / "ASSEMBLY.md").read_text()
    for path in HARNESS_FILES:
        assert "rendered/%s.svg" % path.stem in guide, path.stem
    for page in HW.glob("*.md"):
        for target in re.findall(r"\]\(([^)#]+)", page.read_text()):
            if "://" not in target:
                assert (HW / target).exists(), "%s links to missing %s" % (page.name, target)


def test_hardware_scripts_examples_hold():
    import doctest

    for module in (gen_pins, gen_harness, bom, electrical):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
