"""What the table's owner reads from ``hexref tiles`` is in the table's language (issue
19, item 4): each message of ``tiles correct`` and ``tiles forget`` — a correction, each
refusal — is French at a French table and Spanish at a Spanish one, and the colours are the
table's words both ways: ``hexref tiles correct 04A1B2C3 --strike rouge=3`` sets red.
(argparse's own help may stay English.)"""
from __future__ import annotations

import re

import pytest

from host.commands.main import main
from host.common.i18n import speaking
from host.storage.registry import Registry
from host.storage.store import Store

# Words only an English sentence has: one of them in a French or Spanish message is a
# sentence left untranslated.
ENGLISH = ("the", "is", "not", "give", "unknown", "use", "cannot", "nothing", "enrolled",
           "must", "only", "correct", "printed", "whole", "number", "strike", "refused",
           "value", "values", "tag", "colour", "still", "adds", "rolls", "taps", "won",
           "finished", "started", "apply", "referee", "turn", "game", "games", "dice",
           "attack", "defense", "database", "backup", "file", "odds", "against", "before")
SAID = {"fr": ("rouge", "étiquette", "frappe"), "es": ("rojo", "etiqueta", "ataque")}


def english_in(text: str) -> list[str]:
    # Command names and flags are the command line's, the same in every language.
    plain = re.sub(r"/\S+|hexref [a-z ]+|--[a-z-]+|[A-Z]+=[A-Z]+|'[^'\s]*'|\S+=\S+", " ", text)
    # A word in capitals is a metavar (GAME, UID), the command line's own.
    return [w for w in re.findall(r"[A-Za-z]+", plain)
            if w.lower() in ENGLISH and not w.isupper()]


def test_the_detector_sees_english():
    assert english_in("hexref tiles correct: unknown colour 'rouge': use green")
    assert not english_in("hexref tiles correct : couleur inconnue 'x' : utilisez vert, rouge")


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_tiles_correct_and_forget_speak_the_table_language(lang, tmp_path, capsys):
    data = str(tmp_path / "d")
    Registry.open(data).enroll("04A1B2C3", "jl/superman")
    red = SAID[lang][0]
    runs = [
        (["tiles", "correct", "04A1B2C3", "--strike", "%s=5" % red], 0),
        (["tiles", "correct", "04A1B2C3", "--strike", "%s=25" % red], 1),
        (["tiles", "correct", "04A1B2C3", "--strike", "yellow=2"], 1),  # printed 6
        (["tiles", "correct", "04A1B2C3", "--strike", "mauve=2"], 1),
        (["tiles", "correct", "04A1B2C3", "--set", "speed=2"], 1),
        (["tiles", "correct", "04A1B2C3"], 2),
        (["tiles", "correct", "04FFFFFF", "--strike", "%s=3" % red], 1),
        (["tiles", "forget", "04FFFFFF"], 1),
    ]
    said = []
    with speaking(lang):
        for argv, code in runs:
            assert main(argv + ["--data", data, "--lang", lang]) == code, argv
            out = capsys.readouterr()
            said.append(out.out + out.err)
    assert Store(data).tile("04A1B2C3").strike["red"] == 5  # 'rouge=5' / 'rojo=5' set red
    assert red in said[0] and SAID[lang][2] in said[1] and SAID[lang][1] in said[6]
    found = [(text, english_in(text)) for text in said if english_in(text)]
    assert not found, "\n".join("%r: %s" % f for f in found)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_tiles_import_and_forget_refusals_speak_the_table_language(lang, tmp_path, capsys):
    data = str(tmp_path / "d")
    Registry.open(data)
    files = {
        "not-json.json": "{tiles",
        "wrong-kind.json": '{"kind": "chess"}',
        "not-a-list.json": '{"kind": "hexref-tiles", "tiles": 3}',
        "bad-tile.json": '[3]',
        "bad-uid.json": '[{"uid": 5, "entry": "jl/mars"}]',
        "bad-entry.json": '[{"uid": "04A1B2C3", "entry": "jl/nobody"}]',
        "twice.json": '[{"uid": "04A1B2C3", "entry": "jl/mars"}, '
                      '{"uid": "04A1B2C3", "entry": "jl/superman"}]',
        "bad-owner.json": '[{"uid": "04A1B2C3", "entry": "jl/mars", "owner": "%s"}]' % ("x" * 50),
        "latin.json": None,
    }
    said = []
    with speaking(lang):
        for name, text in files.items():
            path = tmp_path / name
            if text is None:
                path.write_bytes('[{"uid": "04A1", "owner": "Mar\xeda"}]'.encode("latin-1"))
            else:
                path.write_text(text)
            assert main(["tiles", "import", str(path), "--data", data, "--lang", lang]) == 1
            said.append(capsys.readouterr().err)
        assert main(["tiles", "forget", "zz", "--data", data, "--lang", lang]) != 0
        said.append(capsys.readouterr().err)
    assert Store(data).tiles() == []
    found = [(text, english_in(text)) for text in said if english_in(text)]
    assert not found, "\n".join("%r: %s" % f for f in found)


def _said(argv: list[str], lang: str, capsys) -> tuple[int, str]:
    code = main(argv + ["--lang", lang])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_odds_speak_the_table_language(lang, tmp_path, capsys):
    """``hexref odds hexors`` and ``heroscape``, answers and refusals (the side's forms,
    a colour missing, an unknown tile or tag, dice out of range, a battle of ties)."""
    data = str(tmp_path / "d")
    Registry.open(data).enroll("04A1B2C3", "jl/superman")
    red = SAID[lang][0]
    six = "1,2,3,4,5,6"
    runs = [
        (["odds", "hexors", "--attacker", six, "--defender", "3,3,3,3,3,3", "--face", "4"], 0),
        (["odds", "hexors", "--attacker", "%s=3" % red, "--defender", six], 2),
        (["odds", "hexors", "--attacker", "mauve=3", "--defender", six], 2),
        (["odds", "hexors", "--attacker", "zorro", "--defender", six], 2),
        (["odds", "hexors", "--attacker", "jl/nobody", "--defender", six], 2),
        (["odds", "hexors", "--attacker", "04FFFFFF", "--defender", six], 2),
        (["odds", "hexors", "--attacker", "bob:mars", "--defender", six], 2),
        (["odds", "hexors", "--attacker", "04A1B2C3", "--defender", six], 2),  # red unknown
        (["odds", "hexors", "--attacker", "3,3,3,3,3,3", "--defender", "3,3,3,3,3,3"], 1),
        (["odds", "heroscape", "--attack", "3", "--defense", "2"], 0),
        (["odds", "heroscape", "--attack", "-1", "--defense", "2"], 2),
        (["odds", "heroscape", "--attack", "3", "--defense", "99"], 2),
    ]
    said = []
    with speaking(lang):
        for argv, code in runs:
            got, text = _said(argv + (["--data", data] if argv[1] == "hexors" else []),
                              lang, capsys)
            assert got == code, (argv, text)
            said.append(text)
    assert red in said[2] or red in said[1]  # the colours listed in the table's words
    found = [(text, english_in(text)) for text in said if english_in(text)]
    assert not found, "\n".join("%r: %s" % f for f in found)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_backup_and_restore_speak_the_table_language(lang, tmp_path, capsys):
    data = str(tmp_path / "d")
    Registry.open(data).enroll("04A1B2C3", "jl/superman")
    (tmp_path / "junk.db").write_text("not a database")
    runs = [
        (["backup", str(tmp_path / "copy.db"), "--data", data], 0),
        (["backup", str(tmp_path / "d" / "hexref.db"), "--data", data], 1),
        (["backup", str(tmp_path / "no" / "such" / "x.db"), "--data", data], 1),
        (["restore", str(tmp_path / "missing.db"), "--data", data], 1),
        (["restore", str(tmp_path / "junk.db"), "--data", data], 1),
        (["restore", str(tmp_path / "copy.db"), "--data", data], 0),
    ]
    said = []
    with speaking(lang):
        for argv, code in runs:
            got, text = _said(argv, lang, capsys)
            assert got == code, (argv, text)
            said.append(text)
    assert Store(data).tile("04A1B2C3") is not None
    found = [(text, english_in(text)) for text in said if english_in(text)]
    assert not found, "\n".join("%r: %s" % f for f in found)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_replay_speaks_the_table_language(lang, tmp_path, capsys):
    """The list of games, a transcript (the phone page's sentences, the panel's screens,
    a refused roll) and the refusals of ``hexref replay``."""
    from rigs.table_rig import Table, demo_game_events, setup_events

    data = tmp_path / "d"
    empty = str(tmp_path / "empty")
    Store(empty).close()
    with speaking(lang):
        assert main(["replay", "--data", empty, "--lang", lang]) == 0
        assert main(["replay", "last", "--data", empty, "--lang", lang]) == 1
        nothing = capsys.readouterr()
        table = Table(Store(data))
        events = demo_game_events()
        n = len(setup_events())
        table.play(events[:n] + [("DIE", 9, ("FACE", (5,)))] + events[n:])
        table.store.finish(table.game_id, "P1")
        said = [nothing.out + nothing.err]
        for argv, code in ((["replay"], 0), (["replay", "last"], 0), (["replay", "zz"], 2),
                           (["replay", "99"], 1)):
            got, text = _said(argv + ["--data", str(data)], lang, capsys)
            assert got == code, (argv, text)
            said.append(text)
    transcript = said[2]
    assert {"fr": "REFUSÉ", "es": "RECHAZADO"}[lang] in transcript
    assert {"fr": "P1 ajoute Superman", "es": "P1 añade Superman"}[lang] in transcript, transcript
    found = [(line, english_in(line)) for text in said for line in text.splitlines()
             if english_in(line)]
    assert not found, "\n".join("%r: %s" % f for f in found)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_doctor_speaks_the_table_language(lang, tmp_path, capsys):
    """Every line of ``hexref doctor`` on a ready Pi and on Pis with something to fix (no
    hub, no I2C, unusable GPIO, a group missing, no pin library), and on this machine."""
    from types import SimpleNamespace

    from rigs.doctor_pi import FakePi

    from host.app import doctor
    from host.common.config import Config, Data
    from host.common.i18n import _

    cfg = Config(data=Data(dir=str(tmp_path / "d")))
    Store(tmp_path / "d").close()
    extra = ("answers", "missing", "found", "usable", "yet", "good", "fix", "running",
             "holds", "plug", "enable", "reboot", "group", "buttons", "panel", "serial",
             "missing", "empty", "restore", "newest", "damaged", "move", "folder")

    def pis():
        yield FakePi()
        pi = FakePi()
        pi.ports = [SimpleNamespace(device="/dev/ttyUSB0", vid=0x10C4, pid=0xEA60)]
        pi.paths -= {"/dev/i2c-1"}
        pi.unusable = {"/dev/gpiochip0", "/dev/gpiochip4"}
        pi.member = {"dialout"}
        pi.modules = set()
        yield pi
        pi = FakePi()
        pi.groups = {"dialout"}
        pi.listed = {"i2c"}
        pi.member = {"dialout"}
        pi.i2c = {0x3D}
        pi.unusable = {"/dev/ttyACM0"}
        yield pi
        pi = FakePi()
        pi.hello = "%s: %s" % (_("Reader not answering"), _(
            "the port is open but silent for %s s: unplug the hub and plug it back in; if it "
            "stays silent, flash it again (make deploy)") % 2)
        yield pi

    said = []
    with speaking(lang):
        for pi in pis():
            if pi.hello.startswith("answers"):
                pi.hello = doctor._answers() + "firmware 0.1.0 on pico, boot 3F2A9C01"
            doctor.main(cfg, system=pi)
            said.append(capsys.readouterr().out)
        assert said[0].strip().endswith({"fr": "tout va bien", "es": "todo bien"}[lang])
        # A database the start-up check refuses (host/storage/checkup.py's sentences).
        (tmp_path / "folder" / "hexref.db").mkdir(parents=True)
        (tmp_path / "empty").mkdir()
        (tmp_path / "empty" / "hexref.db").write_bytes(b"")
        (tmp_path / "empty" / "collection.key").write_bytes(b"k" * 32)
        (tmp_path / "junk").mkdir()
        (tmp_path / "junk" / "hexref.db").write_bytes(b"SQLite format 3\0" + b"x" * 4000)
        for folder in ("folder", "empty", "junk"):
            doctor.main(Config(data=Data(dir=str(tmp_path / folder))), talk=False,
                        system=FakePi())
            said.append(capsys.readouterr().out)
            assert {"fr": "base de données", "es": "base de datos"}[lang] in said[-1]
        assert main(["doctor", "--no-ping", "--lang", lang]) in (0, 1)
        said.append(capsys.readouterr().out)
    found = [(line, [w for w in english_in(line) if w]) for text in said
             for line in text.splitlines()]
    # Commands, paths, config sections and what the fake machine reports aside.
    aside = r"/\S+|`[^`]*`|\[[a-z]+\]|sudo .*?(,|$)|\([^)]*\)"
    found += [(line, [w for w in re.findall(r"[A-Za-z]+", re.sub(aside, " ", line))
                      if w.lower() in extra]) for text in said for line in text.splitlines()]
    found = [f for f in found if f[1]]
    assert not found, "\n".join("%r: %s" % f for f in found)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_enroll_refusals_speak_the_table_language(lang, tmp_path, capsys):
    """``hexref enroll``'s refusals before a tag is written: an unknown tile, an owner too
    long, values without a tile, a card's bad value or field (shared_rules/core/cards.py), no
    referee buttons, no hub."""
    data = str(tmp_path / "d")
    Registry.open(data)
    red = SAID[lang][0]
    runs = [
        (["--entry", "jl/nobody"], 2),
        (["--entry", "jl/mars", "--owner", "x" * 50], 2),
        (["--strike", "%s=3" % red], 2),
        (["--entry", "hs/mimring", "--set", "move=99"], 2),
        (["--entry", "hs/mimring", "--set", "money=2"], 2),
        (["--entry", "hs/mimring", "--strike", "%s=3" % red], 2),
        ([], 2),  # no buttons and no tile given
        (["--entry", "jl/mars", "--port", str(tmp_path / "no-hub")], 1),
    ]
    said = []
    with speaking(lang):
        for argv, code in runs:
            got, text = _said(["enroll", "--no-gpio", "--data", data] + argv, lang, capsys)
            assert got == code, (argv, text)
            said.append(text)
    assert Store(data).tiles() == []
    found = [(text, english_in(text)) for text in said if english_in(text)]
    assert not found, "\n".join("%r: %s" % f for f in found)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_enroll_on_a_simulated_hub_speaks_the_table_language(lang, tmp_path, factory):
    """What ``hexref enroll`` shows on the panel and prints, on the hub's real Link over a
    wire (tests/host/app/test_enroll.py's bench): a tile chosen with the buttons, its values set,
    written with a hold; then a write the tag does not confirm."""
    from rigs.enroll_bench import Bench

    from host.app.enroll import HOLD_S, WRITE_TIMEOUT_S
    from host.display.screens import text

    extra = ("hold", "write", "tap", "enroll", "tile", "tag", "on", "written", "choose",
             "again", "failed", "the", "tenir", "tenez")  # fr: « Maintenez OK » (GLOSSARY.md)
    said: list[str] = []
    with speaking(lang):
        bench = Bench(tmp_path / "a", factory)
        bench.hub.place(1)
        bench.run(0.1)
        bench.press("DOWN")
        bench.press("DOWN")
        bench.press("OK")
        for _ in range(6):
            bench.press("UP")
            bench.press("OK")
        bench.press("OK", HOLD_S + 0.1)
        assert bench.registry.tiles(), [text(v) for v in bench.shown]
        bench.buttons.close()  # the second bench takes the same pins
        bad = Bench(tmp_path / "b", factory, entry_id="jl/superman")
        bad.hub.place(1)
        bad.run(0.1)
        bad.hub.fail_writes = True
        bad.press("OK", HOLD_S + 0.1)
        bad.run(WRITE_TIMEOUT_S + 0.5)
        for view in bench.shown + bad.shown:
            said.extend(text(view))
    found = [(line, [w for w in re.findall(r"[A-Za-z]+", re.sub(r"'[^'\s]*'", " ", line))
                     if w.lower() in extra + ENGLISH]) for line in said]
    found = [f for f in found if f[1]]
    assert not found, "\n".join("%r: %s" % f for f in dict(found).items())
