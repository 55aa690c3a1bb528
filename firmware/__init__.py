"""The reader hub: MicroPython firmware for the Raspberry Pi Pico (also runs on CPython
for the demo and the tests, against simulated chips)."""
