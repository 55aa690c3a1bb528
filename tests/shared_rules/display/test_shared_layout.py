"""The shared layout's text forms (shared_rules/display/layout.py) scan by hand what the
Pi's layout once said with regular expressions, because the board's ``re`` has no counted
repetition and no lookaround. For any text (spaces of every kind, signs, scores, sums),
the shorter forms and the wrapped lines are those the expressions give."""
from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from shared_rules.display.layout import _words, shorter_forms, wrap

# The expressions the Pi's layout used (host/display/layout.py before issue 25), kept as
# the definition the hand-written scans must agree with.
SHORTER = ((r"\s{2,}", " "), (r" ([+=:]) ", r"\1"), (r" \+", "+"), (r"= ", "="),
           (r" > ", ">"))


def forms_by_expression(text: str) -> list[str]:
    out = [text]
    for pattern, repl in SHORTER:
        shorter = re.sub(pattern, repl, out[-1])
        if shorter != out[-1]:
            out.append(shorter)
    return out


def words_by_expression(text: str) -> list[str]:
    bound = re.sub(r" ([:=]) (?=\S)", "\x00\\1\x00", text)
    return [w.replace("\x00", " ") for w in bound.split(" ")]


texts = st.text(alphabet=st.sampled_from(list("  +=:>1é\t\xa0\u202f")),
                max_size=60)


@given(texts)
def test_shorter_forms_are_the_expressions_forms(text: str):
    assert shorter_forms(text) == forms_by_expression(text)


@given(texts)
def test_wrap_breaks_where_the_expression_did(text: str):
    # ``wrap`` fills lines with these words: a score or a sum bound, other spaces breaks.
    assert _words(text) == words_by_expression(text)


def test_a_score_and_a_sum_stay_on_one_line():
    # Unbound, ten characters a line would give "6 : 4 Mars" and "= 16 total".
    assert wrap("Superman 6 : 4 Mars = 16 total", "6x10", 60) == [
        "Superman", "6 : 4", "Mars = 16", "total"]
