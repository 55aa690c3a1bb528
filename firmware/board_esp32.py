"""Pins of the Reader hub, second target: ESP32 DevKitC (ESP32-WROOM-32).

GENERATED from hardware/pinout.json by `python hardware/gen_pins.py`: do not edit by hand.
Change the pinout, then regenerate; the tests fail while the two disagree.
Numbering: GPIOn: the ESP32 GPIO number printed on the DevKitC silkscreen (what machine.Pin takes).
"""

try:
    from micropython import const
except ImportError:  # CPython: the demo and the tests

    def const(value):
        return value


BOARD = "esp32"  # Reader hub, second target: ESP32 DevKitC (ESP32-WROOM-32)
NFC_I2C_ID = const(0)  # I2C bus 0
NFC_I2C_SDA = const(21)  # GPIO21
NFC_I2C_SCL = const(22)  # GPIO22
NFC_I2C_FREQ = const(400000)
DIE_I2C_ID = const(1)  # I2C bus 1
DIE_I2C_SDA = const(25)  # GPIO25
DIE_I2C_SCL = const(26)  # GPIO26
DIE_I2C_FREQ = const(100000)
NFC_SPI_ID = const(2)  # SPI bus 2
NFC_SPI_SCK = const(18)  # GPIO18
NFC_SPI_MOSI = const(23)  # GPIO23
NFC_SPI_MISO = const(19)  # GPIO19
NFC_SPI_BAUDRATE = const(1000000)
PN532_BUS = "nfc_i2c"
PN532_ADDR = const(0x24)  # 7-bit I2C address
PN532_RST = const(27)  # GPIO27
PN532_IRQ = const(36)  # GPIO36
PN532_CS = const(4)  # GPIO4
MFRC522_BUS = "nfc_spi"
MFRC522_CS = const(5)  # GPIO5
MFRC522_RST = const(13)  # GPIO13
LIS3DH_BUS = "die_i2c"
LIS3DH_ADDR = const(0x18)  # 7-bit I2C address
ADXL345_BUS = "die_i2c"
ADXL345_ADDR = const(0x53)  # 7-bit I2C address
MPU6050_BUS = "die_i2c"
MPU6050_ADDR = const(0x68)  # 7-bit I2C address
BUTTON_A_PIN = const(32)  # GPIO32
BUTTON_A_ACTIVE_LOW = True
BUTTON_B_PIN = const(33)  # GPIO33
BUTTON_B_ACTIVE_LOW = True
LED_PIN = const(2)  # GPIO2
LED_ACTIVE_LOW = False
WS2812_PIN = const(16)  # GPIO16
BUZZER_PIN = const(17)  # GPIO17
NFC_CHOICES = ("pn532", "mfrc522")
DEFAULT_NFC = "pn532"
DIE_CHOICES = ("lis3dh", "adxl345", "mpu6050")
DEFAULT_DIE = "lis3dh"
LIGHT_CHOICES = ("led", "ws2812")
DEFAULT_LIGHT = "led"
BUZZER_CHOICES = ("buzzer",)
DEFAULT_BUZZER = None
BUTTONS = (("A", 32), ("B", 33))  # (label, pin); the label names it in events
