"""The page's data for the other games, folded from a journal the referee wrote: HeroScape's
exact odds before the attack roll as bars (HS-6, HS-7) and its attack breakdown, Hexo's and
Invocations' points (the demo journals)."""
from __future__ import annotations

import re
import tempfile

import pytest
from rigs.referee_table import Table, game_table

from host.app.demo import rehearse, rigs
from host.common import i18n
from host.games.heroscape.demo import HS_UIDS, heroscape_entries
from host.readers.web_model import Follower
from host.storage.journal import MemoryJournal
from host.storage.store import GameRow
from shared_rules.games.heroscape.odds import attack_odds

ROW = GameRow(1, "heroscape", ("P1", "P2"), "2026-11-24T20:00:00.000Z", None, None)


def _folded(t: Table) -> dict:
    follower = Follower(ROW)
    follower.feed(t.journal.entries, ["2026-11-24T20:00:00.000Z"] * len(t.journal.entries))
    return follower.state(ROW)


def test_hs_6_hs_7_the_page_shows_the_exact_odds_of_the_attack_before_the_roll():
    t = game_table("heroscape", heroscape_entries(), ("P1", "P2"), HS_UIDS)
    assert t.tap("hs/zettian-guards").accepted and t.button("A").accepted
    assert t.tap("hs/marro-warriors").accepted and t.button("B").accepted
    t.roll(1, 2, 3, 4, 5)
    t.roll(1, 4, 5, 6, 6)
    t.tap("hs/zettian-guards")
    t.tap("hs/marro-warriors")
    assert t.button("B").accepted  # P2's figure stands higher: Defense +1 (HS-6)
    state = _folded(t)
    exact = attack_odds(2, 4)
    odds = state["odds"]
    assert odds["title"] == "2 attack dice against 4 defense dice"
    assert odds["bars"][0] == {"label": "destroyed", "p": str(exact.p_destroy),
                               "value": exact.p_destroy.to_float()}
    through = odds["bars"][1:]
    assert [b["p"] for b in through] == [str(p) for p in exact.unblocked]
    assert abs(sum(b["value"] for b in through) - 1) < 1e-12
    assert state["turn"]["player"] == "P1" and "roll" in state["turn"]["prompt"]
    assert [c["value"] for p in state["players"] for c in p["counts"]] == [2, 4]

    # The attack rolled: two skulls against one shield destroys a Warrior; the page keeps
    # the breakdown and the odds are gone with the attack.
    t.roll(1, 2)
    t.roll(4, 1, 6, 6)
    state = _folded(t)
    assert state["odds"] is None
    lines = state["fight"]["lines"]
    # As sentences, names for cards, no "True" and no rule ID (issue 21).
    assert lines == [
        "P2 rolls 1 skull, 1 shield, 2 blanks to defend",  # the faces as the die shows them
        "Zettian Guards attacks Marro Warriors: 2 skulls vs 1 shield",
        "Marro Warriors loses a figure, 3 left"]
    assert [c["value"] for p in state["players"] for c in p["counts"]] == [2, 3]
    # HS-2: a roll by the symbols its faces show, not by their numbers.
    rolls = [h["text"] for h in state["history"] if h["kind"] == "roll"]
    assert rolls[:6] == ["P1 rolls 1 skull"] * 3 + ["P1 rolls 1 shield"] * 2 + \
        ["P2 rolls 1 skull"], rolls  # faces 1, 2, 3, 4, 5 (HS-2), one die at a time


UID = re.compile(r"\b[0-9A-F]{8,}\b")
RULE = re.compile(r"\b[A-Z]{2,3}-[A-Z]*\d+\b")


@pytest.mark.parametrize("variant", sorted(rigs()))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_tells_each_demo_game_in_sentences_of_the_tables_language(variant: str,
                                                                           lang: str):
    """Issue 21: history and battle lines read like the game: names, never a tag's UID,
    ``None``, ``True``, a list's brackets or a rule ID (the rules are given apart)."""
    journal = MemoryJournal()
    referee, _said = rehearse(variant, journal=journal)
    row = GameRow(1, variant, referee.players, "2026-11-24T20:00:00.000Z", None, None)
    with i18n.speaking(lang):
        follower = Follower(row)
        follower.feed(journal.entries, ["2026-11-24T20:00:00.000Z"] * len(journal.entries))
        state = follower.state(row)
    lines = [h["text"] for h in state["history"]] + [h.get("refusal", "")
                                                     for h in state["history"]]
    lines += state["fight"]["lines"] if state["fight"] else []
    assert lines
    for line in lines:
        assert not UID.search(line) and not RULE.search(line), line
        assert not re.search(r"\bNone\b|\bTrue\b|\bFalse\b|[\[\]{}]", line), line
    if state["fight"]:
        assert all(RULE.fullmatch(r) for r in state["fight"]["rules"])
    refused = [h for h in state["history"] if "refusal" in h]
    assert all(RULE.fullmatch(h["rule"]) for h in refused), refused  # given apart
    if variant == "heroscape":
        assert [h["rule"] for h in refused] == ["HS-4"], refused
    if lang == "fr" and variant == "jl-beginner":
        assert "P1 ajoute Atlantis" in lines and "on retire Atlantis" in lines, lines


@pytest.mark.parametrize("lang, said, added", [
    ("en", "P1 taps Last Stand", ("P1 adds Last Stand", "Last Stand added")),
    ("fr", "P1 pose Dernière bataille", ("P1 ajoute Dernière bataille",
                                         "on ajoute Dernière bataille")),
    ("es", "P1 acerca Last Stand", ("P1 añade Last Stand", "se añade Last Stand"))])
def test_jl_c9_a_power_tapped_on_the_others_turn_is_its_owners(lang: str, said: str,
                                                                added: tuple[str, str]):
    """The Collector's demo: P1 answers P2's attack with Last Stand (a Surge Power, any
    time: JL-W064); the panel says P1 paid, and the page's history and replay name P1, not
    P2 whose turn it is (issue 35). The tile is its book's word from its roster on (French
    replay said "P1 ajoute Last Stand", then "Dernière bataille ajouté")."""
    from host.readers.replay import replay
    from host.storage.store import Store

    with i18n.speaking(lang):
        journal = MemoryJournal()
        rehearse("jl-collector", journal=journal)
        row = GameRow(1, "jl-collector", ("P1", "P2"), "2026-11-24T20:00:00.000Z", None, None)
        follower = Follower(row)
        follower.feed(journal.entries, ["2026-11-24T20:00:00.000Z"] * len(journal.entries))
        taps = [h["text"] for h in follower.history if h["kind"] == "tap"]
        store = Store(tempfile.mkdtemp(), durable=False)
        game_id = store.new_game("jl-collector", ["P1", "P2"])
        for entry in journal.entries:
            store.journal(game_id).append(entry)
        lines = replay(store, game_id)
    assert said in taps, taps
    assert any(said in line for line in lines), lines
    assert any(added[0] in line for line in lines) and "    | " + added[1] in lines, lines
    assert not [t for t in taps if t.startswith("P2") and t.split(" ", 2)[2] in said], taps
