"""The panel never cuts a text: every frame of every demo game, as the demo draws it, has
each of its texts inside the 128x64 panel in its pixel font, with every number of the view
(totals, a breakdown's sum, scores, Stones, timers) drawn, no two lines on top of each
other, and the transcript line for line what the panel shows.

The frames are those of ``hexref demo --variant V`` for every variant (the real firmware
on a pseudo-terminal, the real run loop): the panel is recorded as it is handed each view.
"""
from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from PIL import Image

import host.demo as demo
from host import layout, screens
from host.panel import Panel, render
from host.screens import View

VARIANTS = sorted(demo.RIGS)
# The other languages hexref ships (host/i18n.py), for the demos whose scripts play in
# them: the Hexo and Invocations scripts choose the referee's menu lines by their English
# labels, so they cannot be played in French or Spanish yet.
# HeroScape has the longest texts; the Collector's game the longest Hexors breakdowns.
TRANSLATED = [("fr", "heroscape"), ("es", "jl-collector")]


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


def _play(tmp_path_factory, games: list[tuple[str, str]]) -> dict:
    from host import i18n

    out: dict[tuple[str, str], tuple[list[View], str]] = {}
    stock = demo.emulated_panel
    try:
        for lang, variant in games:
            i18n.use(lang)
            recorded: list[RecordingPanel] = []

            def panel(frames_dir, live=None, recorded=recorded):
                made = RecordingPanel(stock(frames_dir, live=False).devices)
                recorded.append(made)
                return made

            demo.emulated_panel = panel
            where = tmp_path_factory.mktemp(variant)
            said = io.StringIO()
            with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
                code = demo.run_demo(where, live=False, variant=variant)
            assert code == 0, "%s in %s: %s" % (variant, lang, said.getvalue()[-3000:])
            out[lang, variant] = (recorded[0].views, (where / "transcript.txt").read_text())
    finally:
        demo.emulated_panel = stock
        i18n.use("en")
    return out


@pytest.fixture(scope="module")
def frames(tmp_path_factory) -> dict:
    return _play(tmp_path_factory, [("en", v) for v in VARIANTS])


@pytest.fixture(scope="module")
def translated_frames(tmp_path_factory) -> dict:
    return _play(tmp_path_factory, TRANSLATED)


def _fits(views: list[View], variant: str) -> None:
    assert len(views) > 10, "the %s demo drew only %d frames" % (variant, len(views))
    problems = {(p, screens.text(v)[0]) for v in views for p in layout.overflow(v)}
    assert not problems, "\n".join("%s (frame %r)" % p for p in sorted(problems))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_text_of_every_frame_fits_and_keeps_its_numbers(frames, variant):
    _fits(frames["en", variant][0], variant)


@pytest.mark.parametrize("lang,variant", TRANSLATED)
def test_every_frame_fits_in_the_other_languages_too(frames, translated_frames, lang,
                                                     variant):
    views, transcript = translated_frames[lang, variant]
    assert transcript != frames["en", variant][1], "the %s demo was not in %s" % (variant,
                                                                                 lang)
    _fits(views, variant)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_transcript_says_what_the_panel_shows(frames, variant):
    views, transcript = frames["en", variant]
    frames_said = transcript.split("--- frame ")[1:]
    assert len(frames_said) == len(views)
    for view, said in zip(views, frames_said, strict=True):
        assert said.splitlines()[1:] == layout.shown(view)


def test_the_pixels_drawn_stay_inside_their_measured_widths():
    """The measure is the font's own: each placed text, drawn alone, lights no pixel right
    of ``x + width`` (so a width test on the layout is a test of the pixels)."""
    view = screens.battle("JL Collector", (12, 16), "Superman beats Doomsday",
                          "7 die +6 colour +3 last stand = 16", 1, "P1:1 P2:0")
    for placed in layout.lay_out(view):
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
