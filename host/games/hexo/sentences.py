"""What Hexo's events and its own inputs say on the page and aloud (host/games/telling.py)."""
from __future__ import annotations

from typing import Any

from host.common.i18n import _, n_
from host.games.telling import Words
from shared_rules.games.hexo.engine import MONSTER_NAMES, monster_name, space_name

FIGHTS = ("fight_result",)


def _fight_result(data: dict, words: Words) -> list[str]:
    side = data.get("winner")
    said = {"player": words.seat(data.get("player")), "mine": data.get("mine", ""),
            "theirs": data.get("theirs", "")}
    if side == "monster":
        return [_("%(player)s: %(mine)s against %(theirs)s; the monster wins") % said]
    if isinstance(side, int):
        said["winner"] = words.seat(side)
        return [_("%(player)s: %(mine)s against %(theirs)s; %(winner)s wins the fight") % said]
    return [_("%(player)s: %(mine)s against %(theirs)s") % said]


def _monster_killed(data: dict, words: Words) -> list[str]:
    if data.get("type") not in MONSTER_NAMES:
        return []
    return [n_("%(player)s takes the %(monster)s (+%(n)d skull)",
               "%(player)s takes the %(monster)s (+%(n)d skulls)", data.get("skulls", 0))
            % {"player": words.seat(data.get("player")), "n": data.get("skulls", 0),
               "monster": monster_name(data["type"])}]


def _treasure_left(data: dict, words: Words) -> list[str]:
    if not isinstance(data.get("count"), int):
        return []
    return [n_("%(player)s leaves %(count)d treasure on %(space)s",
               "%(player)s leaves %(count)d treasures on %(space)s", data["count"]) % {
        "player": words.seat(data.get("player")), "count": data["count"],
        "space": space_name(data.get("space", ""))}]


EVENTS = {"fight_result": _fight_result, "monster_killed": _monster_killed,
          "treasure_left": _treasure_left}


def _place(inp: tuple, words: Words, who: str | None) -> str | None:
    if len(inp) < 3 or not isinstance(inp[2], str):
        return None
    return _("%(player)s places a monster on %(space)s") % {
        "player": who or _("a player"), "space": space_name(inp[2])}


def _tapping(inp: tuple, words: Words, who: str | None) -> str | None:
    return _("%s taps cards into the fight") % words.seat(inp[1]) if len(inp) == 2 else None


def _card(inp: tuple, words: Words, who: str | None) -> str | None:
    """A card tapped in for a player in a fight."""
    if len(inp) != 4:
        return None
    return _("%(player)s taps %(tile)s") % {"player": words.seat(inp[1]),
                                            "tile": words.thing(inp[3])}


def _fight_aloud(data: dict, words: Words) -> list[str]:
    """A fight aloud: each side's strength, not its breakdown, then who won."""
    values = data.get("values")
    if not (isinstance(values, list) and len(values) == 2):
        return []
    said = {"player": words.seat(data.get("player")), "mine": values[0], "theirs": values[1]}
    side = data.get("winner")
    if side == "monster":
        return [_("%(player)s %(mine)d against %(theirs)d: the monster wins.") % said]
    if isinstance(side, int):
        said["winner"] = words.seat(side)
        return [_("%(player)s %(mine)d against %(theirs)d: %(winner)s wins the fight.") % said]
    return [_("%(player)s %(mine)d against %(theirs)d.") % said]


# What a voice says otherwise than the page (host/games/spoken.py).
SPOKEN = {"fight_result": _fight_aloud}

INPUTS: dict[str, Any] = {"place": _place, "tapping": _tapping, "card": _card}
