"""``hexref odds GAME``: exact odds of a battle or an attack. Each game that has odds adds its
own sub-command (its descriptor's ``odds``, host/games/<game>/odds.py); the odds are computed,
and the rules imported, when the command runs."""
from __future__ import annotations

from host.commands.options import print_help_of


def add_parser(commands) -> None:
    from host.games.descriptor import DESCRIPTORS

    odds = commands.add_parser(
        "odds", help="exact odds of a battle or an attack",
        description="Exact probabilities, as fractions, with the game's re-roll rules.")
    games = odds.add_subparsers(dest="game", metavar="GAME")
    for game in DESCRIPTORS.values():
        if game.odds is not None:
            game.odds(games)
    odds.set_defaults(func=print_help_of(odds))
