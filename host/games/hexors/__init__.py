"""What only the Pi has of Justice League Hexors and Yu-Gi-Oh! Hexors (the games are
shared_rules/games/hexors/): their demo tables (demo.py) and ``hexref odds hexors``
(odds.py), both imported when used."""
from __future__ import annotations

from typing import Any


def _jl_beginner():
    from host.games.descriptor import Demo
    from host.games.hexors.demo import beginner_script, demo_entries

    return Demo(demo_entries, beginner_script)


def _jl_collector():
    from host.games.descriptor import Demo
    from host.games.hexors.demo import collector_script, demo_entries

    return Demo(demo_entries, collector_script)


def _ygo_beginner():
    from host.games.descriptor import Demo
    from host.games.hexors.demo import YGO_CORRECTIONS, YGO_UIDS, demo_entries, ygo_beginner_script

    return Demo(lambda: demo_entries(YGO_UIDS, YGO_CORRECTIONS), ygo_beginner_script)


DEMOS = {"jl-beginner": _jl_beginner, "jl-collector": _jl_collector,
         "ygo-beginner": _ygo_beginner}


def add_odds(parsers: Any) -> None:
    from host.games.hexors.odds import add_hexors_odds

    add_hexors_odds(parsers)
