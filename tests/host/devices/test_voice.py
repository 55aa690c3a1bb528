"""The voice's parts (host/devices/voice.py; issue 34, items 2 and 4): the cache keeps
under its limit by dropping the least recently said; a piper model's language is read from
its JSON or its name, and the table's other languages go to espeak-ng; espeak-ng's
streamed WAV becomes a true one (its sizes right, every sample kept)."""
from __future__ import annotations

import io
import json
import os
import subprocess
import wave
from pathlib import Path

import pytest

from host.devices.voice import Cache, Espeak, Piper, model_language, normalised


def test_the_cache_stays_under_its_limit_dropping_the_least_recently_said(tmp_path: Path):
    cache = Cache(tmp_path, limit=4000)
    for n in range(4):
        cache.put("phrase %d" % n, "fr", "v", bytes(1000))
    assert cache.get("phrase 0", "fr", "v") is not None  # said again: kept longest
    old = tmp_path / (Cache.key("phrase 1", "fr", "v") + ".wav")
    os.utime(old, (1, 1))  # said long ago
    for n in range(4, 6):
        cache.put("phrase %d" % n, "fr", "v", bytes(1000))
    kept = sum(p.stat().st_size for p in tmp_path.glob("*.wav"))
    assert kept <= 4000 and cache.size == kept
    assert cache.get("phrase 1", "fr", "v") is None
    assert cache.get("phrase 5", "fr", "v") is not None
    # Keyed by text, language and voice: the same words in another voice are another sound.
    assert cache.get("phrase 5", "es", "v") is None and cache.get("phrase 5", "fr", "w") is None


def test_a_piper_models_language_is_its_jsons_else_its_names(tmp_path: Path):
    named = tmp_path / "es_ES-davefx-medium.onnx"
    assert model_language(named) == "es"
    odd = tmp_path / "my-voice.onnx"
    Path(str(odd) + ".json").write_text(json.dumps({"language": {"code": "fr_FR"}}))
    assert model_language(odd) == "fr"


@pytest.mark.system  # espeak-ng runs (make debian-packages installs it)
def test_espeak_ngs_streamed_wav_is_made_true_and_another_language_than_pipers_is_its(
        tmp_path: Path):
    raw = subprocess.run(["espeak-ng", "-v", "fr-fr", "--stdout", "Rouge gagne la partie !"],
                         capture_output=True, check=True).stdout
    with wave.open(io.BytesIO(normalised(raw))) as w:
        frames = w.getnframes()
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
    assert frames * 2 == len(raw) - (raw.index(b"data") + 8)  # every sample, no more
    piper = Piper(tmp_path / "fr_FR-siwis-medium.onnx", Espeak())
    assert piper.lang == "fr" and piper.voice("es").startswith("espeak-ng/es/")
    assert piper.render("Rojo gana la partida.", "es") == Espeak().render(
        "Rojo gana la partida.", "es")
