"""The pocket build (issue 25) on the official MicroPython v1.22 rp2 firmware, on the
emulated RP2040 (firmware/sim/emulated_pico/rig.py with ``pocket``): its OLED is the SSD1306 twin on the
reader's I2C bus, keeping the controller's RAM as the chip does, the bus time charged on
the board's clock like the reader's and the die's.

Run by ``make test-pico`` (not collected by the default run: the emulated board is slow).
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from pocket_rig import (  # noqa: E402
    OUT,
    boot,
    expected_entries,
    pocket_image,
    pocket_script,
    read_port,
    save_png,
)
from rigs.panel_ram import page_bytes  # noqa: E402

from firmware.pocket.book import Book  # noqa: E402
from host.app.pocket_screens import menu  # noqa: E402
from host.common.i18n import speaking  # noqa: E402
from host.devices.panel import render  # noqa: E402
from host.games.descriptor import game as kind_of  # noqa: E402
from host.session.adapter import Referee, TileBook  # noqa: E402
from shared_rules.games.hexors.engine import HexorsGame  # noqa: E402

# make test-pico: the pocket's tests in one worker (tests/pico/suite.py says why).
pytestmark = [pytest.mark.system, pytest.mark.xdist_group("pocket")]  # the emulated board

BOOT_S = 120  # wall time for the board to boot and draw (a few seconds unloaded)


@pytest.fixture(scope="module")
def image() -> Path:
    return pocket_image()


def differ(got: bytes, want: bytes) -> int:
    return sum(bin(a ^ b).count("1") for a, b in zip(got, want, strict=True))


def test_the_pocket_boots_to_the_pis_game_menu(image: Path):
    """The pocket's main.py on the real port: the panel brought up by firmware/pocket/
    panel.py on the pinout's bus and address, the game menu made, laid out and drawn on
    the board by framebuf from the packed fonts; the panel's RAM (as the twin keeps it) is
    the Pi's rendering of the same menu, pixel for pixel, and the frame is written to
    build/pico/pocket-menu.png."""
    rig, lines, logs = boot(image, "POCKET MENU", BOOT_S)
    text = "\n".join(lines)
    assert "Traceback" not in text, text
    said = [x for x in lines if x.startswith("POCKET MENU ")]
    assert said, "the pocket never showed its menu:\n%s\n%s" % (text, "\n".join(logs))
    panel = rig.panel
    assert panel is not None and panel.on
    save_png(panel.image(), OUT / "pocket-menu.png")
    want = page_bytes(render(menu("en").view()))
    got = panel.frame()
    if got != want:
        raise AssertionError("%d pixels differ from the Pi's menu (build/pico/"
                             "pocket-menu.png)" % differ(got, want))
    ms, pages = (int(v) for v in re.findall(r"\d+", said[0])[:2])
    note = ("pocket: the game menu on the emulated board's OLED %d ms after boot, %d pages "
            "sent, %d data bytes in %d I2C writes at 400 kHz, as the Pi draws it"
            % (ms, pages, panel.data_bytes, panel.writes))
    with (OUT / "summary.txt").open("a") as f:
        f.write(note + "\n")


# French kept from an earlier game; the players choose Spanish in the menu (the line after
# the games), then JL Collector's (the first game).
GAMES = len(menu("en").games)
PRESSES = ["DOWN"] * GAMES + ["OK", "DOWN", "OK"] + ["UP"] * GAMES + ["OK", "DOWN", "OK"]


def test_the_pocket_menu_speaks_the_tables_language_and_takes_the_buttons(tmp_path: Path):
    """The board booted with French kept (``/language``) and its buttons pressed on their
    pins: down to the language, Spanish chosen (spoken at once, from the catalogue packed
    for the board, and kept in flash), up to the Justice League and its Collector's game
    chosen, which starts; then the board reset. It boots again in Spanish with the game it
    had started, restored from its flash: the panel shows the game's first screen as the
    Pi's referee draws a new JL Collector's game in Spanish, pixel for pixel
    (build/pico/pocket-menu-es.png)."""
    kept = tmp_path / "language"
    kept.write_text("fr")
    fr_image = tmp_path / "pocket-fr.img"
    deploy = [ROOT / "build" / "pocket" / name
              for name in ("firmware", "shared_rules", "fonts", "words", "screens", "tiles",
                           "main.py")]
    subprocess.run([sys.executable, "-m", "firmware.sim.emulated_pico.image", "-o",
                    str(fr_image), *map(str, deploy), str(kept)], check=True,
                   stdout=subprocess.DEVNULL)
    steps = [{"do": "press", "button": b, "after": 400} for b in PRESSES]
    steps.append({"do": "reset", "after": 1500})  # once the game has started and shown
    rig, lines, logs = boot(fr_image, "POCKET RESTORED", BOOT_S * 2, steps=steps,
                            start_ms=300)
    text = "\n".join(lines)
    assert "Traceback" not in text and "POCKET NOTE" not in text, text
    assert "POCKET PLAY jl-collector 2" in lines, "%s\n%s" % (text, "\n".join(logs[-20:]))
    # Each press but the last drew the menu; the last started the game.
    assert len([x for x in lines if x.startswith("POCKET SCREEN ")]) == len(PRESSES) - 1, text
    assert len([x for x in lines if x.startswith("POCKET MENU ")]) == 1, text
    assert [x for x in lines if x.startswith("POCKET RESTORED ")][0].split()[2:4] == \
        ["jl-collector", "0"], text  # booted again, into the game it had started
    panel = rig.panel
    assert panel is not None
    save_png(panel.image(), OUT / "pocket-menu-es.png")
    with speaking("fr"):
        pi = menu("fr")
        for button in PRESSES:
            chosen = pi.press(button)
            if chosen is not None and chosen[0] == "speak":
                from host.common import i18n
                i18n.use(chosen[1])
        assert pi.lang == "es" and chosen == ("play", "jl-collector", 2)
        referee = Referee(lambda: HexorsGame(variant="jl-collector", players=2), TileBook([]))
        want = page_bytes(render(kind_of("jl-collector").presenter().screen(referee.seen())))
    got = panel.frame()
    if got != want:
        raise AssertionError("%d pixels differ from the Pi's new game in Spanish (build/pico/"
                             "pocket-menu-es.png)" % differ(got, want))


def test_make_deploy_build_pocket_copies_what_loads_on_the_board(image: Path):
    """``make deploy BUILD=pocket``: the check it runs first (host/hub/deploy_check.py) asks
    the running pocket board over its USB with mpremote and finds the pocket's files load
    there; then it copies what the emulated board booted from (the copy itself is read from
    make, not run)."""
    checked = {}

    def check(port: str) -> None:
        checked["run"] = subprocess.run(
            [sys.executable, "-m", "host.hub.deploy_check", port, str(ROOT / "build" / "pocket")],
            capture_output=True, text=True, timeout=120, cwd=ROOT)

    boot(image, "POCKET MENU", BOOT_S, then=check)
    run = checked.get("run")
    assert run is not None, "the pocket board never showed its menu"
    assert run.returncode == 0, run.stderr
    assert "MicroPython 1.22.0 on rp2" in run.stdout and "will load" in run.stdout, run.stdout
    plan = subprocess.run(["make", "-n", "-s", "deploy", "BUILD=pocket", "PORT=/dev/ttyACM9"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120).stdout
    copy = [x for x in plan.replace("\\\n", " ").splitlines() if "mpremote" in x]
    assert copy, plan
    words = copy[0].split()
    # The image's top level but its tiles: the pocket's modules (its own shared_rules: the
    # rules, the session, the shared screens and words, not the hub's build), fonts,
    # catalogues, screens and main.py; the board's collection (hexref tiles pocket) stays.
    assert {"build/pocket/firmware", "build/pocket/shared_rules", "build/pocket/fonts",
            "build/pocket/words", "build/pocket/screens", "build/pocket/main.py", ":main.py",
            "reset"} <= set(words), copy[0]
    assert not any(w.startswith("build/firmware") or "tiles" in w for w in words)


GAME_S = 600  # wall time for a whole game on the emulated board (about two minutes unloaded)


def test_a_whole_collectors_game_on_the_pocket_with_a_power_cut(image: Path):
    """The pocket alone referees the JL Collector's demo game to its winner: the game chosen
    in the menu with the pocket's buttons, tiles read by the PN532 twin and trusted by their
    signatures (firmware/pocket/book.py), the die thrown on the accelerometer twin, the
    players' buttons on UP/DOWN. Mid-game the board is reset (the power cut): it restores
    the game by folding its journal from the littlefs flash, with every input it had
    acknowledged, and the game goes on to the same winner. Every input the board journals
    is the one the Pi's session journals for the same table."""
    book = Book(str(ROOT / "build" / "pocket" / "tiles"))
    assert book.key is not None
    cut_after = 21  # P2's Teamwork tapped and refused (JL-C9), mid-battle
    script = pocket_script(book.key, cut_after)
    rig, lines, logs = boot(image, "POCKET WIN", GAME_S, steps=script)
    text = "\n".join(lines)
    assert "Traceback" not in text and "POCKET FAULT" not in text, text
    assert "POCKET PLAY jl-collector 2" in lines, text + "\n".join(logs)
    restored = [x for x in lines if x.startswith("POCKET RESTORED ")]
    assert len(restored) == 1, "the board did not come back from the cut:\n" + text
    cut = lines.index(restored[0])
    before = [x for x in lines[:cut] if x.startswith("POCKET ENTRY ")]
    held = int(restored[0].split()[3])
    # Every entry acknowledged (on the glass) before the cut is back; at most the one in
    # flight besides.
    assert held in (len(before), len(before) + 1), (held, len(before), text)
    assert held >= 10, "the cut came before the game was under way"
    entries = [x.split(" ", 8) for x in lines if x.startswith("POCKET ENTRY ")]
    # An input up to its first catalogue entry: a dict's keys come in another order on the
    # board (MicroPython's dicts keep none), and the line keeps 60 characters.
    got = [(e[3], e[4] == "1", e[8].split("{")[0]) for e in entries if e[3] != "none"]
    want = expected_entries(book, script)
    if held == len(before) + 1:
        # The input in flight at the cut was on flash (restored) before its line was said.
        said = len([x for x in before if x.split(" ", 8)[3] != "none"])
        assert got in (want, want[:said] + want[said + 1:]), text
    else:
        assert got == want, text
    assert "POCKET WIN P1" in lines, text
    assert [boot for boot, _ms in rig.boots] == ["power", "reset"]
    save_png(rig.panel.image(), OUT / "pocket-win.png")
    heap = [x for x in lines if x.startswith("POCKET HEAP ")]
    assert heap, text
    live, _since_cut, alloc_peak = (int(v) for v in heap[0].split()[2:5])
    live_peak = max(int(e[7]) for e in entries)  # both boots: each ENTRY says the heap in use
    shown = [int(e[6]) - int(e[5]) for e in entries]
    note = ("pocket: JL Collector's played to its winner on the emulated board with a power "
            "cut after %d entries; heap in use %.1f KB, at most %.1f KB after an input, "
            "%.1f KB allocated before a collection; event to glass %d-%d ms"
            % (held, live / 1024, live_peak / 1024, alloc_peak / 1024, min(shown), max(shown)))
    with (OUT / "summary.txt").open("a") as f:
        f.write(note + "\n")


ENROLL_S = 300  # wall time for the whole enrollment round trip (about 45 s unloaded)
# A tile enrolled through the pocket, a blank tag, and a clone of the first one's record.
ENROLLED, BLANK, CLONE = "04E0E1E2E3E401", "04E0E1E2E3E402", "04E0E1E2E3E403"
ATLANTIS = "green=5,blue=6,yellow=4,red=3,purple=5,white=4"  # read off the tile


def test_a_tile_enrolled_through_the_pocket_is_trusted_by_it(image: Path, tmp_path: Path):
    """Issue 25, item 4, from outside: the pocket's "Enroll tiles (USB)" chosen with its
    buttons restarts it as a reader hub; the Pi's own ``hexref enroll --port`` (unchanged:
    --no-gpio, the write confirmed by UP held on the pocket) writes a blank tag as Atlantis
    with its strike values; ``hexref tiles pocket --port`` puts the Pi's collection key and
    registry on the board's flash over mpremote and resets it, back into its games. In a
    JL Beginner game the board then takes the enrolled tile, refuses a blank tag and a
    clone of the enrolled tile's record on another tag, and the panel says so as the Pi's
    referee does for the same table, pixel for pixel (build/pico/pocket-forged.png)."""
    from host.storage import keys, tags
    from host.storage.registry import Registry, RegistryBook
    from host.storage.store import Store
    from shared_rules.display.menu import reader_view
    from shared_rules.protocol.events import TableEvent

    data = tmp_path / "pi"
    key = keys.collection_key(data)  # the Pi's collection (made here to sign the clone)
    written = tags.record_for("jl/atlantis", ENROLLED, key)
    steps = [{"do": "press", "button": b, "after": 400}  # the line after the language
             for b in ["DOWN"] * (GAMES + 1) + ["OK"]]
    steps += [{"do": "boot"},  # the board restarts as a reader hub
              {"do": "place", "uid": ENROLLED, "after": 1000},
              {"do": "long", "button": "UP", "after": 500},  # the hold hexref enroll asks
              {"do": "boot", "after": 1500},  # hexref tiles pocket resets it
              {"do": "lift", "after": 500},
              {"do": "press", "button": "OK", "after": 1500},  # Justice League
              {"do": "press", "button": "OK", "after": 500},  # Beginner
              {"do": "place", "uid": ENROLLED, "record": written, "after": 2500},
              {"do": "lift", "after": 600},
              {"do": "place", "uid": BLANK, "after": 600},
              {"do": "lift", "after": 600},
              {"do": "place", "uid": CLONE, "record": written, "after": 600}]
    hexref = [str(ROOT / ".venv" / "bin" / "hexref")]
    done: dict = {}

    def pi(port: str) -> None:
        done["reader"] = rig_of["rig"].panel.frame()  # drawn before POCKET READER
        done["enroll"] = subprocess.run(
            hexref + ["enroll", "--port", port, "--entry", "jl/atlantis", "--strike", ATLANTIS,
                      "--no-gpio", "--data", str(data)],
            capture_output=True, text=True, timeout=ENROLL_S, cwd=ROOT)
        tag = rig_of["rig"].pn532.field
        done["on tag"] = bytes(tag[0].mem) if tag else b""
        done["push"] = subprocess.run(
            hexref + ["tiles", "pocket", "--port", port, "--data", str(data)],
            capture_output=True, text=True, timeout=ENROLL_S, cwd=ROOT)
        done["after"] = read_port(port, "POCKET ENTRY", 5, ENROLL_S)

    rig_of: dict = {}
    rig, lines, logs = boot(image, "POCKET READER", ENROLL_S, then=pi, steps=steps,
                            start_ms=300, started=rig_of.update)
    text = "\n".join(lines + done.get("after", []))
    assert "POCKET READER" in lines, text + "\n".join(logs[-20:])
    # What the pocket says while it is a reader hub, as the Pi draws the same screen.
    assert done["reader"] == page_bytes(render(reader_view())), "the reader screen differs"
    enroll, push = done["enroll"], done["push"]
    assert enroll.returncode == 0, enroll.stdout + enroll.stderr
    assert bytes.fromhex(written) in done["on tag"]  # the signed record, on the tag
    row = Store(data).tile(ENROLLED)
    assert row is not None and row.entry == "jl/atlantis" and row.strike, row
    assert push.returncode == 0, push.stdout + push.stderr
    assert [b for b, _ms in rig.boots] == ["power", "watchdog", "watchdog"], rig.boots
    entries = [x.split(" ", 8) for x in done["after"] if x.startswith("POCKET ENTRY ")]
    # (uid, the input: ["add", 0, uid, {...}] a trusted tile, ["TAP", uid] an unknown
    # one, taken?) of each tap.
    taps = [(e[8].split('"')[3], e[8].split('"')[1], e[4]) for e in entries
            if '"GONE"' not in e[8]]
    assert "Traceback" not in text and "POCKET NOTE" not in text, text
    assert taps == [(ENROLLED, "add", "1"), (BLANK, "TAP", "0"), (CLONE, "TAP", "0")], text
    save_png(rig.panel.image(), OUT / "pocket-forged.png")
    referee = Referee(lambda: HexorsGame(variant="jl-beginner", players=2),
                      RegistryBook(Registry(Store(data), key)))
    for uid, record in ((ENROLLED, written), (BLANK, ""), (CLONE, written)):
        reaction = referee.on_event(TableEvent("TAP", uid=uid, record=record))
        if uid != CLONE:
            referee.on_event(TableEvent("GONE", uid=uid))
    shown = kind_of("jl-beginner").presenter().message(referee.seen(), reaction)
    assert shown is not None, "the Pi says nothing of a clone"
    want = page_bytes(render(shown[1]))
    got = rig.panel.frame()
    if got != want:
        raise AssertionError("%d pixels differ from the Pi's refusal of the clone (build/pico/"
                             "pocket-forged.png)" % differ(got, want))


def test_a_hung_pocket_is_reset_by_its_watchdog_and_restores_its_game(image: Path):
    """The pocket's CPU stops mid-game (the rig's ``hang``: its clocks and the watchdog run
    on, as when a chip holds the bus or the firmware loops): the watchdog the loop feeds
    (machine.WDT, firmware/pocket/main.run) resets the board, which restores the game from
    its journal with every input it had acknowledged, and takes the next tile."""
    book = Book(str(ROOT / "build" / "pocket" / "tiles"))
    script = pocket_script(book.key, 7, fault="hang")
    hang = next(i for i, step in enumerate(script) if step["do"] == "hang")
    script[hang]["after"] = 1500  # the board has shown P1's button
    script = script[:hang + 3]  # and one more tap
    rig, lines, logs = boot(image, "POCKET ENTRY", GAME_S, steps=script, times=8)
    text = "\n".join(lines)
    assert "Traceback" not in text and "POCKET NOTE" not in text, text
    assert [boot for boot, _ms in rig.boots] == ["power", "watchdog"], "\n".join(logs)
    restored = [x for x in lines if x.startswith("POCKET RESTORED ")]
    assert len(restored) == 1, text
    before = [x for x in lines[:lines.index(restored[0])] if x.startswith("POCKET ENTRY ")]
    assert len(before) == 7, text  # the three tiles and P1's button, each with its GONE
    assert int(restored[0].split()[3]) == len(before), text
    after = [x for x in lines[lines.index(restored[0]):] if x.startswith("POCKET ENTRY ")]
    assert after and after[0].split()[2] == "8" and "04A1B2C3D4E511" in after[0], text
