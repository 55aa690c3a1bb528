"""What HeroScape's events say on the page and aloud (host/games/telling.py)."""
from __future__ import annotations

from typing import Any

from host.common.i18n import _, n_
from host.games.telling import Words
from shared_rules.games.heroscape.engine import faces_said
from shared_rules.games.heroscape.presenter import dice_against, skulls_vs_shields

FIGHTS = ("attack",)


def _attack(data: dict, words: Words) -> list[str]:
    return [_("%(card)s attacks %(target)s: %(result)s") % {
        "card": words.thing(data.get("card")), "target": words.thing(data.get("target")),
        "result": skulls_vs_shields(data)}]


def _defense_roll(data: dict, words: Words) -> list[str]:
    if not isinstance(data.get("faces"), list):
        return []
    return [_("%(player)s rolls %(faces)s to defend") % {
        "player": words.seat(data.get("player")), "faces": faces_said(data["faces"])}]


EVENTS = {"attack": _attack, "defense_roll": _defense_roll}


def odds_bars(odds: Any, game: Any, words: Words) -> dict[str, Any] | None:
    """Skulls through the shields: the chance to destroy, then each count of skulls."""
    if not hasattr(odds, "as_dict"):
        return None
    data = odds.as_dict()
    bars = [{"label": _("destroyed"), "p": data["p_destroy"], "value": data["p_destroy_float"]}]
    for u in data["unblocked"]:
        bars.append({"label": n_("%d skull through", "%d skulls through", u["skulls"])
                     % u["skulls"], "p": u["p"], "value": u["p_float"]})
    return {"title": dice_against(data["attack"], data["defense"]), "note": "", "bars": bars}
