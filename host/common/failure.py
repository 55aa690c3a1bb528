"""``Failed``: a command that did not happen, said by the CLI's shell (host/commands/shell.py)
as ``hexref COMMAND: message`` with its exit code. Here, below every room, so a game's own
sub-command (its odds, host/games/<game>/odds.py) fails the same way as the others."""
from __future__ import annotations


class Failed(Exception):
    """The command did not happen (``code`` 1), or was asked wrongly (``code`` 2)."""

    def __init__(self, message: object, code: int = 1) -> None:
        super().__init__(str(message))
        self.code = code
