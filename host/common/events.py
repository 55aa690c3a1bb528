"""What happened at the table, as plain data: ``TableEvent``, shared with the pocket board
(shared_rules/events.py), so the referee session reads the same events on both.

The link (host/hub/link.py) decodes the hub's frames into these; the referee session
reads them and knows nothing of lines, fields or checksums.
"""
from __future__ import annotations

from shared_rules.events import TableEvent

__all__ = ["TableEvent"]
