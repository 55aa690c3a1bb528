"""What only the Pi has of Hexo (the game is shared_rules/games/hexo/): its demo table
(demo.py), imported when a demo is made."""
from __future__ import annotations


def _demo():
    from host.games.descriptor import Demo
    from host.games.hexo.demo import HX_PLAYERS, hexo_entries, hexo_script

    return Demo(hexo_entries, hexo_script, HX_PLAYERS)


DEMOS = {"hexo": _demo}
