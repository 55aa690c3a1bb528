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

from host.common.i18n import _
from host.display.screens import text
from host.games.descriptor import Opened, open_game
from host.readers.web_sentences import (
    menu_label,
    said_hub,
    said_input,
    said_seats,
    said_winner,
    who_taps,
)
from host.session.adapter import Referee, TileBook
from host.storage.journal import Entry, MemoryJournal
from host.storage.store import GameRow, Store


class ReplayError(Exception):
    """The journal no longer fits the rules; the message names the entry."""


def session_for(variant: str, players: tuple[str, ...]) -> Opened:
    """The engine, hooks and presenter of a stored game's variant (host/games/descriptor.py
    knows them all)."""
    return open_game(variant, players)


def describe(inp: tuple, names: dict[str, str], players: tuple[str, ...] = (),
             actor: Any = None, label: str = "", variant: str = "") -> str:
    """An input as the phone page says it (host/readers/web_sentences.py), in the table's
    language: tiles by name, seats by player, with the tag UID after a tile for the owner
    who reads a transcript to find a tag.

    >>> describe(("add", 0, "04A1B2C3", {"id": "jl/mars", "name": "Mars"}), {}, ("Sam",))
    'Sam adds Mars (04A1B2C3)'
    >>> describe(("tap", "04A1B2C3"), {"04A1B2C3": "Mars"})
    'Mars tapped (04A1B2C3)'
    """
    said = said_input(inp, names, players, actor, label, variant)
    key = {"add": 2, "tap": 1, "card": 2}.get(inp[0] if inp else "")  # the tag's place
    uids = [v for i, v in enumerate(inp) if i and isinstance(v, str) and (
        v in names or i == key)]
    return "%s (%s)" % (said, ", ".join(uids)) if uids else said


def _header(row: GameRow) -> str:
    # TRANSLATORS: between the players of a game, "Red vs Blue vs Green".
    versus = " %s " % _("vs")
    said = {"n": row.id, "game": row.variant, "players": versus.join(said_seats(row.players)),
            "started": row.created, "finished": row.finished,
            "winner": said_winner(row.winner, row.players)}
    if not row.finished:
        return _("Game %(n)d: %(game)s, %(players)s, started %(started)s, not finished") % said
    if row.winner:
        return _("Game %(n)d: %(game)s, %(players)s, started %(started)s, finished "
                 "%(finished)s, %(winner)s won") % said
    return _("Game %(n)d: %(game)s, %(players)s, started %(started)s, finished "
             "%(finished)s") % said


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
        out.append(_step(referee, n, entry, when, row.variant))
        if entry.target != "none":
            out.extend("    | " + line for line in text(session.presenter.screen(referee.seen())))
    return out


def _step(referee: Referee, n: int, entry: Entry, when: str, variant: str) -> str:
    where = (_("hub %(boot)s #%(seq)s") % {"boot": entry.boot, "seq": entry.seq}
             if entry.boot else _("referee"))
    if entry.target == "none":
        return "%3d %s  %s (%s)" % (n, when[11:23], _("%s: nothing to apply")
                                    % said_hub(entry.input, referee.names), where)
    actor = who_taps(referee, tuple(entry.input), referee.legal().actor)
    label = menu_label(referee, entry.target, tuple(entry.input))
    said = describe(entry.input, referee.names, referee.players, actor, label, variant)
    # The referee's own bookkeeping, journalled into a throwaway journal.
    reaction = referee.apply_entry(entry)
    accepted = reaction.result is not None and reaction.result.accepted
    if accepted != entry.accepted:
        raise ReplayError((_("entry %(n)d (%(input)s) was accepted at the table but is refused "
                             "by these rules: %(now)s") if entry.accepted else
                           _("entry %(n)d (%(input)s) was refused at the table but is accepted "
                             "by these rules: %(now)s"))
                          % {"n": n, "input": said, "now": reaction.result})
    return "%3d %s  %s%s (%s)" % (n, when[11:23], said, "" if accepted else "  " + _("REFUSED"),
                                  where)
