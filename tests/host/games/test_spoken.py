"""What the referee says aloud (issue 34, item 1; host/games/spoken.py): every utterance of
every demo game, played as the run loop plays it, in English, French and Spanish. Each is a
sentence of that language's catalogue (tests/rigs/page_words.py), names and numbers in
their places; no English word in French or Spanish; no structure, UID, rule ID or breakdown
sign a voice would read out; and the results a player must hear are said: each battle with
both totals and its winner, a refusal with what to do, the winner of the game."""
from __future__ import annotations

import re

import pytest
from rigs.page_words import Words

from host.app.demo import rehearse, rigs
from host.common import i18n
from host.games.spoken import said, said_at
from host.games.telling import Words as Names
from shared_rules import catalogue
from shared_rules.core import words
from shared_rules.core.engine import Outcome, Refusal, Total

# What a listener must never hear: a dict or list dumped, a tag's UID, a rule's ID, None,
# a breakdown's signs, a code's underscore.
DUMPED = re.compile(r"[{}\[\]_=+]|\bNone\b|\b04[0-9A-F]{10,}\b|\b[A-Z]{2}-[A-Z]?\d")


def names(variant: str, players) -> set[str]:
    found = set(players) | {"P%d" % n for n in range(1, 7)}
    found |= {words.seat(s) for s in words.SEATS}
    for game in ("jl", "ygo", "hs", "hx", "in"):
        found |= {words.name(entry) for entry in catalogue.load(game)}
    found |= {words.name(e) for e in rigs()[variant].entries()}
    return found


def utterances(variant: str, lang: str) -> list[tuple[str, list[str]]]:
    """(kind of result, its sentences) for each result of the demo game, said in ``lang``."""
    out: list[tuple[str, list[str]]] = []

    def heard(referee, reaction) -> None:
        result = reaction.result
        if result is not None:
            kind = "refusal" if not result.accepted else ",".join(k for k, _d in result.events)
            out.append((kind, said_at(referee, result, variant)))

    with i18n.speaking(lang):
        rehearse(variant, on_reaction=heard)
    return out


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("variant", sorted(rigs()))
def test_every_utterance_of_every_demo_game_is_a_sentence_of_the_tables_language(
        variant: str, lang: str):
    said_all = utterances(variant, lang)
    sentences = [s for _kind, texts in said_all for s in texts]
    assert sentences, "%s says nothing aloud" % variant
    with i18n.speaking(lang):
        judge = Words(lang, names(variant, rigs()[variant].players))
        # A page's sentence said aloud ends on the full stop a voice pauses on.
        refused = [s for s in sentences if not (
            judge.valid(s) or (s.endswith(".") and judge.valid(s[:-1])))]
        foreign = {s: judge.foreign(s) for s in sentences if judge.foreign(s)}
    assert not refused, "no sentence of the %s catalogue: %s" % (lang, refused)
    assert not foreign, "not %s words: %s" % (lang, foreign)
    dumped = [s for s in sentences if DUMPED.search(s)]
    assert not dumped, dumped
    for kind, texts in said_all:
        if kind == "refusal":
            assert len(texts) == 1, texts
        if "winner" in kind.split(","):
            assert texts, "the winner of %s goes unsaid" % variant


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_battle_is_said_with_both_totals_and_the_winners_bonuses(lang: str):
    """JL-B4/JL-B5 (the strike total: the die, the colour, the pod) said aloud: each side's
    total, then the winner with each bonus it had, by the rulebook's names."""
    with i18n.speaking(lang):
        battles = [texts for kind, texts in utterances("jl-collector", lang)
                   if "battle" in kind.split(",")]
        colour = i18n._("colour")
        last_stand = next(words.name(e) for e in rigs()["jl-collector"].entries()
                          if e.get("effect") == "last_stand" or "Last" in e.get("name", ""))
    first = battles[0]  # Doomsday 12 against Superman 16: colour +6, Last Stand +3
    assert re.search(r"\b12\b", first[0]) and re.search(r"\b16\b", first[0]), first
    assert first[1].startswith("Superman"), first
    assert "6" in first[1] and colour in first[1] and last_stand in first[1], first


def test_a_refusal_says_what_to_do_instead():
    with i18n.speaking("en"):
        texts = said(Refusal("JL-C9", "Teamwork costs 2, Ben has 0",
                             "earn stones by defeating tiles"), Names())
    assert texts == ["Not allowed: Teamwork costs 2, Ben has 0. "
                     "Instead: earn stones by defeating tiles."]


@pytest.mark.parametrize("lang", ("fr", "es"))
def test_many_winners_and_a_tie_are_said_with_the_languages_and(lang: str):
    """IN-8's tied players and two winners at once: joined by the language's "and", the
    verb in its plural, never "&"."""
    with i18n.speaking(lang):
        texts = said(Outcome([("shields", {"players": [0, 2]}),
                              ("winner", {"players": [0, 1]})]),
                     Names({}, ("Ana", "Ben", "Cy")), "invocations")
        conj = i18n._("%(first)s and %(last)s") % {"first": "", "last": ""}
        plural = i18n.n_("%s wins the game!", "%s win the game!", 2) % "Ana" + conj + "Ben"
    assert "&" not in " ".join(texts)
    assert conj.strip() in texts[0] and conj.strip() in texts[1], texts
    assert texts[1].split(conj.strip())[0].strip() in plural, texts


def test_a_total_with_a_malus_says_minus():
    t = Total()
    t.add(5, "strike")
    t.add(-2, "defense")
    with i18n.speaking("en"):
        texts = said(Outcome([("battle", {"attacker": "a", "defender": "b",
                                          "totals": {"a": t, "b": Total()}, "winner": "a"})]),
                     Names({"a": "Mars", "b": "Ares"}))
    assert texts[1] == "Mars wins the battle, with defense minus 2.", texts
