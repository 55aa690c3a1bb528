"""Every word the phone page is given is the table's (issue 35, item 4): each demo game is
played into a store as the referee plays it, and after every input the page's data is read
as ``hexref web`` serves it (``/api/state``, the same Reader), then at the end the game
listed among the past ones, opened (``/api/games/N``) and replayed input by input (``?upto=``),
the die's verdict and the page's own words (``/api/words``), in English, French and
Spanish. Each text must be a sentence of that language's catalogue, a name (a tile's, a
player's) or a number (tests/rigs/page_words.py); the panel's lines, laid out for the
panel, word by word; and no English word may be left in French or Spanish."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rigs.liveness import Session, playout, sessions
from rigs.page_words import PLACEHOLDER, Words

from host.app.demo import rehearse, rigs
from host.common import i18n
from host.readers.web import Reader, page_words
from host.storage.store import Store
from shared_rules import catalogue
from shared_rules.core import words

# The page's data that are keys, not words (what app.js reads to choose a class, an order or
# an address): never shown as they are.
KEYS = re.compile(r"^(game\.(variant|created|finished)|games\[\]\.(variant|created|finished)"
                  r"|history\[\]\.(kind|by|time|rule)|fight\.rules\[\]|pieces\[\]\.(status|role)"
                  r"|turn\.expect|odds\.bars\[\]\.p)$")
GAMES = ("HeroScape", "Hexo", "Invocations")  # the games' own names, as their boxes print them
BUTTONS = ("A", "B", "OK", "BACK", "UP", "DOWN")  # as printed on them (docs/GLOSSARY.md)


def texts(data, path: str = ""):
    """(where, text) of every string in the page's data but its keys."""
    if isinstance(data, str):
        if not KEYS.match(path.lstrip(".")) and not (path == ".status" and data == "ok"):
            yield path.lstrip("."), data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from texts(value, "%s.%s" % (path, key))
    elif isinstance(data, list):
        for value in data:
            yield from texts(value, path + "[]")


def names(variant: str, lang: str, players: tuple[str, ...]) -> set[str]:
    """The proper names a page may say in ``lang``: every tile's and card's (as its book
    prints it there), the demo's own cards, the seats and the games."""
    found = set(GAMES) | set(BUTTONS) | set(players) | {"P%d" % n for n in range(1, 7)}
    found |= {"%s%d" % (side, n) for side in "AB" for n in (1, 2)}  # the JL team game's
    found |= {words.seat(s) for s in words.SEATS}
    for game in ("jl", "ygo", "hs", "hx", "in"):
        for entry in catalogue.load(game):
            found.add(words.name(entry))
    rig = rigs().get(variant)
    if rig is not None:
        found |= {words.name(e) for e in rig.entries()}
    return found


class Watched:
    """A game's journal in the store that reads the page after each entry is written."""

    def __init__(self, store: Store, game_id: int, look) -> None:
        self.journal = store.journal(game_id)
        self.look = look

    @property
    def entries(self):
        return self.journal.entries

    def append(self, entry) -> None:
        self.journal.append(entry)
        self.look()


def _judge(found: list[tuple[str, str, bool]], variant: str, lang: str,
           players: tuple[str, ...]) -> list[str]:
    """What of ``found`` is not the table's language (said while it is spoken: the names
    are said in it)."""
    assert i18n.language() == lang
    return Words(lang, names(variant, lang, players)).refused(found)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("variant", sorted(rigs()))
def test_every_page_text_of_every_demo_game_is_a_sentence_of_the_tables_language(
        tmp_path: Path, variant: str, lang: str):
    store = Store(tmp_path, durable=False)
    rig = rigs()[variant]
    game_id = store.new_game(variant, rig.players)
    reader = Reader(tmp_path)
    seen: dict[tuple[str, str, bool], None] = {}
    states = 0

    def read(data: dict) -> None:
        json.dumps(data)  # served as JSON
        for where, text in texts(data):
            seen.setdefault((where, text, not where.startswith("panel")), None)

    def look() -> None:
        nonlocal states
        assert reader.refresh(), "the page saw no change after an input"
        read(reader.snapshot)
        states += 1

    with i18n.speaking(lang):
        referee, _said = rehearse(variant, journal=Watched(store, game_id, look))
        won = referee.game.view().get("winners")
        if won is None:
            won = [referee.game.view()["winner"]]
        store.finish(game_id, " & ".join(referee.kept_name(p) for p in won))
        assert reader.refresh()
        read(reader.snapshot)  # the game over, listed among the past games
        assert reader.snapshot["games"][0]["finished"] and reader.snapshot["games"][0]["winner"]
        whole = reader.game(game_id)
        assert whole is not None and "error" not in whole
        read(whole)
        for upto in range(0, whole["total"] + 1, 7):  # the replay, input by input
            read(reader.game(game_id, upto))
        # The page's own words (/api/words): each the catalogue's text, its placeholders
        # aside, word by word.
        for english, said in page_words()["words"].items():
            for form in said if isinstance(said, list) else [said]:  # a count: its forms
                seen.setdefault(("words[%s]" % english, PLACEHOLDER.sub(" ", form), False),
                                None)
        refused = _judge(list(seen), variant, lang, referee.players)
    reader.close()
    assert states == len(store.journal(game_id).entries) > 10
    assert not refused, "%d of %d texts:\n%s" % (len(refused), len(seen), "\n".join(refused))


@pytest.mark.parametrize("text, lang", [
    ("Gardes Zettian attaque Mimring: 2 skulls vs 1 shields", "fr"),  # the page before
    ("stones: player P1, change 1, total 2", "fr"),
    ("stones: player P1, change 1, total 2", "en"),
    ("P2 pose Last Stand", "fr"),
    ("Green gagne la partie", "fr"),
    ("2 skulls vs 1 shields", "en"),  # a plural where the count wants the singular
    ("Pile: 1 cards", "en"),
])
def test_the_judge_refuses_what_the_page_said_before(text: str, lang: str):
    """The check can fail: texts the page gave before issue 35 are refused."""
    with i18n.speaking(lang):
        judge = Words(lang, names("jl-collector", lang, ("P1", "P2")))
    assert judge.refused([("fight.lines[]", text, True)]), text


@pytest.mark.parametrize("text, lang", [
    ("Gardes Zettian attaque Mimring : 2 crânes contre 1 bouclier", "fr"),
    ("P1 gagne 1 Pierre d'énergie, 2 en tout", "fr"),
    ("Superman : 7 frappe +6 couleur +3 Dernière bataille = 16", "fr"),
    ("batallas ganadas: Rojo 1, Azul 0, Verde 1", "es"),
    ("Pile: 1 card", "en"),
])
def test_the_judge_takes_a_sentence_of_the_catalogue(text: str, lang: str):
    with i18n.speaking(lang):
        judge = Words(lang, names("jl-collector", lang, ("P1", "P2")) | {"Rojo", "Azul",
                                                                           "Verde"})
    assert not judge.refused([("fight.lines[]", text, True)]), text


@pytest.mark.parametrize("lang", ["fr", "es"])
@pytest.mark.parametrize("variant, players", [
    (v, n) for v, n in sessions() if n == min(k for w, k in sessions() if w == v)])
def test_random_sessions_of_every_variant_read_in_the_tables_language(variant: str,
                                                                       players: int,
                                                                       lang: str):
    """Past the demos: a random session of every variant (tests/rigs/liveness.py, every
    input the rules took) folded by the page says each input and each fight's event in a
    sentence of the table's language, none dumped (a Power played, Stones won, a monster
    taken, a play-off...)."""
    from host.games.descriptor import game as kind_of
    from host.readers.web_model import Follower
    from host.storage.journal import Entry
    from host.storage.store import GameRow

    with i18n.speaking(lang):
        for seed in (1, 2):
            seen: dict[tuple[str, str, bool], None] = {}
            inputs = playout(Session(variant, players, seed=seed)).inputs
            seats = kind_of(variant).seats(players)
            row = GameRow(1, variant, seats, "2026-11-24T20:00:00.000Z", None, None)
            follower = Follower(row)
            for inp in inputs:
                follower.feed([Entry("game", tuple(inp), True)], [row.created])
                for where, text in texts(follower.state(row, last=1)):
                    seen.setdefault((where, text, not where.startswith("panel")), None)
            tiles = {words.name(v) for inp in inputs for v in inp
                     if isinstance(v, dict) and v.get("name")}
            refused = Words(lang, names(variant, lang, follower.referee.players) | tiles
                            ).refused(list(seen))
            assert not refused, "%s seed %d, %d of %d texts:\n%s" % (
                variant, seed, len(refused), len(seen), "\n".join(refused))
