"""The pocket board's OLED driver against the panel twin that keeps the controller's RAM
(firmware/pocket/panel.py, firmware/sim/twins/ssd1306.py; issue 25, items 1 and 6): what the
panel shows is the frame, an unchanged frame sends nothing, a change sends only its own
columns, on an SSD1306 and on an SH1106 (whose glass starts at RAM column 2)."""
# portable: MicroPython runs this file too (tests/mpy/run.mjs)
from firmware.pocket.panel import Panel
from firmware.sim.twins.ssd1306 import SSD1306Twin


def _frame(seed):
    """A frame with something in every page (a pattern that changes with ``seed``)."""
    return bytearray((i * 7 + seed * 13) & 0xFF for i in range(1024))


def test_the_panel_shows_the_frame_it_was_given():
    for sh1106 in (False, True):
        twin = SSD1306Twin(sh1106=sh1106)
        panel = Panel(twin, sh1106=sh1106)
        assert twin.on and twin.frame() == bytes(1024)  # cleared at start, not noise
        frame = _frame(1)
        assert panel.show(frame) == 8
        assert twin.frame() == bytes(frame), sh1106
        assert twin.pixel(0, 0) == bool(frame[0] & 1)
        assert twin.pixel(127, 63) == bool(frame[1023] & 0x80)


def test_an_unchanged_frame_sends_nothing_and_a_change_only_its_columns():
    twin = SSD1306Twin()
    panel = Panel(twin)
    frame = _frame(2)
    panel.show(frame)
    before = twin.data_bytes
    assert panel.show(frame) == 0 and twin.data_bytes == before
    frame[3 * 128 + 40] ^= 0x10  # one pixel on page 3, column 40
    frame[3 * 128 + 47] ^= 0x01  # and one on the same page, column 47
    assert panel.show(frame) == 1
    assert twin.data_bytes - before == 8  # columns 40 to 47 of one page, nothing else
    assert twin.frame() == bytes(frame)


def test_changes_far_apart_on_a_page_are_sent_as_two_runs():
    """Issue 31: the columns between two changes are not sent when a whole unchanged
    16-column chunk lies between them (a run more costs less than the bytes it skips)."""
    twin = SSD1306Twin()
    panel = Panel(twin)
    frame = _frame(3)
    panel.show(frame)
    before, writes = twin.data_bytes, twin.writes
    frame[5 * 128 + 2] ^= 0x01  # page 5: column 2 ...
    frame[5 * 128 + 100] ^= 0x01  # ... and column 100, far apart
    frame[6 * 128 + 20] ^= 0x01  # page 6: columns 20 and 40, one chunk (32-47) ...
    frame[6 * 128 + 40] ^= 0x01  # ... after the other (16-31): one run
    assert panel.show(frame) == 2
    assert twin.data_bytes - before == 1 + 1 + 21 and twin.writes - writes == 3
    assert twin.frame() == bytes(frame)


def test_the_glass_is_every_frame_shown_whatever_changed():
    """Frames changed at random places, one after the other, on both controllers: the
    panel's RAM is each frame once it is shown."""
    for sh1106 in (False, True):
        twin = SSD1306Twin(sh1106=sh1106)
        panel = Panel(twin, sh1106=sh1106)
        frame = bytearray(1024)
        seed = 31
        for _ in range(60):
            for _ in range(seed % 40):
                seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
                frame[seed % 1024] = (seed >> 11) & 0xFF
            panel.show(frame)
            assert twin.frame() == bytes(frame), sh1106


def test_the_twin_keeps_ram_across_addressing_modes():
    twin = SSD1306Twin()
    # Horizontal mode in a 2x2 window wraps column, then page (datasheet 10.1.3).
    twin.writeto(0x3C, bytes([0x00, 0x20, 0x00, 0x21, 10, 11, 0x22, 4, 5]))
    twin.writeto(0x3C, bytes([0x40, 1, 2, 3, 4, 5]))
    # 1 2 / 3 4 fill the window, and the fifth byte wraps to its start, over the 1.
    assert (twin.ram[4][10], twin.ram[4][11], twin.ram[5][10], twin.ram[5][11]) == (5, 2, 3, 4)
    assert twin.ram[4][12] == 0 and twin.ram[6][10] == 0  # nothing outside the window
    # Single control bytes (Co=1): a command, then data, in one write.
    twin.writeto(0x3C, bytes([0x80, 0x20, 0x80, 0x02, 0x80, 0xB7, 0x80, 0x00, 0x80, 0x10, 0xC0, 0x81]))
    assert twin.ram[7][0] == 0x81
