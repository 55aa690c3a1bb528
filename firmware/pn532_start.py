"""The PN532's blocking helpers: bring the chip up at boot, run one command to its end
(start-up and tests). Section numbers are from UM0701-02, as in :mod:`firmware.pn532`.

Nothing here runs once the hub loop has started (the loop drives the chip one bus
transaction at a time), so the hub's main (firmware/hub/main.py) drops this module after boot. It works on a
:class:`firmware.pn532.PN532`'s public names only, and the driver never imports it back::

    chip = PN532(I2CBus(i2c), reset=Pin(7, Pin.OUT))
    begin(chip)                  # at boot: (version, revision), or OSError
    call(chip, 0x4A, b"\x01\x00")  # one command to its end (the tests)
"""
from firmware.clock import ticks_diff
from firmware.pn532 import DONE, FAILED, GET_FIRMWARE_VERSION, frame


def call(chip, cmd, params=b"", timeout_ms=200):
    """Run one command to the end; returns its data bytes or raises OSError."""
    chip.start(frame(cmd, params), chip.ticks())
    began = chip.ticks()
    while True:
        verdict = chip.step(chip.ticks())
        if verdict == DONE:
            return bytes(chip.rx[chip.at:chip.at + chip.length])
        if verdict == FAILED:
            raise OSError("PN532 command 0x%02X: %s" % (cmd, chip.error))
        if ticks_diff(chip.ticks(), began) > timeout_ms:
            raise OSError("PN532 command 0x%02X: timed out" % cmd)
        chip.sleep(1)


def begin(chip):
    """Wake the chip, check it is a PN532 and configure it; returns (ver, rev).

    A chip still booting (or wedged by an earlier run) gets a second chance, after a
    reset pulse when the RST pin is wired.
    """
    if chip.reset_pin is not None:
        chip.reset_pin.value(1)  # RSTPD_N high: running
    chip.bus.wake(chip.sleep)
    try:
        version = call(chip, GET_FIRMWARE_VERSION)
    except OSError:
        hard_reset(chip)
        chip.bus.wake(chip.sleep)
        version = call(chip, GET_FIRMWARE_VERSION)
    if len(version) < 4 or version[0] != 0x32:
        raise OSError("not a PN532: firmware answer %r" % (version,))
    configure(chip)
    return version[1], version[2]


def configure(chip):
    # SAMConfiguration normal mode leaves LowVbat (7.2.10; AN10609 "Low battery mode").
    # RFConfiguration item 5, MaxRetries: ATR, PSL, passive activation (7.3.1). A small
    # bound makes InListPassiveTarget answer "no tag" in a few ms instead of waiting.
    for f in chip.setup_frames():
        call(chip, f[6], bytes(f[7:5 + f[3]]))


def hard_reset(chip, low_ms=2, boot_ms=10):
    """Pulse RSTPD_N (PN532 datasheet: reset while low) and wait for it to boot."""
    if chip.reset_pin is None:
        return False
    chip.reset_pin.value(0)
    chip.sleep(low_ms)
    chip.reset_pin.value(1)
    chip.sleep(boot_ms)
    return True
