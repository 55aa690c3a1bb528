"""The page's data for the other games, folded from a journal the referee wrote: HeroScape's
exact odds before the attack roll as bars (HS-6, HS-7) and its attack breakdown, Hexo's and
Invocations' points (the demo journals)."""
from __future__ import annotations

from flow_table import FlowTable

from host.games.heroscape.demo import HS_UIDS, heroscape_entries
from host.games.heroscape.presenter import HeroScapeView
from host.readers.web_model import Follower
from host.storage.store import GameRow
from shared_rules.heroscape import HeroScapeGame
from shared_rules.heroscape_odds import attack_odds

ROW = GameRow(1, "heroscape", ("P1", "P2"), "2026-11-24T20:00:00.000Z", None, None)


def _folded(t: FlowTable) -> dict:
    follower = Follower(ROW)
    follower.feed(t.journal.entries, ["2026-11-24T20:00:00.000Z"] * len(t.journal.entries))
    return follower.state(ROW)


def test_hs_6_hs_7_the_page_shows_the_exact_odds_of_the_attack_before_the_roll():
    t = FlowTable(HeroScapeGame, heroscape_entries(), HeroScapeView("physical"), ("P1", "P2"),
                  HS_UIDS)
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
    assert lines == [
        "defense roll: player P2, faces 4, 1, 6, 6, shields 1",
        "attack: card Zettian Guards, target Marro Warriors, skulls 2, shields 1, "
        "unblocked 1, destroyed True, text 2 skulls vs 1 shields",
        "destroyed: card Marro Warriors, player P2, name Marro Warriors, left 3"]
    assert [c["value"] for p in state["players"] for c in p["counts"]] == [2, 3]
