"""``hexref odds GAME``: exact odds of a battle or an attack. Each game that has odds adds its
own sub-command (what only the Pi has of it: host/games/<game>/odds.py, found through its
descriptor); the odds are computed, and the rules imported, when the command runs."""
from __future__ import annotations

from host.commands.options import print_help_of


def add_parser(commands) -> None:
    from host.games.descriptor import odds_commands

    odds = commands.add_parser(
        "odds", help="exact odds of a battle or an attack",
        description="Exact probabilities, as fractions, with the game's re-roll rules.")
    games = odds.add_subparsers(dest="game", metavar="GAME")
    for add in odds_commands():
        add(games)
    odds.set_defaults(func=print_help_of(odds))
