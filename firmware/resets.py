"""The watchdog resets in a row, kept in ``boot_state.txt`` across reboots: the boot
(``firmware.hub.boot.watchdog_resets``) counts one more after each watchdog reset, and
firmware/hub/main.py clears the count after a healthy minute. After ``SAFE_AFTER`` in a row the
hub starts without a watchdog (safe mode) instead of rebooting forever.

It is all the boot's bookkeeping the running hub still needs, so it stays resident while
the boot's code is dropped after boot; and ``stop_watchdog``, for the hub and the
pocket alike when the maker interrupts them.
"""
SAFE_AFTER = 3
FILE = "boot_state.txt"


def read(path=FILE):
    try:
        with open(path) as f:
            return int(f.read().strip() or "0")
    except (OSError, ValueError):
        return 0


def stop_watchdog():
    """Disarm the RP2040's watchdog: clear CTRL.ENABLE (datasheet 4.7.6) through the
    register block's atomic clear alias (+0x3000, section 2.1.2). machine.WDT cannot be
    stopped, and would reset the board under a maker at the REPL (mpremote, `make
    deploy`) a few seconds later, mid-copy."""
    import sys

    if sys.platform == "rp2":
        import machine

        machine.mem32[0x4005B000] = 1 << 30


def write(n, path=FILE):
    try:
        with open(path, "w") as f:
            f.write("%d\n" % n)
    except OSError:
        pass  # a read-only filesystem must not stop the hub
