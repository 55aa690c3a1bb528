"""Every demo game is played to its winner in French and Spanish (issue 15): the winner
is said in the table's language, the menu lines the scripts choose exist in it, and what
the engines say on the way (prompts, refusals, menu lines) is the catalogue's words, not
English."""
from __future__ import annotations

import subprocess
import sys

import pytest
from rigs.tree import ROOT

from host.app.demo import rehearse, rigs
from host.common.i18n import speaking

WINS = {"en": " wins", "fr": " gagne", "es": " gana"}


@pytest.mark.parametrize("lang", sorted(WINS))
@pytest.mark.parametrize("variant", sorted(rigs()))
def test_each_demo_game_ends_with_its_winner_in_the_language(variant: str, lang: str) -> None:
    with speaking(lang):
        referee, said = rehearse(variant)
    assert referee.restored_winner is not None or said, variant
    last = said[-1]
    assert WINS[lang] in last, "%s in %s ends on %r" % (variant, lang, last)
    others = [w for other, w in WINS.items() if other != lang]
    assert not any(w in last for w in others), last


def test_french_hexors_speaks_its_rulebook_words() -> None:
    """The YGO French rulebook's carreaux and the JL one's Forteresse reach the panel."""
    with speaking("fr"):
        _ref, said = rehearse("jl-beginner")
    text = "\n".join(said)
    assert "carreau" in text, text[:2000]
    assert "Tap the tile" not in text


@pytest.mark.system
@pytest.mark.parametrize("lang, word", [("fr", "gagne"), ("es", "gana")])
def test_hexref_demo_lang_ends_with_the_winner_in_that_language(tmp_path, lang, word) -> None:
    env = {"HEXREF_DATA": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "host.commands.main", "demo", "--lang", lang, "--live",
                           "no", "--out", str(tmp_path / "out"), "--variant", "hexo"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    transcript = (tmp_path / "out" / "transcript.txt").read_text()
    tail = transcript.strip().splitlines()[-4:]
    assert any(line.strip().endswith(word) for line in tail), tail
