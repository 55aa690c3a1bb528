"""The phone page in a real browser: Debian's headless Chromium (``make test`` installs it),
driven by Selenium through Debian's chromedriver, on a phone-sized viewport, follows a
demo game live while the referee writes it, and its screenshots are saved under
``out/web/`` for a person to look at.

The referee is the real one (tests/rigs/table_rig.py: the hub's Link, the host's HubLink, the
Referee over a SqliteJournal); ``hexref web`` is its own process reading that database.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from rigs.table_rig import Table, demo_game_events
from rigs.web_rig import PHONE, SHOTS, Server, chromium

from host.storage.store import Store

pytestmark = pytest.mark.system  # real processes, browsers or brokers


@pytest.fixture(scope="module")
def browser():
    driver = chromium()
    yield driver
    driver.quit()


def _wait(driver, check, what: str, timeout_s: float = 20.0):
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, timeout_s, poll_frequency=0.05).until(check)
    except Exception:
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / "failed.png"))
        raise AssertionError("the page never showed %s; body: %s" % (
            what, driver.find_element("tag name", "body").text[:1500])) from None


def _entries(driver) -> int:
    return int(driver.find_element("tag name", "body").get_attribute("data-entries") or -1)


def _text(driver, element_id: str) -> str:
    return driver.find_element("id", element_id).text


def _shot(driver, name: str, whole: bool = False) -> Path:
    """The phone's screen as PNG (``whole``: the page from top to bottom)."""
    import base64

    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    if whole:
        height = driver.execute_script("return document.documentElement.scrollHeight")
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": PHONE["width"], "height": height, "scale": 1}})
        path.write_bytes(base64.b64decode(shot["data"]))
    else:
        driver.save_screenshot(str(path))
    assert path.stat().st_size > 10_000  # a drawn page, not a blank one
    return path


def test_page_follows_a_demo_game_live_on_a_phone(browser, tmp_path: Path):
    driver = browser
    data = tmp_path / "data"
    data.mkdir()
    with Server("web", "--data", str(data)) as web:
        driver.get(web.url + "/")
        _wait(driver, lambda d: "waiting" in _text(d, "now").lower(),
              "that it waits for the referee's database")
        driver.execute_script("window.sameDocument = 'never reloaded';")

        store = Store(data)
        table = Table(store)
        events = demo_game_events()
        rolls = [i for i, e in enumerate(events) if e[0] == "DIE" and e[2][0] == "FACE"]
        # Setup and the first attack, up to the attacker's first roll of the battle.
        table.play(events[:rolls[0] + 1])
        n = len(table.journal.entries)
        _wait(driver, lambda d: _entries(d) == n, "the %d entries journalled so far" % n)
        _wait(driver, lambda d: d.find_element("id", "odds-card").is_displayed(),
              "the odds before the defender's roll")
        assert "P2 to play" in _text(driver, "now")
        assert "roll" in _text(driver, "prompt").lower()
        odds = _text(driver, "odds")
        assert "Superman wins" in odds and "Doomsday wins" in odds
        assert "107/180" in odds  # the engine's own exact odds after a yellow 6
        assert len(driver.find_elements("css selector", "#odds svg rect.bar")) == 2
        assert "Superman" in _text(driver, "panel")
        _shot(driver, "1-battle-in-progress.png")

        # The rest of the battle, then the next attack with a tap taken back (undo).
        table.play(events[rolls[0] + 1:rolls[3] + 1])
        n = len(table.journal.entries)
        # The page may first show the tie on its way (JL-B5): wait for every entry.
        _wait(driver, lambda d: _entries(d) == n and
              d.find_element("id", "fight-card").is_displayed(),
              "the last battle's breakdown")
        fight = _text(driver, "fight")
        assert "Superman: 8 strike = 8" in fight and "Doomsday: 5 strike = 5" in fight, fight
        tap_mars = events[rolls[3] + 1:rolls[3] + 3]  # place and lift Mars
        table.play(tap_mars)
        reaction = table.referee.on_press("BACK", "long")
        assert reaction.accepted
        table.play(tap_mars)
        n = len(table.journal.entries)
        _wait(driver, lambda d: _entries(d) == n, "the undo and the tap again")
        undone = driver.find_elements("css selector", "#history li.undone")
        assert len(undone) == 1 and "Mars" in undone[0].text
        assert "undo: takes back" in _text(driver, "history")
        _shot(driver, "2-undo-in-history.png")

        # The last battle: P1 wins; the run loop marks the game finished as it shows it.
        table.play(events[rolls[3] + 3:])
        assert table.referee.game.winners == [0]
        store.finish(table.game_id, "P1")
        # The winner shows as the rules declare it; the past games once the game is
        # marked finished: wait for both.
        _wait(driver, lambda d: d.find_element("id", "winner").is_displayed() and
              "P1 won" in _text(d, "games"), "the winner and the finished game")
        assert "P1 won" in _text(driver, "winner")
        assert "JL Beginner, " in _text(driver, "games") and "P1 won" in _text(driver, "games")
        assert "too few rolls" in _text(driver, "die-verdict").lower()
        assert driver.execute_script("return window.sameDocument") == "never reloaded"
        driver.execute_script("window.scrollTo(0, 0)")
        _shot(driver, "3-winner.png")
        _shot(driver, "4-winner-whole-page.png", whole=True)
        state = web.get("/api/state")
        assert state["winner"] == "P1" and state["game"]["id"] == 1

        # A new game starts: the page follows it, and the first one is a past game to open.
        second = Store(data).new_game("jl-collector", ["Ana", "Ben"])
        _wait(driver, lambda d: "game %d" % second in _text(d, "title"), "the new game")
        assert not driver.find_element("id", "winner").is_displayed()
        assert "Ana" in _text(driver, "players") and "Ben" in _text(driver, "players")
        # Past games by name and date, each a link that opens it (issue 21).
        past = driver.find_element("css selector", "#games a[href='#game-1']")
        assert past.text.startswith("JL Beginner, "), past.text
        past.click()
        _wait(driver, lambda d: "(past)" in _text(d, "title"), "game 1 opened as a past game")
        assert "P1 won" in _text(driver, "winner")
        assert len(driver.find_elements("css selector", "#history li.undone")) == 1
        # Replayed move by move: the game as it stood after its fifth input, then its sixth.
        total = len(driver.find_elements("css selector", "#history li"))
        assert _text(driver, "replay-at") == "after input %d of %d" % (total, total)
        driver.execute_script("const s = document.getElementById('replay-step'); s.value = 5;"
                              "s.dispatchEvent(new Event('change'));")
        _wait(driver, lambda d: _text(d, "replay-at") == "after input 5 of %d" % total,
              "the game after its fifth input")
        assert len(driver.find_elements("css selector", "#history li")) == 5
        assert not driver.find_element("id", "winner").is_displayed()
        driver.find_element("id", "replay-next").click()
        _wait(driver, lambda d: _text(d, "replay-at") == "after input 6 of %d" % total,
              "the next input")
        assert len(driver.find_elements("css selector", "#history li")) == 6
        _shot(driver, "5-replay.png")
        driver.find_element("link text", "Back to the live game").click()
        _wait(driver, lambda d: "game %d" % second in _text(d, "title"), "back to the game")
        assert driver.execute_script("return window.sameDocument") == "never reloaded"
        store.close()
