"""Where the checkout is, for the tests wherever they sit in the mirrored tree."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
