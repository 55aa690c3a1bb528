"""Does a page's text come from the catalogue? ``Words(lang, names)`` judges each text the
phone page (or the club's) is given, as a player would read it (issue 35, item 4):

- ``sentence(text)``: the text is a sentence of the language's catalogue (any msgstr, each
  plural form, its placeholders filled by names, numbers, lists of those or other
  sentences, a plural form only where its count wants it: "1 shields" is refused), a
  breakdown of catalogue words (``7 strike +6 colour = 13``), a name (a tile's, a
  player's) or a number;
- ``words(text)``: each word of it is a word of the language's catalogue, a name or a
  number: an English word in French or Spanish (an untranslated text, a key dumped) is
  refused. The panel's lines, wrapped and tightened by the layout, are judged so only.

``refused(texts)`` lists what fails, with why. Names are whole: a tile's name in the table's
language (``words.name``), each seat as the page names it.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from host.common import translations as catalogues

NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)?(?:\s?%)?|\d+/\d+|\d+:\d\d|[A-Z]\d{1,2}")  # C4: a board space
PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?([sd%])")
SEPARATORS = (", ", " & ", "; ", " \u00b7 ", " vs ", " | ")
# The plural form a count takes in each language (the catalogues' Plural-Forms).
PLURAL = {"en": lambda n: int(n != 1), "es": lambda n: int(n != 1),
          "fr": lambda n: int(n > 1)}
WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*", re.UNICODE)


class Pattern:
    """One msgstr (or plural form) as literal chunks and placeholders."""

    def __init__(self, said: str, form: int | None) -> None:
        self.said = said
        self.form = form  # the plural form it is, None for a text without plural
        self.parts: list[tuple[str, str]] = []  # ("lit", text) or ("s"|"d", name)
        at = 0
        for m in PLACEHOLDER.finditer(said):
            if m.start() > at:
                self.parts.append(("lit", said[at:m.start()]))
            if m.group(2) == "%":
                self.parts.append(("lit", "%"))
            else:
                self.parts.append((m.group(2), m.group(1) or ""))
            at = m.end()
        if at < len(said):
            self.parts.append(("lit", said[at:]))
        self.literals = [t for k, t in self.parts if k == "lit"]
        self.numbers = sum(1 for k, _t in self.parts if k == "d")
        self.holes = sum(1 for k, _t in self.parts if k != "lit")


class Words:
    def __init__(self, lang: str, names: Iterable[str]) -> None:
        self.lang = lang
        self.names = {n for n in names if n}
        self.patterns: list[Pattern] = []
        self.exact: set[str] = set()
        self.vocabulary: set[str] = set()
        for msg in catalogues.read(lang):
            if not msg.id:
                continue
            forms = msg.string if isinstance(msg.string, (list, tuple)) else (msg.string,)
            plural = isinstance(msg.string, (list, tuple))
            for i, said in enumerate(forms):
                if not said:
                    continue
                self.vocabulary.update(w.casefold() for w in WORD.findall(
                    PLACEHOLDER.sub(" ", said)))
                pattern = Pattern(said, i if plural else None)
                if pattern.holes == 0:
                    self.exact.add(said)
                elif "".join(pattern.literals).strip():
                    self.patterns.append(pattern)
        for name in self.names:
            self.vocabulary.update(w.casefold() for w in WORD.findall(name))
        self.valid = lru_cache(maxsize=None)(self._valid)

    # --- sentences -------------------------------------------------------------------

    def _valid(self, text: str) -> bool:
        text = text.strip()
        if not text or text in self.names or text in self.exact or NUMBER.fullmatch(text):
            return True
        if self._breakdown(text):
            return True
        for pattern in self.patterns:
            if all(lit in text for lit in pattern.literals) and self._matches(pattern, text):
                return True
        return self._list(text)

    def _list(self, text: str) -> bool:
        """Names, numbers or sentences in a list: "Rouge 1, Bleu 0", "Ana & Ben"; words
        side by side only when each is a name, a number or a one-word text ("Troll 1")."""
        for sep in SEPARATORS:
            if sep in text:
                parts = text.split(sep)
                if all(self.valid(p) for p in parts):
                    return True
        parts = text.split()
        return len(parts) > 1 and all(
            p in self.names or p in self.exact or NUMBER.fullmatch(p) for p in parts)

    def _breakdown(self, text: str) -> bool:
        """A total as the engines print it (shared_rules.core.engine.Total): its parts, each a
        number and a catalogue word (or a sentence of the catalogue, "2 treasures × 10"),
        then "= n"."""
        m = re.fullmatch(r"(.+) = (-?\d+)", text)
        if not m:
            return False
        parts = re.split(r" (?=[+-]\d)", m.group(1))
        for part in parts:
            part = part.lstrip("+")
            counted = re.fullmatch(r"-?\d+ (.+)", part)
            if counted and (counted.group(1) in self.exact or counted.group(1) in self.names):
                continue
            if not self.valid(part):
                return False
        return True

    def _matches(self, pattern: Pattern, text: str) -> bool:
        return self._fill(pattern, 0, text, 0, None)

    def _fill(self, pattern: Pattern, i: int, text: str, at: int, count: int | None) -> bool:
        parts = pattern.parts
        if i == len(parts):
            if at != len(text):
                return False
            if pattern.form is not None and pattern.numbers == 1 and count is not None:
                return PLURAL[self.lang](count) == pattern.form
            return True
        kind, value = parts[i]
        if kind == "lit":
            return text.startswith(value, at) and self._fill(pattern, i + 1, text,
                                                             at + len(value), count)
        # A placeholder: every end that leaves the next literal where it must be.
        nxt = parts[i + 1][1] if i + 1 < len(parts) and parts[i + 1][0] == "lit" else None
        ends = []
        if nxt is None:
            ends = [len(text)] if i + 1 == len(parts) else range(at + 1, len(text) + 1)
        else:
            start = text.find(nxt, at + 1)
            while start != -1:
                ends.append(start)
                start = text.find(nxt, start + 1)
        for end in ends:
            hole = text[at:end]
            if not hole:
                continue
            if kind == "d":
                if not re.fullmatch(r"-?\d+", hole):
                    continue
                if self._fill(pattern, i + 1, text, end, int(hole)):
                    return True
            elif self.valid(hole) and self._fill(pattern, i + 1, text, end, count):
                return True
        return False

    # --- words -----------------------------------------------------------------------

    def foreign(self, text: str) -> list[str]:
        """The words of ``text`` that are neither the language's nor a name's."""
        return [w for w in WORD.findall(text) if w.casefold() not in self.vocabulary]

    def refused(self, texts: Iterable[tuple[str, str, bool]]) -> list[str]:
        """(where, text, whole) of each text that fails; ``whole``: judged as a sentence,
        else word by word (the panel's lines)."""
        out = []
        for where, text, whole in texts:
            strange = self.foreign(text)
            if strange:
                out.append("%s: %r: not %s words: %s" % (where, text, self.lang, strange))
            elif whole and not self.valid(text):
                out.append("%s: %r: no sentence of the %s catalogue" % (where, text, self.lang))
        return out
