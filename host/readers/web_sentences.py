"""What the phone page says of each input and of a fight: sentences in the table's
language, with the panel's own words where it has them (the referee's menu labels, the
engines' texts), players and tiles by name. No tag UID, no ``None``, no raw input and no
rule ID: the rules are given apart (``rules``), for a player who asks.

>>> said_hub(("GONE", "04A1"), {"04A1": "Mars"})
'Mars lifted'
>>> said_input(("roll", [6, 2]), {}, ("Ana", "Ben"), 1, "")
'Ben rolls 6, 2'
>>> fight_lines([("defeated", {"tile": "k", "player": 1, "rule": "JL-B6"}),
...              ("winner", {"players": [0], "rule": "JL-B9"})], {"k": "Mars"}, ("Ana", "Ben"))
['Mars is defeated', 'Ana wins the game']
"""
from __future__ import annotations

from typing import Any

from host.common.i18n import _, n_
from shared_rules.words import seat


def said_seats(seats: tuple[str, ...] | list[str]) -> list[str]:
    """Seats as the games table keeps them (their own names, in the code's English) as
    the table says them: ``["Red", "P2"]`` is ``["Rouge", "P2"]`` at a French table."""
    return [seat(s) for s in seats]


def said_winner(winner: str | None, seats: tuple[str, ...] | list[str]) -> str | None:
    """A stored winner ("Red & Ana": each a seat's own name or a name given at setup) as
    the table says it: a seat's own name in its language, a given name as given.

    >>> said_winner("Red & Ana", ("Red", "Blue")), said_winner(None, ())
    ('Red & Ana', None)
    """
    if not winner:
        return winner
    return " & ".join(seat(w) if w in seats else w for w in winner.split(" & "))


def _seat(i: Any, players: tuple[str, ...]) -> str:
    if isinstance(i, int) and 0 <= i < len(players):
        return players[i]
    return _("player %d") % (i + 1) if isinstance(i, int) else _("a player")


def _thing(value: Any, names: dict[str, str]) -> str:
    """A tile or card by its name: a catalogue entry's, the book's, never its UID."""
    if isinstance(value, dict):
        return str(value.get("name") or _("a card"))
    if isinstance(value, str):
        return names.get(value) or _("an unknown tile")
    return str(value)


def _plain_words(inp: tuple, names: dict[str, str], players: tuple[str, ...]) -> str:
    """The last resort for an input no sentence knows: its words, names for keys."""
    words = []
    for value in inp:
        if value is None or isinstance(value, bool):
            continue
        if isinstance(value, dict) or (isinstance(value, str) and value in names):
            words.append(_thing(value, names))
        elif isinstance(value, (list, tuple)):
            words.append(", ".join(str(v) for v in value))
        else:
            words.append(str(value).replace("_", " "))
    return " ".join(words)


def said_hub(event: tuple, names: dict[str, str]) -> str:
    """A hub event that was no input (a tile lifted, the die tumbling, a button)."""
    kind = event[0] if event else ""
    if kind == "GONE" and len(event) > 1:
        return _("%s lifted") % _thing(event[1], names)
    if kind == "DIE":
        return _("the die is rolling")
    if kind == "BTN" and len(event) > 2:
        return (_("button %s held") if event[2] == "long" else _("button %s pressed")) % event[1]
    return _plain_words(tuple(event), names, ())


def menu_label(referee: Any, target: str, inp: tuple) -> str:
    """The referee's menu label for this input if its menu offered it (the panel's words
    for it), "" otherwise. Asked before the input is applied."""
    if target == "none" or not inp or inp[0] in ("tap", "add", "roll"):
        return ""
    try:
        for label, its_target, its_input in referee.menu():
            if its_target == target and tuple(its_input) == tuple(inp):
                return label
    except Exception:  # noqa: BLE001 - a menu's defect costs the sentence, not the page
        return ""
    return ""


def said_input(inp: tuple, names: dict[str, str], players: tuple[str, ...], actor: Any,
               label: str) -> str:
    """An input as a sentence: ``actor`` the player expected to act when it came, ``label``
    the referee's menu label for it (the panel's words), "" when the menu had none."""
    kind = inp[0] if inp else ""
    who = _seat(actor, players) if isinstance(actor, int) else None
    if kind == "add" and len(inp) >= 3:
        return _("%(player)s adds %(tile)s") % {
            "player": _seat(inp[1], players), "tile": _thing(inp[-1], names)}
    if kind == "name" and len(inp) == 3 and isinstance(inp[1], int):  # who sits where
        return _("seat %(n)d: %(name)s") % {"n": inp[1] + 1, "name": inp[2]} if inp[2] \
            else _("seat %d: a guest") % (inp[1] + 1)
    if kind == "card" and len(inp) == 4:  # a card tapped in for a player (Hexo's fights)
        return _("%(player)s taps %(tile)s") % {
            "player": _seat(inp[1], players), "tile": _thing(inp[3], names)}
    if kind == "tap" and len(inp) >= 2:
        tile = _thing(inp[2] if len(inp) > 2 and isinstance(inp[2], dict) else inp[1], names)
        return (_("%(player)s taps %(tile)s") if who else _("%(tile)s tapped")) % {
            "player": who, "tile": tile}
    if kind == "roll" and len(inp) == 2:
        faces = ", ".join(str(f) for f in inp[1]) if isinstance(inp[1], (list, tuple)) \
            else str(inp[1])
        return (_("%(player)s rolls %(faces)s") if who else _("the die rolls %(faces)s")) % {
            "player": who, "faces": faces}
    if label:
        return _("%(player)s: %(choice)s") % {"player": who, "choice": label} \
            if who and who not in label else label
    if kind == "place" and len(inp) >= 3 and isinstance(inp[2], str):
        return _("%(player)s places a monster on %(space)s") % {
            "player": who or _("a player"), "space": inp[2]}
    if kind == "tapping" and len(inp) == 2:
        return _("%s taps cards into the fight") % _seat(inp[1], players)
    if kind == "seat" and len(inp) == 2:
        return _("%s sets up") % _seat(inp[1], players)
    if kind == "start":
        return _("%s goes first") % _seat(inp[1], players) if len(inp) == 2 \
            else _("the game starts")
    if kind == "end":
        return _("%s ends the turn") % who if who else _("end of the turn")
    words = _plain_words(inp, names, players)
    return "%s: %s" % (who, words) if who else words


def _joined(value: Any, names: dict[str, str], players: tuple[str, ...]) -> str:
    if isinstance(value, dict):  # per player: {0: 1, 1: 2} -> "Ana 1, Ben 2"
        return ", ".join("%s %s" % (_seat(k, players) if isinstance(k, int) else
                                    _thing(k, names), v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def fight_lines(events: list, names: dict[str, str], players: tuple[str, ...]) -> list[str]:
    """A fight's outcome as a player reads it: each total with its breakdown, who won,
    what it cost."""
    out: list[str] = []
    for kind, data in events:
        if not isinstance(data, dict):
            continue
        if "totals" in data and isinstance(data["totals"], dict):
            for key, total in data["totals"].items():
                out.append("%s: %s" % (_thing(key, names), total))
            if kind == "battle":
                won = data.get("winner")
                out.append(_("%s wins the battle") % _thing(won, names) if won else
                           _("a tie: roll again") if not data.get("void") else _("no battle"))
            continue
        line = _fight_line(kind, data, names, players)
        if line:
            out.append(line)
    return out


def _fight_line(kind: str, data: dict, names: dict[str, str],
                players: tuple[str, ...]) -> str | None:
    who = _seat(data.get("player"), players) if "player" in data else ""
    if kind == "rolled":
        return None  # in the history already, with its colour
    if kind == "destroyed" and isinstance(data.get("left"), int) and data["left"] > 0:
        return n_("%(card)s loses a figure, %(left)d left",
                  "%(card)s loses a figure, %(left)d left", data["left"]) % {
            "card": _thing(data.get("card") or data.get("name"), names), "left": data["left"]}
    if kind in ("defeated", "destroyed"):
        thing = data.get("tile") or data.get("card") or data.get("name")
        return (_("%s is defeated") if kind == "defeated" else _("%s is destroyed")) \
            % _thing(thing, names)
    if kind == "winner":
        won = [_seat(p, players) for p in data.get("players") or []]
        return n_("%s wins the game", "%s win the game", len(won)) % " & ".join(won)
    if kind == "attack":
        line = _("%(card)s attacks %(target)s") % {"card": _thing(data.get("card"), names),
                                                   "target": _thing(data.get("target"), names)}
        return "%s: %s" % (line, data["text"]) if data.get("text") else line
    if kind == "defense_roll":
        return _("%(player)s rolls %(faces)s to defend") % {
            "player": who, "faces": _joined(data.get("faces", ""), names, players)}
    if kind == "fight_result":
        side = data.get("winner")
        line = _("%(player)s: %(mine)s against %(theirs)s") % {
            "player": who, "mine": data.get("mine", ""), "theirs": data.get("theirs", "")}
        if side == "monster":
            return line + "; " + _("the monster wins")
        return line + ("; " + _("%s wins the fight") % _seat(side, players)
                       if isinstance(side, int) else "")
    if kind == "treasure_left" and isinstance(data.get("count"), int):
        return n_("%(player)s leaves %(count)d treasure on %(space)s",
                  "%(player)s leaves %(count)d treasures on %(space)s", data["count"]) % {
            "player": who, "count": data["count"], "space": data.get("space", "")}
    if kind == "dominance":
        return _("battles won: %s") % _joined(data.get("beats", {}), names, players)
    if kind == "dominant":
        return _("%s dominates") % who
    if kind == "end" and "scores" in data:
        scores = data["scores"]
        return _("final scores: %s") % ", ".join(
            "%s %s" % (_seat(i, players), s) for i, s in enumerate(scores)) \
            if isinstance(scores, list) else _("final scores: %s") % scores
    words = []
    for key, value in data.items():
        if key == "rule" or value is None or value is False:
            continue
        if key in ("player", "by") and isinstance(value, int):
            value = _seat(value, players)
        elif key == "players" and isinstance(value, list):
            value = " & ".join(_seat(p, players) for p in value)
        elif value is True:
            words.append(key.replace("_", " "))
            continue
        elif isinstance(value, str):
            value = names.get(value, value)
        else:
            value = _joined(value, names, players)
        words.append("%s %s" % (key.replace("_", " "), value))
    return "%s: %s" % (kind.replace("_", " "), ", ".join(words)) if words else None


def rules_of(events: list) -> list[str]:
    """The rule IDs a fight's events name, for the player who asks (RULES.md)."""
    found: list[str] = []
    for _kind, data in events:
        rule = data.get("rule") if isinstance(data, dict) else None
        if isinstance(rule, str) and rule not in found:
            found.append(rule)
    return found
