"""``hexref replay GAME``: a stored game re-run through the rules says what the panel said
at the table, entry by entry; a journal the rules now decide differently is reported
(DESIGN.md principle 2: a recorded journal is a test case)."""
from __future__ import annotations

import pytest
from rigs.table_rig import Table, demo_game_events, setup_events

from host.commands.main import main
from host.readers.replay import ReplayError, replay
from host.storage.store import Store, row_checksum


def _blocks(lines: list[str]) -> list[tuple[str, list[str]]]:
    """(entry line, the panel's lines after it) for each entry of a transcript."""
    out: list[tuple[str, list[str]]] = []
    for line in lines[1:]:
        if line.startswith("    | ") and out:
            out[-1][1].append(line[6:])
        else:
            out.append((line, []))
    return out


def _played(tmp_path, extra_after_setup: list[tuple] = ()) -> tuple[Store, Table]:
    store = Store(tmp_path)
    table = Table(store)
    events = demo_game_events()
    n = len(setup_events())
    table.play(events[:n] + list(extra_after_setup) + events[n:])
    store.finish(table.game_id, "P1")
    return store, table


def test_replay_says_what_the_panel_said_after_every_input(tmp_path):
    # A die rolled before any tile moved: refused at the table, refused again in replay.
    store, table = _played(tmp_path, [("DIE", 9, ("FACE", (5,)))])
    lines = replay(store, table.game_id)
    assert lines[0].startswith("Game 1: jl-beginner, P1 vs P2, started ")
    assert lines[0].endswith(", P1 won")
    blocks = _blocks(lines)
    assert len(blocks) == len(table.journal.entries) == len(table.said)
    for (entry_line, panel), (entry, live) in zip(blocks, table.said, strict=True):
        assert ("hub %s #%d" % (entry.boot, entry.seq)) in entry_line
        if entry.target != "none":
            assert panel == live, entry_line  # the same screen, word for word
        assert ("REFUSED" in entry_line) == (entry.target != "none" and not entry.accepted)
    refused = [b for b in blocks if "REFUSED" in b[0]]
    assert len(refused) == 1 and refused[0][0].split()[2:5] == ["P2", "rolls", "5"]
    assert blocks[-1][1] == table.said[-1][1] and "wins" in " ".join(blocks[-1][1])
    assert any(line.split()[2:5] == ["P1", "adds", "Superman"] for line in lines)


def test_a_journal_the_rules_now_decide_differently_is_reported(tmp_path):
    store, table = _played(tmp_path, [("DIE", 9, ("FACE", (5,)))])
    n = next(i for i, e in enumerate(table.journal.entries, start=1)
             if e.target == "game" and not e.accepted)
    # As an older hexref whose rules accepted it would have written it (checksum and all).
    row = store.db.execute("SELECT game, n, CAST(target AS BLOB), CAST(input AS BLOB), 1, "
                           "CAST(boot AS BLOB), seq, CAST(time AS BLOB) FROM journal "
                           "WHERE game = ? AND n = ?", (table.game_id, n)).fetchone()
    store.db.execute("UPDATE journal SET accepted = 1, checksum = ? WHERE game = ? AND n = ?",
                     (row_checksum(*row), table.game_id, n))
    with pytest.raises(ReplayError, match="entry %d \\(P2 rolls 5\\) was accepted at the table "
                                          "but is refused by these rules" % n):
        replay(store, table.game_id)


def test_replay_on_the_command_line(tmp_path, capsys):
    store, table = _played(tmp_path / "data")
    store.new_game("jl-beginner", ["Sam", "Kim"])
    data = str(tmp_path / "data")
    assert main(["replay", "--data", data]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[0].split()[:3] == ["1", "jl-beginner", "P1"] and "P1 won" in listing[0]
    assert listing[1].split()[:3] == ["2", "jl-beginner", "Sam"]
    assert listing[1].endswith("not finished")
    assert main(["replay", "1", "--data", data]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == replay(store, table.game_id)
    assert main(["replay", "last", "--data", data]) == 0
    assert capsys.readouterr().out.startswith("Game 2: jl-beginner, Sam vs Kim")
    assert main(["replay", "7", "--data", data]) == 1
    assert "no game 7" in capsys.readouterr().err
    assert main(["replay", "first", "--data", data]) == 2


def test_replay_of_an_unknown_variant_says_which_it_knows(tmp_path):
    store = Store(tmp_path)
    game = store.new_game("chess", ["W", "B"])
    with pytest.raises(ValueError, match="unknown game 'chess': known are .*jl-beginner"):
        replay(store, game)


@pytest.mark.parametrize("lang", ["fr", "es"])
@pytest.mark.parametrize("variant", ["heroscape", "hexo", "invocations", "jl-collector"])
def test_replay_says_a_demo_game_in_the_tables_words_only(tmp_path, variant: str, lang: str):
    """Issue 35: French replay said "P1 ajoute Last Stand", then "Dernière bataille
    ajouté", and its seats were Red and Green: every word of the transcript, entries and
    panel, is the table's language's, a name or a number (the hub's and the tags' IDs
    aside)."""
    import re

    from rigs.page_words import Words

    from host.app.demo import rehearse, rigs
    from host.common import i18n
    from shared_rules import catalogue
    from shared_rules.core import words

    store = Store(tmp_path, durable=False)
    game_id = store.new_game(variant, rigs()[variant].players)
    with i18n.speaking(lang):
        referee, _said = rehearse(variant, journal=store.journal(game_id))
        lines = replay(store, game_id)
        names = set(referee.players) | {words.name(e) for e in rigs()[variant].entries()}
        names |= {words.name(e) for g in ("jl", "hs", "hx", "in") for e in catalogue.load(g)}
        judge = Words(lang, names | {"P1", "P2", "A", "B", "OK", "HeroScape", "Hexo",
                                     "Invocations", variant})
    ids = re.compile(r"\((hub [0-9A-F]+ #\d+|[0-9A-F]{8,}(, [0-9A-F]{8,})*)\)|\d\d:\d\d:\d\d\.\d+"
                     r"|\d{4}-\d\d-\d\dT[\d:.]+Z")
    strange = sorted({w for line in lines for w in judge.foreign(ids.sub(" ", line))})
    assert not strange, strange
