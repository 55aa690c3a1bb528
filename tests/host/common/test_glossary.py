"""The players' words (issue 19): docs/GLOSSARY.md says, per game and language, the
rulebook's word for each thing and which words are ruled out (another game's word, a word
the book does not use, an abbreviation nobody agreed to). This test reads its "Ruled out"
table and fails where such a word is said: anywhere in that language's catalogue when its
scope is ``all``, and on every screen of that game's demo (the referee's menu open on each
choice) when the scope is a game.

The glossary's entries must be honest too: each "instead" word of a game-scoped entry is
what that game's screens do say somewhere (a rule against a word nobody would have used
checks nothing), and the check can fail (a screen that says a ruled-out word is caught).
"""
from __future__ import annotations

import re

import pytest
from rigs.tree import ROOT

from host.app.demo import rehearse, rigs
from host.common import translations as catalogues
from host.common.i18n import LANGUAGES, speaking
from host.display import layout

GLOSSARY = ROOT / "docs" / "GLOSSARY.md"
# A demo variant's game, as the glossary's scopes name them.
GAME = {"hexo": "hexo", "heroscape": "hs", "invocations": "in"}


def game_of(variant: str) -> str:
    return GAME.get(variant, variant.split("-")[0])


def ruled_out() -> list[tuple[str, str, str, str]]:
    """(language, word, scope, instead) of each row of the table "Ruled out"."""
    text = GLOSSARY.read_text(encoding="utf-8")
    table = text.split("## Ruled out", 1)[1]
    rows = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] in LANGUAGES:
            rows.append((cells[0], cells[1], cells[2], cells[3]))
    return rows


def said(word: str, text: str) -> bool:
    """``word`` as a word of ``text`` (case aside): 'Comp' is not in 'Companion'."""
    return re.search(r"(?<!\w)%s(?!\w)" % re.escape(word), text, re.IGNORECASE) is not None


def texts(lang: str) -> list[str]:
    """Every translation in ``lang``'s catalogue (each plural form)."""
    out = []
    for msg in catalogues.read(lang):
        if msg.id:
            out += list(msg.string) if isinstance(msg.string, (list, tuple)) else [msg.string]
    return out


def screens_of(variant: str, lang: str) -> list[str]:
    lines: list[str] = []
    with speaking(lang):
        rehearse(variant, on_view=lambda v: lines.extend(layout.shown(v)), every_menu=True)
    return lines


def test_the_glossary_rules_words_out_in_every_language_and_game():
    rows = ruled_out()
    assert {lang for lang, *_ in rows} == set(LANGUAGES), rows
    assert {scope for _l, _w, scope, _i in rows} > {"all"}
    assert said("Comp", "2 Comp = 3") and not said("Comp", "Companion")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalogue_says_a_word_ruled_out_everywhere(lang: str):
    found = [(word, text) for rl, word, scope, _i in ruled_out() if rl == lang and scope == "all"
             for text in texts(lang) if said(word, text)]
    assert not found, "\n".join("%r in %r" % f for f in found)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(rigs()))
def test_no_screen_of_a_game_says_a_word_ruled_out_for_it(variant: str, lang: str):
    rows = [(word, instead) for rl, word, scope, instead in ruled_out()
            if rl == lang and scope in ("all", game_of(variant))]
    if not rows:
        return
    lines = screens_of(variant, lang)
    found = sorted({(word, line) for word, _i in rows for line in lines if said(word, line)})
    assert not found, "%s in %s:\n%s" % (variant, lang, "\n".join("%r in %r" % f for f in found))


def test_a_ruled_out_word_on_a_screen_is_caught():
    """The check can fail: Spanish JL screens with HeroScape's 'ejército' for a roster."""
    rows = [w for rl, w, scope, _i in ruled_out() if rl == "es" and scope == "jl"]
    assert "ejército" in rows
    assert any(said(w, "P1 ya está en un ejército") for w in rows)


def powers() -> list[tuple[str, str]]:
    """(game, printed name) of every JL Power and YGO Action tile (the data files)."""
    from shared_rules import catalogue

    return [(game, e["name"]) for game in ("jl", "ygo") for e in catalogue.load(game)
            if e.get("effect")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_jl_w_yg_a_a_power_is_one_word_wherever_it_is_said(lang: str):
    """A Power (an Action) is called what its tile is called in the table's language:
    the French book's name (Dernière bataille), the printed one where a book names none
    (Last Stand at a Spanish table, docs/GLOSSARY.md), in every text naming it (a
    refusal, a breakdown, a tile's effects): never "última resistencia" beside "Last
    Stand" (issue 35)."""
    from shared_rules.core import words

    found = powers()
    assert len(found) == 24, found
    catalogue = catalogues.read(lang)
    wrong = []
    with speaking(lang):
        for game, printed in found:
            tile = words.name({"game": game, "name": printed})
            for msg in catalogue:
                if not msg.id or msg.context:
                    continue
                for english, said_ in zip(
                        msg.id if isinstance(msg.id, (list, tuple)) else (msg.id,),
                        msg.string if isinstance(msg.string, (list, tuple)) else (msg.string,),
                        strict=False):
                    if re.search(r"\b%s\b" % re.escape(printed), english) and tile not in said_:
                        wrong.append("%s: %r says %r, its tile %r" % (lang, english, said_, tile))
        last_stand = words.name({"game": "jl", "name": "Last Stand"})
    assert not wrong, "\n".join(wrong)
    # The Collector's demo: Superman's total counts Last Stand's +3 under the tile's name.
    lines = " ".join(screens_of("jl-collector", lang)).replace(" > ", " ")  # footers joined
    assert "+3 %s = 16" % last_stand in lines, lines
