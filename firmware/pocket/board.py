"""Pins of the Pocket referee: Raspberry Pi Pico (RP2040) alone, with its OLED and four buttons.

GENERATED from hardware/pinout.json by `python hardware/gen_pins.py`: do not edit by hand.
Change the pinout, then regenerate; the tests fail while the two disagree.
Numbering: GPn: the RP2040 GPIO number (what machine.Pin takes); 'header' gives the physical pin 1-40.

Every constant but BOARD is private: MicroPython folds them into the code and keeps
no name for them, so the booted hub holds none of these names in its heap. The boot
asks the functions at the end (``bus(machine, "die_i2c")``, ``pin("pn532", "rst")``);
tests and tools read the public names (``board.PN532_RST``, ``board.names()``), which
are only looked up when asked.
"""

try:
    from micropython import const
except ImportError:  # CPython: the demo and the tests

    def const(value):
        return value


BOARD = "pico"  # Pocket referee: Raspberry Pi Pico (RP2040) alone, with its OLED and four buttons
_NFC_I2C_ID = const(0)  # I2C bus 0
_NFC_I2C_SDA = const(4)  # GP4, pin 6
_NFC_I2C_SCL = const(5)  # GP5, pin 7
_NFC_I2C_FREQ = const(400000)
_DIE_I2C_ID = const(1)  # I2C bus 1
_DIE_I2C_SDA = const(6)  # GP6, pin 9
_DIE_I2C_SCL = const(7)  # GP7, pin 10
_DIE_I2C_FREQ = const(100000)
_PN532_BUS = const("nfc_i2c")
_PN532_ADDR = const(0x24)  # 7-bit I2C address
_PN532_RST = const(3)  # GP3, pin 5
_PN532_IRQ = const(2)  # GP2, pin 4
_LIS3DH_BUS = const("die_i2c")
_LIS3DH_ADDR = const(0x18)  # 7-bit I2C address
_ADXL345_BUS = const("die_i2c")
_ADXL345_ADDR = const(0x53)  # 7-bit I2C address
_MPU6050_BUS = const("die_i2c")
_MPU6050_ADDR = const(0x68)  # 7-bit I2C address
_SSD1306_BUS = const("nfc_i2c")
_SSD1306_ADDR = const(0x3C)  # 7-bit I2C address
_SSD1306_WIDTH = const(128)
_SSD1306_HEIGHT = const(64)
_SH1106_BUS = const("nfc_i2c")
_SH1106_ADDR = const(0x3C)  # 7-bit I2C address
_SH1106_WIDTH = const(128)
_SH1106_HEIGHT = const(64)
_BUTTON_UP_PIN = const(14)  # GP14, pin 19
_BUTTON_UP_ACTIVE_LOW = const(True)
_BUTTON_DOWN_PIN = const(15)  # GP15, pin 20
_BUTTON_DOWN_ACTIVE_LOW = const(True)
_BUTTON_OK_PIN = const(10)  # GP10, pin 14
_BUTTON_OK_ACTIVE_LOW = const(True)
_BUTTON_BACK_PIN = const(11)  # GP11, pin 15
_BUTTON_BACK_ACTIVE_LOW = const(True)
_BUZZER_PIN = const(9)  # GP9, pin 12
_NFC_CHOICES = const(("pn532",))
_DEFAULT_NFC = const("pn532")
_DIE_CHOICES = const(("lis3dh", "adxl345", "mpu6050"))
_DEFAULT_DIE = const("lis3dh")
_DISPLAY_CHOICES = const(("ssd1306", "sh1106"))
_DEFAULT_DISPLAY = const("ssd1306")
_BUZZER_CHOICES = const(("buzzer",))
# DEFAULT_BUZZER is None
_BUTTONS = const((("UP", 14), ("DOWN", 15), ("OK", 10), ("BACK", 11)))  # (label, pin); the label names it in events

_NAMES = const(
    "NFC_I2C_ID NFC_I2C_SDA NFC_I2C_SCL NFC_I2C_FREQ DIE_I2C_ID DIE_I2C_SDA DIE_I2C_SCL "
    "DIE_I2C_FREQ PN532_BUS PN532_ADDR PN532_RST PN532_IRQ LIS3DH_BUS LIS3DH_ADDR ADXL345_BUS "
    "ADXL345_ADDR MPU6050_BUS MPU6050_ADDR SSD1306_BUS SSD1306_ADDR SSD1306_WIDTH "
    "SSD1306_HEIGHT SH1106_BUS SH1106_ADDR SH1106_WIDTH SH1106_HEIGHT BUTTON_UP_PIN "
    "BUTTON_UP_ACTIVE_LOW BUTTON_DOWN_PIN BUTTON_DOWN_ACTIVE_LOW BUTTON_OK_PIN "
    "BUTTON_OK_ACTIVE_LOW BUTTON_BACK_PIN BUTTON_BACK_ACTIVE_LOW BUZZER_PIN NFC_CHOICES "
    "DEFAULT_NFC DIE_CHOICES DEFAULT_DIE DISPLAY_CHOICES DEFAULT_DISPLAY BUZZER_CHOICES "
    "DEFAULT_BUZZER BUTTONS"
)

_PINS = const((
    ("pn532", "rst", _PN532_RST),
    ("pn532", "irq", _PN532_IRQ),
    ("button_up", "pin", _BUTTON_UP_PIN),
    ("button_down", "pin", _BUTTON_DOWN_PIN),
    ("button_ok", "pin", _BUTTON_OK_PIN),
    ("button_back", "pin", _BUTTON_BACK_PIN),
    ("buzzer", "pin", _BUZZER_PIN),
))
_ADDRESSES = const((
    ("pn532", _PN532_ADDR),
    ("lis3dh", _LIS3DH_ADDR),
    ("adxl345", _ADXL345_ADDR),
    ("mpu6050", _MPU6050_ADDR),
    ("ssd1306", _SSD1306_ADDR),
    ("sh1106", _SH1106_ADDR),
))
_ACTIVE_LOW = const((
    ("button_up", _BUTTON_UP_ACTIVE_LOW),
    ("button_down", _BUTTON_DOWN_ACTIVE_LOW),
    ("button_ok", _BUTTON_OK_ACTIVE_LOW),
    ("button_back", _BUTTON_BACK_ACTIVE_LOW),
))
_CHOICES = const((
    ("nfc", _DEFAULT_NFC, _NFC_CHOICES),
    ("die", _DEFAULT_DIE, _DIE_CHOICES),
    ("display", _DEFAULT_DISPLAY, _DISPLAY_CHOICES),
    ("buzzer", None, _BUZZER_CHOICES),
))


def names():
    """Every constant by its public name (the rule in hardware/gen_pins.py): what
    pinout.json says of this board.

    >>> names()["PN532_ADDR"]
    36
    """
    values = (
        _NFC_I2C_ID,
        _NFC_I2C_SDA,
        _NFC_I2C_SCL,
        _NFC_I2C_FREQ,
        _DIE_I2C_ID,
        _DIE_I2C_SDA,
        _DIE_I2C_SCL,
        _DIE_I2C_FREQ,
        _PN532_BUS,
        _PN532_ADDR,
        _PN532_RST,
        _PN532_IRQ,
        _LIS3DH_BUS,
        _LIS3DH_ADDR,
        _ADXL345_BUS,
        _ADXL345_ADDR,
        _MPU6050_BUS,
        _MPU6050_ADDR,
        _SSD1306_BUS,
        _SSD1306_ADDR,
        _SSD1306_WIDTH,
        _SSD1306_HEIGHT,
        _SH1106_BUS,
        _SH1106_ADDR,
        _SH1106_WIDTH,
        _SH1106_HEIGHT,
        _BUTTON_UP_PIN,
        _BUTTON_UP_ACTIVE_LOW,
        _BUTTON_DOWN_PIN,
        _BUTTON_DOWN_ACTIVE_LOW,
        _BUTTON_OK_PIN,
        _BUTTON_OK_ACTIVE_LOW,
        _BUTTON_BACK_PIN,
        _BUTTON_BACK_ACTIVE_LOW,
        _BUZZER_PIN,
        _NFC_CHOICES,
        _DEFAULT_NFC,
        _DIE_CHOICES,
        _DEFAULT_DIE,
        _DISPLAY_CHOICES,
        _DEFAULT_DISPLAY,
        _BUZZER_CHOICES,
        None,
        _BUTTONS,
    )
    table = {"BOARD": BOARD}
    keys = _NAMES.split()
    for i in range(len(keys)):
        table[keys[i]] = values[i]
    return table


def __getattr__(name):
    # board.PN532_RST: a public name, found when someone asks for it.
    table = names()
    if name in table:
        return table[name]
    raise AttributeError(name)


def bus(machine, key):
    """The ``machine`` bus called ``key`` in the pinout, on its pins and at its speed."""
    pin = machine.Pin
    if key == "nfc_i2c":
        return machine.I2C(_NFC_I2C_ID, sda=pin(_NFC_I2C_SDA), scl=pin(_NFC_I2C_SCL), freq=_NFC_I2C_FREQ)
    if key == "die_i2c":
        return machine.I2C(_DIE_I2C_ID, sda=pin(_DIE_I2C_SDA), scl=pin(_DIE_I2C_SCL), freq=_DIE_I2C_FREQ)
    raise ValueError("no bus %s on this board" % key)


def pin(device, line="pin"):
    """The GPIO of a device's line: ``pin("pn532", "rst")``, ``pin("led")``."""
    return _find(_PINS, device, line)


def address(device):
    """A device's 7-bit I2C address."""
    return _find(_ADDRESSES, device)


def active_low(device):
    """True if the device is on when its pin is low."""
    return _find(_ACTIVE_LOW, device)


def choice(group):
    """(the device the reference build fits or None, every device that can), for a
    choice group: ``choice("die")``."""
    for row in _CHOICES:
        if row[0] == group:
            return row[1], row[2]
    raise ValueError("no choice %s on this board" % group)


def buttons():
    """((label, pin), ...): the label names the button in events."""
    return _BUTTONS


def _find(rows, *key):
    n = len(key)
    for row in rows:
        if row[:n] == key:
            return row[n]
    raise ValueError("%s: not on this board" % ".".join(key))
