"""What the Hexors games' events say on the page and aloud (host/games/telling.py): the
Powers played, the Energy Stones (Justice League) or Stars (Yu-Gi-Oh!) won and spent."""
from __future__ import annotations

from typing import Any

from host.common.i18n import _, n_
from host.games.telling import Words

FIGHTS = ("battle",)


def _power(data: dict, words: Words) -> list[str]:
    said = {"player": words.seat(data.get("player")), "power": words.thing(data.get("tile")),
            "target": words.thing(data.get("target"))}
    return [(_("%(player)s plays %(power)s on %(target)s") if data.get("target")
             else _("%(player)s plays %(power)s")) % said]


def _stones(data: dict, words: Words) -> list[str]:
    change = data.get("change")
    if not isinstance(change, int) or not change:
        return []
    n = abs(change)
    said = {"player": words.seat(data.get("player")), "n": n, "total": data.get("total", 0)}
    if words.cards == "ygo":
        return [(n_("%(player)s wins %(n)d Star, %(total)d in all",
                    "%(player)s wins %(n)d Stars, %(total)d in all", n)
                 if change > 0 else
                 n_("%(player)s spends %(n)d Star, %(total)d left",
                    "%(player)s spends %(n)d Stars, %(total)d left", n)) % said]
    return [(n_("%(player)s wins %(n)d Stone, %(total)d in all",
                "%(player)s wins %(n)d Stones, %(total)d in all", n)
             if change > 0 else
             n_("%(player)s spends %(n)d Stone, %(total)d left",
                "%(player)s spends %(n)d Stones, %(total)d left", n)) % said]


def _moving(data: dict, words: Words) -> list[str]:
    """The move a Power ordered, which play waits for (JL-W066, JL-W075)."""
    said = {"player": words.seat(data.get("player")), "tile": words.thing(data.get("tile"))}
    if data.get("effect") == "escape":
        return [_("%(player)s may move %(tile)s back 1 space") % said]
    return [_("%(player)s places 3 craters") % said]


EVENTS = {"power": _power, "stones": _stones, "moving": _moving}


def odds_bars(odds: Any, game: Any, words: Words) -> dict[str, Any] | None:
    """Each side's chance to win the battle (ties are rolled again)."""
    if not (isinstance(odds, tuple) and len(odds) == 2):
        return None
    battle = getattr(game, "battle", None) or {}
    a, d = battle.get("attacker"), battle.get("defender")
    rolled = bool(battle.get("rolls")) and battle["rolls"][0] is not None
    return {"title": _("After the attacker's roll") if rolled else _("Before the roll"),
            "note": _("ties are rolled again"),
            "bars": [{"label": _("%s wins") % words.thing(a), "p": str(odds[0]),
                      "value": odds[0].to_float()},
                     {"label": _("%s wins") % words.thing(d), "p": str(odds[1]),
                      "value": odds[1].to_float()}]}
