"""pytest's view of the test tree: the CPython suites in tests/ may use the portable
helpers in tests/portable/ (the same tiles and checks the MicroPython run uses)."""
import sys
from pathlib import Path

_PORTABLE = str(Path(__file__).parent / "portable")
if _PORTABLE not in sys.path:
    sys.path.append(_PORTABLE)
