"""What only the Pi has of Invocations (the game is shared_rules/games/invocations/): its
demo table (demo.py), imported when a demo is made."""
from __future__ import annotations


def _demo():
    from host.games.descriptor import Demo
    from host.games.invocations.demo import IN_PLAYERS, invocations_entries, invocations_script

    return Demo(invocations_entries, invocations_script, IN_PLAYERS)


DEMOS = {"invocations": _demo}
