"""A clock a test moves by hand: ``clock()`` is the time, ``clock.t += 0.01`` moves it."""
from __future__ import annotations


class Clock:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t
