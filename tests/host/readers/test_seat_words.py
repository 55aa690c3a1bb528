"""A seat's own name is said in the table's language wherever it is shown (issue 35, item
4): Invocations' boards' colours (IN-1) and the colours a Hexo table sits at are kept in
the games table and the journal in the code's English and said in French or Spanish on the
panel, in ``hexref replay``, on the phone page and on the club page, so a game stored at an
English table reads in French at a French one. A name a player was given (a ``("name",
seat, name)`` input, ``[players] names``) is shown as given, even when it is a colour's
word (docs/GLOSSARY.md, Invocations)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from host.app.demo import rehearse, rigs
from host.app.run import App
from host.common import i18n
from host.devices.panel import Panel
from host.display.screens import text
from host.games.descriptor import Choice, open_game
from host.hub.connection import Connection
from host.readers.club import person
from host.readers.replay import replay
from host.readers.web_model import Follower, past_games
from host.session.adapter import TileBook
from host.storage.store import Store

ENGLISH_SEATS = re.compile(r"\b(Red|Blue|Green)\b")
SAID = {"fr": ("Rouge", "Bleu", "Vert"), "es": ("Rojo", "Azul", "Verde")}


def _stored(tmp_path: Path, variant: str) -> tuple[Store, int]:
    """The demo of ``variant`` played at an English table into a store, finished as the
    referee finishes it (its winner as the games table keeps it)."""
    store = Store(tmp_path)
    rig = rigs()[variant]
    game_id = store.new_game(variant, rig.players)
    referee, _said = rehearse(variant, journal=store.journal(game_id))
    won = referee.game.view()["winners"]
    store.finish(game_id, " & ".join(referee.kept_name(p) for p in won))
    return store, game_id


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_in_1_an_invocations_game_stored_in_english_reads_in_the_tables_language(
        tmp_path: Path, lang: str):
    store, game_id = _stored(tmp_path, "invocations")
    row = store.game(game_id)
    assert row.players == ("Red", "Blue", "Green") and row.winner == "Green"  # the code's
    red, blue, green = SAID[lang]
    with i18n.speaking(lang):
        lines = replay(store, game_id)
        follower = Follower(row)
        journal = store.journal(game_id)
        follower.feed(journal.entries, journal.times())
        state = follower.state(row)
        listed = past_games(store.games(), lambda v: v)
    # hexref replay: the header, each input, the panel after it.
    versus = {"fr": "contre", "es": "contra"}[lang]
    assert (" %s " % versus).join((red, blue, green)) in lines[0]
    assert lines[0].endswith(i18n_won(lang, green)), lines[0]
    said = "\n".join(lines)
    assert not ENGLISH_SEATS.search(said), ENGLISH_SEATS.search(said)
    assert red in said and blue in said
    # The phone page: the seats, whose turn, the winner, each input, the fight card.
    assert [p["name"] for p in state["players"]] == [red, blue, green]
    assert state["winner"] == green and state["winners"] == [green]
    page = [h["text"] for h in state["history"]] + state["fight"]["lines"] + state["panel"]
    assert not [t for t in page if ENGLISH_SEATS.search(t)], page
    assert listed[0]["players"] == [red, blue, green] and listed[0]["winner"] == green
    # The club page: an unnamed seat is its table's, said in the organiser's language.
    with i18n.speaking(lang):
        assert person("Table 5", "invocations", 2, row.players[2]) == "Table 5 \u00b7 " + green


def i18n_won(lang: str, who: str) -> str:
    return {"fr": "%s a gagné", "es": "ganó %s"}[lang] % who


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_hexo_seats_and_monster_spaces_are_said_in_the_tables_language(lang: str):
    """The Hexo demo's table sits at Red and Blue; its monster's space ("Troll 1", as the
    journal keeps it, HX-13) is said with the monster's name in the table's words."""
    with i18n.speaking(lang):
        referee, said = rehearse("hexo")
        screens = "\n".join(said)
        assert not ENGLISH_SEATS.search(screens), ENGLISH_SEATS.search(screens)
        assert SAID[lang][0] in screens and SAID[lang][1] in screens
        troll = i18n._("Troll")
        assert "%s 1" % troll in screens
        if troll != "Troll":
            assert "Troll 1" not in screens


def test_a_name_given_is_shown_as_given_even_a_colours_word():
    """A seat named "Blue" (a player's name) is Blue at a French table; the seat beside it,
    unnamed, is Bleu; the games table keeps the names the journal gives."""
    kind = open_game("invocations", ("Red", "Blue"))
    from host.session.adapter import Referee

    referee = Referee(kind.new_game, TileBook([]), kind.hooks, players=("Red", "Blue"))
    assert referee.name_seat(0, "Blue").accepted
    with i18n.speaking("fr"):
        assert referee.players == ("Blue", "Bleu")
        assert text(kind.presenter.screen(referee.seen()))[1] == "Blue Bleu"
        assert referee.kept_name(0) == "Blue" and referee.kept_name(1) == "Blue"
    assert referee.name_seat(1, "Blue").accepted  # the seat's own name: nobody's
    with i18n.speaking("es"):
        assert referee.players == ("Blue", "Azul")


def test_the_referee_keeps_the_seats_in_english_and_says_them_in_french(tmp_path: Path):
    """``hexref run`` at a French table: the games table keeps Red, Blue, Green (a
    Spanish table reading it later says Rojo), the panel says Rouge."""
    store = Store(tmp_path)
    app = App(Connection(lambda: None, idle_wait=lambda s: None), Panel([]), store,
              TileBook([]))
    with i18n.speaking("fr"):
        app.start(Choice("Invocations", "invocations", 3))
        assert app.referee is not None and app.presenter is not None
        assert store.game(app.game_id).players == ("Red", "Blue", "Green")
        assert text(app.presenter.screen(app.referee.seen()))[1] == "Rouge Bleu Vert"
    with i18n.speaking("es"):
        assert text(app.presenter.screen(app.referee.seen()))[1] == "Rojo Azul Verde"
