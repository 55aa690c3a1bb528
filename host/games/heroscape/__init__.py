"""What only the Pi has of HeroScape (the game is shared_rules/games/heroscape/): its demo
table (demo.py) and ``hexref odds heroscape`` (odds.py), both imported when used."""
from __future__ import annotations

from typing import Any


def _demo():
    from host.games.descriptor import Demo
    from host.games.heroscape.demo import heroscape_entries, heroscape_script

    return Demo(heroscape_entries, heroscape_script)


DEMOS = {"heroscape": _demo}


def add_odds(parsers: Any) -> None:
    from host.games.heroscape.odds import add_heroscape_odds

    add_heroscape_odds(parsers)
