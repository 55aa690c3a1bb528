"""Geometry, not only width (issue 19): on every screen the referee can show, in English,
French and Spanish, every text has a box on the 128x64 panel (its glyph cells, and the bar
behind a highlighted row or a refusal), no box leaves the panel and no two boxes meet
(``layout.collisions``). A header that runs under its right-hand count, a menu line wider
than the panel, a footer over the body: each is a text a player cannot read.

The screens: every frame of every demo game with the referee's menu open on each of its
choices at every step (``rehearse(every_menu=True)``); the run loop's game menu at every
position of every level, and its own screens (reader lost, silent, old; storage full,
read-only, damaged; journal behind); enrollment at every step, for every catalogue entry.
"""
from __future__ import annotations

import pytest

from host.app.demo import rehearse, rigs
from host.common.config import Web
from host.common.i18n import LANGUAGES, _, speaking
from host.devices.inputs import BACK, OK
from host.display import layout, screens
from host.display.screens import View

KEY = bytes(range(32))


def _faults(views: list[View]) -> list[str]:
    return sorted({"%s (screen %r)" % (p, " | ".join(screens.text(v)))
                   for v in views for p in layout.overflow(v)})


def test_a_collision_is_seen():
    """The check can fail: a header that runs under its right-hand text, a menu row wider
    than the panel, a box below the panel's last row."""
    drawn_over = [layout.Box(0, 0, 80, 8, layout.Placed("header", "JL Principiantes", "5x8",
                                                        0, 0, False, False)),
                  layout.Box(73, 0, 128, 8, layout.Placed("right", "Turno de P1", "5x8", 73,
                                                          0, False, False))]
    assert layout.collide(drawn_over) == [
        "right 'Turno de P1' at (73,0)-(128,8) over header 'JL Principiantes' at (0,0)-(80,8)"]
    # Laid out, the same header takes two lines: the right-hand text under the title.
    crowded = View(header="JL Principiantes", header_right="Turno de P1", lines=("a", "b"),
                   footer="c")
    assert layout.collisions(crowded) == []
    assert [(p.part, p.y) for p in layout.lay_out(crowded)][:3] == [
        ("header", 0), ("right", 11), ("rule", 20)]
    wide = screens.game_menu("Elegir", ("Sin relojes de arena, 4 jugadores", "b"), 0)
    assert any("leaves the panel" in p or "px wide" in p for p in layout.overflow(wide))
    assert layout.Box(0, 60, 10, 65, None).inside_panel() is False
    # The phone page's QR code has a box like a text: too many lines run into the footer.
    crowded = View(header="Phone page", footer="OK: menu", qr="http://192.168.1.23:8080/",
                   lines=("http://", "192.168.", "1.23", ":8080/", "x", "y"))
    assert any(" over " in p for p in layout.collisions(crowded))
    assert any(b.placed is not None and b.placed.part == "qr" and (b.x0, b.x1) == (70, 128)
               for b in layout.boxes(crowded))
    assert layout.Box(0, 0, 10, 10, None).meets(layout.Box(9, 9, 20, 20, None))
    assert not layout.Box(0, 0, 10, 10, None).meets(layout.Box(10, 0, 20, 10, None))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(rigs()))
def test_every_screen_and_menu_of_every_demo_game(variant: str, lang: str):
    views: list[View] = []
    with speaking(lang):
        rehearse(variant, on_view=views.append, every_menu=True)
        assert sum(1 for v in views if v.inverted_footer) > 0, variant
        faults = _faults(views)
    assert not faults, "%s in %s, %d faults:\n%s" % (variant, lang, len(faults),
                                                     "\n".join(faults[:40]))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_run_loops_screens(lang: str):
    from host.app.run import GameMenu

    views: list[View] = []
    with speaking(lang):
        menu = GameMenu()
        for level in [None, *range(len(menu.games) + 1)]:
            menu.game = level
            for cursor in range(len(menu.items())):
                menu.cursor = cursor
                views.append(menu.view())
        for volume in (0, 25, 100):  # the voice's line, each way it reads (issue 34)
            menu.voice, menu.game, menu.cursor = volume, None, len(menu.games) + 2
            views.append(menu.view())
        menu.voice = None
        # "Phone page": the address of hexref web as a QR code, for each kind of address
        # and with the hub's footer (a table without buttons on the Pi).
        for host in ("192.168.100.200", "10.0.0.5", "hexref.local",
                     "table-three-at-the-club.local", "fe80::1234:5678:9abc:def0"):
            menu.game, menu.cursor = None, len(menu.games) + 1
            menu.web = Web(host=host, port=8080)
            menu.press(OK)
            views += [menu.view(), menu.view(_("B: menu"))]
            menu.press(BACK)
        views += [screens.reconnecting(attempt, 8.0) for attempt in (0, 1, 12)]
        views += [screens.not_answering(), screens.reader_starting(),
                  screens.version_skew("0.10.12", True), screens.version_skew("0.0.9", False),
                  screens.journal_behind(1), screens.journal_behind(1024),
                  screens.damaged_row(12, 10345)]
        for cause in ("database or disk is full", "attempt to write a readonly database",
                      "disk I/O error", "database is locked", "file is not a database",
                      "something else"):
            views.append(screens.paused(*screens.write_problem(OSError(cause))))
        faults = _faults(views)
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_enrollment_at_every_step_for_every_entry(lang: str, tmp_path):
    from host.app.enroll import Enrollment, choices_for
    from host.storage.registry import Registry
    from host.storage.store import Store

    registry = Registry(Store(tmp_path), KEY)
    views: list[View] = []
    with speaking(lang):
        choices = choices_for()
        job = Enrollment(registry, choices)
        views.append(job.view())
        job.on_tap("04A1B2C3", "", now=0.0)
        for group in range(len(job.groups)):
            job.group, job.group_index = None, group
            views.append(job.view())
            job.on_button("OK", "press", 0.0)
            for _entry in job._members():
                views.append(job.view())
                job.on_button("DOWN", "press", 0.0)
        for n, entry in enumerate(choices):
            job = Enrollment(registry, choices, entry_id=entry["id"], again=True)
            uid = "04%012X" % n
            job.on_tap(uid, "", now=0.0)
            while job.state == "correct":
                views.append(job.view())
                if job.strike.get(job.slots[job.colour][0]) is None:  # not printed
                    job.on_button("UP", "press", 0.0)
                    views.append(job.view())
                job.on_button("OK", "press", 0.0)
            views.append(job.view())
            job.on_button("OK", "press", 0.0)  # too short: "hold OK"
            views.append(job.view())
            writes = job.on_button("OK", "long", 0.0)
            views.append(job.view())
            job.on_gone(uid)
            views.append(job.view())
            job.on_hub_error("WRITE_FAILED", uid)
            views.append(job.view())
            if n % 10 == 0:  # signing and storing is the slow part: a sample of entries
                job.on_tap(uid, writes[0].record, now=1.0)
                views.append(job.view())
        faults = _faults(views)
    assert not faults, "%d faults:\n%s" % (len(faults), "\n".join(faults[:60]))
