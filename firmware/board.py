"""Pins of the Reader hub: Raspberry Pi Pico (RP2040).

GENERATED from hardware/pinout.json by `python hardware/gen_pins.py`: do not edit by hand.
Change the pinout, then regenerate; the tests fail while the two disagree.
Numbering: GPn: the RP2040 GPIO number (what machine.Pin takes); 'header' gives the physical pin 1-40.
"""

try:
    from micropython import const
except ImportError:  # CPython: the demo and the tests

    def const(value):
        return value


BOARD = "pico"  # Reader hub: Raspberry Pi Pico (RP2040)
NFC_I2C_ID = const(0)  # I2C bus 0
NFC_I2C_SDA = const(4)  # GP4, pin 6
NFC_I2C_SCL = const(5)  # GP5, pin 7
NFC_I2C_FREQ = const(400000)
DIE_I2C_ID = const(1)  # I2C bus 1
DIE_I2C_SDA = const(6)  # GP6, pin 9
DIE_I2C_SCL = const(7)  # GP7, pin 10
DIE_I2C_FREQ = const(100000)
NFC_SPI_ID = const(0)  # SPI bus 0
NFC_SPI_SCK = const(18)  # GP18, pin 24
NFC_SPI_MOSI = const(19)  # GP19, pin 25
NFC_SPI_MISO = const(16)  # GP16, pin 21
NFC_SPI_BAUDRATE = const(1000000)
PN532_BUS = "nfc_i2c"
PN532_ADDR = const(0x24)  # 7-bit I2C address
PN532_RST = const(3)  # GP3, pin 5
PN532_IRQ = const(2)  # GP2, pin 4
PN532_CS = const(22)  # GP22, pin 29
MFRC522_BUS = "nfc_spi"
MFRC522_CS = const(17)  # GP17, pin 22
MFRC522_RST = const(20)  # GP20, pin 26
LIS3DH_BUS = "die_i2c"
LIS3DH_ADDR = const(0x18)  # 7-bit I2C address
ADXL345_BUS = "die_i2c"
ADXL345_ADDR = const(0x53)  # 7-bit I2C address
MPU6050_BUS = "die_i2c"
MPU6050_ADDR = const(0x68)  # 7-bit I2C address
BUTTON_A_PIN = const(14)  # GP14, pin 19
BUTTON_A_ACTIVE_LOW = True
BUTTON_B_PIN = const(15)  # GP15, pin 20
BUTTON_B_ACTIVE_LOW = True
LED_PIN = const(12)  # GP12, pin 16
LED_ACTIVE_LOW = False
WS2812_PIN = const(13)  # GP13, pin 17
BUZZER_PIN = const(9)  # GP9, pin 12
NFC_CHOICES = ("pn532", "mfrc522")
DEFAULT_NFC = "pn532"
DIE_CHOICES = ("lis3dh", "adxl345", "mpu6050")
DEFAULT_DIE = "lis3dh"
LIGHT_CHOICES = ("led", "ws2812")
DEFAULT_LIGHT = "led"
BUZZER_CHOICES = ("buzzer",)
DEFAULT_BUZZER = None
BUTTONS = (("A", 14), ("B", 15))  # (label, pin); the label names it in events
