"""Pins of the Reader hub, second target: ESP32 DevKitC (ESP32-WROOM-32).

GENERATED from hardware/pinout.json by `python hardware/gen_pins.py`: do not edit by hand.
Change the pinout, then regenerate; the tests fail while the two disagree.
Numbering: GPIOn: the ESP32 GPIO number printed on the DevKitC silkscreen (what machine.Pin takes).

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


BOARD = "esp32"  # Reader hub, second target: ESP32 DevKitC (ESP32-WROOM-32)
_NFC_I2C_ID = const(0)  # I2C bus 0
_NFC_I2C_SDA = const(21)  # GPIO21
_NFC_I2C_SCL = const(22)  # GPIO22
_NFC_I2C_FREQ = const(400000)
_DIE_I2C_ID = const(1)  # I2C bus 1
_DIE_I2C_SDA = const(25)  # GPIO25
_DIE_I2C_SCL = const(26)  # GPIO26
_DIE_I2C_FREQ = const(100000)
_NFC_SPI_ID = const(2)  # SPI bus 2
_NFC_SPI_SCK = const(18)  # GPIO18
_NFC_SPI_MOSI = const(23)  # GPIO23
_NFC_SPI_MISO = const(19)  # GPIO19
_NFC_SPI_BAUDRATE = const(1000000)
_PN532_BUS = const("nfc_i2c")
_PN532_ADDR = const(0x24)  # 7-bit I2C address
_PN532_RST = const(27)  # GPIO27
_PN532_IRQ = const(36)  # GPIO36
_PN532_CS = const(4)  # GPIO4
_MFRC522_BUS = const("nfc_spi")
_MFRC522_CS = const(5)  # GPIO5
_MFRC522_RST = const(13)  # GPIO13
_LIS3DH_BUS = const("die_i2c")
_LIS3DH_ADDR = const(0x18)  # 7-bit I2C address
_ADXL345_BUS = const("die_i2c")
_ADXL345_ADDR = const(0x53)  # 7-bit I2C address
_MPU6050_BUS = const("die_i2c")
_MPU6050_ADDR = const(0x68)  # 7-bit I2C address
_BUTTON_A_PIN = const(32)  # GPIO32
_BUTTON_A_ACTIVE_LOW = const(True)
_BUTTON_B_PIN = const(33)  # GPIO33
_BUTTON_B_ACTIVE_LOW = const(True)
_LED_PIN = const(2)  # GPIO2
_LED_ACTIVE_LOW = const(False)
_WS2812_PIN = const(16)  # GPIO16
_BUZZER_PIN = const(17)  # GPIO17
_NFC_CHOICES = const(("pn532", "mfrc522"))
_DEFAULT_NFC = const("pn532")
_DIE_CHOICES = const(("lis3dh", "adxl345", "mpu6050"))
_DEFAULT_DIE = const("lis3dh")
_LIGHT_CHOICES = const(("led", "ws2812"))
_DEFAULT_LIGHT = const("led")
_BUZZER_CHOICES = const(("buzzer",))
# DEFAULT_BUZZER is None
_BUTTONS = const((("A", 32), ("B", 33)))  # (label, pin); the label names it in events

_NAMES = const(
    "NFC_I2C_ID NFC_I2C_SDA NFC_I2C_SCL NFC_I2C_FREQ DIE_I2C_ID DIE_I2C_SDA DIE_I2C_SCL "
    "DIE_I2C_FREQ NFC_SPI_ID NFC_SPI_SCK NFC_SPI_MOSI NFC_SPI_MISO NFC_SPI_BAUDRATE PN532_BUS "
    "PN532_ADDR PN532_RST PN532_IRQ PN532_CS MFRC522_BUS MFRC522_CS MFRC522_RST LIS3DH_BUS "
    "LIS3DH_ADDR ADXL345_BUS ADXL345_ADDR MPU6050_BUS MPU6050_ADDR BUTTON_A_PIN "
    "BUTTON_A_ACTIVE_LOW BUTTON_B_PIN BUTTON_B_ACTIVE_LOW LED_PIN LED_ACTIVE_LOW WS2812_PIN "
    "BUZZER_PIN NFC_CHOICES DEFAULT_NFC DIE_CHOICES DEFAULT_DIE LIGHT_CHOICES DEFAULT_LIGHT "
    "BUZZER_CHOICES DEFAULT_BUZZER BUTTONS"
)

_PINS = const((
    ("pn532", "rst", _PN532_RST),
    ("pn532", "irq", _PN532_IRQ),
    ("pn532", "cs", _PN532_CS),
    ("mfrc522", "cs", _MFRC522_CS),
    ("mfrc522", "rst", _MFRC522_RST),
    ("button_a", "pin", _BUTTON_A_PIN),
    ("button_b", "pin", _BUTTON_B_PIN),
    ("led", "pin", _LED_PIN),
    ("ws2812", "pin", _WS2812_PIN),
    ("buzzer", "pin", _BUZZER_PIN),
))
_ADDRESSES = const((
    ("pn532", _PN532_ADDR),
    ("lis3dh", _LIS3DH_ADDR),
    ("adxl345", _ADXL345_ADDR),
    ("mpu6050", _MPU6050_ADDR),
))
_ACTIVE_LOW = const((
    ("button_a", _BUTTON_A_ACTIVE_LOW),
    ("button_b", _BUTTON_B_ACTIVE_LOW),
    ("led", _LED_ACTIVE_LOW),
))
_CHOICES = const((
    ("nfc", _DEFAULT_NFC, _NFC_CHOICES),
    ("die", _DEFAULT_DIE, _DIE_CHOICES),
    ("light", _DEFAULT_LIGHT, _LIGHT_CHOICES),
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
        _NFC_SPI_ID,
        _NFC_SPI_SCK,
        _NFC_SPI_MOSI,
        _NFC_SPI_MISO,
        _NFC_SPI_BAUDRATE,
        _PN532_BUS,
        _PN532_ADDR,
        _PN532_RST,
        _PN532_IRQ,
        _PN532_CS,
        _MFRC522_BUS,
        _MFRC522_CS,
        _MFRC522_RST,
        _LIS3DH_BUS,
        _LIS3DH_ADDR,
        _ADXL345_BUS,
        _ADXL345_ADDR,
        _MPU6050_BUS,
        _MPU6050_ADDR,
        _BUTTON_A_PIN,
        _BUTTON_A_ACTIVE_LOW,
        _BUTTON_B_PIN,
        _BUTTON_B_ACTIVE_LOW,
        _LED_PIN,
        _LED_ACTIVE_LOW,
        _WS2812_PIN,
        _BUZZER_PIN,
        _NFC_CHOICES,
        _DEFAULT_NFC,
        _DIE_CHOICES,
        _DEFAULT_DIE,
        _LIGHT_CHOICES,
        _DEFAULT_LIGHT,
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
    if key == "nfc_spi":
        return machine.SPI(_NFC_SPI_ID, baudrate=_NFC_SPI_BAUDRATE, sck=pin(_NFC_SPI_SCK),
                           mosi=pin(_NFC_SPI_MOSI), miso=pin(_NFC_SPI_MISO))
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
