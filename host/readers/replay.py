"""``hexref replay GAME``: run a stored game's journal through the rules again and say what
the panel said after each input.

A replay is also a check: every entry must be accepted or refused again exactly as it was
at the table. If the rules have changed since (a fixed bug, a new decision), the replay
says which entry now goes the other way and stops there, and the exit code is 1.

>>> import tempfile
>>> from host.storage.store import Store
>>> store = Store(tempfile.mkdtemp())
>>> game = store.new_game("jl-beginner", ["P1", "P2"])
>>> replay(store, game)[0]
'Game 1: jl-beginner, P1 vs P2, started ...'
"""
from __future__ import annotations

from typing import Any

from host.display.screens import text
from host.games.descriptor import Opened, open_game
from host.session.referee import Referee, TileBook
from host.storage.journal import Entry, MemoryJournal
from host.storage.store import GameRow, Store


class ReplayError(Exception):
    """The journal no longer fits the rules; the message names the entry."""


def session_for(variant: str, players: tuple[str, ...]) -> Opened:
    """The engine, hooks and presenter of a stored game's variant (host/games/descriptor.py
    knows them all)."""
    return open_game(variant, players)


def describe(inp: tuple, names: dict[str, str], players: tuple[str, ...] = ()) -> str:
    """An input as a player would say it: tiles by name, seats by player.

    >>> describe(("add", 0, "04A1B2C3", {"id": "jl/mars", "name": "Mars"}), {}, ("Sam",))
    'Sam adds Mars (04A1B2C3)'
    >>> describe(("tap", "04A1B2C3"), {"04A1B2C3": "Mars"})
    'tap Mars (04A1B2C3)'
    """
    def seat(i: Any) -> str:
        return players[i] if isinstance(i, int) and 0 <= i < len(players) else "P%s" % (
            i + 1 if isinstance(i, int) else i)

    if inp[0] == "add" and len(inp) == 4 and isinstance(inp[3], dict):
        return "%s adds %s (%s)" % (seat(inp[1]), inp[3].get("name") or inp[3].get("id"),
                                    inp[2])
    if inp[0] in ("seat", "start") and len(inp) == 2:
        return "%s %s" % (inp[0], seat(inp[1]))
    parts = []
    for value in inp:
        if isinstance(value, dict):
            parts.append(str(value.get("name") or value.get("id")))
        elif isinstance(value, str) and value in names:
            parts.append("%s (%s)" % (names[value], value))
        else:
            parts.append(str(value))
    return " ".join(parts)


def _header(row: GameRow) -> str:
    line = "Game %d: %s, %s, started %s" % (row.id, row.variant, " vs ".join(row.players),
                                            row.created)
    if row.finished:
        line += ", finished %s" % row.finished
        if row.winner:
            line += ", %s won" % row.winner
    else:
        line += ", not finished"
    return line


def replay(store: Store, game_id: int) -> list[str]:
    """The transcript of a stored game: a header, then for each journal entry what it was
    and the panel's text after it. Raises ReplayError if an entry goes another way now."""
    with store.snapshot():  # one read: a running referee may be appending meanwhile
        row = store.game(game_id)
        journal = store.journal(game_id)
        entries, times = journal.entries, journal.times()
    session = session_for(row.variant, tuple(row.players))
    referee = Referee(session.new_game, TileBook([]), session.hooks,
                      journal=MemoryJournal(), players=row.players)
    out = [_header(row)]
    for n, (entry, when) in enumerate(zip(entries, times, strict=True), start=1):
        out.append(_step(referee, n, entry, when))
        if entry.target != "none":
            out.extend("    | " + line for line in text(session.presenter.screen(referee.seen())))
    return out


def _step(referee: Referee, n: int, entry: Entry, when: str) -> str:
    where = "hub %s #%s" % (entry.boot, entry.seq) if entry.boot else "referee"
    if entry.target == "none":
        return "%3d %s  %s: nothing to apply (%s)" % (n, when[11:23], entry.input[0], where)
    # The referee's own bookkeeping, journalled into a throwaway journal.
    reaction = referee.apply_entry(entry)
    accepted = reaction.result is not None and reaction.result.accepted
    if accepted != entry.accepted:
        raise ReplayError("entry %d (%s) was %s at the table but is %s by these rules: %s" % (
            n, describe(entry.input, referee.names, referee.players),
            "accepted" if entry.accepted else "refused",
            "accepted" if accepted else "refused", reaction.result))
    return "%3d %s  %s%s (%s)" % (n, when[11:23],
                                  describe(entry.input, referee.names, referee.players),
                                  "" if accepted else "  REFUSED", where)
