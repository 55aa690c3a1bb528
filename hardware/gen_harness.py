"""Write the WireViz harness files in hardware/harness/ from pinout.json and parts.json.

    python hardware/gen_harness.py          # rewrite hardware/harness/*.yml
    python hardware/gen_harness.py --check  # exit 1 if any is out of date

The diagrams are generated, not drawn, so a pin moved in pinout.json moves in the wiring
pictures too. Every connector, cable and small component carries ``pn``: its id in
parts.json, so the tests can check that everything drawn is in the bill of materials.
Wire colours follow the Qwiic/STEMMA QT habit on I2C: black GND, red 3V3, blue SDA,
yellow SCL.

>>> sorted(harnesses(load("pinout.json"), load("parts.json")))
['die', 'die_options', 'host', 'host_options', 'hub', 'hub_options', 'pocket']
"""

import json
import os
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT_DIR = "hardware/harness"

I2C_COLOURS = {"GND": "BK", "3V3": "RD", "SDA": "BU", "SCL": "YE", "5V": "OG", "VBUS": "OG"}
OTHER_COLOURS = ["GN", "WH", "OG", "VT", "GY", "BN"]


def load(name):
    with open(os.path.join(HERE, name)) as f:
        return json.load(f)


class Harness:
    """A WireViz document under construction."""

    def __init__(self, title, parts):
        self.parts = parts
        self.doc = {
            "metadata": {"title": title},
            "options": {"fontname": "DejaVu Sans", "mini_bom_mode": False},
            "connectors": {},
            "cables": {},
            "connections": [],
        }

    def connector(
        self, name, pn, kind, labels, subtype=None, notes=None, pins=None, loops=None, extras=None
    ):
        if pn not in self.parts:
            raise ValueError("%s: part %r is not in parts.json" % (name, pn))
        c = {"type": kind}
        if subtype:
            c["subtype"] = subtype
        c["pn"] = pn
        if pins:
            c["pins"] = pins
        c["pinlabels"] = labels
        if loops:
            c["loops"] = loops
        if notes:
            c["notes"] = notes
        if extras:
            c["additional_components"] = [{"type": kind_, "pn": pn_} for kind_, pn_ in extras]
        self.doc["connectors"][name] = c

    def wires(
        self,
        name,
        pn,
        signals,
        a,
        a_pins,
        b,
        b_pins,
        length=None,
        gauge=None,
        category="bundle",
        notes=None,
    ):
        """One wire per signal from connector ``a`` to connector ``b``."""
        if pn not in self.parts:
            raise ValueError("%s: part %r is not in parts.json" % (name, pn))
        colours = []
        others = iter(OTHER_COLOURS)
        for signal in signals:
            colours.append(I2C_COLOURS.get(signal) or next(others))
        cable = {}
        if category:
            cable["category"] = category
        cable["pn"] = pn
        cable["colors"] = colours
        cable["wirelabels"] = list(signals)
        if length is not None:
            cable["length"] = length
        if gauge is not None:
            cable["gauge"] = gauge
        if notes:
            cable["notes"] = notes
        self.doc["cables"][name] = cable
        self.doc["connections"].append(
            [{a: list(a_pins)}, {name: list(range(1, len(signals) + 1))}, {b: list(b_pins)}]
        )


def pico_pins(board, signals):
    """Header pins and labels of the Pico for (label, gpio or power name) pairs."""
    pins, labels = [], []
    for label, where in signals:
        if isinstance(where, int):
            pins.append(board["header"][str(where)])
            labels.append("GP%d %s" % (where, label))
        else:
            pin = board["power"][where[0]][where[1]]
            pins.append(pin)
            labels.append(where[0])
    return pins, labels


def header_pin(board, gpio):
    return board["header"][str(gpio)]


def hub(pinout, parts):
    b = pinout["boards"]["hub"]
    dev, bus = b["devices"], b["buses"]
    nfc, die = bus["nfc_i2c"], bus["die_i2c"]
    h = Harness("Reader hub: Pico, PN532 on I2C0, die socket on I2C1, buttons, LED", parts)
    v33, gnd = ("3V3(OUT)", 0), ("GND", 7)  # pin 36 and pin 38
    gnd_left = ("GND", 3)  # pin 18, beside the buttons
    gnd_led = ("GND", 2)  # pin 13
    pins, labels = pico_pins(
        b,
        [
            ("", v33),
            ("", gnd),
            ("", gnd_left),
            ("", gnd_led),
            ("I2C0 SDA", nfc["sda"]),
            ("I2C0 SCL", nfc["scl"]),
            ("PN532 RST", dev["pn532"]["pins"]["rst"]),
            ("PN532 IRQ", dev["pn532"]["pins"]["irq"]),
            ("I2C1 SDA", die["sda"]),
            ("I2C1 SCL", die["scl"]),
            ("button A", dev["button_a"]["pins"]["pin"]),
            ("button B", dev["button_b"]["pins"]["pin"]),
            ("LED", dev["led"]["pins"]["pin"]),
        ],
    )
    # Pico header pins are numbered 1-40; draw only the ones in use, in header order.
    order = sorted(range(len(pins)), key=lambda i: pins[i])
    h.connector(
        "PICO",
        "pico",
        "Raspberry Pi Pico",
        [labels[i] for i in order],
        subtype="header pins in use",
        pins=[pins[i] for i in order],
        notes="Numbers are header pins 1-40; GPn is the GPIO.",
    )
    power = b["power"]
    p36, p38, p18, p13 = power["3V3(OUT)"][0], power["GND"][7], power["GND"][3], power["GND"][2]
    h.connector(
        "PN532",
        "pn532",
        "PN532 NFC module V3",
        ["GND", "VCC", "SDA", "SCL", "RSTPDN", "IRQ"],
        subtype="DIP switches: 1 ON, 2 OFF (I2C), address 0x24",
        notes="Power from 3V3, never 5 V: its pull-ups would lift the Pico's pins.",
    )
    h.wires(
        "W_NFC",
        "perfboard",
        ["GND", "3V3", "SDA", "SCL", "RST", "IRQ"],
        "PICO",
        [
            p38,
            p36,
            header_pin(b, nfc["sda"]),
            header_pin(b, nfc["scl"]),
            header_pin(b, dev["pn532"]["pins"]["rst"]),
            header_pin(b, dev["pn532"]["pins"]["irq"]),
        ],
        "PN532",
        ["GND", "VCC", "SDA", "SCL", "RSTPDN", "IRQ"],
        length=0.15,
    )
    h.connector(
        "R_PULL",
        "pullup",
        "I2C pull-ups, on the perfboard",
        ["3V3", "NFC SDA", "NFC SCL", "DIE SDA", "DIE SCL"],
        subtype="4 x 4.7 kohm, each from a line to 3V3",
    )
    h.wires(
        "W_PULL",
        "perfboard",
        ["3V3", "SDA", "SCL", "SDA", "SCL"],
        "PICO",
        [
            p36,
            header_pin(b, nfc["sda"]),
            header_pin(b, nfc["scl"]),
            header_pin(b, die["sda"]),
            header_pin(b, die["scl"]),
        ],
        "R_PULL",
        ["3V3", "NFC SDA", "NFC SCL", "DIE SDA", "DIE SCL"],
    )
    h.connector(
        "C1",
        "capacitor",
        "10 uF ceramic",
        ["+", "-"],
        subtype="across 3V3 and GND, close to the PN532 header",
    )
    h.wires("W_C1", "perfboard", ["3V3", "GND"], "PICO", [p36, p38], "C1", ["+", "-"])
    h.connector(
        "DIE",
        "die_connector",
        "Die socket, JST XH 4-pin",
        ["GND", "3V3", "SDA", "SCL"],
        subtype="the die cable plugs in here",
    )
    h.wires(
        "W_DIE",
        "perfboard",
        ["GND", "3V3", "SDA", "SCL"],
        "PICO",
        [p38, p36, header_pin(b, die["sda"]), header_pin(b, die["scl"])],
        "DIE",
        ["GND", "3V3", "SDA", "SCL"],
    )
    for key, label in (("button_a", "A"), ("button_b", "B")):
        name = "BTN_" + label
        h.connector(
            name,
            "button",
            "Push button %s" % label,
            ["1", "2"],
            subtype="normally open; internal pull-up, pressed = low",
        )
        h.wires(
            "W_" + name,
            "perfboard",
            ["in", "GND"],
            "PICO",
            [header_pin(b, dev[key]["pins"]["pin"]), p18],
            name,
            [1, 2],
        )
    h.connector("R_LED", "resistor_330", "Resistor 330 ohm", ["1", "2"])
    h.connector(
        "LED",
        "led",
        "Status LED, green",
        ["anode (+)", "cathode (-)"],
        subtype="long lead is the anode",
    )
    h.wires(
        "W_LED1",
        "perfboard",
        ["LED"],
        "PICO",
        [header_pin(b, dev["led"]["pins"]["pin"])],
        "R_LED",
        [1],
    )
    h.wires("W_LED2", "perfboard", ["LED"], "R_LED", [2], "LED", ["anode (+)"])
    h.wires("W_LED3", "perfboard", ["GND"], "PICO", [p13], "LED", ["cathode (-)"])
    return h


def hub_options(pinout, parts):
    b = pinout["boards"]["hub"]
    dev, spi = b["devices"], b["buses"]["nfc_spi"]
    h = Harness("Reader hub options: MFRC522 on SPI0, WS2812 light, piezo buzzer", parts)
    rc = dev["mfrc522"]["pins"]
    gpios = [
        ("SPI0 MISO", spi["miso"]),
        ("MFRC522 CS", rc["cs"]),
        ("SPI0 SCK", spi["sck"]),
        ("SPI0 MOSI", spi["mosi"]),
        ("MFRC522 RST", rc["rst"]),
        ("buzzer", dev["buzzer"]["pins"]["pin"]),
        ("WS2812", dev["ws2812"]["pins"]["pin"]),
    ]
    pins, labels = pico_pins(
        b,
        [
            ("", ("VBUS", 0)),
            ("", ("3V3(OUT)", 0)),
            ("", ("GND", 5)),
            ("", ("GND", 4)),
            ("", ("GND", 2)),
        ]
        + gpios,
    )
    order = sorted(range(len(pins)), key=lambda i: pins[i])
    h.connector(
        "PICO",
        "pico",
        "Raspberry Pi Pico",
        [labels[i] for i in order],
        subtype="header pins in use",
        pins=[pins[i] for i in order],
        notes="Fit one NFC reader: this MFRC522 replaces the PN532.",
    )
    hp = lambda gpio: header_pin(b, gpio)  # noqa: E731
    h.connector(
        "MFRC522",
        "mfrc522",
        "MFRC522 (RC522) module",
        ["SDA", "SCK", "MOSI", "MISO", "IRQ", "GND", "RST", "3.3V"],
        subtype="SPI; SDA is its chip select; IRQ unconnected",
        notes="3.3 V only.",
    )
    h.wires(
        "W_RC",
        "perfboard",
        ["CS", "SCK", "MOSI", "MISO", "GND", "RST", "3V3"],
        "PICO",
        [hp(rc["cs"]), hp(spi["sck"]), hp(spi["mosi"]), hp(spi["miso"]), 23, hp(rc["rst"]), 36],
        "MFRC522",
        ["SDA", "SCK", "MOSI", "MISO", "GND", "RST", "3.3V"],
    )
    h.connector(
        "R_DIN",
        "resistor_330",
        "Resistor 330 ohm",
        ["1", "2"],
        subtype="in series with the WS2812 data line",
    )
    h.connector(
        "D1",
        "diode",
        "Diode 1N4148",
        ["anode", "cathode (band)"],
        subtype="drops VBUS to about 4.3 V so 3.3 V data is a valid high",
    )
    h.connector(
        "WS2812", "ws2812", "WS2812B pixel", ["5V", "GND", "DIN"], subtype="instead of the LED"
    )
    h.wires(
        "W_WS1", "perfboard", ["DATA"], "PICO", [hp(dev["ws2812"]["pins"]["pin"])], "R_DIN", [1]
    )
    h.wires("W_WS2", "perfboard", ["DATA"], "R_DIN", [2], "WS2812", ["DIN"])
    h.wires("W_WS3", "perfboard", ["VBUS"], "PICO", [40], "D1", ["anode"])
    h.wires("W_WS4", "perfboard", ["5V"], "D1", ["cathode (band)"], "WS2812", ["5V"])
    h.wires("W_WS5", "perfboard", ["GND"], "PICO", [28], "WS2812", ["GND"])
    h.connector(
        "BZ_HUB",
        "hub_buzzer",
        "Piezo buzzer (optional)",
        ["+", "-"],
        subtype="through its 100 ohm resistor",
    )
    h.wires(
        "W_BZ",
        "perfboard",
        ["BEEP", "GND"],
        "PICO",
        [hp(dev["buzzer"]["pins"]["pin"]), 13],
        "BZ_HUB",
        ["+", "-"],
    )
    return h


def sensor_harness(h, name, pn, kind, labels, subtype, loops, cable, ends):
    """The die: the hub's plug, the cable, the sensor board; straps as loops."""
    plug = "PLUG_" + name
    h.connector(
        plug,
        "die_connector",
        "JST XH 4-pin plug",
        ["GND", "3V3", "SDA", "SCL"],
        subtype="plugs into the hub's die socket",
    )
    h.connector(name, pn, kind, labels, subtype=subtype, loops=loops)
    h.wires(
        "W_" + name,
        "die_cable",
        ["GND", "3V3", "SDA", "SCL"],
        plug,
        ["GND", "3V3", "SDA", "SCL"],
        name,
        ends,
        length=0.5,
        gauge="28 AWG",
        category=None,
        notes=cable,
    )


CABLE_NOTE = (
    "Unshielded 4-core, 0.5 m (1 m at most); solder at the die end, "
    "strain relief through the shell."
)


def die(pinout, parts):
    addr = pinout["boards"]["hub"]["devices"]["lis3dh"]["address"]
    h = Harness("Electronic die: LIS3DH on the die cable (I2C1, 100 kHz)", parts)
    sensor_harness(
        h,
        "LIS3DH",
        "lis3dh",
        "LIS3DH breakout",
        ["GND", "VIN", "SDA", "SCL", "SDO", "CS"],
        "address %s: SDO to GND (CS left high = I2C)" % addr,
        [[1, 5]],
        CABLE_NOTE,
        ["GND", "VIN", "SDA", "SCL"],
    )
    return h


def die_options(pinout, parts):
    dev = pinout["boards"]["hub"]["devices"]
    h = Harness("Die options (fit one): ADXL345 or MPU6050 on the same cable", parts)
    sensor_harness(
        h,
        "ADXL345",
        "adxl345",
        "ADXL345 breakout (GY-291)",
        ["GND", "VCC", "CS", "INT1", "INT2", "SDO", "SDA", "SCL"],
        "address %s: CS to VCC (I2C), SDO to GND" % dev["adxl345"]["address"],
        [[2, 3], [1, 6]],
        CABLE_NOTE,
        ["GND", "VCC", "SDA", "SCL"],
    )
    sensor_harness(
        h,
        "MPU6050",
        "mpu6050",
        "MPU6050 breakout (GY-521)",
        ["VCC", "GND", "SCL", "SDA", "XDA", "XCL", "AD0", "INT"],
        "address %s: AD0 to GND" % dev["mpu6050"]["address"],
        [[2, 7]],
        CABLE_NOTE,
        ["GND", "VCC", "SDA", "SCL"],
    )
    return h


def pi_connector(h, b, signals, notes):
    """The Pi's 40-pin header, only the pins in use, in header order."""
    rows = []
    for label, where in signals:
        if isinstance(where, int):
            rows.append((header_pin(b, where), "GPIO%d %s" % (where, label)))
        else:
            rows.append((b["power"][where[0]][where[1]], where[0]))
    rows.sort()
    h.connector(
        "PI",
        "pi",
        "Raspberry Pi 40-pin header",
        [r[1] for r in rows],
        subtype="pins in use (Zero 2 W to Pi 5)",
        pins=[r[0] for r in rows],
        notes=notes,
    )


def host(pinout, parts):
    b = pinout["boards"]["host"]
    dev, oled = b["devices"], b["buses"]["oled_i2c"]
    h = Harness("Referee: Raspberry Pi, OLED on I2C1, four buttons, buzzer", parts)
    buttons = [
        (k, dev[k]["label"], dev[k]["pins"]["pin"])
        for k in ("button_up", "button_down", "button_ok", "button_back")
    ]
    gnds = [("GND", 0), ("GND", 2), ("GND", 3), ("GND", 4), ("GND", 5)]  # 6, 14, 20, 25, 30
    signals = [
        ("", ("3V3", 0)),
        ("", ("5V", 0)),
        ("I2C1 SDA", oled["sda"]),
        ("I2C1 SCL", oled["scl"]),
        ("buzzer", dev["buzzer"]["pins"]["pin"]),
    ]
    signals += [(label, gpio) for _, label, gpio in buttons] + [("", g) for g in gnds]
    pi_connector(
        h, b, signals, "Enable I2C (raspi-config); the Pi's own 1.8 kohm pull-ups serve: add none."
    )
    g = [b["power"]["GND"][i] for i in (0, 2, 3, 4, 5)]
    h.connector(
        "OLED",
        "ssd1306",
        "OLED 128x64, SSD1306 (or SH1106)",
        ["GND", "VCC", "SCL", "SDA"],
        subtype="I2C %s" % dev["ssd1306"]["address"],
        notes="Pin order differs between modules: follow the labels on yours.",
    )
    h.wires(
        "W_OLED",
        "jumpers",
        ["GND", "3V3", "SCL", "SDA"],
        "PI",
        [g[0], 1, header_pin(b, oled["scl"]), header_pin(b, oled["sda"])],
        "OLED",
        ["GND", "VCC", "SCL", "SDA"],
        length=0.2,
    )
    for i, (_key, label, gpio) in enumerate(buttons):
        name = "BTN_" + label
        h.connector(
            name,
            "button",
            "Push button %s" % label,
            ["1", "2"],
            subtype="internal pull-up, pressed = low",
        )
        h.wires(
            "W_" + name,
            "jumpers",
            [label, "GND"],
            "PI",
            [header_pin(b, gpio), g[1 + i // 2]],
            name,
            [1, 2],
            length=0.2,
        )
    h.connector(
        "BZ_DRV",
        "transistor",
        "Buzzer driver (NPN, on a scrap of perfboard)",
        ["IN", "5V", "GND", "BZ+", "BZ-"],
        subtype="IN - 1 kohm - base; emitter to GND; collector to BZ-; 1N4148 across the buzzer",
        extras=[("Resistor 1 kohm", "resistor_1k"), ("Diode 1N4148", "diode")],
    )
    h.wires(
        "W_BZ",
        "jumpers",
        ["PWM", "5V", "GND"],
        "PI",
        [header_pin(b, dev["buzzer"]["pins"]["pin"]), 2, g[4]],
        "BZ_DRV",
        ["IN", "5V", "GND"],
        length=0.2,
    )
    h.connector("BZ", "buzzer", "Passive buzzer", ["+", "-"], subtype="magnetic, 5 V")
    h.wires("W_BZ2", "jumpers", ["5V", "BZ-"], "BZ_DRV", ["BZ+", "BZ-"], "BZ", ["+", "-"])
    return h


def host_options(pinout, parts):
    b = pinout["boards"]["host"]
    enc = b["devices"]["encoder"]["pins"]
    amp = b["devices"]["max98357a"]["pins"]
    h = Harness(
        "Referee options: KY-040 rotary encoder (the buttons stay), MAX98357A I2S amplifier",
        parts,
    )
    pi_connector(
        h,
        b,
        [
            ("", ("3V3", 1)),
            ("", ("GND", 7)),
            ("encoder CLK", enc["clk"]),
            ("encoder DT", enc["dt"]),
            ("encoder SW", enc["sw"]),
            ("", ("5V", 1)),
            ("", ("GND", 1)),
            ("I2S BCLK", amp["bclk"]),
            ("I2S LRCLK", amp["lrclk"]),
            ("I2S DIN", amp["din"]),
        ],
        "A 1.3 in SH1106 panel wires exactly like the SSD1306. The amplifier: "
        "dtoverlay=max98357a in config.txt.",
    )
    h.connector(
        "ENC",
        "encoder",
        "Rotary encoder KY-040",
        ["CLK", "DT", "SW", "+", "GND"],
        subtype="+ to 3V3, never 5 V: its pull-ups feed the GPIOs",
    )
    h.wires(
        "W_ENC",
        "jumpers",
        ["CLK", "DT", "SW", "3V3", "GND"],
        "PI",
        [
            header_pin(b, enc["clk"]),
            header_pin(b, enc["dt"]),
            header_pin(b, enc["sw"]),
            b["power"]["3V3"][1],
            b["power"]["GND"][7],
        ],
        "ENC",
        ["CLK", "DT", "SW", "+", "GND"],
        length=0.2,
    )
    h.connector(
        "AMP",
        "max98357a",
        "I2S amplifier MAX98357A",
        ["VIN", "GND", "BCLK", "LRC", "DIN", "SPK+", "SPK-"],
        subtype="VIN 5 V; GAIN and SD unconnected: 9 dB, both channels mixed",
    )
    h.wires(
        "W_AMP",
        "jumpers",
        ["5V", "GND", "BCLK", "LRCLK", "DIN"],
        "PI",
        [
            b["power"]["5V"][1],
            b["power"]["GND"][1],
            header_pin(b, amp["bclk"]),
            header_pin(b, amp["lrclk"]),
            header_pin(b, amp["din"]),
        ],
        "AMP",
        ["VIN", "GND", "BCLK", "LRC", "DIN"],
        length=0.2,
    )
    h.connector("SPK", "max98357a", "Speaker", ["+", "-"], subtype="4 ohm, 3 W")
    h.wires("W_SPK", "jumpers", ["SPK+", "SPK-"], "AMP", ["SPK+", "SPK-"], "SPK", ["+", "-"])
    return h


def pocket(pinout, parts):
    b = pinout["boards"]["pocket"]
    dev, bus = b["devices"], b["buses"]
    nfc, die = bus["nfc_i2c"], bus["die_i2c"]
    h = Harness(
        "Pocket referee: Pico, PN532 and OLED on I2C0, die socket on I2C1, four buttons", parts
    )
    v33, gnd = ("3V3(OUT)", 0), ("GND", 7)  # pin 36 and pin 38
    gnd_left = ("GND", 3)  # pin 18, between OK/BACK and UP/DOWN
    buttons = [(key, dev[key]["label"]) for key in dev if "label" in dev[key]]
    pins, labels = pico_pins(
        b,
        [
            ("", v33),
            ("", gnd),
            ("", gnd_left),
            ("I2C0 SDA", nfc["sda"]),
            ("I2C0 SCL", nfc["scl"]),
            ("PN532 RST", dev["pn532"]["pins"]["rst"]),
            ("PN532 IRQ", dev["pn532"]["pins"]["irq"]),
            ("I2C1 SDA", die["sda"]),
            ("I2C1 SCL", die["scl"]),
        ]
        + [("button " + label, dev[key]["pins"]["pin"]) for key, label in buttons],
    )
    order = sorted(range(len(pins)), key=lambda i: pins[i])
    h.connector(
        "PICO",
        "pico",
        "Raspberry Pi Pico",
        [labels[i] for i in order],
        subtype="header pins in use",
        pins=[pins[i] for i in order],
        notes="Numbers are header pins 1-40; GPn is the GPIO.",
    )
    power = b["power"]
    p36, p38, p18 = power["3V3(OUT)"][0], power["GND"][7], power["GND"][3]
    nfc_pins = [header_pin(b, nfc["sda"]), header_pin(b, nfc["scl"])]
    h.connector(
        "PN532",
        "pn532",
        "PN532 NFC module V3",
        ["GND", "VCC", "SDA", "SCL", "RSTPDN", "IRQ"],
        subtype="DIP switches: 1 ON, 2 OFF (I2C), address 0x24",
        notes="Power from 3V3, never 5 V: its pull-ups would lift the Pico's pins.",
    )
    h.wires(
        "W_NFC",
        "perfboard",
        ["GND", "3V3", "SDA", "SCL", "RST", "IRQ"],
        "PICO",
        [p38, p36]
        + nfc_pins
        + [
            header_pin(b, dev["pn532"]["pins"]["rst"]),
            header_pin(b, dev["pn532"]["pins"]["irq"]),
        ],
        "PN532",
        ["GND", "VCC", "SDA", "SCL", "RSTPDN", "IRQ"],
        length=0.15,
    )
    h.connector(
        "OLED",
        "ssd1306",
        "OLED 128x64, SSD1306 (or SH1106), I2C",
        ["GND", "VCC", "SCL", "SDA"],
        subtype="address %s, on the PN532's two wires" % dev["ssd1306"]["address"],
        notes="Power from 3V3. A 1.3 in SH1106 panel wires the same way.",
    )
    h.wires(
        "W_OLED",
        "perfboard",
        ["GND", "3V3", "SCL", "SDA"],
        "PICO",
        [p38, p36, nfc_pins[1], nfc_pins[0]],
        "OLED",
        ["GND", "VCC", "SCL", "SDA"],
        length=0.1,
    )
    h.connector(
        "R_PULL",
        "pullup",
        "I2C pull-ups, on the perfboard",
        ["3V3", "NFC SDA", "NFC SCL", "DIE SDA", "DIE SCL"],
        subtype="4 x 4.7 kohm, each from a line to 3V3",
    )
    h.wires(
        "W_PULL",
        "perfboard",
        ["3V3", "SDA", "SCL", "SDA", "SCL"],
        "PICO",
        [p36] + nfc_pins + [header_pin(b, die["sda"]), header_pin(b, die["scl"])],
        "R_PULL",
        ["3V3", "NFC SDA", "NFC SCL", "DIE SDA", "DIE SCL"],
    )
    h.connector(
        "C1",
        "capacitor",
        "10 uF ceramic",
        ["+", "-"],
        subtype="across 3V3 and GND, close to the PN532 header",
    )
    h.wires("W_C1", "perfboard", ["3V3", "GND"], "PICO", [p36, p38], "C1", ["+", "-"])
    h.connector(
        "DIE",
        "die_connector",
        "Die socket, JST XH 4-pin",
        ["GND", "3V3", "SDA", "SCL"],
        subtype="the hub's die cable plugs in here",
    )
    h.wires(
        "W_DIE",
        "perfboard",
        ["GND", "3V3", "SDA", "SCL"],
        "PICO",
        [p38, p36, header_pin(b, die["sda"]), header_pin(b, die["scl"])],
        "DIE",
        ["GND", "3V3", "SDA", "SCL"],
    )
    for key, label in buttons:
        name = "BTN_" + label
        h.connector(
            name,
            "button",
            "Push button %s" % label,
            ["1", "2"],
            subtype="normally open; internal pull-up, pressed = low",
        )
        h.wires(
            "W_" + name,
            "perfboard",
            ["in", "GND"],
            "PICO",
            [header_pin(b, dev[key]["pins"]["pin"]), p18],
            name,
            [1, 2],
        )
    return h


BUILDERS = {
    "hub": hub,
    "hub_options": hub_options,
    "die": die,
    "die_options": die_options,
    "host": host,
    "host_options": host_options,
    "pocket": pocket,
}


def harnesses(pinout, parts):
    """{name: WireViz document (a dict)}."""
    return dict((name, build(pinout, parts["parts"]).doc) for name, build in BUILDERS.items())


def to_yaml(name, doc):
    head = (
        "# GENERATED by `python hardware/gen_harness.py` from hardware/pinout.json: "
        "do not edit.\n# Render: `make hardware` (WireViz + Graphviz) -> "
        "hardware/rendered/%s.svg and .png\n" % name
    )
    return head + yaml.safe_dump(
        doc, sort_keys=False, default_flow_style=None, width=100, allow_unicode=True
    )


def outputs():
    docs = harnesses(load("pinout.json"), load("parts.json"))
    return dict(("%s/%s.yml" % (OUT_DIR, name), to_yaml(name, doc)) for name, doc in docs.items())


def main(argv):
    sys.path.insert(0, HERE)
    import gen_pins

    check = "--check" in argv
    stale = gen_pins.write_or_check(outputs(), check)
    for rel in stale:
        print(("out of date: %s" if check else "wrote %s") % rel)
    if check and stale:
        print("run: python hardware/gen_harness.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
