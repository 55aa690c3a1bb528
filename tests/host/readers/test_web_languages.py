"""The phone page speaks the table's language (issue 15): ``hexref web --lang fr`` serves
the page's own words in French (/api/words: the texts found in the page's files, as the
catalogues find them) and Debian's headless Chromium shows a game in French, headings,
the turn, the odds and the percentages written the French way."""
from __future__ import annotations

from pathlib import Path

import pytest
from rigs.table_rig import Table, demo_game_events
from rigs.web_rig import SHOTS, Server, chromium

from host.readers.web import page_texts
from host.storage.store import Store

pytestmark = pytest.mark.system  # real processes, browsers or brokers


def test_the_page_asks_for_every_text_it_says_and_gets_it_in_french(tmp_path: Path):
    with Server("web", "--data", str(tmp_path), "--lang", "fr") as web:
        said = web.get("/api/words")
    assert said["lang"] == "fr"
    texts = page_texts()
    assert "Is the die honest?" in texts and "%(player)s to play" in texts
    assert ("%(n)d table", "%(n)d tables") in texts  # a count: both its forms
    assert set(said["words"]) == {t if isinstance(t, str) else t[0] for t in texts}
    assert said["words"]["Is the die honest?"] == "Le dé est-il honnête ?"
    assert said["words"]["%(n)d table"] == ["%(n)d table", "%(n)d tables"]
    assert said["words"]["%(n)d game decided"] == ["%(n)d partie jouée", "%(n)d parties jouées"]
    untranslated = [t for t, w in said["words"].items() if w in (t, [t, t])
                    and any(c.isalpha() for c in t)
                    and t not in ("Exact.", "Exact, %(note)s.", "face %(n)d", "%(n)d table")]
    assert not untranslated, untranslated


def test_a_french_table_reads_its_game_in_french_in_the_browser(tmp_path: Path):
    from selenium.webdriver.support.ui import WebDriverWait

    data = tmp_path / "data"
    data.mkdir()
    driver = chromium()
    try:
        with Server("web", "--data", str(data), "--lang", "fr") as web:
            driver.get(web.url + "/")
            wait = WebDriverWait(driver, 20)
            wait.until(lambda d: d.find_element("id", "now").text.startswith("en attente"))
            assert driver.execute_script("return document.documentElement.lang") == "fr"
            headings = [h.text for h in driver.find_elements("css selector", "h2")]
            assert "Le dé est-il honnête ?" in headings and "Parties passées" in headings

            table = Table(Store(data))
            events = demo_game_events()
            rolls = [i for i, e in enumerate(events) if e[0] == "DIE" and e[2][0] == "FACE"]
            table.play(events[:rolls[0] + 1])
            # The odds card comes with the battle, before its roll, and P2 is to play
            # before the battle too: the page may be read at either, so what is waited for
            # is the state with every entry journalled.
            n = len(table.journal.entries)
            wait.until(lambda d: d.find_element("tag name", "body").get_attribute(
                "data-entries") == str(n) and "À P2 de jouer" in d.find_element("id", "now").text)
            assert driver.find_element("id", "odds-card").is_displayed()
            odds = driver.find_element("id", "odds").text
            assert "Superman gagne" in odds and "Doomsday gagne" in odds, odds
            assert "107/180" in odds and "59,4 %" in odds, odds  # French decimal comma
            assert "Chances" in driver.find_element("id", "odds-card").text
            SHOTS.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(SHOTS / "fr-battle.png"))
    finally:
        driver.quit()
