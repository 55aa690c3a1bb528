"""What the phone page shows of one game: its journal folded through the referee, as plain
JSON-able data. The rules are not read here, only asked: the referee folds each entry as
``hexref replay`` does, the engine's ``view()``, ``legal_inputs()`` and ``odds()`` say the
rest, and the panel's own screen is included as text.

A ``Follower`` keeps one game folded and takes only the entries written since its last
look (the journal only grows), so a long game costs one fold, not one per entry.

>>> import tempfile
>>> from host.storage.store import Store
>>> from host.storage.journal import Entry
>>> store = Store(tempfile.mkdtemp())
>>> gid = store.new_game("jl-beginner", ["Ana", "Ben"])
>>> follower = Follower(store.game(gid))
>>> follower.feed([Entry("referee", ("seat", 1), False)], ["2026-11-24T08:00:00.000Z"])
>>> state = follower.state(store.game(gid))
>>> [p["name"] for p in state["players"]], state["history"][0]["accepted"]
(['Ana', 'Ben'], False)
"""
from __future__ import annotations

from typing import Any

from host.common.i18n import N_, _, n_
from host.display.screens import text
from host.games.telling import Words, sentences
from host.readers.replay import session_for
from host.readers.web_sentences import (
    fight_lines,
    menu_label,
    rules_of,
    said_hub,
    said_input,
    said_seats,
    said_winner,
    who_taps,
)
from host.session.adapter import Referee, TileBook
from host.storage.journal import Entry, MemoryJournal
from host.storage.store import GameRow
from shared_rules.core.engine import Refusal


class Follower:
    """One stored game, folded entry by entry."""

    def __init__(self, row: GameRow) -> None:
        self.game_id = row.id
        self.variant = row.variant
        # The seats' own names as the games table keeps them (the code's English: the club's
        # messages carry them so); the page names each seat as ``referee.players`` does.
        self.players = tuple(row.players)
        session = session_for(row.variant, self.players)
        self.presenter = session.presenter
        self.referee = Referee(session.new_game, TileBook([]), session.hooks,
                               journal=MemoryJournal(), players=self.players)
        self.history: list[dict[str, Any]] = []
        self.entries: list[Entry] = []  # as journalled, one per history item
        self.applied: list[int] = []  # history indexes of inputs undo can take back
        self.fight: dict[str, Any] | None = None
        self.winners: list[int] | None = None

    @property
    def seen(self) -> int:
        return len(self.history)

    def feed(self, entries: list[Entry], times: list[str]) -> None:
        """Fold entries written after the ones already seen (``times``: when each was)."""
        for entry, when in zip(entries, times, strict=True):
            self._take(entry, when)

    def _take(self, entry: Entry, when: str) -> None:
        ref = self.referee
        self.entries.append(entry)
        n = len(self.history) + 1
        item: dict[str, Any] = {"n": n, "time": when, "by": "hub" if entry.boot else "referee",
                                "kind": entry.input[0] if entry.input else "",
                                "accepted": entry.accepted, "undone": False}
        if entry.target == "none":  # a hub event that was no input (a tile lifted)
            item["text"] = said_hub(entry.input, ref.names)
            item["kind"] = "none"
            self.history.append(item)
            return
        actor = who_taps(ref, tuple(entry.input), ref.legal().actor)
        item["text"] = said_input(entry.input, ref.names, ref.players, actor,
                                  self._label(entry), self.variant)
        reaction = ref.apply_entry(entry)
        result = reaction.result
        if isinstance(result, Refusal):
            item["refusal"] = (_("%(refused)s; %(instead)s") % {
                "refused": result.message, "instead": result.instead}
                if result.instead else result.message)
            item["rule"] = result.rule
        self.history.append(item)
        if result is None or not result.accepted:
            return
        if entry.target == "referee" and entry.input[0] == "undo":
            if self.applied:
                undone = self.history[self.applied.pop()]
                undone["undone"] = True
                item["text"] = _("undo: takes back #%(n)d (%(what)s)") % {
                    "n": undone["n"], "what": undone["text"]}
            self._refresh_after_undo()
            return
        self.applied.append(n - 1)
        events = getattr(result, "events", [])
        for kind, data in events:
            if kind == "rolled" and isinstance(data, dict) and "face" in data:
                who = data.get("player")
                roller = (ref.players[who] if isinstance(who, int) and who < len(ref.players)
                          else None)
                colour = data.get("colour")
                said = {"player": roller, "face": data["face"], "colour": _(colour) if colour else ""}
                if roller is None:
                    item["text"] = (_("the die rolls %(face)s (%(colour)s)") if said["colour"]
                                    else _("the die rolls %(face)s")) % said
                else:
                    item["text"] = (_("%(player)s rolls %(face)s (%(colour)s)")
                                    if said["colour"] else _("%(player)s rolls %(face)s")) % said
        # A fight of some kind (the game's sentences say which): the page keeps the last
        # one's breakdown.
        fights = getattr(sentences(self.variant), "FIGHTS", ())
        if any(kind in fights for kind, _data in events):
            self.fight = {"n": n, "lines": fight_lines(events, ref.names, ref.players,
                                                       self.variant),
                          "rules": rules_of(events)}
        for kind, data in events:
            if kind == "winner":
                self.winners = list(data.get("players") or [])
                named = ref.players
                item["winner"] = [named[p] for p in self.winners if 0 <= p < len(named)]

    def _label(self, entry: Entry) -> str:
        return menu_label(self.referee, entry.target, tuple(entry.input))

    def _refresh_after_undo(self) -> None:
        """An undo can take back a fight or a win: what is left is the last of those among
        the inputs still standing."""
        standing = {self.history[i]["n"] for i in self.applied}
        if self.fight is not None and self.fight["n"] not in standing:
            self.fight = None
        self.winners = _winners(self.referee.game.view())

    def state(self, row: GameRow, last: int | None = None) -> dict[str, Any]:
        """Everything the page shows of this game now; ``last``: only that many of the
        latest inputs in ``history`` (``entries`` says how many there are in all)."""
        ref = self.referee
        game = ref.game
        view = game.view()
        legal = ref.legal()
        winners = self.winners if self.winners is not None else _winners(view)
        named = ref.players  # as named at setup, else each seat's own in the table's language
        names = [named[p] for p in winners or [] if 0 <= p < len(named)]
        if row.finished and row.winner:
            winner: str | None = said_winner(row.winner, self.players)
        elif names:
            winner = " & ".join(names)
        else:
            winner = None
        actor = legal.actor if isinstance(legal.actor, int) else None
        try:
            panel = text(self.presenter.screen(ref.seen()))
        except Exception as exc:  # noqa: BLE001 - the page must not die on a screen's bug
            panel = ["(panel not available: %s)" % exc]
        return {
            "game": {"id": row.id, "variant": row.variant, "title": self.presenter.title,
                     "created": row.created, "finished": row.finished,
                     "over": bool(row.finished) or winner is not None},
            "players": standings(view, named, actor, winners or []),
            "turn": {"actor": actor,
                     "player": named[actor] if actor is not None and
                     actor < len(named) else None,
                     "expect": legal.expect, "prompt": legal.prompt},
            "panel": panel,
            "pieces": pieces(view, ref.names),
            "odds": odds_of(game, ref, row.variant),
            "fight": self.fight,
            "history": self.history[-last:] if last else self.history,
            "entries": len(self.history),
            "winner": winner,
            "winners": names,
        }


def past_games(games: list[GameRow], title: Any) -> list[dict[str, Any]]:
    """The stored games, newest first, as the page lists them: each game's title
    (``title(variant)``), its seats and winner in the table's language."""
    return [{"id": g.id, "variant": g.variant, "title": title(g.variant),
             "players": said_seats(g.players), "created": g.created, "finished": g.finished,
             "winner": said_winner(g.winner, g.players)}
            for g in reversed(games)]


def _winners(view: dict) -> list[int] | None:
    if view.get("winners") is not None:
        return list(view["winners"])
    if isinstance(view.get("winner"), int):
        return [view["winner"]]
    return None


def standings(view: dict, players: tuple[str, ...], actor: int | None,
              winners: list[int]) -> list[dict[str, Any]]:
    """Each player with the counts their game keeps: Stones (Hexors Collector's), points
    (Hexo, Invocations), figures standing (HeroScape), tiles in play (Hexors)."""
    rows: list[dict[str, Any]] = [
        {"name": name, "counts": [], "alive": True, "turn": i == actor, "winner": i in winners}
        for i, name in enumerate(players)]
    engine_players = view.get("players")
    if isinstance(engine_players, list):
        for i, p in enumerate(engine_players[:len(rows)]):
            if not isinstance(p, dict):
                continue
            if "stones" in p and view.get("variant", "").endswith("collector"):
                rows[i]["counts"].append({"label": view.get("stones_word") or _("Stones"),
                                          "value": p["stones"]})
            for key, counted in (("score", _points), ("points", _points),
                                 ("victories", _victories), ("skulls", _skulls)):
                if key in p:
                    rows[i]["counts"].append({"label": counted(p[key]), "value": p[key]})
            if p.get("alive") is False:
                rows[i]["alive"] = False
    tiles = view.get("tiles")
    if isinstance(tiles, dict):
        for i, row in enumerate(rows):
            standing = sum(1 for t in tiles.values() if t.get("controller", t.get("owner")) == i
                           and t.get("role") != "power" and t.get("status") in
                           ("play", "controlled", "trapped"))
            row["counts"].append({"label": n_("tile in play", "tiles in play", standing),
                                  "value": standing})
    figures = view.get("figures")
    if isinstance(figures, list):
        for i, count in enumerate(figures[:len(rows)]):
            rows[i]["counts"].append({"label": n_("figure", "figures", count),
                                      "value": count})
    return rows


def _points(n: int) -> str:
    return n_("point", "points", n)


def _victories(n: int) -> str:
    return n_("victory", "victories", n)


def _skulls(n: int) -> str:
    return n_("skull", "skulls", n)


# A tile's status in the engine's view (shared_rules/games/hexors/legal.py) as a player says it.
STATUS = {"play": N_("in play"), "defeated": N_("defeated"), "trapped": N_("trapped"),
          "controlled": N_("controlled"), "hand": N_("in hand"), "active": N_("active"),
          "used": N_("used")}


def pieces(view: dict, names: dict[str, str]) -> list[dict[str, Any]]:
    """Every tile or card on the table: name, owner, status."""
    out = []
    tiles = view.get("tiles")
    if isinstance(tiles, dict):
        for key, t in tiles.items():
            status = t.get("status")
            out.append({"name": t.get("name") or names.get(key, key), "player": t.get("owner"),
                        "status": status, "said": _(STATUS[status]) if status in STATUS
                        else status,
                        "role": t.get("role"),
                        "effects": list(t.get("effects") or [])})
    for card in view.get("cards") or []:
        if isinstance(card, dict):
            out.append({"name": card.get("name"), "player": card.get("player"),
                        "status": "destroyed" if not card.get("alive") else "standing",
                        "said": _("destroyed") if not card.get("alive") else
                        _("%s standing") % card.get("alive"), "role": "card", "effects": []})
    return out


def odds_of(game: Any, ref: Referee, variant: str) -> dict[str, Any] | None:
    """The exact odds of the roll about to be made, as bars: (label, "n/d", float), in the
    game's own words (its sentences' ``odds_bars``, host/games/telling.py)."""
    ask = getattr(game, "odds", None)
    if ask is None:
        return None
    try:
        odds = ask()
    except Exception:  # noqa: BLE001 - no odds is better than no page
        return None
    if odds is None:
        return None
    bars = getattr(sentences(variant), "odds_bars", None)
    return bars(odds, game, Words(ref.names, ref.players)) if bars is not None else None
