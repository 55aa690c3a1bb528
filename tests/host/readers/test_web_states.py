"""The phone page in every state it shows (issue 35, item 4), in English, French and
Spanish, in Debian's headless Chromium: a game being set up, a refused input, a battle
with its odds and its breakdown, the game over with its winner, a past game opened and
replayed. In each, in both colour schemes, axe-core finds no serious or critical fault
(the finished game's banner and a defeated player's card were below 3:1), and in French
and Spanish no English word is on the screen (the page's own words, the referee's, the
dates as the browser writes them in that language).

The page is updated in place, not redrawn (issue 35: a card replaced on every push loses a
screen reader's place and a scrolling reader's, and a test reading it met a "stale
element"): the player cards, the status and the inputs already listed are the same
elements from the first push to the last, and the status and the winner are live regions.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from rigs.page_words import Words
from rigs.table_rig import HumanClock, Table, demo_game_events, setup_events
from rigs.web_rig import SHOTS, Server, axe, chromium, scheme, serious

from host.common import i18n
from host.storage.store import Store
from shared_rules import catalogue
from shared_rules.core import words

pytestmark = pytest.mark.system  # real processes, browsers or brokers

# Where the page writes what is not a word of a language: its address (the join card's
# text and the QR code's description), the rule IDs given apart, the panel's picture.
NOT_WORDS = ("#join-url", "#fight-rules-list", "#history details", "#panel")


@pytest.fixture(scope="module")
def phone():
    driver = chromium()
    yield driver
    driver.quit()


def _until(driver, check, what: str, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if check(driver):
                return
        except Exception:  # noqa: BLE001 - a page between two pushes: look again
            pass
        time.sleep(0.05)
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / "states-failed.png"))
    raise AssertionError("the page never showed %s: %s" % (
        what, driver.find_element("tag name", "body").text[:1500]))


def _entries(driver) -> int:
    return int(driver.find_element("tag name", "body").get_attribute("data-entries") or -1)


def _names(lang: str) -> set[str]:
    """What the page may say that is no word of the catalogue: tile names, seats, the
    buttons, and the days and months as the browser abbreviates them (CLDR's)."""
    from babel.dates import get_day_names, get_month_names

    found = {"P1", "P2", "hexref", "A", "B", "OK", "BACK"}
    found |= {words.name(e) for game in ("jl", "ygo") for e in catalogue.load(game)}
    for width in ("abbreviated", "wide", "short"):
        for context in ("format", "stand-alone"):
            found |= set(get_day_names(width, context, lang).values())
            found |= set(get_month_names("abbreviated" if width == "short" else width,
                                         context, lang).values())
    return {n for n in found if n}


def _screen_text(driver) -> str:
    """What a reader sees, but the address and the rule IDs."""
    return driver.execute_script(
        "const skip = arguments[0].map((css) => [...document.querySelectorAll(css)]).flat();"
        "const saved = skip.map((n) => [n, n.style.display]);"
        "skip.forEach((n) => { n.style.display = 'none'; });"
        "const text = document.body.innerText;"
        "saved.forEach(([n, d]) => { n.style.display = d; });"
        "return text;", list(NOT_WORDS))


def _judge(driver, state: str, lang: str, judge: Words | None) -> list[str]:
    """axe in both schemes, and the words on the screen: what is wrong, said."""
    bad = []
    for colours in ("dark", "light"):
        scheme(driver, colours)
        time.sleep(0.2)
        faults = serious(axe(driver))
        bad += ["%s %s %s: %s %s %s" % (lang, state, colours, f["id"], f["help"], f["nodes"])
                for f in faults]
        print("axe %s %s %s: %d serious" % (lang, state, colours, len(faults)))
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / ("state-%s-%s.png" % (lang, state))))
    if judge is not None:
        strange = judge.foreign(_screen_text(driver))
        if strange:
            bad.append("%s %s: not %s words on the screen: %s" % (lang, state, lang,
                                                                 sorted(set(strange))))
    return bad


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_state_of_the_page_is_accessible_and_in_the_tables_language(phone,
                                                                          tmp_path: Path,
                                                                          lang: str):
    data = tmp_path / "data"
    store = Store(data)
    table = Table(store)
    events = demo_game_events()
    setup = len(setup_events())
    rolls = [i for i, e in enumerate(events) if e[0] == "DIE" and e[2][0] == "FACE"]
    with i18n.speaking(lang):
        judge = Words(lang, _names(lang)) if lang != "en" else None
    bad: list[str] = []
    with Server("web", "--data", str(data), "--lang", lang) as web:
        phone.get(web.url + "/")

        def at(n: int, what: str) -> None:
            _until(phone, lambda d: _entries(d) == n, what)

        # Setting up: the first tiles tapped.
        table.play(events[:3])
        at(len(table.journal.entries), "the setup")
        kept = phone.execute_script(
            "window.kept = {status: document.getElementById('now'),"
            " card: document.querySelector('#players .player'),"
            " first: document.querySelector('#history li')};"
            "return Object.values(window.kept).every((n) => n !== null);")
        assert kept
        bad += _judge(phone, "setup", lang, judge)

        # A refused input: the die rolled before any tile moved.
        table.play(events[3:setup] + [("DIE", 9, ("FACE", (5,)))])
        at(len(table.journal.entries), "the refused roll")
        _until(phone, lambda d: d.find_elements("css selector", "#history li.refused"),
               "the refusal in the history")
        bad += _judge(phone, "refusal", lang, judge)

        # A battle fought, the next one's odds shown.
        table.play(events[setup:rolls[4] + 1])
        at(len(table.journal.entries), "the battle")
        _until(phone, lambda d: d.find_element("id", "fight-card").is_displayed() and
               d.find_element("id", "odds-card").is_displayed(), "the odds and the fight")
        bad += _judge(phone, "battle", lang, judge)

        # The game over: its winner, the defeated player's card, the game finished.
        table.play(events[rolls[4] + 1:])
        store.finish(table.game_id, "P1")
        at(len(table.journal.entries), "the last input")
        _until(phone, lambda d: d.find_element("id", "winner").is_displayed() and
               d.find_elements("css selector", "#games li a"), "the winner")
        bad += _judge(phone, "over", lang, judge)
        # The same elements from the first push to the last: updated, never replaced.
        still = phone.execute_script(
            "return Object.entries(window.kept).filter(([k, n]) => !n.isConnected)"
            ".map(([k]) => k);")
        assert still == [], "replaced on a push: %s" % still
        assert phone.execute_script(
            "return document.getElementById('status').getAttribute('aria-live')") == "polite"

        # A past game: a new game started, the finished one opened from the list.
        Store(data).new_game("jl-beginner", ["P1", "P2"])
        _until(phone, lambda d: "2" in d.find_element("id", "title").text, "the new game")
        phone.find_element("css selector", "#games li a[href='#game-1']").click()
        _until(phone, lambda d: d.find_element("id", "replay-card").is_displayed(),
               "the past game opened")
        phone.find_element("id", "replay-back").click()
        _until(phone, lambda d: "%d" % (len(table.journal.entries) - 1)
               in d.find_element("id", "replay-at").text, "the replay one input back")
        bad += _judge(phone, "past", lang, judge)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang, summary", [
    ("en", r"^1 table, 1 game decided, \d+ inputs received$"),
    ("fr", r"^1 table, 1 partie jouée, \d+ coups reçus$"),
    ("es", r"^1 mesa, 1 partida decidida, \d+ jugadas recibidas$")])
def test_the_club_page_counts_in_the_form_each_number_wants(phone, tmp_path: Path, lang: str,
                                                           summary: str):
    """The organiser's page said "1 tables, 1 games decided": each count now takes its
    language's form (common.js's ``nt``, the catalogue's plural), and its French and
    Spanish screen has no English word."""
    import re

    from rigs.broker import Mosquitto, free_port, pair

    from host.readers.club import Broker, Publisher, club_secret

    broker = Mosquitto(tmp_path, free_port())
    broker.start()
    url = "mqtt://127.0.0.1:%d" % broker.port
    organiser = tmp_path / "organiser"
    folder = tmp_path / "table"
    pair(folder, "Table 1", club_secret(organiser))
    store = Store(folder, clock=HumanClock())  # played at a person's pace, or not counted
    publisher = None
    try:
        with Server("club", "--broker", url, "--data", str(organiser), "--lang", lang) as club:
            publisher = Publisher(folder, Broker.parse(url), "Table 1").start()
            table = Table(store, store.new_game("jl-beginner", ["Ana", "Ben"]))
            events = demo_game_events()
            table.play(events[:4])
            club.wait_for("/api/club", lambda s: len(s["tables"]) == 1, timeout_s=40)
            table.play(events[4:])
            store.finish(1, "Ana")
            club.wait_for("/api/club", lambda s: len(s["results"]) == 1, timeout_s=40)
            phone.get(club.url + "/")
            _until(phone, lambda d: re.match(summary, d.find_element("id", "summary").text),
                   "the night's counts as %s says them" % lang)
            if lang != "en":
                with i18n.speaking(lang):
                    judge = Words(lang, _names(lang) | {"Ana", "Ben", "Table", "hexref"})
                strange = judge.foreign(_screen_text(phone).replace("club-join", ""))
                assert not strange, strange
    finally:
        if publisher is not None:
            publisher.stop()
        store.close()
        broker.stop()
