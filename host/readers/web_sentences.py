"""What the phone page says of each input and of a fight: sentences in the table's
language, with the panel's own words where it has them (the referee's menu labels, the
engines' texts), players and tiles by name. No tag UID, no ``None``, no raw input and no
rule ID: the rules are given apart (``rules``), for a player who asks.

>>> said_hub(("GONE", "04A1"), {"04A1": "Mars"})
'Mars lifted'
>>> said_input(("roll", [6, 2], 0), {}, ("Ana", "Ben"), 1, "")
'Ana rolls 6, 2'
>>> said_input(("die", 1), {}, ("Ana", "Ben"), 1, "")
'Ben takes the die'
>>> fight_lines([("defeated", {"tile": "k", "player": 1, "rule": "JL-B6"}),
...              ("winner", {"players": [0], "rule": "JL-B9"})], {"k": "Mars"}, ("Ana", "Ben"))
['Mars is defeated', 'Ana wins the game']
"""
from __future__ import annotations

from typing import Any

from host.common.i18n import _, n_
from host.games.telling import Words, sentences
from shared_rules.core.words import seat


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


def _plain_words(inp: tuple, names: dict[str, str], players: tuple[str, ...]) -> str:
    """The last resort for an input no sentence knows (a game newer than these
    sentences): its words, names for keys. tests/host/readers/test_web_words.py sees that no game's
    input comes here."""
    words = []
    for value in inp:
        if value is None or isinstance(value, bool):
            continue
        if isinstance(value, dict) or (isinstance(value, str) and value in names):
            words.append(Words(names).thing(value))
        elif isinstance(value, (list, tuple)):
            words.append(", ".join(str(v) for v in value))
        else:
            words.append(str(value).replace("_", " "))
    return " ".join(words)


def said_hub(event: tuple, names: dict[str, str]) -> str:
    """A hub event that was no input (a tile lifted or not trusted, the die tumbling or
    crooked, a button whose press meant nothing now)."""
    kind = event[0] if event else ""
    if kind == "GONE" and len(event) > 1:
        return _("%s lifted") % Words(names).thing(event[1])
    if kind == "TAP" and len(event) > 1:
        return _("%(tile)s tapped") % {"tile": Words(names).thing(event[1])}
    if kind == "DIE":
        return _("the die is crooked") if "CROOKED" in event[1:] else _("the die is rolling")
    if kind == "BTN" and len(event) > 2:
        return (_("button %s held") if event[2] == "long" else _("button %s pressed")) % event[1]
    return _plain_words(tuple(event), names, ())


def menu_label(referee: Any, target: str, inp: tuple) -> str:
    """The referee's menu label for this input if its menu offered it (the panel's words
    for it), else the engine's words for it (``Game.said``: an input the menu offers at
    another moment, a timer run out), "" when neither has any. Asked before the input is
    applied."""
    if target == "none" or not inp or inp[0] in ("tap", "add"):
        return ""
    try:
        if inp[0] == "roll":  # no menu rolls a die; a game may say its faces (HS-2)
            return referee.game.said(tuple(inp)) or ""
        for label, its_target, its_input in referee.menu():
            if its_target == target and tuple(its_input) == tuple(inp):
                return label
        said = referee.game.said(tuple(inp)) if target == "game" else None
    except Exception:  # noqa: BLE001 - a menu's defect costs the sentence, not the page
        return ""
    return said or ""


def who_taps(referee: Any, inp: tuple, actor: Any) -> Any:
    """Who taps the tile of a ``("tap", key)`` input, asked before it is applied: a Power
    (an Action) is played by its owner whoever's turn it is (JL-C9: a Surge Power at any
    time), and the target of a Power waiting for one is tapped by that Power's owner;
    any other tap is the player expected to act.

    >>> class Game:
    ...     def view(self):
    ...         return {"tiles": {"k": {"owner": 0, "role": "power"}, "m": {"owner": 1}},
    ...                 "pending": None}
    >>> class Referee:
    ...     game = Game()
    >>> who_taps(Referee(), ("tap", "k"), 1), who_taps(Referee(), ("tap", "m"), 1)
    (0, 1)
    """
    if not inp or inp[0] != "tap" or len(inp) < 2:
        return actor
    try:
        view = referee.game.view()
    except Exception:  # noqa: BLE001 - the sentence names the actor then
        return actor
    tiles = view.get("tiles") if isinstance(view, dict) else None
    if not isinstance(tiles, dict):
        return actor
    tile = tiles.get(inp[1])
    pending = view.get("pending")
    if isinstance(pending, dict) and pending.get("tile") in tiles:
        tile = tiles[pending["tile"]]  # the target of the Power waiting for one
    elif not (isinstance(tile, dict) and tile.get("role") == "power"):
        return actor
    owner = tile.get("owner") if isinstance(tile, dict) else None
    return owner if isinstance(owner, int) else actor


def said_input(inp: tuple, names: dict[str, str], players: tuple[str, ...], actor: Any,
               label: str, variant: str = "") -> str:
    """An input as a sentence: ``actor`` the player who did it (``who_taps``: the player
    expected to act, or a Power's owner), ``label`` the referee's menu label for it (the
    panel's words), "" when the menu had none; an input only one game has is said by that
    game's sentences (``variant``'s, host/games/telling.py)."""
    kind = inp[0] if inp else ""
    words = Words(names, tuple(players))
    who = words.seat(actor) if isinstance(actor, int) else None
    if kind == "add" and len(inp) >= 3:
        return _("%(player)s adds %(tile)s") % {
            "player": words.seat(inp[1]), "tile": words.thing(inp[-1])}
    if kind == "name" and len(inp) == 3 and isinstance(inp[1], int):  # who sits where
        return _("seat %(n)d: %(name)s") % {"n": inp[1] + 1, "name": inp[2]} if inp[2] \
            else _("seat %d: a guest") % (inp[1] + 1)
    if kind == "tap" and len(inp) >= 2:
        tile = words.thing(inp[2] if len(inp) > 2 and isinstance(inp[2], dict) else inp[1])
        return (_("%(player)s taps %(tile)s") if who else _("%(tile)s tapped")) % {
            "player": who, "tile": tile}
    if kind == "roll" and len(inp) in (2, 3):
        if len(inp) == 3 and isinstance(inp[2], int):
            who = words.seat(inp[2])  # the roll names its roller (ROLL-1)
        faces = label or (", ".join(str(f) for f in inp[1]) if isinstance(inp[1], (list, tuple))
                          else str(inp[1]))
        return (_("%(player)s rolls %(faces)s") if who else _("the die rolls %(faces)s")) % {
            "player": who, "faces": faces}
    if label:
        return _("%(player)s: %(choice)s") % {"player": who, "choice": label} \
            if who and who not in label else label
    own = getattr(sentences(variant), "INPUTS", {}).get(kind) if variant else None
    said = own(inp, words, who) if own is not None else None
    if said:
        return said
    if kind == "die" and len(inp) == 2 and isinstance(inp[1], int):
        return _("%s takes the die") % words.seat(inp[1])  # ROLL-2
    if kind == "seat" and len(inp) == 2:
        return _("%s sets up") % words.seat(inp[1])
    if kind == "start":
        # ("start", first) and its longer forms ("start", first, "moves"): who goes first
        return _("%s goes first") % words.seat(inp[1]) if len(inp) >= 2 and \
            isinstance(inp[1], int) else _("the game starts")
    if kind == "end":
        return _("%s ends the turn") % who if who else _("end of the turn")
    plain = _plain_words(inp, names, players)
    return "%s: %s" % (who, plain) if who else plain


def fight_lines(events: list, names: dict[str, str], players: tuple[str, ...],
                variant: str = "") -> list[str]:
    """A fight's outcome as a player reads it: each total with its breakdown, who won,
    what it cost, each a sentence of the catalogue; what only one game has (HeroScape's
    attacks, Hexo's monsters, the Stones or Stars) said by that game's sentences
    (``variant``'s, host/games/telling.py). What only moves the game on (whose turn, a
    round, a deal) is left to the rest of the page."""
    from host.games.descriptor import game

    try:
        cards = game(variant).cards if variant else ""
    except ValueError:
        cards = ""
    words = Words(names, tuple(players), cards)
    own = getattr(sentences(variant), "EVENTS", {}) if variant else {}
    out: list[str] = []
    for kind, data in events:
        if not isinstance(data, dict):
            continue
        if "totals" in data and isinstance(data["totals"], dict):
            for key, total in data["totals"].items():
                out.append(_("%(tile)s: %(total)s") % {"tile": words.thing(key),
                                                       "total": total})
            if kind == "battle":
                won = data.get("winner")
                out.append(_("%s wins the battle") % words.thing(won) if won else
                           _("a tie: roll again") if not data.get("void") else _("no battle"))
            continue
        if kind in QUIET:
            continue
        out.extend(own[kind](data, words) if kind in own else _fight_line(kind, data, words))
    return out


# Events that only move the game on: the page's turn, the players' cards and the history
# say them already.
QUIET = ("rolled", "turn", "round", "deal", "reroll", "engage", "skip", "showdown", "stage",
         "pending", "target")


def _fight_line(kind: str, data: dict, words: Words) -> list[str]:
    """The outcome events every game may have."""
    if kind == "destroyed" and isinstance(data.get("left"), int) and data["left"] > 0:
        return [n_("%(card)s loses a figure, %(left)d left",
                   "%(card)s loses a figure, %(left)d left", data["left"]) % {
            "card": words.thing(data.get("card") or data.get("name")), "left": data["left"]}]
    if kind in ("defeated", "destroyed"):
        thing = data.get("tile") or data.get("card") or data.get("name")
        return [(_("%s is defeated") if kind == "defeated" else _("%s is destroyed"))
                % words.thing(thing)]
    if kind == "winner":
        won = [words.seat(p) for p in data.get("players") or []]
        return [n_("%s wins the game", "%s win the game", len(won)) % " & ".join(won)]
    if kind == "end" and isinstance(data.get("scores"), list):
        return [_("final scores: %s") % ", ".join(
            "%s %s" % (words.seat(i), s) for i, s in enumerate(data["scores"]))]
    return []  # an event these sentences do not know: said nowhere rather than dumped


def rules_of(events: list) -> list[str]:
    """The rule IDs a fight's events name, for the player who asks (RULES.md)."""
    found: list[str] = []
    for _kind, data in events:
        rule = data.get("rule") if isinstance(data, dict) else None
        if isinstance(rule, str) and rule not in found:
            found.append(rule)
    return found
