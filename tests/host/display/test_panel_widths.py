"""The panel never cuts a text: every frame of every demo game has each of its texts
inside the 128x64 panel in its pixel font, with every number of the view (totals, a
breakdown's sum, scores, Stones, timers) drawn, and no two lines on top of each other; and
the transcript says line for line what the panel shows.

The frames of each demo game are every screen its script makes the referee show
(``host.app.demo.rehearse``: the same referee, presenters and messages as ``hexref
demo``, without the firmware's timing), plus the run loop's own screens (the game menu at
every position, the reader lost); the transcript is checked on a real ``hexref demo`` run.
"""
from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from PIL import Image

import host.app.demo as demo
from host.app.demo import rehearse
from host.devices.panel import Panel, render
from host.display import layout, screens
from host.display.screens import View

VARIANTS = sorted(demo.rigs())


def _fits(views: list[View]) -> None:
    problems = {(p, screens.text(v)[0]) for v in views for p in layout.overflow(v)}
    assert not problems, "\n".join("%s (frame %r)" % p for p in sorted(problems))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_text_of_every_frame_fits_and_keeps_its_numbers(variant):
    views: list[View] = []
    referee, said = rehearse(variant, on_view=views.append)
    assert len(views) > 10 and " wins" in said[-1], (variant, said[-3:])
    _fits(views)


def test_the_run_loops_own_screens_fit():
    from host.app.run import GameMenu

    views = []
    menu = GameMenu()
    for game in range(len(menu.games)):
        menu.game, menu.cursor = None, game
        views.append(menu.view())
        menu.game = game
        for cursor in range(len(menu.items())):
            menu.cursor = cursor
            views += [menu.view(), menu.view("A next  B choose  A held: back")]
    views += [screens.reconnecting(attempt, 8.0) for attempt in (0, 1, 12)]
    views += [screens.not_answering(), screens.reader_starting()]
    _fits(views)


class RecordingPanel(Panel):
    """The demo's own panel (PNG frames), keeping each view it is asked to show."""

    def __init__(self, devices: list) -> None:
        super().__init__(devices)
        self.views: list[View] = []

    def show(self, view: View) -> bool:
        drawn = super().show(view)
        if drawn:
            self.views.append(view)
        return drawn


def test_the_transcript_says_what_the_panel_shows(tmp_path):
    stock = demo.emulated_panel
    recorded: list[RecordingPanel] = []

    def panel(frames_dir, live=None):
        recorded.append(RecordingPanel(stock(frames_dir, live=False).devices))
        return recorded[-1]

    demo.emulated_panel = panel
    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            code = demo.run_demo(tmp_path, live=False, variant="jl-collector")
    finally:
        demo.emulated_panel = stock
    assert code == 0, said.getvalue()[-3000:]
    views = recorded[0].views
    frames_said = (tmp_path / "transcript.txt").read_text().split("--- frame ")[1:]
    assert len(frames_said) == len(views)
    for view, frame in zip(views, frames_said, strict=True):
        assert frame.splitlines()[1:] == layout.shown(view)
    _fits(views)


def test_the_pixels_drawn_stay_inside_their_measured_widths():
    """The measure is the font's own: each placed text, drawn alone, lights no pixel right
    of ``x + width`` (so a width test on the layout is a test of the pixels)."""
    view = screens.battle("JL Collector", (12, 16), "Superman beats Doomsday",
                          "7 die +6 colour +3 last stand = 16", 1, "P1:1 P2:0")
    for placed in layout.lay_out(view):
        if placed.part == "rule":
            continue
        image = Image.new("1", (256, 32), 0)
        from PIL import ImageDraw

        ImageDraw.Draw(image).text((0, 0), placed.text, font=layout.pixel_font(placed.font),
                                   fill=1)
        box = image.getbbox()
        assert box is not None and box[2] <= layout.width(placed.text, placed.font), placed
    assert render(view).getbbox() is not None


def test_the_breakdown_keeps_its_sum_in_two_lines_not_an_ellipsis():
    """jl-collector's frame 17 lost '= 16' behind an ellipsis in the old font."""
    view = screens.battle("JL Collector", (12, 16), "Superman beats Doomsday",
                          "7 die +6 colour +3 last stand = 16", 1, "P1:1 P2:0")
    assert layout.overflow(view) == []
    shown = layout.shown(view)
    assert shown[0] == "JL Collector  [P1:1 P2:0]"
    assert shown[-2:] == ["> 7 die +6 colour +3 last", "> stand = 16"]
    assert not any("\u2026" in line for line in shown)


def test_letters_are_distinct_in_each_font():
    """'t' is not 'l', 'S' is not '5', 'O' is not '0', and a space is a space."""
    for name in layout.FONTS:
        font = layout.pixel_font(name)

        def glyph(c: str, font=font) -> bytes:
            image = Image.new("1", (24, 24), 0)
            from PIL import ImageDraw

            ImageDraw.Draw(image).text((0, 0), c, font=font, fill=1)
            return image.tobytes()

        shapes = {c: glyph(c) for c in
                  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"}
        assert len(set(shapes.values())) == len(shapes), name
        assert layout.width("0 tiles", name) == 7 * layout.FONTS[name][0]
        assert glyph(" ") == glyph("\t") or not any(glyph(" ")), name


def test_the_fonts_ship_with_the_package():
    here = Path(layout.__file__).parent / "fonts"
    for name in layout.FONTS:
        assert (here / ("%s.pil" % name)).exists() and (here / ("%s.pbm" % name)).exists()
    assert "Public domain" in (here / "README.md").read_text()
