"""pytest's view of the test tree: the CPython suites in tests/ may use the portable
helpers in tests/portable/ (the same tiles and checks the MicroPython run uses)."""
import sys
from pathlib import Path

_PORTABLE = str(Path(__file__).parent / "portable")
if _PORTABLE not in sys.path:
    sys.path.append(_PORTABLE)

# The suites read what hexref says in English unless a test asks for another language:
# the machine's locale (LANG=fr_FR.UTF-8 on a French laptop) must not change them.
import os  # noqa: E402

os.environ["LANGUAGE"] = "en"
