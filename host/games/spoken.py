"""What the referee says aloud of a result (issue 34): sentences in the table's language for
a voice, not for the eye. A battle's outcome with both totals and the winner's bonuses, a
refusal with what to do instead, whose turn it is now, the Stones or Stars won and spent,
the winner of the game. Built from the same events the phone page reads
(host/games/telling.py's ``Words``, each game's sentences); a game whose events read
differently aloud says them in its own ``SPOKEN`` (host/games/<game>/sentences.py), an
event it does not name is said as the page says it, or not at all.

No breakdown's ``+``/``=``, no rule ID, no UID: a listener hears numbers and words.

>>> from shared_rules.core.engine import Outcome, Refusal, Total
>>> a, d = Total(), Total()
>>> a.add(8, "strike"); d.add(7, "strike"); d.add(6, "colour"); d.add(3, "Last Stand")
>>> words = Words({"k": "Batman", "m": "Mars"}, ("Ana", "Ben"))
>>> said(Outcome([("battle", {"attacker": "k", "defender": "m", "totals": {"k": a, "m": d},
...                "winner": "m"}), ("turn", {"player": 1})]), words)
['Batman 8, Mars 16.', 'Mars wins the battle, with colour plus 6 and Last Stand plus 3.', 'Ben, your turn.']
>>> said(Refusal("JL-C9", "Teamwork costs 2, Ben has 0", "earn stones by defeating tiles"), words)
['Not allowed: Teamwork costs 2, Ben has 0. Instead: earn stones by defeating tiles.']
"""
from __future__ import annotations

from typing import Any

from host.common.i18n import _, n_
from host.games.telling import Words, sentences


class Aloud(Words):
    """The page's names, with players joined the way a voice says them ("Ana and Ben",
    not "Ana & Ben")."""

    def seats(self, many: Any) -> str:
        return and_list([self.seat(p) for p in many or []])


def said(result: Any, words: Words, variant: str = "") -> list[str]:
    """The sentences a voice says of ``result`` (an Outcome or a Refusal), in order."""
    if result is None:
        return []
    words = Aloud(words.names, words.players, words.cards)
    if not result.accepted:
        return [refusal(result.message, getattr(result, "instead", ""))]
    own = getattr(sentences(variant), "SPOKEN", {}) if variant else {}
    page = getattr(sentences(variant), "EVENTS", {}) if variant else {}
    out: list[str] = []
    for kind, data in result.events:
        if not isinstance(data, dict):
            continue
        if kind in own:
            out.extend(own[kind](data, words))
        elif kind in SHARED:
            out.extend(SHARED[kind](data, words))
        elif kind in page:
            out.extend(_ended(s) for s in page[kind](data, words))
    return [s for s in out if s]


def said_at(referee: Any, result: Any, variant: str) -> list[str]:
    """What a voice says of ``result`` at ``referee``'s table: its tiles and players by
    the names the page uses (``referee.names``, ``referee.players``)."""
    from host.games.descriptor import game

    try:
        cards = game(variant).cards
    except ValueError:  # a stored game of a game this referee no longer has
        cards = ""
    return said(result, Words(referee.names, tuple(referee.players), cards), variant)


def refusal(message: str, instead: str = "") -> str:
    """A refusal aloud: what was wrong, then what to do."""
    if instead:
        return _("Not allowed: %(why)s. Instead: %(instead)s.") % {
            "why": message.rstrip("."), "instead": instead.rstrip(".")}
    return _("Not allowed: %s.") % message.rstrip(".")


def _ended(sentence: str) -> str:
    """A page's sentence with the full stop a voice pauses on."""
    return sentence if sentence.endswith((".", "!", "?")) else sentence + "."


def and_list(items: list[str]) -> str:
    """``a, b and c`` in the table's language."""
    if len(items) < 2:
        return "".join(items)
    return _("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def bonuses(total: Any) -> list[str]:
    """A total's parts after the die's, each its label and its amount ("colour plus 6")."""
    out = []
    for amount, label in getattr(total, "parts", [])[1:]:
        if amount == 0:
            continue
        if amount < 0:
            out.append(_("%(label)s minus %(n)d") % {"label": label, "n": -amount})
        else:
            out.append(_("%(label)s plus %(n)d") % {"label": label, "n": amount})
    return out


def _battle(data: dict, words: Words) -> list[str]:
    totals = data.get("totals")
    a, d = data.get("attacker"), data.get("defender")
    if not isinstance(totals, dict) or a not in totals or d not in totals:
        return []
    value = {k: getattr(t, "value", t) for k, t in totals.items()}
    out = [_("%(attacker)s %(a)d, %(defender)s %(d)d.") % {
        "attacker": words.thing(a), "a": value[a], "defender": words.thing(d), "d": value[d]}]
    won = data.get("winner")
    if data.get("void"):
        out.append(_("No battle."))
    elif won is None:
        out.append(_("A tie: roll again."))
    else:
        extra = bonuses(totals[won])
        out.append(_("%(winner)s wins the battle, with %(bonuses)s.") % {
            "winner": words.thing(won), "bonuses": and_list(extra)} if extra
            else _("%s wins the battle.") % words.thing(won))
    return out


def _turn(data: dict, words: Words) -> list[str]:
    player = data.get("player")
    return [_("%s, your turn.") % words.seat(player)] if isinstance(player, int) else []


def _winner(data: dict, words: Words) -> list[str]:
    won = [words.seat(p) for p in data.get("players") or []]
    if not won:
        return []
    return [n_("%s wins the game!", "%s win the game!", len(won)) % and_list(won)]


def _gone(data: dict, words: Words) -> list[str]:
    thing = data.get("tile") or data.get("card") or data.get("name")
    left = data.get("left")
    if isinstance(left, int) and left > 0:  # a figure of a squad, not the squad
        return [_ended(n_("%(card)s loses a figure, %(left)d left",
                          "%(card)s loses a figure, %(left)d left", left)
                       % {"card": words.thing(data.get("card") or thing), "left": left})]
    return [_ended((_("%s is defeated") if "tile" in data else _("%s is destroyed"))
                   % words.thing(thing))]


def _scores(data: dict, words: Words) -> list[str]:
    if not isinstance(data.get("scores"), list):
        return []
    return [_ended(_("final scores: %s") % ", ".join(
        "%s %s" % (words.seat(i), s) for i, s in enumerate(data["scores"])))]


SHARED = {"battle": _battle, "turn": _turn, "winner": _winner, "defeated": _gone,
          "destroyed": _gone, "end": _scores}
