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
           "value", "values", "tag", "colour", "still")
SAID = {"fr": ("rouge", "étiquette", "frappe"), "es": ("rojo", "etiqueta", "ataque")}


def english_in(text: str) -> list[str]:
    # Command names and flags are the command line's, the same in every language.
    plain = re.sub(r"hexref [a-z ]+|--[a-z-]+|[A-Z]+=[A-Z]+|'[^']*'|\S+=\S+", " ", text)
    return [w for w in re.findall(r"[A-Za-z]+", plain) if w.lower() in ENGLISH]


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
