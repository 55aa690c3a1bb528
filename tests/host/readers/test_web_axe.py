"""The phone page and the organiser's page as axe-core (npm) judges them, in Debian's headless
Chromium, in both colour schemes, with a game on them: no serious or critical violation
(issue 21, item 4). Each run prints axe's figures, for the closing note."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from rigs.broker import Mosquitto, free_port, pair
from rigs.table_rig import HumanClock, Table, demo_game_events
from rigs.web_rig import Server, axe, chromium, scheme, serious

from host.readers.club import Broker, Publisher, club_secret
from host.storage.store import Store

pytestmark = pytest.mark.system  # real processes, browsers or brokers


def _judge(driver, page: str) -> dict[str, list[dict]]:
    found = {}
    for colours in ("dark", "light"):
        scheme(driver, colours)
        time.sleep(0.2)
        violations = axe(driver)
        found[colours] = violations
        print("axe %s %s: %d violations (%s)" % (page, colours, len(violations), ", ".join(
            "%s %s x%d" % (v["id"], v["impact"], len(v["nodes"])) for v in violations)))
    return found


def _wait(driver, css: str, timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if driver.find_elements("css selector", css):
            return
        time.sleep(0.05)
    raise AssertionError("the page never showed %s: %s" % (
        css, driver.find_element("tag name", "body").text[:800]))


@pytest.fixture(scope="module")
def phone():
    driver = chromium()
    yield driver
    driver.quit()


def test_the_phone_page_has_no_serious_accessibility_fault_in_either_scheme(phone,
                                                                             tmp_path: Path):
    data = tmp_path / "data"
    store = Store(data)
    events = demo_game_events()
    Table(store).play(events)  # a finished game, listed among the past ones
    store.finish(1, "P1")
    table = Table(store, boot="0000BEEF")
    rolls = [i for i, e in enumerate(events) if e[0] == "DIE" and e[2][0] == "FACE"]
    table.play(events[:rolls[4] + 1])  # a battle fought, the next one's odds shown
    with Server("web", "--data", str(data)) as web:
        phone.get(web.url + "/")
        _wait(phone, "#odds svg rect.bar")
        _wait(phone, "#fight li")
        _wait(phone, "#games li a")
        # The next phone joins by the QR code; this one's screen stays on while the game
        # is live (Chromium gives a page on this computer its Wake Lock).
        _wait(phone, "#join-card:not([hidden]) #join-qr[alt^='QR code of http']")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not phone.execute_script(
                "return document.getElementById('join-qr').naturalWidth"):
            time.sleep(0.05)
        assert phone.execute_script("return document.getElementById('join-qr')"
                                    ".naturalWidth") > 100
        _wait(phone, "body[data-awake='yes']")
        found = _judge(phone, "phone page")
    bad = {c: serious(v) for c, v in found.items() if serious(v)}
    assert not bad, bad


def test_the_club_page_has_no_serious_accessibility_fault_in_either_scheme(phone,
                                                                            tmp_path: Path):
    broker = Mosquitto(tmp_path, free_port())
    broker.start()
    url = "mqtt://127.0.0.1:%d" % broker.port
    organiser = tmp_path / "organiser"
    folder = tmp_path / "table"
    pair(folder, "Table 1", club_secret(organiser))
    store = Store(folder, clock=HumanClock())  # played at a person's pace, or not counted
    publisher = None
    try:
        with Server("club", "--broker", url, "--data", str(organiser)) as club:
            publisher = Publisher(folder, Broker.parse(url), "Table 1").start()
            # A game in play when the table hears of the night is tonight's (issue 23).
            table = Table(store, store.new_game("jl-beginner", ["Ana", "Ben"]))
            events = demo_game_events()
            table.play(events[:4])
            club.wait_for("/api/club", lambda s: len(s["tables"]) == 1, timeout_s=40)
            table.play(events[4:])
            store.finish(1, "Ana")
            club.wait_for("/api/club", lambda s: len(s["results"]) == 1, timeout_s=40)
            phone.get(club.url + "/")
            _wait(phone, "#standings tbody tr")
            found = _judge(phone, "club page")
    finally:
        if publisher is not None:
            publisher.stop()
        store.close()
        broker.stop()
    bad = {c: serious(v) for c, v in found.items() if serious(v)}
    assert not bad, bad


# The page's state arriving late, as on a slow network: the page is drawn first with what
# it has, then filled (a stream's events reach the page 0.8 s after they arrive).
LATE_AND_WATCHED = """
window.shifted = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.shifted += e.value;
}).observe({type: "layout-shift", buffered: true});
const Stream = window.EventSource;
window.EventSource = function (url) {
  const stream = new Stream(url);
  const listen = stream.addEventListener.bind(stream);
  stream.addEventListener = (type, then) => listen(type, (ev) => setTimeout(() => then(ev), 800));
  return stream;
};
"""


def test_the_phone_page_does_not_shift_while_it_loads(tmp_path: Path):
    """Layout shift (Chromium's Layout Instability API) under 0.1 while the page loads a
    game in play, its state arriving late (issue 21: Lighthouse measured 0.46)."""
    data = tmp_path / "data"
    store = Store(data)
    events = demo_game_events()
    Table(store).play(events)
    store.finish(1, "P1")
    rolls = [i for i, e in enumerate(events) if e[0] == "DIE" and e[2][0] == "FACE"]
    Table(store, boot="0000BEEF").play(events[:rolls[4] + 1])
    store.close()
    driver = chromium()
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                               {"source": LATE_AND_WATCHED})
        with Server("web", "--data", str(data)) as web:
            driver.get(web.url + "/")
            _wait(driver, "#odds svg rect.bar")
            _wait(driver, "#join-card:not([hidden])")
            time.sleep(1.0)
            shifted = driver.execute_script("return window.shifted")
    finally:
        driver.quit()
    print("layout shift while loading: %.4f" % shifted)
    assert shifted < 0.1, shifted
