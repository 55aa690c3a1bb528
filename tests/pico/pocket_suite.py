"""The pocket build (issue 25) on the official MicroPython v1.22 rp2 firmware, on the
emulated RP2040 (tests/pico/rig.py with ``pocket``): its OLED is the SSD1306 twin on the
reader's I2C bus, keeping the controller's RAM as the chip does, the bus time charged on
the board's clock like the reader's and the die's.

Run by ``make test-pico`` (not collected by the default run: the emulated board is slow).
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[1]))  # tests/, for rigs

from pocket_rig import IMAGE, OUT, boot, save_png  # noqa: E402
from rig import AssetsMissing, find_assets  # noqa: E402
from rigs.panel_ram import page_bytes  # noqa: E402

from host.app.pocket_screens import menu  # noqa: E402
from host.common.i18n import speaking  # noqa: E402
from host.devices.panel import render  # noqa: E402

pytestmark = pytest.mark.system  # the emulated board

BOOT_S = 120  # wall time for the board to boot and draw (a few seconds unloaded)


@pytest.fixture(scope="module")
def image() -> Path:
    try:
        find_assets()
    except AssetsMissing as exc:
        pytest.fail(str(exc), pytrace=False)
    subprocess.run(["make", "-s", "-C", str(ROOT), "pocket-image"], check=True,
                   stdout=subprocess.DEVNULL)
    return IMAGE


def differ(got: bytes, want: bytes) -> int:
    return sum(bin(a ^ b).count("1") for a, b in zip(got, want, strict=True))


def test_the_pocket_boots_to_the_pis_game_menu(image: Path):
    """The pocket's main.py on the real port: the panel brought up by firmware/pocket/
    panel.py on the pinout's bus and address, the game menu made, laid out and drawn on
    the board by framebuf from the packed fonts; the panel's RAM (as the twin keeps it) is
    the Pi's rendering of the same menu, pixel for pixel, and the frame is written to
    build/pico/pocket-menu.png."""
    rig, lines, logs = boot(image, "POCKET MENU", BOOT_S)
    text = "\n".join(lines)
    assert "Traceback" not in text, text
    said = [x for x in lines if x.startswith("POCKET MENU ")]
    assert said, "the pocket never showed its menu:\n%s\n%s" % (text, "\n".join(logs))
    panel = rig.panel
    assert panel is not None and panel.on
    save_png(panel.image(), OUT / "pocket-menu.png")
    want = page_bytes(render(menu("en").view()))
    got = panel.frame()
    if got != want:
        raise AssertionError("%d pixels differ from the Pi's menu (build/pico/"
                             "pocket-menu.png)" % differ(got, want))
    ms, pages = (int(v) for v in re.findall(r"\d+", said[0])[:2])
    note = ("pocket: the game menu on the emulated board's OLED %d ms after boot, %d pages "
            "sent, %d data bytes in %d I2C writes at 400 kHz, as the Pi draws it"
            % (ms, pages, panel.data_bytes, panel.writes))
    with (OUT / "summary.txt").open("a") as f:
        f.write(note + "\n")


# French kept from an earlier game; the players choose Spanish in the menu, then JL
# Collector's.
PRESSES = ["DOWN", "DOWN", "OK", "DOWN", "OK", "UP", "UP", "OK", "DOWN", "OK"]


def test_the_pocket_menu_speaks_the_tables_language_and_takes_the_buttons(tmp_path: Path):
    """The board booted with French kept (``/language``) and its buttons pressed on their
    pins: down to the language, Spanish chosen (spoken at once, from the catalogue packed
    for the board, and kept in flash), up to the Justice League and its Collector's game
    chosen, then the board reset. The game is the one asked for, and the board boots
    again in Spanish: the panel shows the menu as the Pi draws the same presses' menu,
    pixel for pixel (build/pico/pocket-menu-es.png)."""
    kept = tmp_path / "language"
    kept.write_text("fr")
    fr_image = tmp_path / "pocket-fr.img"
    deploy = [ROOT / "build" / "pocket" / name
              for name in ("firmware", "shared_rules", "fonts", "words", "screens", "main.py")]
    subprocess.run([sys.executable, str(ROOT / "tests" / "pico" / "image.py"), "-o",
                    str(fr_image), *map(str, deploy), str(kept)], check=True,
                   stdout=subprocess.DEVNULL)
    steps = [{"do": "press", "button": b, "after": 400} for b in PRESSES]
    steps.append({"do": "reset", "after": 400})
    rig, lines, logs = boot(fr_image, "POCKET MENU", BOOT_S * 2, steps=steps, start_ms=300,
                            times=2)
    text = "\n".join(lines)
    assert "Traceback" not in text and "POCKET NOTE" not in text, text
    assert "POCKET PLAY jl-collector 2" in lines, "%s\n%s" % (text, "\n".join(logs[-20:]))
    assert len([x for x in lines if x.startswith("POCKET SCREEN ")]) == len(PRESSES), text
    assert len([x for x in lines if x.startswith("POCKET MENU ")]) == 2, text  # booted again
    panel = rig.panel
    assert panel is not None
    save_png(panel.image(), OUT / "pocket-menu-es.png")
    with speaking("fr"):
        pi = menu("fr")
        for button in PRESSES:
            chosen = pi.press(button)
            if chosen is not None and chosen[0] == "speak":
                from host.common import i18n
                i18n.use(chosen[1])
        assert pi.lang == "es"
        want = page_bytes(render(pi.view()))
    got = panel.frame()
    if got != want:
        raise AssertionError("%d pixels differ from the Pi's menu in Spanish (build/pico/"
                             "pocket-menu-es.png)" % differ(got, want))


def test_make_deploy_build_pocket_copies_what_loads_on_the_board(image: Path):
    """``make deploy BUILD=pocket``: the check it runs first (host/hub/deploy_check.py) asks
    the running pocket board over its USB with mpremote and finds the pocket's files load
    there; then it copies what the emulated board booted from (rp2040js cannot write flash,
    its issue #157: the copy itself is read from make, not run)."""
    checked = {}

    def check(port: str) -> None:
        checked["run"] = subprocess.run(
            [sys.executable, "-m", "host.hub.deploy_check", port, str(ROOT / "build" / "pocket")],
            capture_output=True, text=True, timeout=120, cwd=ROOT)

    boot(image, "POCKET MENU", BOOT_S, then=check)
    run = checked.get("run")
    assert run is not None, "the pocket board never showed its menu"
    assert run.returncode == 0, run.stderr
    assert "MicroPython 1.22.0 on rp2" in run.stdout and "will load" in run.stdout, run.stdout
    plan = subprocess.run(["make", "-n", "-s", "deploy", "BUILD=pocket", "PORT=/dev/ttyACM9"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120).stdout
    copy = [x for x in plan.replace("\\\n", " ").splitlines() if "mpremote" in x]
    assert copy, plan
    words = copy[0].split()
    # Exactly the image's top level: the pocket's modules (its own shared_rules: the shared
    # screens and words, not the hub's build), fonts, catalogues, screens and main.py.
    assert {"build/pocket/firmware", "build/pocket/shared_rules", "build/pocket/fonts",
            "build/pocket/words", "build/pocket/screens", "build/pocket/main.py", ":main.py", "reset"} <= set(words), \
        copy[0]
    assert not any(w.startswith("build/firmware") for w in words)
