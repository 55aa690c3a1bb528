"""``make soak``'s pocket tiles (issue 25, item 4), the longer variant of
tests/pico/pocket_suite.py's enrollment: a collection that changes under a game in play.

A tile is enrolled through the emulated pocket (its "Enroll tiles (USB)" line, the Pi's
``hexref enroll --port``), another on the Pi's own hub (the registry alone here), and
``hexref tiles pocket --port`` puts both on the board; in a JL Beginner game the first is
taken. Then the Pi forgets the first tile (``hexref tiles forget``: lost, say) and the
maker runs ``hexref tiles pocket`` again: only the index is copied, the board resets and
restores its game, and now refuses the forgotten tile, whose record is still signed, as the
Pi does, while the other tile is taken. Every tap's verdict is the Pi's referee's for the
same table, and the last screen is the Pi's pixel for pixel.

    .venv/bin/python -m pytest tests/pico/pocket_soak.py -p no:cacheprovider
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from pocket_rig import IMAGE, OUT, boot, pocket_image, read_port, save_png  # noqa: E402
from rigs.panel_ram import page_bytes  # noqa: E402

from host.devices.panel import render  # noqa: E402
from host.games.descriptor import game as kind_of  # noqa: E402
from host.session.adapter import Referee  # noqa: E402
from host.storage import keys, tags  # noqa: E402
from host.storage.registry import Registry, RegistryBook  # noqa: E402
from host.storage.store import Store  # noqa: E402
from shared_rules.games.hexors.engine import HexorsGame  # noqa: E402
from shared_rules.protocol.events import TableEvent  # noqa: E402

pytestmark = pytest.mark.system
SOAK_S = 300
FIRST, SECOND = "04E0E1E2E3E411", "04E0E1E2E3E412"


def test_a_tile_forgotten_on_the_pi_is_refused_by_the_pocket_after_the_next_copy(
        tmp_path: Path):
    pocket_image()
    data = tmp_path / "pi"
    key = keys.collection_key(data)
    first = tags.record_for("jl/superman", FIRST, key)
    second = tags.record_for("jl/mars", SECOND, key)
    with Store(data) as store:  # enrolled on the Pi's own hub, its values read off the tile
        Registry(store, key).enroll(SECOND, "jl/mars", strike={"green": 4, "blue": 5,
                                                               "yellow": 2, "red": 3,
                                                               "purple": 6, "white": 5})
    # UP from the first game wraps to the menu's last line, "Enroll tiles (USB)".
    steps = [{"do": "press", "button": b, "after": 400} for b in ("UP", "OK")]
    steps += [{"do": "boot"},  # a reader hub now
              {"do": "place", "uid": FIRST, "after": 1000},
              {"do": "long", "button": "UP", "after": 500},
              {"do": "boot", "after": 1500},  # the first copy resets it
              {"do": "lift", "after": 500},
              {"do": "press", "button": "OK", "after": 1500},  # Justice League
              {"do": "press", "button": "OK", "after": 500},  # Beginner
              {"do": "place", "uid": FIRST, "record": first, "after": 2500},
              {"do": "lift", "after": 600},
              {"do": "boot", "after": 0},  # the second copy resets it
              {"do": "place", "uid": FIRST, "record": first, "after": 2500},
              {"do": "lift", "after": 600},
              {"do": "place", "uid": SECOND, "record": second, "after": 600}]
    hexref = [str(ROOT / ".venv" / "bin" / "hexref")]
    done: dict = {}

    def run(*args: str) -> subprocess.CompletedProcess:
        out = subprocess.run(hexref + list(args) + ["--data", str(data)], capture_output=True,
                             text=True, timeout=SOAK_S, cwd=ROOT)
        assert out.returncode == 0, (args, out.stdout, out.stderr)
        return out

    def pi(port: str) -> None:
        try:
            table(port)
        except (AssertionError, subprocess.TimeoutExpired) as exc:
            done["failed"] = exc  # said with the board's lines and the rig's log below

    def table(port: str) -> None:
        run("enroll", "--port", port, "--entry", "jl/superman", "--strike",
            "green=7,blue=5,yellow=6,red=5,purple=4,white=8", "--no-gpio")
        done["first copy"] = run("tiles", "pocket", "--port", port).stdout
        done["played"] = read_port(port, "POCKET ENTRY", 2, SOAK_S)
        shutil.copytree(data, tmp_path / "before")  # the registry the first tap met
        run("tiles", "forget", FIRST)
        done["second copy"] = run("tiles", "pocket", "--port", port).stdout
        done["restored"] = read_port(port, "POCKET ENTRY", 3, SOAK_S)

    rig, lines, logs = boot(IMAGE, "POCKET READER", SOAK_S, then=pi, steps=steps,
                            start_ms=300)
    text = "\n".join(lines + done.get("played", []) + done.get("restored", []))
    assert "restored" in done, "%s\n%s\n%s" % (done.get("failed"), text, "\n".join(logs[-30:]))
    assert "Traceback" not in text and "POCKET NOTE" not in text, text
    # The second copy: the index alone, everything else already on the board.
    assert done["second copy"].startswith("1 file copied"), done["second copy"]
    assert any(x.startswith("POCKET RESTORED jl-beginner") for x in done["restored"]), text
    entries = [x.split(" ", 8) for x in done["played"] + done["restored"]
               if x.startswith("POCKET ENTRY ") and '"GONE"' not in x]
    # (uid, what the input was: "add" a trusted tile, "TAP" an unknown one; taken?)
    got = [(e[8].split('"')[3], e[8].split('"')[1], e[4] == "1") for e in entries]
    # The Pi's referee at the same table, its registry as it was before the forget for
    # the first tap, as it is now for the others.
    with Store(tmp_path / "before") as before, Store(data) as now:
        book = RegistryBook(Registry(before, key))
        referee = Referee(lambda: HexorsGame(variant="jl-beginner", players=2), book)
        want = []
        for uid, record in ((FIRST, first), (FIRST, first), (SECOND, second)):
            if want:
                book.registry = Registry(now, key)
                assert now.is_revoked(FIRST)
            reaction = referee.on_event(TableEvent("TAP", uid=uid, record=record))
            want.append((uid, reaction.entry.input[0], bool(reaction.accepted)))
            if uid != SECOND:
                referee.on_event(TableEvent("GONE", uid=uid))
        presenter = kind_of("jl-beginner").presenter()
        said = presenter.message(referee.seen(), reaction)
        shown = said[1] if said is not None else presenter.screen(referee.seen())
    # Trusted and added; then unknown (revoked, its signature notwithstanding); added.
    assert want == [(FIRST, "add", True), (FIRST, "TAP", False), (SECOND, "add", True)], want
    assert got == want, (got, want)
    save_png(rig.panel.image(), OUT / "pocket-soak-tiles.png")
    assert rig.panel.frame() == page_bytes(render(shown)), "the last screen is not the Pi's"
