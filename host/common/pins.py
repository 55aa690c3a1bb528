"""Pins of the Referee: Raspberry Pi (Zero 2 W to Pi 5), 40-pin header.

GENERATED from hardware/pinout.json by `python hardware/gen_pins.py`: do not edit by hand.
Change the pinout, then regenerate; the tests fail while the two disagree.
Numbering: GPIOn: the Broadcom (BCM) GPIO number, as gpiozero takes it; 'header' gives the physical pin 1-40.
"""

BOARD = "pi"  # Referee: Raspberry Pi (Zero 2 W to Pi 5), 40-pin header
OLED_I2C_ID = 1  # I2C bus 1
OLED_I2C_SDA = 2  # GPIO2, pin 3
OLED_I2C_SCL = 3  # GPIO3, pin 5
OLED_I2C_FREQ = 400000
SSD1306_BUS = "oled_i2c"
SSD1306_ADDR = 0x3C  # 7-bit I2C address
SSD1306_WIDTH = 128
SSD1306_HEIGHT = 64
SH1106_BUS = "oled_i2c"
SH1106_ADDR = 0x3C  # 7-bit I2C address
SH1106_WIDTH = 128
SH1106_HEIGHT = 64
BUTTON_UP_PIN = 17  # GPIO17, pin 11
BUTTON_UP_ACTIVE_LOW = True
BUTTON_DOWN_PIN = 27  # GPIO27, pin 13
BUTTON_DOWN_ACTIVE_LOW = True
BUTTON_OK_PIN = 22  # GPIO22, pin 15
BUTTON_OK_ACTIVE_LOW = True
BUTTON_BACK_PIN = 23  # GPIO23, pin 16
BUTTON_BACK_ACTIVE_LOW = True
ENCODER_CLK = 5  # GPIO5, pin 29
ENCODER_DT = 6  # GPIO6, pin 31
ENCODER_SW = 26  # GPIO26, pin 37
BUZZER_PIN = 12  # GPIO12, pin 32
MAX98357A_BCLK = 18  # GPIO18, pin 12
MAX98357A_LRCLK = 19  # GPIO19, pin 35
MAX98357A_DIN = 21  # GPIO21, pin 40
DISPLAY_CHOICES = ("ssd1306", "sh1106")
DEFAULT_DISPLAY = "ssd1306"
ENCODER_CHOICES = ("encoder",)
DEFAULT_ENCODER = None
SPEAKER_CHOICES = ("max98357a",)
DEFAULT_SPEAKER = None
BUTTONS = (("UP", 17), ("DOWN", 27), ("OK", 22), ("BACK", 23))  # (label, pin); the label names it in events
