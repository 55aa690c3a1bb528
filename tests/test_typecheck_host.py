"""The host is type-checked (STYLE.md): mypy over host/ with the project's configuration
(pyproject.toml [tool.mypy]) finds nothing. The firmware has its own run against the Pico
stubs (tests/firmware/test_firmware_build.py)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.system  # real processes, browsers or brokers

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_the_host():
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout
