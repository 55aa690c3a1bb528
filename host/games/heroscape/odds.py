"""``hexref odds heroscape``: the exact chance that a HeroScape attack destroys."""
from __future__ import annotations

import argparse
from typing import Any

from host.common.failure import Failed
from host.common.i18n import _


def add_heroscape_odds(odds_games: Any) -> None:
    """``hexref odds heroscape``: HeroScape's odds (its descriptor's ``odds``)."""
    heroscape = odds_games.add_parser(
        "heroscape", help="a HeroScape attack: skulls against shields (HS-6, HS-7)",
        description="Attack and Defense are dice counts, height die already added.")
    heroscape.add_argument("--attack", type=int, required=True, metavar="A")
    heroscape.add_argument("--defense", type=int, required=True, metavar="D")
    heroscape.add_argument("--json", action="store_true",
                           help="print the full distribution of unblocked skulls as JSON")
    heroscape.set_defaults(func=_odds_heroscape)


def _odds_heroscape(args: argparse.Namespace) -> int:
    import json

    from shared_rules.games.heroscape.odds import attack_odds

    try:
        odds = attack_odds(args.attack, args.defense)
    except ValueError as exc:
        raise Failed(exc, 2) from None
    if args.json:
        print(json.dumps(odds.as_dict()))
        return 0
    p = odds.p_destroy
    from host.common.i18n import number, share
    from shared_rules.games.heroscape.presenter import dice_against

    print(_("%s (HS-7: more skulls than shields destroys)")
          % dice_against(args.attack, args.defense))
    print(_("destroy: %(fraction)s = %(decimal)s (%(share)s)")
          % {"fraction": p, "decimal": number(p.to_float(), 6, exact=True), "share": share(p)})
    return 0
