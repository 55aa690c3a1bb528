"""What the pocket is built of at boot (firmware/pocket/main.py): its buttons, latched from
the first moment, and the reader and the die on the hub's drivers. Forgotten once the
pocket runs (main.BOOT_ONLY): their code is heap a game needs.
"""
import machine

# Between the reader's looks for a tag (the hub's 10 ms, firmware/nfc.py, keep its serial
# line's passes short): the pocket's loop has nothing else to do, so a tile placed is
# found ~4 ms sooner on average (make bench: placed -> TAP seen median 27 -> 24 ms).
READER_POLL_MS = 2


def table(board, Table):
    """The four buttons, their edges latched from now on (a press while the rest boots is
    kept); the reader and the die join them once built."""
    from firmware.pocket.presses import Presses

    pin = machine.Pin
    presses = Presses([(name, pin(gp, pin.IN, pin.PULL_UP)) for name, gp in board.buttons()],
                      active_low=board.active_low("button_ok"))
    for k, button in enumerate(presses.pins):
        button.irq(handler=presses.edge(k), trigger=pin.IRQ_FALLING | pin.IRQ_RISING,
                   hard=True)
    return Table(presses)


def built(board):
    """The reader and the die, on the pocket's own pins (``board``: firmware/pocket/board.py)
    with the hub's drivers; what could not be built is said, and the pocket goes on
    without it."""
    from firmware import wiring

    errors = []
    die = wiring.build_die(board, wiring.die_i2c(board, machine), errors=errors)
    reader = wiring.build_reader(board, machine, errors)
    if reader is not None:
        reader.poll_ms = READER_POLL_MS
    boot = wiring.new_boot_id()
    for code, text in errors:
        print("POCKET NOTE %s %s" % (code, text))
    return reader, die, boot
